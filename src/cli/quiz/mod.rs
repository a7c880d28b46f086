//! `tenball quiz`: the referee's practical exam. Draws a quiz from the bank (library shots and
//! edge questions) by seed, topic and level; asks it in the game's window (a build with the
//! game, unless `--text`), or part by part on stdin (the position and what happened in words,
//! the diagram written to `--diagrams`), grading each answer against the referee with its
//! explanation and what decided it; or grades an answers file (`--answers`), prints the key
//! (`--key`), lists the bank (`--list`), or writes a handout to print (`--handout`). Each
//! graded question is added to the user's progress file (the window's as it is graded).

use std::path::{Path, PathBuf};

mod sheet;
mod terminal;

use super::CliError;
use crate::teaching::quiz::grade::{self, Graded};
use crate::teaching::quiz::key::{self, Answer, Balls, Choice, How, Who};
use crate::teaching::quiz::progress::{self, Progress};
use crate::teaching::quiz::{self, Question, Selection, Topic};
use sheet::{grade_file, read_sheet, sheet_quiz};
use terminal::ask;

#[derive(Debug, Clone, clap::Args)]
pub struct QuizArgs {
    /// Ask in the terminal instead of the game's window (a build without the game always
    /// asks in the terminal).
    #[arg(long)]
    pub text: bool,
    /// The quiz's seed: the same seed, count, topics and level give the same questions
    /// [default: 1; with --answers, the sheet's].
    #[arg(long)]
    pub seed: Option<u64>,
    /// How many questions [default: 10; with --answers, the sheet's].
    #[arg(long)]
    pub count: Option<usize>,
    /// Only questions of this topic (again for more): break, push-out, calls, ten, fouls,
    /// three-fouls, editions.
    #[arg(long = "topic", value_name = "TOPIC")]
    pub topics: Vec<String>,
    /// 1: the library's own shots; 2: edge questions (a stroke changed until the ruling
    /// changes). Both when not given.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub level: Option<u8>,
    /// Write each question's diagram (no ruling on it) into this new folder, and after the
    /// answer one with the ruling.
    #[arg(long, value_name = "DIR")]
    pub diagrams: Option<PathBuf>,
    /// Grade this file of answers (a line per question: N legal|foul RULE BALLS WHO HOW)
    /// instead of asking.
    #[arg(long, value_name = "FILE")]
    pub answers: Option<PathBuf>,
    /// The progress file [default: $XDG_DATA_HOME/tenball/quiz-progress.json, else
    /// ~/.local/share/tenball/quiz-progress.json]. Each run's score is merged into it.
    #[arg(long, value_name = "FILE")]
    pub progress: Option<PathBuf>,
    /// Keep no progress.
    #[arg(long, conflicts_with = "progress")]
    pub no_progress: bool,
    /// Write the quiz as a handout into this new folder: a diagram per question, exam.html
    /// (questions, then the answers on their own page) and answers.txt to fill in.
    #[arg(long, value_name = "DIR")]
    pub handout: Option<PathBuf>,
    /// Print the answer key, in the answers file's form.
    #[arg(long)]
    pub key: bool,
    /// List the questions this selection draws from.
    #[arg(long)]
    pub list: bool,
    /// Search the library for edge questions and write them to FILE (for maintainers: the
    /// built-in ones are assets/quiz/edges.json).
    #[arg(long, value_name = "FILE", hide = true)]
    pub make_edges: Option<PathBuf>,
    /// Merge another progress file into yours (from another machine, say).
    #[arg(long, value_name = "FILE")]
    pub merge_progress: Option<PathBuf>,
}

impl QuizArgs {
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or(1)
    }

    pub fn count(&self) -> usize {
        self.count.unwrap_or(10)
    }
}

