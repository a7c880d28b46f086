//! Reading back a run's records file of JSON lines (a duel's, a drill rating's): the header
//! line saying what the run was made with, a record a line, and a last line that a kill left
//! without its end, each line checked as it is read, a bad one named by its line and column.

use std::io::BufReader;
use std::path::Path;

use serde::de::DeserializeOwned;

use super::RunError;

/// What a records file holds: its header, its complete records, and a last line without its
/// end (line number, bytes) with the length of what comes before it.
pub struct Lines<H, R> {
    pub header: Option<H>,
    pub records: Vec<R>,
    pub partial: Option<(usize, Vec<u8>)>,
    pub valid_len: u64,
}

impl<H, R> Lines<H, R> {
    /// The records read, and where the file ends as a resume needs it: `header` (the run's
    /// header line) is written first when the file's own was missing or cut short.
    pub fn into_back(self, header: impl FnOnce() -> Vec<u8>) -> (Vec<R>, super::run::Back) {
        let missing_head = if self.header.is_none() {
            header()
        } else {
            Vec::new()
        };
        let back = super::run::Back {
            records: self.records.len() as u64,
            valid_len: self.valid_len,
            partial: self.partial,
            missing_head,
        };
        (self.records, back)
    }
}

/// The words a file's messages use: the run's ("duel") and its record's ("rack").
#[derive(Debug, Clone, Copy)]
pub struct Words {
    pub run: &'static str,
    pub record: &'static str,
}

/// Reads `path`: the header checked by `check_header`, each record by `check_record`; the
/// first line that is not what its place says stops the reading with its line, column and
/// problem, and the file is left as it is.
pub fn read<H, R>(
    path: &Path,
    words: Words,
    check_header: impl Fn(&H) -> Result<(), String>,
    check_record: impl Fn(&R) -> Result<(), String>,
) -> Result<Lines<H, R>, RunError>
where
    H: DeserializeOwned,
    R: DeserializeOwned,
{
    let name = crate::echo::path_for_message(path);
    let f = crate::echo::open_regular(path).map_err(RunError::input)?;
    let mut back = Lines {
        header: None,
        records: Vec::new(),
        partial: None,
        valid_len: 0,
    };
    let mut reader = BufReader::new(f);
    let mut bytes = Vec::new();
    for n in 1.. {
        match crate::echo::read_record_line(&mut reader, &mut bytes, &name, n)
            .map_err(RunError::input)?
        {
            crate::echo::Line::End => break,
            crate::echo::Line::Partial => {
                back.partial = Some((n, bytes.clone()));
                break;
            }
            crate::echo::Line::Complete => {}
        }
        let what = if n == 1 {
            format!("the {} header line", words.run)
        } else {
            format!("a {} record", words.record)
        };
        let text = std::str::from_utf8(&bytes)
            .map_err(|_| RunError::input(format!("{name}:{n}: not {what}: not UTF-8 text")))?
            .trim_end_matches(['\n', '\r']);
        let bad = |e: serde_json::Error| {
            let msg = e.to_string();
            let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
            RunError::input(format!(
                "{name}:{n}:{}: not {what}: {}",
                e.column(),
                crate::echo::cut(&msg)
            ))
        };
        if n == 1 {
            let h: H = serde_json::from_str(text).map_err(bad)?;
            check_header(&h).map_err(|e| {
                RunError::input(format!(
                    "{name}:1: a {} header no tenball writes: {e}; the file is left as it is",
                    words.run
                ))
            })?;
            back.header = Some(h);
        } else {
            let r: R = serde_json::from_str(text).map_err(bad)?;
            check_record(&r).map_err(|e| {
                RunError::input(format!(
                    "{name}:{n}: a {} record no {} writes: {e}; the file is left as it is",
                    words.record, words.run
                ))
            })?;
            back.records.push(r);
        }
        back.valid_len += bytes.len() as u64;
    }
    Ok(back)
}
