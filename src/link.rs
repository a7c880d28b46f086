//! Links that open a position or a ruling: `?scenario=NAME` (a library scenario),
//! `?table=TEXT` (a table file: layout, referee state, stroke and call, as compact URL-safe
//! text) and `?quiz=SEED` (the referee's quiz of that seed, `&count=N` questions, 10 by
//! default, as `tenball quiz --seed SEED --count N` draws it). A link and a table file are two forms of one thing: the web build reads the page's
//! address, `tenball play --link` the same text, and both open the same [`Link`].
//!
//! The table text is the file's JSON, compressed with DEFLATE (miniz_oxide, the compressor
//! png already builds) and written in unpadded base64url (RFC 4648 section 5), so that it
//! needs no escaping in an address.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use crate::tablefile::TableFile;

/// What a link opens.
#[derive(Debug, Clone, PartialEq)]
pub enum Link {
    /// A scenario of the built-in library, by its name.
    Scenario(String),
    /// A position; with a stroke, the game plays it and shows its ruling.
    Table(Box<TableFile>),
    /// The referee's quiz drawn by this seed, of this many questions.
    Quiz { seed: u64, count: usize },
    /// A drill of the built-in library by its name, its positions drawn from `seed`.
    Drill { name: String, seed: u64 },
}

/// Questions in a quiz link without `count=`, as `tenball quiz` takes by default.
pub const QUIZ_COUNT: usize = 10;

/// The most a table's text may grow to when it is unpacked (bytes): far above any table file
/// (about 2 kB), far below what would hurt a browser tab.
pub const MAX_TABLE_BYTES: usize = 256 * 1024;

/// The longest link text taken (characters): browsers keep addresses of 32 kB and more, a
/// table's link is about 1 kB.
pub const MAX_LINK_CHARS: usize = 16 * 1024;

/// A table file as the text of a `table=` parameter.
pub fn table_text(file: &TableFile) -> String {
    let json = serde_json::to_string(file).expect("a table file serialises");
    let packed = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
    URL_SAFE_NO_PAD.encode(packed)
}

/// The query part of a link to this table: `?table=...`.
pub fn table_query(file: &TableFile) -> String {
    format!("?table={}", table_text(file))
}

/// The query part of a link to a library scenario: `?scenario=NAME`.
pub fn scenario_query(name: &str) -> String {
    format!("?scenario={}", percent_encode(name))
}

impl Link {
    /// Reads a link: a whole address (`https://host/page?table=...`), its query (`?table=...`)
    /// or the parameter alone (`table=...`). Other parameters are ignored; an unknown scenario
    /// name is the caller's to refuse (it knows the library).
    pub fn parse(text: &str) -> Result<Link, String> {
        let text = text.trim();
        if text.chars().count() > MAX_LINK_CHARS {
            return Err(format!(
                "the link is {} characters long, more than the {MAX_LINK_CHARS} a link may have",
                text.chars().count()
            ));
        }
        // A fragment (`#...`) is the page's own, never the link's: cut before the query.
        let text = text.split('#').next().unwrap_or("");
        let query = match text.split_once('?') {
            Some((_, q)) => q,
            None => text,
        };
        let mut found = None;
        let mut count = None;
        let mut seed = None;
        for part in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            match key {
                "scenario" | "table" | "quiz" | "drill" if found.is_some() => {
                    return Err(format!(
                        "the link names two things to open (`{key}=` after another); give one, scenario=, table=, quiz= or drill="
                    ));
                }
                "drill" => {
                    let name =
                        percent_decode(value).map_err(|e| format!("the link's drill=: {e}"))?;
                    if name.is_empty() {
                        return Err("the link's drill= names no drill".into());
                    }
                    found = Some(Link::Drill { name, seed: 1 });
                }
                // Read only for a drill.
                "seed" => seed = Some(value),
                "scenario" => found = Some(Link::Scenario(scenario_name(value)?)),
                "table" => found = Some(Link::Table(Box::new(table_from_text(value)?))),
                "quiz" => {
                    let seed = number(value, "quiz=", u64::MAX)?;
                    found = Some(Link::Quiz {
                        seed,
                        count: QUIZ_COUNT,
                    });
                }
                // Read only for a quiz: other links ignore it, as any other parameter.
                "count" => count = Some(value),
                _ => {}
            }
        }
        if let (Some(Link::Quiz { count: n, .. }), Some(value)) = (&mut found, count) {
            match number(value, "count=", 1000)? {
                0 => return Err("the link's count= must be at least 1".into()),
                c => *n = c as usize,
            }
        }
        if let (Some(Link::Drill { seed: s, .. }), Some(value)) = (&mut found, seed) {
            *s = number(value, "seed=", u64::MAX)?;
        }
        found.ok_or_else(|| {
            format!(
                "the link `{}` has none of scenario=NAME, table=TEXT, quiz=SEED and drill=NAME",
                crate::echo::cut(text)
            )
        })
    }
}

