//! Error messages quote what the user wrote; a quote is cut to a length a terminal can show, so
//! that a 10 MB value in an input never becomes a 10 MB line on stderr.

/// The most bytes one input (a table file, a scenario, a judge input, a script) may hold: far
/// more than any a person writes, little enough to parse in well under 1 GB of memory.
pub const MAX_INPUT_BYTES: u64 = 32 << 20;

/// A text file, at most `MAX_INPUT_BYTES`, with a UTF-8 byte order mark dropped; the error
/// names the file.
pub fn read_text(path: &std::path::Path) -> Result<String, String> {
    let name = path.display().to_string();
    let f = std::fs::File::open(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    read_limited(&name, f)
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

/// A number a user gave, for a message: as written for everyday sizes, in exponent form when
/// it is huge or tiny (1e300 and -1e-300 stay short).
pub fn number(v: f64) -> String {
    if v == 0.0 || (1e-4..1e6).contains(&v.abs()) || !v.is_finite() {
        format!("{v}")
    } else {
        format!("{v:e}")
    }
}

/// A JSON error as `LINE:COLUMN: problem`, the place first (serde_json puts " at line L
/// column C" at the end of its message) and the problem cut; callers put the file before it.
pub fn json_problem(e: &serde_json::Error) -> String {
    let msg = e.to_string();
    let msg = msg.split(" at line ").next().unwrap_or(&msg);
    format!("{}:{}: {}", e.line(), e.column(), cut(msg))
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
    fn a_huge_number_is_written_short() {
        assert_eq!(number(1e300), "1e300");
        assert_eq!(number(-0.635), "-0.635");
    }
}
