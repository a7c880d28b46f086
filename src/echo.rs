//! Error messages quote what the user wrote; a quote is cut to a length a terminal can show, so
//! that a 10 MB value in an input never becomes a 10 MB line on stderr. [`warn`] writes a
//! message so, for the command line and the game alike.

/// The most bytes one input (a table file, a scenario, a judge input, a script) may hold: far
/// more than any a person writes, little enough to parse in well under 1 GB of memory.
pub const MAX_INPUT_BYTES: u64 = 32 << 20;

/// A text file, at most `MAX_INPUT_BYTES`, with a UTF-8 byte order mark dropped; the error
/// names the file. Only a regular file is opened (see [`regular_file`]).
pub fn read_text(path: &std::path::Path) -> Result<String, String> {
    if is_stdin(path) {
        return read_limited(&input_name(path), std::io::stdin().lock());
    }
    let f = open_regular(path).map_err(|e| match std::fs::metadata(path) {
        Ok(m) if !m.is_file() && !m.is_dir() => format!("{e}, or standard input given as `-`"),
        _ => e,
    })?;
    read_limited(&path_for_message(path), f)
}

/// Whether `path` is `-`: standard input, where a file is read whole ([`read_text`]).
pub fn is_stdin(path: &std::path::Path) -> bool {
    path.as_os_str() == "-"
}

/// An input as a message names it: "standard input" for `-`, else the path as
/// [`path_for_message`] shows it.
pub fn input_name(path: &std::path::Path) -> String {
    if is_stdin(path) {
        "standard input".to_string()
    } else {
        path_for_message(path)
    }
}

/// Why `path` is no file to read, or `None` for a regular file (a link to one included). A
/// FIFO, a device, a socket or a folder is refused before it is opened, since opening or
/// reading one can wait for ever (a FIFO with no writer) or never end (`/dev/zero`).
pub fn regular_file(path: &std::path::Path) -> Option<String> {
    let name = path_for_message(path);
    match std::fs::metadata(path) {
        Err(e) => Some(format!("{name}: cannot read: {e}")),
        Ok(m) if m.is_file() => None,
        Ok(m) if m.is_dir() => Some(format!("{name}: is a folder, not a file")),
        Ok(_) => Some(format!(
            "{name}: not a regular file (a FIFO, a device or a socket); tenball reads only regular files"
        )),
    }
}

/// Opens `path` for reading once [`regular_file`] has found it a regular file.
pub fn open_regular(path: &std::path::Path) -> Result<std::fs::File, String> {
    if let Some(why) = regular_file(path) {
        return Err(why);
    }
    std::fs::File::open(path).map_err(|e| format!("{}: cannot read: {e}", path_for_message(path)))
}

/// A path as a message shows it: lossy UTF-8, control characters (escape codes included)
/// written as `\u{..}` so that a file name never reaches the terminal raw, and cut at
/// `MESSAGE_LIMIT` bytes.
pub fn path_for_message(path: &std::path::Path) -> String {
    cut(&visible(&path.to_string_lossy()))
}

/// `text` with every control character written as `\u{..}` (a tab, a newline and an escape
/// code alike), for quoting what a user wrote.
pub fn visible(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_string();
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Whether `c` changes how text around it is shown without being seen itself: a control
/// character, or a Unicode format character that reorders or hides text (the bidirectional
/// overrides and isolates such as U+202E, zero-width characters, a byte order mark). No name
/// or title a person reads takes one.
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
}

/// Like [`read_text`], from any reader.
pub fn read_limited(name: &str, reader: impl std::io::Read) -> Result<String, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{name}: cannot read: {e}"))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(format!(
            "{name}: larger than {} MiB, the most tenball reads from one input",
            MAX_INPUT_BYTES >> 20
        ));
    }
    let text = String::from_utf8(bytes).map_err(|e| format!("{name}: not UTF-8 text: {e}"))?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// The longest line a records file (breaks or duel) holds: a record is a few hundred bytes.
pub const MAX_RECORD_LINE: usize = 64 * 1024;

/// A line read by [`read_record_line`].
pub enum Line {
    /// The end of the file.
    End,
    /// A line with its newline (which `bytes` keeps).
    Complete,
    /// A last line without its newline.
    Partial,
}

/// Reads the next line of a records file into `bytes` (cleared first), at most
/// [`MAX_RECORD_LINE`] bytes: memory stays bounded whatever the file holds (`/dev/zero`, a
/// line of a gigabyte). `name` and `lineno` place the error.
pub fn read_record_line(
    reader: &mut impl std::io::BufRead,
    bytes: &mut Vec<u8>,
    name: &str,
    lineno: usize,
) -> Result<Line, String> {
    use std::io::{BufRead, Read};
    bytes.clear();
    let len = reader
        .take(MAX_RECORD_LINE as u64 + 1)
        .read_until(b'\n', bytes)
        .map_err(|e| format!("{name}:{lineno}: cannot read: {e}"))?;
    if len > MAX_RECORD_LINE {
        return Err(format!(
            "{name}:{lineno}: a line of more than {} KiB is no record; the file is left as it is",
            MAX_RECORD_LINE >> 10
        ));
    }
    Ok(match (len, bytes.last()) {
        (0, _) => Line::End,
        (_, Some(b'\n')) => Line::Complete,
        _ => Line::Partial,
    })
}

