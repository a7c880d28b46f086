//! The web build's way in (wasm32 only): the page's address opens a link (`?scenario=NAME`,
//! `?table=TEXT`, `?quiz=SEED&count=N`, see [`crate::link`]) or a practice rack (`?seed=N`,
//! a fresh one without a query), the game draws into the page's
//! canvas `#tenball`, and the page is told what a reader or a test needs, in elements it
//! provides:
//! - `#tenball-status`: `ready` once the table has been drawn and the balls rest, with the
//!   picture map (where each ball, each pocket and some bare cloth are in the canvas, told
//!   again whenever the balls rest somewhere new or the view moves) in `#tenball-map`;
//!   `problem` for a link that cannot be opened; in a quiz `asking`, `graded` and `quiz over`;
//!   `checked` once `?check=library` is written;
//! - `#tenball-ruling` and `#tenball-rule`: each ruling as it is given, and its rule number;
//! - `#tenball-problem`: a link that cannot be opened, and why;
//! - `#tenball-controls`: where Shoot, Continue and a scenario's next step are on the canvas
//!   (CSS pixels), for a test that taps them;
//! - for `?check=library` (no game): every library scenario's report in `#tenball-map`
//!   ([`crate::teaching::scenario::library_report`]), then `checked`.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use wasm_bindgen::prelude::*;

use crate::game::GameOptions;
use crate::game::dev_tools::{Seen, picture_map};
use crate::game::model::session::Match;

/// Frames drawn before the page is told the table is ready: the first frames of a software
/// renderer show the panels before the table (as a script's first picture waits).
const READY_AFTER_FRAMES: u32 = 60;

/// Opens the game in the page: the options its address gives, or the problem on the page.
pub fn start() {
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    if search.trim_start_matches('?') == "check=library" {
        check_library();
        return;
    }
    match options_for_page(&search) {
        Ok(opts) => {
            crate::game::run(opts);
        }
        Err(why) => {
            set_text("tenball-problem", &why);
            set_text("tenball-status", "problem");
        }
    }
}

/// `?check=library`: no game; every library scenario played, and the report (rulings and the
/// balls' ends to the bit) in `#tenball-map` for a test to compare with the native build.
fn check_library() {
    let report = crate::teaching::scenario::library_report();
    set_text("tenball-map", &report.to_string());
    set_text("tenball-status", "checked");
}

/// The game's options for a page address's query: a fresh rack without one (`?seed=N`: the
/// rack and break of that seed, as `tenball play --seed N` racks it), else its link.
fn options_for_page(search: &str) -> Result<GameOptions, String> {
    let query = search.trim_start_matches('?');
    let fresh = match query.strip_prefix("seed=") {
        _ if query.is_empty() => Some(js_sys::Date::now() as u64),
        Some(n) => Some(n.parse::<u64>().map_err(|_| {
            format!("the address's seed={n}: a seed is a whole number from 0 to 2^64 - 1")
        })?),
        None => None,
    };
    let mut opts = if let Some(seed) = fresh {
        GameOptions {
            seed,
            ..GameOptions::default()
        }
    } else {
        let link = crate::link::Link::parse(search)?;
        crate::game::options_from_link(link)?
    };
    if opts.library.is_empty() {
        opts.library = crate::teaching::scenario::library().0;
    }
    opts.window = (1280, 720);
    Ok(opts)
}

/// The page's element `id` shows `text`, if the page has one.
pub(super) fn set_text(id: &str, text: &str) {
    if let Some(e) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
    {
        e.set_text_content(Some(text));
    }
}

/// Copies `text` to the clipboard (the browser asks nothing for a page the user clicked on).
pub(super) fn copy_to_clipboard(text: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().clipboard().write_text(text);
    }
}

/// The key of the drill sessions in the page's local storage: JSON lines, as the native
/// progress file holds them.
pub const PROGRESS_KEY: &str = "tenball-progress";

/// Adds a drill session to the page's local storage; how many sessions it then holds.
pub(super) fn keep_progress(entry: &crate::drills::progress::Entry) -> Result<usize, String> {
    let storage = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or("this browser keeps no local storage for the page")?;
    let mut text = storage
        .get_item(PROGRESS_KEY)
        .map_err(|e| format!("the browser refused to read its storage: {e:?}"))?
        .unwrap_or_default();
    text.push_str(&(serde_json::to_string(entry).expect("entries serialise") + "\n"));
    storage
        .set_item(PROGRESS_KEY, &text)
        .map_err(|e| format!("the browser refused to store it: {e:?}"))?;
    Ok(text.lines().count())
}

/// Offers `text` to the user as a file download named `name` (Save in a browser).
pub(super) fn download(name: &str, text: &str) -> Result<(), String> {
    use wasm_bindgen::JsCast;
    let fail = |e: JsValue| format!("the browser refused the download: {e:?}");
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("application/json");
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no page to download from")?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(fail)?
        .dyn_into()
        .map_err(|_| "no link element".to_string())?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    web_sys::Url::revoke_object_url(&url).map_err(fail)?;
    Ok(())
}