/// A whole number of a link's parameter, at most `most`.
fn number(value: &str, what: &str, most: u64) -> Result<u64, String> {
    // Digits only: Rust's parse takes a leading `+`, a link does not.
    let parsed = if value.bytes().all(|b| b.is_ascii_digit()) {
        value.parse::<u64>().ok()
    } else {
        None
    };
    match parsed {
        Some(n) if n <= most => Ok(n),
        Some(_) => Err(format!("the link's {what} is more than {most}")),
        None => Err(format!(
            "the link's {what} `{}` is not a whole number",
            crate::echo::cut(&crate::echo::visible(value))
        )),
    }
}

fn scenario_name(value: &str) -> Result<String, String> {
    let name = percent_decode(value).map_err(|e| format!("the link's scenario=: {e}"))?;
    if name.is_empty() {
        return Err("the link's scenario= names no scenario".into());
    }
    Ok(name)
}

/// A table file from a `table=` parameter's text, with the place of the first problem.
pub fn table_from_text(value: &str) -> Result<TableFile, String> {
    if value.is_empty() {
        return Err("the link's table= is empty".into());
    }
    if let Some((i, c)) = value
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_'))
    {
        return Err(format!(
            "the link's table= has `{}` at character {} (base64url has only A-Z, a-z, 0-9, - and _): was the link cut or changed?",
            c.escape_default(),
            i + 1
        ));
    }
    let packed = URL_SAFE_NO_PAD.decode(value).map_err(|e| {
        format!("the link's table= is not whole base64url ({e}): was the link cut short?")
    })?;
    let json = inflate(&packed)?;
    let json = String::from_utf8(json).map_err(|e| {
        format!(
            "the link's table= unpacks to text that is not UTF-8 (at byte {})",
            e.utf8_error().valid_up_to()
        )
    })?;
    // A byte order mark is dropped, as a table file's is.
    let json = json.strip_prefix('\u{feff}').unwrap_or(&json);
    TableFile::parse(json, "the link's table").map_err(|e| e.to_string())
}

/// The DEFLATE data of a table's text unpacked: whole (a cut stream is refused), nothing after
/// its end (extra bytes mean a changed link), at most [`MAX_TABLE_BYTES`].
fn inflate(packed: &[u8]) -> Result<Vec<u8>, String> {
    use miniz_oxide::inflate::stream::{InflateState, inflate};
    use miniz_oxide::{DataFormat, MZFlush, MZStatus};
    let mut state = InflateState::new_boxed(DataFormat::Raw);
    let mut out = vec![0u8; MAX_TABLE_BYTES + 1];
    let r = inflate(&mut state, packed, &mut out, MZFlush::Finish);
    if r.bytes_written > MAX_TABLE_BYTES {
        return Err(format!(
            "the link's table= unpacks to more than {} KiB, far more than any table (about 2 kB): it is not a link tenball made",
            MAX_TABLE_BYTES >> 10
        ));
    }
    match r.status {
        Ok(MZStatus::StreamEnd) if r.bytes_consumed == packed.len() => {
            out.truncate(r.bytes_written);
            Ok(out)
        }
        Ok(MZStatus::StreamEnd) => Err(format!(
            "the link's table= has {} bytes after its packed table: was the link changed?",
            packed.len() - r.bytes_consumed
        )),
        _ => {
            Err("the link's table= does not unpack: was the link cut short or changed?".to_string())
        }
    }
}

