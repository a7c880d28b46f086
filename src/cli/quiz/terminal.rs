//! The quiz in the terminal: each question shown, its four parts asked on standard input (a
//! line at most `MAX_ANSWER_LINE` bytes, `?` explains, a bad line asked again), graded as it is
//! answered; the input's end, a closed output or Ctrl-C keeps what was answered.

use std::io::BufRead;

use super::*;

/// Prints `text` with no newline (a prompt): as all output, dropped once the reader has
/// gone away, while the quiz goes on reading answers.
pub(super) fn prompt(text: &str) -> Result<(), CliError> {
    crate::cli::emit_raw(text)
}

/// The longest answer line read (bytes): a part's answer is a word or two.
pub const MAX_ANSWER_LINE: usize = 1024;

/// What the questions answered so far need, shared with the handler of Ctrl-C (and `kill`):
/// a quiz stopped by a signal grades and keeps what was answered, as one whose input ended.
pub(super) struct Answered {
    pub(super) graded: std::sync::Mutex<Vec<Graded>>,
    /// Set by whichever ends the quiz first: the questions run out, or a signal.
    pub(super) ending: std::sync::atomic::AtomicBool,
    pub(super) of: usize,
    pub(super) progress: Option<PathBuf>,
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
pub(super) fn on_signal(answered: std::sync::Arc<Answered>) {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next()
            && answered.claim_end()
        {
            let graded = answered.graded();
            let _ = crate::cli::emit(&format!(
                "\n(stopped after {} of {} questions: those answered are graded)",
                graded.len(),
                answered.of
            ));
            let code = match finish(&graded, answered.progress.as_deref(), false) {
                Ok(()) => 128 + sig,
                Err(e) => {
                    crate::cli::warn(&e.message);
                    i32::from(e.code)
                }
            };
            std::process::exit(code);
        }
    });
}

/// Asks each question in turn on stdin, grading each as it is answered; the input's end, a
/// line too long to be an answer, or Ctrl-C stops early, keeping what was answered.
pub(super) fn ask(
    args: &QuizArgs,
    drawn: &[&Question],
    progress: Option<&Path>,
) -> Result<(), CliError> {
    if let Some(dir) = &args.diagrams {
        if let Some(why) = crate::outfile::problem(dir, "the diagrams folder") {
            return Err(CliError::input(why));
        }
        std::fs::create_dir(dir)
            .map_err(|e| CliError::input(format!("{}: cannot create: {e}", dir.display())))?;
    }
    crate::cli::emit(&format!(
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
                crate::cli::warn(&format!(
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

pub(super) fn ask_each(
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
                crate::cli::emit(&format!(
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

pub(super) fn show_question(
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
    crate::cli::emit(text.trim_end())
}

/// An answer read, or why no more are.
pub(super) enum Read {
    Answer(Answer),
    End(&'static str),
}

/// Reads the four parts; [`Read::End`] when the input ends.
pub(super) fn read_answer(input: &mut impl BufRead) -> Result<Read, CliError> {
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

pub(super) fn meanings<C: Choice>(all: &[C]) -> String {
    all.iter()
        .map(|c| format!("{} = {}", c.word(), c.meaning()))
        .collect::<Vec<_>>()
        .join("; ")
}

pub(super) type Parse<'a, T> = &'a dyn Fn(&str) -> Result<Option<T>, String>;

/// A part asked: answered (`None`: skipped), or the input gave no more, and why.
pub(super) enum Part<T> {
    Given(Option<T>),
    End(&'static str),
}

/// Asks one part until it is answered in its words (or skipped); [`Part::End`] at the input's end or
/// at a line longer than [`MAX_ANSWER_LINE`] (not read further: `/dev/zero` is no answer). A
/// line that is not UTF-8 is asked again.
pub(super) fn ask_part<T>(
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
            crate::cli::emit("   that line is not UTF-8 text; answer again")?;
            continue;
        };
        let w = line.trim();
        if w == "?" {
            crate::cli::emit(&format!("   {}", help()))?;
            continue;
        }
        match parse(w) {
            Ok(v) => return Ok(Part::Given(v)),
            Err(e) => crate::cli::emit(&format!(
                "   {}; `?` explains",
                crate::echo::cut(&crate::echo::visible(&e))
            ))?,
        }
    }
}

pub(super) fn show_grade(
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
    crate::cli::emit(&text)
}