pub fn run(args: &QuizArgs) -> Result<(), CliError> {
    let modes = [
        args.answers.is_some(),
        args.handout.is_some(),
        args.key,
        args.list,
        args.make_edges.is_some(),
        args.merge_progress.is_some(),
    ];
    if modes.iter().filter(|&&m| m).count() > 1 {
        return Err(CliError::input(
            "give at most one of --answers, --handout, --key, --list, --make-edges and --merge-progress",
        ));
    }
    if let Some(out) = &args.make_edges {
        return make_edges(out, args.seed());
    }
    if let Some(other) = &args.merge_progress {
        return merge_progress(args, other);
    }
    // An answers sheet says which quiz it answers: taken from its first line.
    let sheet = match &args.answers {
        Some(file) => Some(read_sheet(file)?),
        None => None,
    };
    let from_sheet;
    let args = match &sheet {
        Some(sheet) => {
            from_sheet = sheet_quiz(args, sheet)?;
            &from_sheet
        }
        None => args,
    };
    let bank = quiz::bank().map_err(|e| CliError {
        code: 1,
        message: format!("the quiz bank: {e}"),
    })?;
    let sel = selection(args)?;
    if args.list {
        return list(&bank, &sel);
    }
    let drawn = quiz::draw(&bank, &sel);
    if drawn.is_empty() {
        return Err(CliError::input(
            "no question has these topics and this level (`tenball quiz --list` shows the bank)",
        ));
    }
    if drawn.len() < sel.count {
        super::warn(&format!(
            "only {} questions have these topics and this level; the quiz has {}",
            drawn.len(),
            drawn.len()
        ));
    }
    let command = command_line(args, drawn.len());
    if args.key {
        return print_key(&drawn);
    }
    if let Some(dir) = &args.handout {
        return handout(dir, &drawn, &command);
    }
    let progress_path = progress_path(args)?;
    // A progress file that could not be kept is said before the first question, not after.
    if let Some(path) = &progress_path {
        Progress::check_usable(path).map_err(CliError::input)?;
    }
    if args.answers.is_none() && in_window(args) {
        let graded = window(args, &drawn, progress_path.as_deref())?;
        return finish(&graded, progress_path.as_deref(), true);
    }
    let graded = match &sheet {
        Some(sheet) => grade_file(sheet, &drawn)?,
        None => return ask(args, &drawn, progress_path.as_deref()),
    };
    finish(&graded, progress_path.as_deref(), false)
}

/// Whether the quiz is taken in the game's window: in a build with the game, unless `--text`
/// (or `--diagrams`, which writes the terminal's pictures) asks for the terminal.
fn in_window(args: &QuizArgs) -> bool {
    cfg!(feature = "game") && !args.text && args.diagrams.is_none()
}

/// The quiz in the game's window: each question played there and ruled with the mouse; the
/// questions graded before the window closes are kept.
#[cfg(feature = "game")]
fn window(
    args: &QuizArgs,
    drawn: &[&Question],
    progress: Option<&Path>,
) -> Result<Vec<Graded>, CliError> {
    use std::sync::{Arc, Mutex};
    let graded = Arc::new(Mutex::new(Vec::new()));
    let first = drawn[0].position.clone();
    let mut opts = crate::game::options_from_file(first, crate::game::Mode::Practice);
    // Each question is kept as it is graded: a window closed or killed half-way loses none.
    let keep = progress.map(|path| {
        let path = path.to_path_buf();
        crate::game::Keep(Arc::new(move |g: &Graded, first: bool| {
            let mut run = Progress::of_run(std::slice::from_ref(g));
            run.runs = first as u32;
            Progress::record(&path, &run).map(|_| ())
        }))
    });
    opts.quiz = Some(crate::game::QuizRun {
        questions: drawn.iter().map(|q| (*q).clone()).collect(),
        seed: args.seed(),
        again: command_line(args, drawn.len()),
        graded: graded.clone(),
        kept_in: progress.map(crate::echo::path_for_message),
        keep,
    });
    super::warn(&format!(
        "a referee's quiz of {} question{} (seed {}) in the game's window; `--text` asks in the terminal",
        drawn.len(),
        if drawn.len() == 1 { "" } else { "s" },
        args.seed()
    ));
    super::play::run_with(opts).map_err(|e| CliError {
        message: format!("{}; or take the quiz in the terminal: --text", e.message),
        ..e
    })?;
    let graded = graded.lock().map(|g| g.clone()).unwrap_or_default();
    if graded.len() < drawn.len() {
        super::warn(&format!(
            "the window closed after {} of {} questions: those are graded",
            graded.len(),
            drawn.len()
        ));
    }
    Ok(graded)
}

