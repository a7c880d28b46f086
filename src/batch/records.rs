//! Break records on disk: one JSON object a line (`.jsonl`) or CSV (`.csv`, lists space
//! separated), written as they finish, and read back for `--resume` and `merge`.

use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::breaks::{BreakRecord, BreakSpec};
use crate::referee::Pocketed;
use crate::table::Pocket;

/// The format, from the file's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Jsonl,
    Csv,
}

impl Format {
    pub fn of(path: &Path) -> Format {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("csv") => Format::Csv,
            _ => Format::Jsonl,
        }
    }
}

pub const CSV_HEADER: [&str; 19] = [
    "index",
    "seed",
    "cue_x",
    "cue_y",
    "aim_deg",
    "speed",
    "side",
    "height",
    "elevation_deg",
    "first_hit",
    "driven_to_rail",
    "pocketed",
    "ten_on_break",
    "scratch",
    "off_table",
    "fouls",
    "legal",
    "breaker_continues",
    "duration",
];

fn join<T: ToString>(items: &[T]) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(" ")
}

fn pocket_name(p: Pocket) -> String {
    serde_json::to_value(p)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The CSV fields of a record.
pub fn csv_fields(r: &BreakRecord) -> Vec<String> {
    vec![
        r.index.to_string(),
        r.seed.to_string(),
        r.cue_x.to_string(),
        r.cue_y.to_string(),
        r.aim_deg.to_string(),
        r.speed.to_string(),
        r.side.to_string(),
        r.height.to_string(),
        r.elevation_deg.to_string(),
        r.first_hit.map(|b| b.to_string()).unwrap_or_default(),
        join(&r.driven_to_rail),
        r.pocketed
            .iter()
            .map(|p| format!("{}:{}", p.ball, pocket_name(p.pocket)))
            .collect::<Vec<_>>()
            .join(" "),
        r.ten_on_break.to_string(),
        r.scratch.to_string(),
        join(&r.off_table),
        join(&r.fouls),
        r.legal.to_string(),
        r.breaker_continues.to_string(),
        r.duration.to_string(),
    ]
}

/// A record from its CSV fields.
pub fn from_csv_fields(f: &csv::StringRecord) -> Result<BreakRecord, String> {
    if f.len() != CSV_HEADER.len() {
        return Err(format!("{} fields, {} expected", f.len(), CSV_HEADER.len()));
    }
    fn num<T: std::str::FromStr>(f: &csv::StringRecord, i: usize) -> Result<T, String> {
        f[i].parse().map_err(|_| {
            format!(
                "column {} `{}`: `{}` is not a valid value",
                i + 1,
                CSV_HEADER[i],
                &f[i]
            )
        })
    }
    fn list(f: &csv::StringRecord, i: usize) -> Result<Vec<u8>, String> {
        f[i].split_whitespace()
            .map(|s| {
                s.parse().map_err(|_| {
                    format!("column {} `{}`: `{s}` is not a ball", i + 1, CSV_HEADER[i])
                })
            })
            .collect()
    }
    let pocketed = f[11]
        .split_whitespace()
        .map(|item| {
            let (ball, pocket) = item
                .split_once(':')
                .ok_or_else(|| format!("column 12 `pocketed`: `{item}` is not ball:pocket"))?;
            Ok(Pocketed {
                ball: ball
                    .parse()
                    .map_err(|_| format!("column 12 `pocketed`: `{ball}` is not a ball"))?,
                pocket: serde_json::from_value(serde_json::Value::String(pocket.into()))
                    .map_err(|_| format!("column 12 `pocketed`: `{pocket}` is not a pocket"))?,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(BreakRecord {
        index: num(f, 0)?,
        seed: num(f, 1)?,
        cue_x: num(f, 2)?,
        cue_y: num(f, 3)?,
        aim_deg: num(f, 4)?,
        speed: num(f, 5)?,
        side: num(f, 6)?,
        height: num(f, 7)?,
        elevation_deg: num(f, 8)?,
        first_hit: if f[9].is_empty() {
            None
        } else {
            Some(num(f, 9)?)
        },
        driven_to_rail: list(f, 10)?,
        pocketed,
        ten_on_break: num(f, 12)?,
        scratch: num(f, 13)?,
        off_table: list(f, 14)?,
        fouls: f[15].split_whitespace().map(str::to_string).collect(),
        legal: num(f, 16)?,
        breaker_continues: num(f, 17)?,
        duration: num(f, 18)?,
    })
}

/// The bytes of records in a format (the CSV header is written once, by `header`).
pub fn encode(format: Format, records: &[BreakRecord]) -> Vec<u8> {
    let mut out = Vec::new();
    match format {
        Format::Jsonl => {
            for r in records {
                serde_json::to_writer(&mut out, r).expect("records serialize");
                out.push(b'\n');
            }
        }
        Format::Csv => {
            let mut w = csv::WriterBuilder::new()
                .has_headers(false)
                .from_writer(&mut out);
            for r in records {
                w.write_record(csv_fields(r)).expect("writing to memory");
            }
            w.flush().expect("writing to memory");
            drop(w);
        }
    }
    out
}

/// What a records file was made with, its first line: the breaks' spec (seed, place, speed,
/// tip, elevation, table, noise), the shard and the count. A resume must have the same spec
/// shard and count; a merge takes shards of one run only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunInputs {
    pub spec: BreakSpec,
    /// K and N of `--shard K/N` (0 and 1 for a whole run).
    pub shard: [u64; 2],
    pub count: u64,
}

impl RunInputs {
    /// What a header that tenball wrote satisfies, checked as the command line checks its
    /// options: a file's header is read as strictly as `--cue`, `--speed` and `--shard` are,
    /// so that an edited one never reaches a resume, a merge or a replay.
    pub fn check(&self) -> Result<(), String> {
        self.spec.validate()?;
        self.spec.rack.check()?;
        if self
            .spec
            .noise
            .is_some_and(|n| n != crate::physics::Noise::default())
        {
            return Err(
                "noise: not the execution noise tenball plays (none, or the default)".into(),
            );
        }
        check_shard(self.shard, self.count, "breaks")
    }

    /// The shard of the run this file holds.
    pub fn run_shard(&self) -> super::Shard {
        let [k, n] = self.shard;
        super::Shard {
            k,
            n,
            count: self.count,
        }
    }
}

/// A shard `[K, N]` of a run of `count`: 0 <= K < N <= `MAX_SHARDS`, holding at least one of
/// the run's `unit`.
pub fn check_shard(shard: [u64; 2], count: u64, unit: &str) -> Result<(), String> {
    let [k, n] = shard;
    if count == 0 {
        return Err(format!("a run of 0 {unit}"));
    }
    if !(n >= 1 && k < n && n <= super::MAX_SHARDS) {
        return Err(format!(
            "shard [{k}, {n}]: K must be below N, and N from 1 to {}",
            super::MAX_SHARDS
        ));
    }
    if (super::Shard { k, n, count }).is_empty() {
        return Err(format!(
            "shard [{k}, {n}] holds none of the run's {count} {unit}"
        ));
    }
    Ok(())
}

/// The key of the JSON lines header, and the start of the CSV comment line that holds it.
const HEADER_KEY: &str = "tenball_breaks";

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct HeaderLine {
    tenball_breaks: RunInputs,
}

/// The first bytes of a records file: the inputs (a JSON line, or a `# tenball_breaks {...}`
/// comment line before the CSV header).
pub fn header(format: Format, inputs: &RunInputs) -> Vec<u8> {
    let json = serde_json::to_string(&HeaderLine {
        tenball_breaks: inputs.clone(),
    })
    .expect("inputs serialize");
    match format {
        Format::Jsonl => format!("{json}\n").into_bytes(),
        Format::Csv => {
            let inner = serde_json::to_string(inputs).expect("inputs serialize");
            let mut out = format!("# {HEADER_KEY} {inner}\n").into_bytes();
            out.extend(csv_columns());
            out
        }
    }
}

/// What a records file holds, read back for `--resume` and `merge` one record at a time
/// (memory does not grow with the file).
#[derive(Debug)]
pub struct ReadBack {
    /// What the file says it was made with (files from before the header have none).
    pub inputs: Option<RunInputs>,
    /// The complete records read.
    pub records: u64,
    /// Where the first record line starts (past the header and the CSV column line).
    pub records_start: u64,
    /// Bytes of the file that hold its header and complete records; past this lies a last
    /// line without its newline.
    pub valid_len: u64,
    /// That last line, if any: its number and its bytes. Only a caller that can show it is the
    /// start of the record (or header) it was writing may cut it.
    pub partial: Option<(usize, Vec<u8>)>,
    /// A CSV file has its column line (always true of JSON lines); a CSV file killed between
    /// its inputs' comment and its column line has not.
    pub columns: bool,
}

/// The CSV column line.
pub fn csv_columns() -> Vec<u8> {
    let mut out = Vec::new();
    let mut w = csv::Writer::from_writer(&mut out);
    w.write_record(CSV_HEADER).expect("writing to memory");
    w.flush().expect("writing to memory");
    drop(w);
    out
}

/// Reads a record file line by line, handing each complete record with its line number to
/// `on_record` (which may refuse it: the error names the line). A last line without its
/// newline is a record cut short: it is reported and left out. Any other bad line is an error
/// naming the line. Only a regular file is read, and no line longer than
/// `echo::MAX_RECORD_LINE`.
pub fn read_each(
    path: &Path,
    on_record: &mut dyn FnMut(usize, BreakRecord) -> Result<(), String>,
) -> Result<ReadBack, String> {
    let name = crate::echo::path_for_message(path);
    let mut reader = std::io::BufReader::new(crate::echo::open_regular(path)?);
    let format = Format::of(path);
    let mut back = ReadBack {
        inputs: None,
        records: 0,
        records_start: 0,
        valid_len: 0,
        partial: None,
        columns: format != Format::Csv,
    };
    // The CSV header's line: after the inputs' comment line when there is one.
    let mut csv_header_line = 1;
    let mut bytes = Vec::new();
    for lineno in 1.. {
        match crate::echo::read_record_line(&mut reader, &mut bytes, &name, lineno)? {
            crate::echo::Line::End => break,
            crate::echo::Line::Partial => {
                back.partial = Some((lineno, bytes.clone()));
                break;
            }
            crate::echo::Line::Complete => {}
        }
        let at = |e: String| format!("{name}:{lineno}: {}", crate::echo::cut(&e));
        let line = std::str::from_utf8(&bytes).map_err(|_| at("not UTF-8 text".into()))?;
        let body = line.trim_end_matches(['\n', '\r']);
        let header_line = if lineno == 1 {
            read_inputs(format, body).map_err(&at)?
        } else {
            None
        };
        if let Some(inputs) = header_line {
            back.inputs = Some(inputs);
            if format == Format::Csv {
                csv_header_line = 2;
            }
        } else if format == Format::Csv && lineno == csv_header_line {
            if !csv_line_is_columns(body).map_err(&at)? {
                return Err(at(format!(
                    "line {lineno} is not the CSV header of a breaks file (its column names)"
                )));
            }
            back.columns = true;
        } else if let Some(r) = parse_record(format, body).map_err(&at)? {
            r.check().map_err(&at)?;
            on_record(lineno, r).map_err(&at)?;
            back.records += 1;
        }
        back.valid_len += bytes.len() as u64;
        if back.records == 0 {
            back.records_start = back.valid_len;
        }
    }
    Ok(back)
}

/// What a records file says it was made with: its first line alone, read before its records so
/// that a file of another run is named as such before any record is compared.
pub fn inputs_of(path: &Path) -> Result<Option<RunInputs>, super::RunError> {
    let name = crate::echo::path_for_message(path);
    let input = |e: String| super::RunError::input(e);
    let mut reader = std::io::BufReader::new(crate::echo::open_regular(path).map_err(input)?);
    let mut bytes = Vec::new();
    match crate::echo::read_record_line(&mut reader, &mut bytes, &name, 1).map_err(input)? {
        crate::echo::Line::Complete => {}
        _ => return Ok(None),
    }
    let Ok(line) = std::str::from_utf8(&bytes) else {
        return Ok(None);
    };
    read_inputs(Format::of(path), line.trim_end_matches(['\n', '\r']))
        .map_err(|e| input(format!("{name}:1: {}", crate::echo::cut(&e))))
}

/// The inputs, if `body` (the first line) is a header line of `format`.
fn read_inputs(format: Format, body: &str) -> Result<Option<RunInputs>, String> {
    match format {
        Format::Jsonl if body.contains(HEADER_KEY) => serde_json::from_str::<HeaderLine>(body)
            .map_err(|e| format!("a header line that cannot be read: {e}"))
            .and_then(|h| {
                h.tenball_breaks
                    .check()
                    .map_err(|e| format!("a header line no tenball writes: {e}"))?;
                Ok(Some(h.tenball_breaks))
            }),
        Format::Csv if body.starts_with('#') => {
            let json = body
                .strip_prefix(&format!("# {HEADER_KEY} "))
                .ok_or("a comment line that is not the inputs of a breaks file")?;
            let inputs = serde_json::from_str::<RunInputs>(json)
                .map_err(|e| format!("inputs that cannot be read: {e}"))?;
            inputs
                .check()
                .map_err(|e| format!("inputs no tenball writes: {e}"))?;
            Ok(Some(inputs))
        }
        _ => Ok(None),
    }
}

/// The fields of one CSV line; `None` for a blank one.
fn csv_line(body: &str) -> Result<Option<csv::StringRecord>, String> {
    let mut rdr = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(body.as_bytes());
    rdr.records().next().transpose().map_err(|e| e.to_string())
}

fn csv_line_is_columns(body: &str) -> Result<bool, String> {
    Ok(csv_line(body)?.is_some_and(|f| f.iter().eq(CSV_HEADER.iter().copied())))
}

/// A record line (not a header): `None` for a blank line.
pub fn parse_record(format: Format, body: &str) -> Result<Option<BreakRecord>, String> {
    match format {
        Format::Jsonl if body.trim().is_empty() => Ok(None),
        Format::Jsonl => serde_json::from_str(body)
            .map(Some)
            .map_err(|e| e.to_string()),
        Format::Csv => csv_line(body)?.map(|f| from_csv_fields(&f)).transpose(),
    }
}

/// Appends bytes and flushes them to the file.
pub fn append(file: &mut std::fs::File, bytes: &[u8]) -> std::io::Result<()> {
    file.write_all(bytes)?;
    file.flush()
}
