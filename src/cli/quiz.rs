//! `tenball quiz`: the referee's practical exam. Draws a quiz from the bank (library shots and
//! edge questions) by seed, topic and level; asks it in the game's window (a build with the
//! game, unless `--text`), or part by part on stdin (the position and what happened in words,
//! the diagram written to `--diagrams`), grading each answer against the referee with its
//! explanation and what decided it; or grades an answers file (`--answers`), prints the key
//! (`--key`), lists the bank (`--list`), or writes a handout to print (`--handout`). Each
//! graded question is added to the user's progress file (the window's as it is graded).

use std::io::BufRead;
use std::path::{Path, PathBuf};

use super::CliError;
use crate::teaching::quiz::grade::{self, Graded};
use crate::teaching::quiz::key::{self, Answer, Balls, Choice, How, Who};
use crate::teaching::quiz::progress::{self, Progress};
use crate::teaching::quiz::{self, Question, Selection, Topic};

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

/// An answers file read: its name for messages, its text, and the quiz options its header
/// line names (`# tenball quiz answers. Grade with: tenball quiz --seed 7 --count 5 ...`),
/// when it has one.
struct Sheet {
    name: String,
    text: String,
    quiz: Option<SheetQuiz>,
}

#[derive(Debug, Clone, PartialEq)]
struct SheetQuiz {
    seed: u64,
    count: usize,
    topics: Vec<String>,
    level: Option<u8>,
}