/// Letters, digits and `-_.~` stay; every other byte is written %XX (RFC 3986's unreserved).
fn percent_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn percent_decode(s: &str) -> Result<String, String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes.get(i + 1..i + 3).unwrap_or(&[]);
                let b = (hex.len() == 2 && hex.iter().all(u8::is_ascii_hexdigit))
                    .then(|| u8::from_str_radix(&s[i + 1..i + 3], 16).ok())
                    .flatten()
                    .ok_or_else(|| {
                        format!(
                            "`%` at character {} is not followed by two hex digits",
                            s[..i].chars().count() + 1
                        )
                    })?;
                out.push(b);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| "the name is not UTF-8 once unescaped".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a_table() -> TableFile {
        let s = crate::teaching::scenario::from_library("push-out-played").expect("in the library");
        s.position
    }

    #[test]
    fn a_table_link_round_trips_to_the_same_file() {
        let file = a_table();
        let q = table_query(&file);
        assert!(q.len() < 2_000, "a table's link is {} characters", q.len());
        for text in [
            format!("https://example.org/tenball/{q}"),
            format!("https://example.org/{q}&lang=en#top"),
            q.clone(),
            q[1..].to_string(),
        ] {
            assert_eq!(Link::parse(&text), Ok(Link::Table(Box::new(file.clone()))));
        }
    }

    #[test]
    fn a_scenario_link_gives_its_name() {
        assert_eq!(
            Link::parse("http://localhost:8000/?scenario=push%2Dout"),
            Ok(Link::Scenario("push-out".into()))
        );
        assert_eq!(scenario_query("a b"), "?scenario=a%20b");
    }

    #[test]
    fn a_drill_link_gives_its_name_and_seed() {
        assert_eq!(
            Link::parse("https://example.org/tenball/?drill=stop-shot&seed=5"),
            Ok(Link::Drill {
                name: "stop-shot".into(),
                seed: 5
            })
        );
        assert_eq!(
            Link::parse("?drill=ghost"),
            Ok(Link::Drill {
                name: "ghost".into(),
                seed: 1
            })
        );
        assert!(
            Link::parse("?drill=")
                .unwrap_err()
                .contains("names no drill")
        );
        assert!(
            Link::parse("?drill=ghost&seed=x")
                .unwrap_err()
                .contains("seed=")
        );
        assert!(
            Link::parse("?drill=ghost&quiz=3")
                .unwrap_err()
                .contains("two things")
        );
    }

    #[test]
    fn a_quiz_link_gives_its_seed_and_count() {
        assert_eq!(
            Link::parse("https://example.org/tenball/?quiz=7&count=3"),
            Ok(Link::Quiz { seed: 7, count: 3 })
        );
        assert_eq!(
            Link::parse("?quiz=7"),
            Ok(Link::Quiz {
                seed: 7,
                count: QUIZ_COUNT
            })
        );
        let e = Link::parse("?quiz=seven").unwrap_err();
        assert!(e.contains("`seven` is not a whole number"), "{e}");
        let e = Link::parse("?quiz=1&count=0").unwrap_err();
        assert!(e.contains("at least 1"), "{e}");
        let e = Link::parse("?quiz=1&count=5000").unwrap_err();
        assert!(e.contains("more than 1000"), "{e}");
        let e = Link::parse("?quiz=1&scenario=scratch").unwrap_err();
        assert!(e.contains("two things"), "{e}");
    }

    #[test]
    fn a_damaged_link_is_refused_with_the_place() {
        let q = table_query(&a_table());
        let cut = &q[..q.len() / 2];
        let e = Link::parse(cut).unwrap_err();
        assert!(e.contains("cut short"), "{e}");
        let mut changed = q.clone();
        changed.insert(20, '!');
        let e = Link::parse(&changed).unwrap_err();
        assert!(e.contains("`!` at character 14"), "{e}");
        let e = Link::parse("?lang=en").unwrap_err();
        assert!(
            e.contains("none of scenario=NAME, table=TEXT, quiz=SEED and drill=NAME"),
            "{e}"
        );
        let e = Link::parse("?scenario=a&scenario=b").unwrap_err();
        assert!(e.contains("two things"), "{e}");
        let e = Link::parse("?scenario=%G1").unwrap_err();
        assert!(e.contains("two hex digits"), "{e}");
    }

    #[test]
    fn a_link_of_a_position_the_referee_refuses_says_why() {
        let mut file = a_table();
        file.players[0] = String::new();
        let e = Link::parse(&table_query(&file)).unwrap_err();
        assert!(e.starts_with("the link's table: players:"), "{e}");
    }

    #[test]
    fn a_link_that_unpacks_past_the_limit_is_refused() {
        let huge = vec![b' '; MAX_TABLE_BYTES + 10];
        let packed = URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(&huge, 9));
        assert!(packed.len() < MAX_LINK_CHARS);
        let e = Link::parse(&format!("?table={packed}")).unwrap_err();
        assert!(e.contains("unpacks to more than 256 KiB"), "{e}");
    }
}
