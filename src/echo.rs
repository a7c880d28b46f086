//! Error messages quote what the user wrote; a quote is cut to a length a terminal can show, so
//! that a 10 MB value in an input never becomes a 10 MB line on stderr.

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
/// it is huge (1e300 stays short).
pub fn number(v: f64) -> String {
    if v.abs() < 1e6 {
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