fn read_sheet(file: &Path) -> Result<Sheet, CliError> {
    let text = crate::echo::read_text(file).map_err(CliError::input)?;
    let name = if crate::echo::is_stdin(file) {
        "standard input".to_string()
    } else {
        crate::echo::path_for_message(file)
    };
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
fn parse_sheet_header(rest: &str) -> Result<SheetQuiz, String> {
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
fn sheet_quiz(args: &QuizArgs, sheet: &Sheet) -> Result<QuizArgs, CliError> {
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

fn grade_file(sheet: &Sheet, drawn: &[&Question]) -> Result<Vec<Graded>, CliError> {
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
    super::emit(lines.trim_end())?;
    Ok(graded)
}

/// Prints `text` with no newline (a prompt): as all output, dropped once the reader has
/// gone away, while the quiz goes on reading answers.
fn prompt(text: &str) -> Result<(), CliError> {
    super::emit_raw(text)
}

/// The longest answer line read (bytes): a part's answer is a word or two.
pub const MAX_ANSWER_LINE: usize = 1024;

/// What the questions answered so far need, shared with the handler of Ctrl-C (and `kill`):
/// a quiz stopped by a signal grades and keeps what was answered, as one whose input ended.
struct Answered {
    graded: std::sync::Mutex<Vec<Graded>>,
    /// Set by whichever ends the quiz first: the questions run out, or a signal.
    ending: std::sync::atomic::AtomicBool,
    of: usize,
    progress: Option<PathBuf>,
}

impl Answered {
    /// Claims the end of the quiz: true for the first caller only.
    fn claim_end(&self) -> bool {
        !self.ending.swap(true, std::sync::atomic::Ordering::SeqCst)
    }

    fn graded(&self) -> Vec<Graded> {
        self.graded.lock().map(|g| g.clone()).unwrap_or_default()
    }
}

/// On SIGINT or SIGTERM: the answered questions graded and kept, then the shell's code for
/// the signal (130, 143).
fn on_signal(answered: std::sync::Arc<Answered>) {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next()
            && answered.claim_end()
        {
            let graded = answered.graded();
            let _ = super::emit(&format!(
                "\n(stopped after {} of {} questions: those answered are graded)",
                graded.len(),
                answered.of
            ));
            let code = match finish(&graded, answered.progress.as_deref(), false) {
                Ok(()) => 128 + sig,
                Err(e) => {
                    super::warn(&e.message);
                    i32::from(e.code)
                }
            };
            std::process::exit(code);
        }
    });
}

/// Asks each question in turn on stdin, grading each as it is answered; the input's end, a
/// line too long to be an answer, or Ctrl-C stops early, keeping what was answered.
fn ask(args: &QuizArgs, drawn: &[&Question], progress: Option<&Path>) -> Result<(), CliError> {
    if let Some(dir) = &args.diagrams {
        if let Some(why) = crate::outfile::problem(dir, "the diagrams folder") {
            return Err(CliError::input(why));
        }
        std::fs::create_dir(dir)
            .map_err(|e| CliError::input(format!("{}: cannot create: {e}", dir.display())))?;
    }
    super::emit(&format!(
        "A referee's quiz: {} question{} (seed {}). For each shot, rule part by part; `?` explains \
         a part, an empty line skips it.\n",
        drawn.len(),
        if drawn.len() == 1 { "" } else { "s" },
        args.seed()
    ))?;
    let answered = std::sync::Arc::new(Answered {
        graded: std::sync::Mutex::new(Vec::new()),
        ending: std::sync::atomic::AtomicBool::new(false),
        of: drawn.len(),
        progress: progress.map(Path::to_path_buf),
    });
    on_signal(answered.clone());
    let mut input = std::io::stdin().lock();
    let result = ask_each(args, drawn, &mut input, &answered);
    if !answered.claim_end() {
        // A signal is ending the quiz: it grades and keeps what was answered, then exits.
        loop {
            std::thread::park();
        }
    }
    let graded = answered.graded();
    match result {
        Ok(()) => finish(&graded, progress, false),
        Err(e) => {
            // Whatever stopped the questions, the answers given are kept.
            if !graded.is_empty() {
                super::warn(&format!(
                    "{}; the {} question(s) answered are graded and kept",
                    e.message,
                    graded.len()
                ));
                finish(&graded, progress, false)?;
            }
            Err(e)
        }
    }
}

fn ask_each(
    args: &QuizArgs,
    drawn: &[&Question],
    input: &mut impl BufRead,
    answered: &Answered,
) -> Result<(), CliError> {
    for (i, q) in drawn.iter().enumerate() {
        let o = outcome(q, true)?;
        show_question(i + 1, drawn.len(), q, &o, args.diagrams.as_deref())?;
        let answer = match read_answer(input)? {
            Read::Answer(a) => a,
            Read::End(why) => {
                super::emit(&format!(
                    "\n({why}: the {} question(s) answered of {} are graded)",
                    i,
                    drawn.len()
                ))?;
                break;
            }
        };
        let g = Graded::of(q, &o.key, &answer);
        show_grade(i + 1, q, &o, &g, args.diagrams.as_deref())?;
        if let Ok(mut all) = answered.graded.lock() {
            all.push(g);
        }
    }
    Ok(())
}

fn show_question(
    n: usize,
    of: usize,
    q: &Question,
    o: &quiz::Outcome,
    diagrams: Option<&Path>,
) -> Result<(), CliError> {
    // The topic names its rules, so it is said after the answer (`show_grade`), not here.
    let mut text = format!("\nQuestion {n} of {of}  (level {})\n", q.level());
    for l in quiz::position_words(q) {
        text.push_str(&format!("  {l}\n"));
    }
    text.push_str("What happened:\n");
    for l in quiz::seen_words(q, o) {
        text.push_str(&format!("  {l}\n"));
    }
    if let Some(dir) = diagrams {
        let path = dir.join(format!("q{n:02}.svg"));
        let call = quiz::position_words(q).last().cloned().unwrap_or_default();
        let caption = vec![format!("Question {n}: {call}")];
        crate::teaching::diagram::draw_captioned(&q.as_scenario(), &path, Some(&caption))
            .map_err(CliError::input)?;
        text.push_str(&format!(
            "  The diagram: {}\n",
            crate::echo::path_for_message(&path)
        ));
    }
    super::emit(text.trim_end())
}

/// An answer read, or why no more are.
enum Read {
    Answer(Answer),
    End(&'static str),
}

/// Reads the four parts; [`Read::End`] when the input ends.
fn read_answer(input: &mut impl BufRead) -> Result<Read, CliError> {
    let mut a = Answer::default();
    let v = match ask_part(
        input,
        "1. Legal or foul? (legal, foul) ",
        &|w| key::verdict(w),
        &|| "legal: no foul was committed; foul: one was (several count as one, 5.10)".into(),
    )? {
        Part::Given(v) => v,
        Part::End(why) => return Ok(Read::End(why)),
    };
    a.legal = v;
    let r = match ask_part(
        input,
        "2. Which rule decided it? (a rule number such as 7.3) ",
        &|w| key::rule(w),
        &|| {
            crate::referee::RULE_NUMBERS
                .iter()
                .map(|r| format!("{r} {}", key::rule_title(r)))
                .collect::<Vec<_>>()
                .join("; ")
        },
    )? {
        Part::Given(v) => v,
        Part::End(why) => return Ok(Read::End(why)),
    };
    a.rule = r;
    let b = match ask_part(
        input,
        &format!("3. What happens to the balls? ({}) ", Balls::words()),
        &|w| key::part::<Balls>("balls", w),
        &|| meanings(Balls::ALL),
    )? {
        Part::Given(v) => v,
        Part::End(why) => return Ok(Read::End(why)),
    };
    a.balls = b;
    let n = match ask_part(
        input,
        "4. Who shoots next, and how? (shooter or opponent, then how: e.g. `opponent in-hand`) ",
        &|w| {
            let words: Vec<&str> = w.split_whitespace().collect();
            match words.as_slice() {
                [] => Ok(None),
                [who, how] => Ok(key::part::<Who>("who", who)?.zip(key::part::<How>("how", how)?)),
                _ => Err(format!(
                    "two words: who ({}) and how ({})",
                    Who::words(),
                    How::words()
                )),
            }
        },
        &|| format!("who: {}; how: {}", meanings(Who::ALL), meanings(How::ALL)),
    )? {
        Part::Given(v) => v,
        Part::End(why) => return Ok(Read::End(why)),
    };
    a.next = n;
    Ok(Read::Answer(a))
}

fn meanings<C: Choice>(all: &[C]) -> String {
    all.iter()
        .map(|c| format!("{} = {}", c.word(), c.meaning()))
        .collect::<Vec<_>>()
        .join("; ")
}

type Parse<'a, T> = &'a dyn Fn(&str) -> Result<Option<T>, String>;

/// A part asked: answered (`None`: skipped), or the input gave no more, and why.
enum Part<T> {
    Given(Option<T>),
    End(&'static str),
}

/// Asks one part until it is answered in its words (or skipped); [`Part::End`] at the input's end or
/// at a line longer than [`MAX_ANSWER_LINE`] (not read further: `/dev/zero` is no answer). A
/// line that is not UTF-8 is asked again.
fn ask_part<T>(
    input: &mut impl BufRead,
    question: &str,
    parse: Parse<T>,
    help: &dyn Fn() -> String,
) -> Result<Part<T>, CliError> {
    use std::io::Read as _;
    loop {
        prompt(question)?;
        let mut bytes = Vec::new();
        let n = input
            .by_ref()
            .take(MAX_ANSWER_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes)
            .map_err(|e| CliError::input(format!("reading the answer: {e}")))?;
        if n == 0 {
            return Ok(Part::End("the input ended"));
        }
        if n > MAX_ANSWER_LINE {
            return Ok(Part::End(
                "a line of more than 1 KiB is no answer, and the input is read no further",
            ));
        }
        let Ok(line) = std::str::from_utf8(&bytes) else {
            super::emit("   that line is not UTF-8 text; answer again")?;
            continue;
        };
        let w = line.trim();
        if w == "?" {
            super::emit(&format!("   {}", help()))?;
            continue;
        }
        match parse(w) {
            Ok(v) => return Ok(Part::Given(v)),
            Err(e) => super::emit(&format!(
                "   {}; `?` explains",
                crate::echo::cut(&crate::echo::visible(&e))
            ))?,
        }
    }
}

fn show_grade(
    n: usize,
    q: &Question,
    o: &quiz::Outcome,
    g: &Graded,
    diagrams: Option<&Path>,
) -> Result<(), CliError> {
    let k = &o.key;
    let said = k.said();
    let mut text = String::new();
    for ((part, ok), right) in key::PARTS.iter().zip(g.parts).zip(said) {
        text.push_str(&format!(
            "   {:<14} {}: {right}\n",
            part,
            if ok { "right" } else { "WRONG, the referee" }
        ));
    }
    text.push_str(&format!("   Topic: {}\n", q.topic.title()));
    text.push_str(&format!(
        "   The referee: {}, rule {}: {}\n",
        if k.legal { "legal" } else { "foul" },
        k.rule,
        o.ruling.explanation
    ));
    let markers = match &o.played {
        Some((_, log)) => crate::teaching::markers::markers_until(log, f64::INFINITY),
        None => crate::teaching::markers::Markers::told(&o.facts, &q.position.layout),
    };
    let words = markers.words();
    if !words.is_empty() {
        text.push_str(&format!("   What decided it: {}\n", words.join("; ")));
    }
    text.push_str(&format!(
        "   Shown in `tenball scenario show {}`",
        q.scenario
    ));
    if let Some(dir) = diagrams {
        let path = dir.join(format!("q{n:02}-ruled.svg"));
        crate::teaching::diagram::draw(&q.as_scenario(), &path).map_err(CliError::input)?;
        text.push_str(&format!(
            "\n   The ruling drawn: {}",
            crate::echo::path_for_message(&path)
        ));
    }
    super::emit(&text)
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
        if crate::echo::is_stdin(other) {
            "standard input".into()
        } else {
            crate::echo::path_for_message(other)
        },
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