#[cfg(not(feature = "game"))]
fn window(_: &QuizArgs, _: &[&Question], _: Option<&Path>) -> Result<Vec<Graded>, CliError> {
    unreachable!("in_window is false without the game")
}

fn selection(args: &QuizArgs) -> Result<Selection, CliError> {
    if !(1..=1000).contains(&args.count()) {
        return Err(CliError::input("--count: from 1 to 1000 questions"));
    }
    let topics = args
        .topics
        .iter()
        .map(|t| {
            Topic::from_word(t).ok_or_else(|| {
                CliError::input(format!(
                    "--topic: `{}` is none of {}",
                    crate::echo::cut(&crate::echo::visible(t)),
                    Topic::ALL.map(|t| t.word()).join(", ")
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Selection {
        seed: args.seed(),
        count: args.count(),
        topics,
        level: args.level,
    })
}

/// The command that makes this quiz again (for the handout's sheet).
fn command_line(args: &QuizArgs, count: usize) -> String {
    let mut c = format!("tenball quiz --seed {} --count {count}", args.seed());
    for t in &args.topics {
        c.push_str(&format!(" --topic {t}"));
    }
    if let Some(l) = args.level {
        c.push_str(&format!(" --level {l}"));
    }
    c
}

fn progress_path(args: &QuizArgs) -> Result<Option<PathBuf>, CliError> {
    if args.no_progress {
        return Ok(None);
    }
    if let Some(p) = &args.progress {
        return Ok(Some(p.clone()));
    }
    let p = progress::default_path().ok_or_else(|| {
        CliError::input(
            "no HOME or XDG_DATA_HOME for the progress file: give --progress FILE or --no-progress",
        )
    })?;
    if let Some(dir) = p.parent() {
        std::fs::create_dir_all(dir).map_err(|e| {
            CliError::input(format!(
                "{}: cannot make the folder for the quiz progress: {e} (give --progress FILE or --no-progress)",
                dir.display()
            ))
        })?;
    }
    Ok(Some(p))
}

fn outcome(q: &Question, paths: bool) -> Result<quiz::Outcome, CliError> {
    q.outcome(paths).map_err(|e| CliError {
        code: 1,
        message: e,
    })
}

fn list(bank: &[Question], sel: &Selection) -> Result<(), CliError> {
    let mut n = 0;
    let mut text = format!(
        "{:<44} {:<12} {:>5} {:<7} {}\n",
        "question", "topic", "level", "kind", "holds under noise"
    );
    for q in bank
        .iter()
        .filter(|q| sel.topics.is_empty() || sel.topics.contains(&q.topic))
        .filter(|q| sel.level.is_none_or(|l| q.level() == l))
    {
        n += 1;
        let holds = q
            .edge
            .map(|e| format!("{} of {} ({:.0} %)", e.held, e.runs, 100.0 * e.share()))
            .unwrap_or_default();
        text.push_str(&format!(
            "{:<44} {:<12} {:>5} {:<7} {holds}\n",
            q.id,
            q.topic.word(),
            q.level(),
            format!("{:?}", q.kind).to_lowercase()
        ));
    }
    text.push_str(&format!("{n} questions"));
    super::emit(&text)
}

fn print_key(drawn: &[&Question]) -> Result<(), CliError> {
    let mut text = String::from("# the answer key: N legal|foul RULE BALLS WHO HOW  # question\n");
    for (i, q) in drawn.iter().enumerate() {
        let o = outcome(q, false)?;
        text.push_str(&format!("{} {}  # {}\n", i + 1, o.key.words(), q.id));
    }
    super::emit(text.trim_end())
}

fn handout(dir: &Path, drawn: &[&Question], command: &str) -> Result<(), CliError> {
    let items = drawn
        .iter()
        .map(|q| {
            Ok(quiz::handout::Item {
                question: q,
                outcome: outcome(q, true)?,
            })
        })
        .collect::<Result<Vec<_>, CliError>>()?;
    quiz::handout::write(dir, &items, command).map_err(CliError::input)?;
    super::emit(&format!(
        "wrote {}: exam.html (questions, then the answers), q01.svg to q{:02}.svg, answers.txt to fill in",
        crate::echo::path_for_message(dir),
        drawn.len()
    ))
}

/// The summary, and the run merged into the progress file (`kept`: the window kept each
/// question as it was graded already).
fn finish(graded: &[Graded], progress: Option<&Path>, kept: bool) -> Result<(), CliError> {
    // The run is kept first: a summary that cannot be written loses no answer.
    let all = match progress {
        Some(path) if !graded.is_empty() => Some(if kept {
            Progress::load(path)
                .map_err(CliError::input)?
                .unwrap_or_default()
        } else {
            Progress::record(path, &Progress::of_run(graded)).map_err(CliError::input)?
        }),
        _ => None,
    };
    let s = grade::summarize(graded);
    super::emit(&format!("\n{}", s.lines().join("\n")))?;
    if let (Some(path), Some(all)) = (progress, all) {
        super::emit(&format!(
            "Progress kept in {} ({} quizzes, {} questions asked in all)",
            crate::echo::path_for_message(path),
            all.runs,
            all.questions.values().map(|t| t.asked).sum::<u32>()
        ))?;
    }
    Ok(())
}

/// The device and inode of a file (standard input's when `-`), to find one file under two
/// names.
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let path = if crate::echo::is_stdin(path) {
        Path::new("/dev/stdin")
    } else {
        path
    };
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

fn merge_progress(args: &QuizArgs, other: &Path) -> Result<(), CliError> {
    let path = progress_path(args)?.ok_or_else(|| {
        CliError::input("--merge-progress: there is no progress file with --no-progress")
    })?;
    if identity(other).is_some_and(|id| Some(id) == identity(&path)) {
        return Err(CliError::input(format!(
            "--merge-progress {}: is the progress file itself; merging it would count every question twice",
            crate::echo::path_for_message(other)
        )));
    }
    let theirs = Progress::load(other)
        .map_err(CliError::input)?
        .ok_or_else(|| {
            CliError::input(format!(
                "{}: no such file",
                crate::echo::path_for_message(other)
            ))
        })?;
    let all = Progress::record(&path, &theirs).map_err(CliError::input)?;
    super::emit(&format!(
        "merged {} into {} ({} quizzes in all)",
        crate::echo::input_name(other),
        crate::echo::path_for_message(&path),
        all.runs
    ))
}

fn make_edges(out: &Path, seed: u64) -> Result<(), CliError> {
    if let Some(why) = crate::outfile::problem(out, "the edges file") {
        return Err(CliError::input(why));
    }
    let file = quiz::edges::make_file(seed, |id, n| {
        super::warn(&format!("{id}: {n} edge(s)"));
    })
    .map_err(|e| CliError {
        code: 1,
        message: e,
    })?;
    let text = serde_json::to_string_pretty(&file).expect("edges serialize") + "\n";
    crate::outfile::write_new(out, text.as_bytes())
        .map_err(|e| CliError::input(format!("{}: cannot write: {e}", out.display())))?;
    super::emit(&format!(
        "wrote {} edge questions to {}",
        file.edges.len(),
        crate::echo::path_for_message(out)
    ))
}