/// For the page's Load button: a table file's text to the link that opens it, its stroke set
/// up but not played (the call left out); the file's problem, with its line and column, if it
/// is refused.
#[wasm_bindgen]
pub fn table_link_of_file(name: &str, text: &str) -> Result<String, String> {
    let mut file = crate::tablefile::TableFile::parse(text, name).map_err(|e| e.to_string())?;
    file.call = None;
    Ok(crate::link::table_query(&file))
}

/// The page's own address without its query: the base a link is written on.
pub(super) fn page_address() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (tell_ready, tell_rulings, tell_quiz))
        .add_systems(bevy_egui::EguiPrimaryContextPass, tell_controls);
}

/// Where the named controls (Shoot, Continue, the scenario's next step) are on the page, as
/// JSON in `#tenball-controls` (CSS pixels from the canvas's top left), whenever it changes:
/// a test taps them as a finger would.
fn tell_controls(mut contexts: bevy_egui::EguiContexts, mut told: Local<String>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let shown: serde_json::Map<String, serde_json::Value> = crate::game::hud::shown_controls(ctx)
        .into_iter()
        .map(|(name, r)| (name.to_string(), serde_json::json!(r)))
        .collect();
    let text = serde_json::Value::Object(shown).to_string();
    if *told != text {
        set_text("tenball-controls", &text);
        *told = text;
    }
    Ok(())
}

/// The quiz's moment in `#tenball-status`, once the game is ready: `asking` while an answer
/// is wanted, `graded` once given, `quiz over` after the last (a test waits on it).
fn tell_quiz(
    quiz: Option<Res<crate::game::screens::quiz::Quiz>>,
    mut told: Local<Option<crate::game::screens::quiz::QuizPhase>>,
) {
    use crate::game::screens::quiz::QuizPhase;
    let Some(q) = quiz else { return };
    if *told == Some(q.phase) {
        return;
    }
    let word = match q.phase {
        QuizPhase::Answer => "asking",
        QuizPhase::Graded => "graded",
        QuizPhase::Over => "quiz over",
        QuizPhase::Before | QuizPhase::Shot => return,
    };
    set_text("tenball-status", word);
    *told = Some(q.phase);
}

/// After the first frames with the balls at rest: the picture map, then `ready`; the map is
/// told again whenever the balls come to rest somewhere new or the view moves (a test taps a
/// ball or a pocket where the map says it is).
fn tell_ready(
    mut frames: Local<u32>,
    mut told: Local<Option<String>>,
    seen: Seen,
    windows: Query<&Window, With<PrimaryWindow>>,
) {
    *frames += 1;
    if *frames < READY_AFTER_FRAMES || seen.playback.active() {
        return;
    }
    let Some(map) = windows.single().ok().and_then(|w| picture_map(&seen, w)) else {
        return;
    };
    let text = serde_json::to_string(&map).unwrap_or_default();
    if told.as_ref() == Some(&text) {
        return;
    }
    set_text("tenball-map", &text);
    if told.is_none() {
        set_text("tenball-status", "ready");
        info!("tenball: ready");
    }
    *told = Some(text);
}

/// Each new ruling, as the card gives it (the players' names in its words, not "player A":
/// issue 63, item 6): its words in `#tenball-ruling`, its rule number in
/// `#tenball-rule` (the last shot's, which a won rack keeps after its rulings are cleared).
fn tell_rulings(
    m: Res<Match>,
    quiz: Option<Res<crate::game::screens::quiz::Quiz>>,
    mut shown: Local<String>,
) {
    // The quiz keeps the ruling back until the answer is graded.
    let quiz_graded = quiz.as_ref().map(|q| {
        (
            matches!(
                q.phase,
                crate::game::screens::quiz::QuizPhase::Graded
                    | crate::game::screens::quiz::QuizPhase::Over
            ),
            q.is_changed(),
        )
    });
    if quiz_graded.is_some_and(|(graded, _)| !graded) {
        return;
    }
    let changed = m.is_changed() || quiz_graded.is_some_and(|(_, c)| c);
    if !changed || m.pending.is_some() {
        return;
    }
    let Some(last) = &m.last else {
        return;
    };
    let r = &last.played.judged.ruling;
    let text = format!(
        "rack {}, inning {}, {}: {}",
        r.rack,
        r.inning,
        m.players[r.shooter.index()],
        crate::game::hud::text::names_in(&m.players, &r.explanation)
    );
    if *shown == text {
        return;
    }
    set_text("tenball-rule", r.rule);
    set_text("tenball-ruling", &text);
    info!("tenball: ruling {}: {text}", r.rule);
    *shown = text;
}
