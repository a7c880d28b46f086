//! An answers sheet: read, its header line naming the quiz it answers (`--seed`, `--count`,
//! `--topic`, `--level`), and graded against that quiz.

use super::*;

/// An answers file read: its name for messages, its text, and the quiz options its header
/// line names (`# tenball quiz answers. Grade with: tenball quiz --seed 7 --count 5 ...`),
/// when it has one.
pub(super) struct Sheet {
    pub(super) name: String,
    pub(super) text: String,
    pub(super) quiz: Option<SheetQuiz>,
}

#[derive(Debug, Clone, PartialEq)]
pub(super) struct SheetQuiz {
    pub(super) seed: u64,
    pub(super) count: usize,
    pub(super) topics: Vec<String>,
    pub(super) level: Option<u8>,
}

pub(super) fn read_sheet(file: &Path) -> Result<Sheet, CliError> {
    let text = crate::echo::read_text(file).map_err(CliError::input)?;
    let name = crate::echo::input_name(file);
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let quiz = match first.split_once("Grade with: tenball quiz ") {
        Some((_, rest)) if first.trim_start().starts_with('#') => {
            Some(parse_sheet_header(rest).map_err(|e| {
                CliError::input(format!(
                    "{name}:1: the sheet's header names no quiz tenball makes ({e}); \
                     remove the line and give --seed and --count to grade it"
                ))
            })?)
        }
        _ => None,
    };
    Ok(Sheet { name, text, quiz })
}

/// The options of a sheet's grading command (`--seed S --count N [--topic T]... [--level L]`,
/// then `--answers THIS-FILE`).
pub(super) fn parse_sheet_header(rest: &str) -> Result<SheetQuiz, String> {
    let mut q = SheetQuiz {
        seed: 1,
        count: 10,
        topics: Vec::new(),
        level: None,
    };
    let mut words = rest.split_whitespace();
    while let Some(w) = words.next() {
        if w == "--answers" {
            break;
        }
        let value = words
            .next()
            .ok_or_else(|| format!("`{}` has no value", crate::echo::cut(w)))?;
        let bad = || format!("`{w} {}`", crate::echo::cut(value));
        match w {
            "--seed" => q.seed = value.parse().map_err(|_| bad())?,
            "--count" => q.count = value.parse().map_err(|_| bad())?,
            "--topic" => q.topics.push(value.to_string()),
            "--level" => {
                q.level = Some(
                    value
                        .parse()
                        .ok()
                        .filter(|l| (1..=2).contains(l))
                        .ok_or_else(bad)?,
                )
            }
            _ => {
                return Err(format!(
                    "an option tenball does not write: `{}`",
                    crate::echo::cut(w)
                ));
            }
        }
    }
    Ok(q)
}

/// The quiz an answers sheet is graded against: the sheet's own, unless the command line
/// names one; a command line that names another is refused rather than graded against it.
pub(super) fn sheet_quiz(args: &QuizArgs, sheet: &Sheet) -> Result<QuizArgs, CliError> {
    let Some(q) = &sheet.quiz else {
        return Ok(args.clone());
    };
    let mut differ = Vec::new();
    if args.seed.is_some_and(|s| s != q.seed) {
        differ.push(format!(
            "--seed {} (the sheet's is {})",
            args.seed(),
            q.seed
        ));
    }
    if args.count.is_some_and(|c| c != q.count) {
        differ.push(format!(
            "--count {} (the sheet's is {})",
            args.count(),
            q.count
        ));
    }
    if !args.topics.is_empty() && args.topics != q.topics {
        differ.push(format!(
            "--topic {} (the sheet's: {})",
            args.topics.join(" "),
            if q.topics.is_empty() {
                "every topic".into()
            } else {
                q.topics.join(" ")
            }
        ));
    }
    if args.level.is_some() && args.level != q.level {
        differ.push("--level (the sheet's differs)".into());
    }
    if !differ.is_empty() {
        return Err(CliError::input(format!(
            "{}: the sheet answers another quiz than {}; leave those options out to grade it against its own",
            sheet.name,
            crate::echo::visible(&differ.join(", "))
        )));
    }
    Ok(QuizArgs {
        seed: Some(q.seed),
        count: Some(q.count),
        topics: q.topics.clone(),
        level: q.level,
        ..args.clone()
    })
}

pub(super) fn grade_file(sheet: &Sheet, drawn: &[&Question]) -> Result<Vec<Graded>, CliError> {
    let answers =
        grade::parse_answers(&sheet.name, &sheet.text, drawn.len()).map_err(CliError::input)?;
    if answers.iter().all(|a| *a == Answer::default()) {
        return Err(CliError::input(format!(
            "{}: answers no question (every part left out): nothing is graded or kept",
            sheet.name
        )));
    }
    let mut graded = Vec::new();
    let mut lines = String::new();
    for (i, (q, a)) in drawn.iter().zip(&answers).enumerate() {
        let o = outcome(q, false)?;
        let g = Graded::of(q, &o.key, a);
        lines.push_str(&format!(
            "{:>3} {:<5} {}  (the referee: {})\n",
            i + 1,
            if g.right() { "right" } else { "wrong" },
            q.id,
            o.key.words()
        ));
        graded.push(g);
    }
    crate::cli::emit(lines.trim_end())?;
    Ok(graded)
}