/// The most of a message an error repeats (bytes).
pub const MESSAGE_LIMIT: usize = 300;

/// `msg`, cut to `MESSAGE_LIMIT` bytes (at a character boundary) with its full length said.
pub fn cut(msg: &str) -> String {
    if msg.len() <= MESSAGE_LIMIT {
        return msg.to_string();
    }
    let mut end = MESSAGE_LIMIT;
    while !msg.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... (cut, {} bytes in all)", &msg[..end], msg.len())
}

/// Each line of `msg` at most `MESSAGE_LIMIT` bytes: a longer line keeps its start and its
/// end (where the problem is said) and says how much was left out between them. What every
/// error message passes through on its way to stderr, so that no value a user gave, however
/// long, comes back whole.
pub fn cut_lines(msg: &str) -> String {
    msg.split_inclusive('\n')
        .map(|line| {
            let (body, end) = match line.strip_suffix('\n') {
                Some(b) => (b, "\n"),
                None => (line, ""),
            };
            if body.len() <= MESSAGE_LIMIT {
                return line.to_string();
            }
            let (head, tail) = (MESSAGE_LIMIT * 6 / 10, MESSAGE_LIMIT / 4);
            let mut a = head;
            while !body.is_char_boundary(a) {
                a -= 1;
            }
            let mut b = body.len() - tail;
            while !body.is_char_boundary(b) {
                b += 1;
            }
            format!(
                "{} ... ({} bytes left out) ... {}{end}",
                &body[..a],
                b - a,
                &body[b..]
            )
        })
        .collect()
}

/// A number a user gave, for a message: as written for everyday sizes, in exponent form when
/// it is huge or tiny (1e300 and -1e-300 stay short).
pub fn number(v: f64) -> String {
    if v == 0.0 || (1e-4..1e6).contains(&v.abs()) || !v.is_finite() {
        format!("{v}")
    } else {
        format!("{v:e}")
    }
}

/// A bound for a message about `given`: four decimals, or as many more as it takes for the
/// bound not to read as the value it refused (`|x| <= 1.24249` for x = 1.2424872…, not
/// `1.2425`).
pub fn bound(bound: f64, given: f64) -> String {
    for d in 4..=17 {
        let b = format!("{bound:.d$}");
        if b != format!("{given:.d$}") {
            return b;
        }
    }
    format!("{bound}")
}

/// A JSON error as `LINE:COLUMN: problem`, the place first (serde_json puts " at line L
/// column C" at the end of its message) and the problem cut; callers put the file before it.
pub fn json_problem(e: &serde_json::Error) -> String {
    let msg = e.to_string();
    let msg = msg.split(" at line ").next().unwrap_or(&msg);
    format!("{}:{}: {}", e.line(), e.column(), cut(msg))
}

/// Writes `tenball: MESSAGE` to stderr, each line cut to `echo::MESSAGE_LIMIT` bytes (so no
/// value quoted in it comes back whole) and with control characters shown, not sent. A
/// stderr that cannot be written (closed, a full disk) loses the message but never stops the
/// work or changes the exit code (`eprintln!` panics).
pub fn warn(message: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "tenball: {}", shown(message));
}

/// `message` as stderr shows it: each line cut to `MESSAGE_LIMIT` bytes ([`cut_lines`]), its
/// control characters written as `\u{..}` ([`visible`]), its newlines kept.
pub fn shown(message: &str) -> String {
    cut_lines(message)
        .split('\n')
        .map(visible)
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_message_is_cut_and_says_its_length() {
        let long = "é".repeat(1_000_000);
        let c = cut(&long);
        assert!(c.len() < MESSAGE_LIMIT + 40, "{} bytes", c.len());
        assert!(c.ends_with("(cut, 2000000 bytes in all)"));
        assert_eq!(cut("short"), "short");
    }

    #[test]
    fn every_line_of_a_message_is_cut_keeping_its_end() {
        let msg = format!(
            "--racks `{}`: not a number\nsecond line",
            "9".repeat(131_000)
        );
        let c = cut_lines(&msg);
        let first = c.lines().next().unwrap();
        assert!(first.len() <= MESSAGE_LIMIT, "{} bytes", first.len());
        assert!(first.ends_with("`: not a number"), "{first}");
        assert!(c.ends_with("\nsecond line"));
        assert_eq!(cut_lines("short\n"), "short\n");
    }

    #[test]
    fn control_characters_in_a_name_are_written_visibly() {
        assert_eq!(visible("a\u{1b}[31mb"), "a\\u{1b}[31mb");
        assert_eq!(visible("plain"), "plain");
    }

    #[test]
    fn a_bound_is_written_so_that_it_differs_from_the_value_refused() {
        let (b, x) = (1.242_425_f64, 1.242_487_266_294_130_4_f64);
        let shown = bound(b, x);
        assert_ne!(shown, format!("{x:.*}", shown.len() - 2));
        assert_eq!(bound(0.5, 2.0), "0.5000");
    }

    #[test]
    fn a_huge_number_is_written_short() {
        assert_eq!(number(1e300), "1e300");
        assert_eq!(number(-0.635), "-0.635");
    }
}
