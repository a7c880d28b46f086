//! The platform's answer to save, copy link and a drill's progress ([`Share`]): natively a new
//! file (never over one), the link on the terminal and a line of the progress file; in a
//! browser a download, the clipboard and the page's local storage (`web`). How it went
//! becomes the match's message (a drill's, the drill's).

use bevy::prelude::*;

use super::GameSystems;
use super::model::seat::Share;
use super::model::session::Match;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, answer.in_set(GameSystems::Show));
}

fn answer(
    mut asks: MessageReader<Share>,
    mut m: ResMut<Match>,
    mut drill: Option<ResMut<super::screens::drills::DrillPlay>>,
) {
    for ask in asks.read() {
        match ask {
            Share::Save { path, file } => save(&mut m, path, file),
            Share::Link { query, what } => link(&mut m, query, what),
            Share::KeepProgress(entry) => {
                let kept = keep(entry);
                if let Some(d) = drill.as_mut() {
                    d.kept = Some(kept);
                }
            }
        }
    }
}

/// A session as a line of the progress file; how it went.
#[cfg(not(target_arch = "wasm32"))]
fn keep(entry: &crate::drills::progress::Entry) -> String {
    use crate::drills::progress;
    match progress::default_path() {
        Some(path) => match progress::append(&path, entry) {
            Ok(()) => format!(
                "Kept in {} (`tenball drill progress`).",
                crate::echo::path_for_message(&path)
            ),
            Err(e) => format!("Not kept: {e}"),
        },
        None => "Not kept: this system has no data folder (set TENBALL_PROGRESS).".into(),
    }
}

/// A session as a line of the page's local storage; how it went.
#[cfg(target_arch = "wasm32")]
fn keep(entry: &crate::drills::progress::Entry) -> String {
    match super::web::keep_progress(entry) {
        Ok(n) => format!("Kept in this browser ({n} sessions)."),
        Err(e) => format!("Not kept: {e}"),
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn save(m: &mut Match, path: &std::path::Path, file: &crate::tablefile::TableFile) {
    match file.save_new(path) {
        Ok(p) => {
            m.message = Some(format!("saved {}", p.display()));
            m.saved = Some(p);
        }
        Err(e) => m.message = Some(e.to_string()),
    }
}

#[cfg(target_arch = "wasm32")]
fn save(m: &mut Match, path: &std::path::Path, file: &crate::tablefile::TableFile) {
    let name = path.file_name().map_or("tenball-table.json".into(), |n| {
        n.to_string_lossy().into_owned()
    });
    let text = serde_json::to_string_pretty(file).expect("a table file serialises");
    m.message = Some(match super::web::download(&name, &text) {
        Ok(()) => format!("downloaded {name}"),
        Err(e) => e,
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn link(m: &mut Match, query: &str, what: &str) {
    println!("{query}");
    m.message = Some(format!(
        "the link of {what} is in the terminal (tenball play --link '?table=...'; after the web build's address, it opens in a browser)"
    ));
}

#[cfg(target_arch = "wasm32")]
fn link(m: &mut Match, query: &str, what: &str) {
    super::web::copy_to_clipboard(&format!("{}{query}", super::web::page_address()));
    m.message = Some(format!("copied the link of {what}"));
}
