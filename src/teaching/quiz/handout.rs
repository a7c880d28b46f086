//! An exam on paper (`tenball quiz --handout DIR`): a new folder with each question's diagram
//! (`qNN.svg`: the table, the shot's paths and numbered contacts, no ruling), one printable
//! document (`exam.html`, the diagrams inside it: the questions, then the answers on a page of
//! their own with each ruling's explanation) and the sheet a class fills in (`answers.txt`, in
//! the form `tenball quiz --answers` grades). The folder is written under a temporary name and
//! named when all is done; an existing one is never written into.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::key::{self, Choice};
use super::{Outcome, Question};

/// What the handout needs of each question: it, and its outcome (with paths).
pub struct Item<'a> {
    pub question: &'a Question,
    pub outcome: Outcome,
}

/// Writes the handout into the new folder `dir`; `command` is the quiz's own command line
/// (with its seed), printed on the sheet so that it can be graded.
pub fn write(dir: &Path, items: &[Item], command: &str) -> Result<(), String> {
    if let Some(why) = crate::outfile::problem(dir, "the handout folder") {
        return Err(why);
    }
    let shown = crate::echo::path_for_message(dir);
    let part = crate::outfile::temp_beside(dir, "part", crate::outfile::Temp::Folder)
        .map_err(|e| format!("{shown}: cannot create: {e}"))?;
    let result = fill(&part, items, command).and_then(|_| {
        std::fs::rename(&part, dir).map_err(|e| format!("{shown}: cannot name the folder: {e}"))
    });
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&part);
    }
    result
}

fn fill(dir: &Path, items: &[Item], command: &str) -> Result<(), String> {
    let mut pictures: Vec<PathBuf> = Vec::new();
    for (i, it) in items.iter().enumerate() {
        let path = dir.join(format!("q{:02}.svg", i + 1));
        let caption = vec![format!(
            "Question {}: {}",
            i + 1,
            super::position_words(it.question)
                .last()
                .cloned()
                .unwrap_or_default()
        )];
        crate::teaching::diagram::draw_captioned(
            &it.question.as_scenario(),
            &path,
            Some(&caption),
        )?;
        pictures.push(path);
    }
    let html = document(items, &pictures, command)?;
    let sheet = sheet(items.len(), command);
    for (name, text) in [("exam.html", html), ("answers.txt", sheet)] {
        crate::outfile::write_new(&dir.join(name), text.as_bytes())
            .map_err(|e| format!("{name}: cannot write: {e}"))?;
    }
    Ok(())
}

/// The answers sheet: the grading command, what each part takes, a line per question.
pub fn sheet(count: usize, command: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# tenball quiz answers. Grade with: {command} --answers THIS-FILE"
    );
    let _ = writeln!(
        s,
        "# Each line: N legal|foul RULE BALLS WHO HOW  (- for a part left out)"
    );
    let _ = writeln!(s, "#   BALLS: {}", key::Balls::words());
    let _ = writeln!(s, "#   WHO:   {}", key::Who::words());
    let _ = writeln!(s, "#   HOW:   {}", key::How::words());
    for n in 1..=count {
        let _ = writeln!(s, "{n} - - - - -");
    }
    s
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The printable document: each question with its diagram inline, then the answers page.
fn document(items: &[Item], pictures: &[PathBuf], command: &str) -> Result<String, String> {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Ten Ball referee's exam</title>\n\
         <style>body{{font-family:sans-serif;max-width:60em;margin:auto}} .q{{break-inside:avoid;margin-bottom:2em}}\
         .q svg{{width:100%;height:auto}} .answers{{break-before:page}} td{{padding:0 .6em;vertical-align:top}}</style>\
         </head><body>\n<h1>Ten Ball: a referee's exam</h1>\n<p>{} questions, made by <code>{}</code>. For each shot rule: legal or foul; \
         the rule that decided it (the seed's numbers); what happens to the balls; who shoots next, and how.</p>\n",
        items.len(),
        esc(command)
    );
    for (i, (it, pic)) in items.iter().zip(pictures).enumerate() {
        let q = it.question;
        let svg = std::fs::read_to_string(pic).map_err(|e| format!("{}: {e}", pic.display()))?;
        let svg = svg.trim_start_matches(|c| c != '<');
        let svg = svg
            .strip_prefix("<?xml")
            .and_then(|r| r.split_once("?>").map(|(_, rest)| rest))
            .unwrap_or(svg);
        let _ = write!(
            h,
            "<div class=\"q\"><h2>Question {}</h2>\n<p>{}</p>\n<p><b>What happened:</b> {}</p>\n{svg}\n\
             <ol><li>Legal or foul?</li><li>Which rule decided it?</li>\
             <li>What happens to the balls? ({})</li><li>Who shoots next, and how? ({}; {})</li></ol></div>\n",
            i + 1,
            esc(&super::position_words(q).join(" ")),
            esc(&super::seen_words(q, &it.outcome).join(" ")),
            esc(&key::Balls::ALL
                .iter()
                .map(|b| b.meaning())
                .collect::<Vec<_>>()
                .join("; ")),
            esc(&key::Who::words()),
            esc(&key::How::ALL
                .iter()
                .map(|h| h.meaning())
                .collect::<Vec<_>>()
                .join("; "))
        );
    }
    let _ = write!(h, "<div class=\"answers\"><h1>Answers</h1><table>\n");
    for (i, it) in items.iter().enumerate() {
        let k = &it.outcome.key;
        let r = &it.outcome.ruling;
        let _ = write!(
            h,
            "<tr><td><b>{}</b></td><td><code>{}</code></td><td>{} {}: {}<br><small>{}; shown by <code>tenball scenario show {}</code></small></td></tr>\n",
            i + 1,
            esc(&k.words()),
            if k.legal { "Legal" } else { "Foul" },
            esc(&k.rule),
            esc(&r.explanation),
            esc(&it.question.id),
            esc(&it.question.scenario)
        );
    }
    h.push_str("</table></div>\n</body></html>\n");
    Ok(h)
}
