//! `tenball drill list|show|check|run|rate|progress`: the drill library and drill files; a
//! computer level playing a drill attempt by attempt; the levels' score distributions, which
//! put a score on the ladder's scale; and a player's sessions kept in the progress file.

use std::path::PathBuf;

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::CliError;
use crate::computer::Level;
use crate::drills::{Drill, Session, find, library, player};
use crate::physics::Equipment;

#[derive(Debug, clap::Args)]
pub struct DrillArgs {
    #[command(subcommand)]
    pub command: DrillCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum DrillCommand {
    /// The built-in drills, one a line: the name `show`, `run` and `rate` take, its scoring
    /// and its title.
    List,
    /// What a drill asks, how it is scored and where it comes from.
    Show {
        /// A drill's name in the library (`stop-shot`) or a drill file (`my.json`).
        drill: String,
    },
    /// Check drill files (or the whole library): each is read and its positions set up; a bad
    /// one is named with the place and the problem.
    Check {
        /// Drill files; the built-in library when none are given.
        files: Vec<PathBuf>,
    },
    /// A computer level plays a drill: each attempt's result and the score.
    Run {
        drill: String,
        /// The level: 1 (a beginner) to 5, or greedy.
        #[arg(long, default_value = "3", value_parser = Level::parse)]
        level: Level,
        /// The seed of drawn positions, racks and the level's noise.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The cloth, cushions and pockets (wpa, pro, or an equipment file).
        #[arg(long, default_value = "wpa", value_parser = Equipment::from_arg)]
        equipment: Equipment,
        /// Attempts in place of the drill's own (a progressive or points drill).
        #[arg(long)]
        attempts: Option<u32>,
        /// Each attempt and the score as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Play a drill in the game window: each attempt's position on the table, aimed and struck
    /// with the mouse; the result and the score in the dock; the finished session kept in the
    /// progress file.
    #[cfg(feature = "game")]
    Play {
        drill: String,
        /// The name the progress file keeps the session under.
        #[arg(long, default_value = "You")]
        player: String,
        /// Take up this player's last unfinished session of the drill (its seed, its attempts)
        /// from the progress file.
        #[arg(long)]
        resume: bool,
        /// The game's options; its --seed draws the drill's positions and racks (the same seed
        /// plays the same session again).
        #[command(flatten)]
        play: Box<super::play::PlayArgs>,
    },
    /// The computer's levels each play a drill many times: each level's scores (mean and
    /// quartiles), which put a player's score on the ladder's scale. Resumable like the batch
    /// runs (`--out FILE --resume`).
    Rate(Box<RateArgs>),
    /// A player's sessions (the progress file): per drill the sessions, the first, best and
    /// last scores, the last five, and where the last stands among the computer's levels.
    Progress {
        /// Only this player's sessions.
        #[arg(long)]
        player: Option<String>,
        /// The progress file (default: $TENBALL_PROGRESS, else tenball/progress.jsonl in the
        /// platform's data folder).
        #[arg(long)]
        file: Option<PathBuf>,
        /// Draw one drill's sessions (give --drill) with the levels' scores behind them: a PNG,
        /// or an SVG for a .svg name (never written over).
        #[arg(long, value_name = "OUT.png", requires = "drill")]
        plot: Option<PathBuf>,
        /// The drill to plot.
        #[arg(long)]
        drill: Option<String>,
    },
}

#[derive(Debug, clap::Args)]
pub struct RateArgs {
    /// A drill's name in the library, or a drill file.
    drill: String,
    /// The levels that play it, by number (1 to 5), comma-separated.
    #[arg(long, default_value = "1,2,3,4,5", value_delimiter = ',', value_parser = Level::parse)]
    levels: Vec<Level>,
    /// Sessions each level plays.
    #[arg(long, default_value_t = 20)]
    sessions: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value = "wpa", value_parser = Equipment::from_arg)]
    equipment: Equipment,
    /// The records file (JSON lines: a header, then a session a line), never written over.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Complete an existing --out file made with the same inputs.
    #[arg(long, requires = "out")]
    resume: bool,
    /// The summary as JSON (each level's scores, as `assets/drills/levels.json` holds them).
    #[arg(long)]
    json: bool,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

pub fn run(args: &DrillArgs) -> Result<(), CliError> {
    match &args.command {
        DrillCommand::List => list(),
        DrillCommand::Show { drill } => show(drill),
        DrillCommand::Check { files } => check(files),
        DrillCommand::Run {
            drill,
            level,
            seed,
            equipment,
            attempts,
            json,
        } => play(drill, *level, *seed, *equipment, *attempts, *json),
        DrillCommand::Rate(r) => rate(r),
        #[cfg(feature = "game")]
        DrillCommand::Play {
            drill,
            player,
            resume,
            play,
        } => play_in_game(drill, player, *resume, play),
        DrillCommand::Progress {
            player,
            file,
            plot,
            drill,
        } => progress(
            player.as_deref(),
            file.as_deref(),
            plot.as_deref().zip(drill.as_deref()),
        ),
    }
}

fn load(name: &str) -> Result<Drill, CliError> {
    find(name).map_err(|e| CliError::input(e.0))
}

fn list() -> Result<(), CliError> {
    for (name, d) in library() {
        let line = match d {
            Ok(d) => format!("{name:<26} {:<12} {}", scoring_name(&d), d.title),
            Err(e) => format!("{name:<26} (does not load: {e})"),
        };
        super::emit(&line)?;
    }
    Ok(())
}

/// The scoring in a word or two: "progressive", "10 points", "balls run", "race to 7".
fn scoring_name(d: &Drill) -> String {
    use crate::drills::Scoring::*;
    match d.scoring {
        Progressive { .. } => "progressive".into(),
        Points { .. } => format!("{} points", d.scoring.max()),
        BallsRun { .. } => "balls run".into(),
        Race { to } => format!("race to {to}"),
    }
}

fn show(name: &str) -> Result<(), CliError> {
    let d = load(name)?;
    super::emit(&format!(
        "{}\n\n{}\n\nScored: {}\n\nSource: {}",
        d.title,
        d.what,
        d.scoring.words(),
        d.source
    ))
}

fn check(files: &[PathBuf]) -> Result<(), CliError> {
    let named: Vec<(String, Result<Drill, crate::drills::DrillError>)> = if files.is_empty() {
        library()
    } else {
        files
            .iter()
            .map(|f| (crate::echo::input_name(f), Drill::load(f)))
            .collect()
    };
    let mut bad = 0;
    for (name, d) in named {
        // A drill that reads may still fail to set up (a drawn ball with no room).
        let d = d.and_then(|d| {
            Session::new(d, 1, Equipment::default())
                .map(|_| ())
                .map_err(|e| crate::drills::DrillError(format!("{name}: {e}")))
        });
        match d {
            Ok(()) => super::emit(&format!("{name}: ok"))?,
            Err(e) => {
                bad += 1;
                super::warn(&e.0);
            }
        }
    }
    if bad > 0 {
        return Err(CliError::input(format!("{bad} drill(s) cannot be played")));
    }
    Ok(())
}

fn play(
    name: &str,
    level: Level,
    seed: u64,
    equipment: Equipment,
    attempts: Option<u32>,
    json: bool,
) -> Result<(), CliError> {
    let mut d = load(name)?;
    if let Some(n) = attempts {
        d.scoring = d
            .scoring
            .with_attempts(n)
            .map_err(|e| CliError::input(format!("--attempts: {e}")))?;
    }
    if !json {
        super::emit(&format!("{} by {}", d.title, level.name()))?;
    }
    let mut session = Session::new(d, seed, equipment).map_err(CliError::input)?;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut lines = Vec::new();
    while let Some(due) = session.due() {
        let (attempt, place) = (due.attempt, due.place);
        let stroke = player::stroke(&session, level, &mut rng).map_err(CliError::input)?;
        let played = session.play(&stroke).map_err(CliError::input)?;
        let Some(a) = played.attempt else {
            continue;
        };
        let score = session.score();
        if json {
            lines.push(serde_json::json!({
                "attempt": attempt,
                "place": place,
                "success": a.success,
                "balls": a.balls,
                "words": played.words,
                "score": score.value,
            }));
        } else {
            super::emit(&format!(
                "attempt {attempt}{}: {} ({}); score {} of {}",
                place
                    .map(|p| format!(" from place {p}"))
                    .unwrap_or_default(),
                if a.success { "success" } else { "miss" },
                played.words,
                score.value,
                score.max
            ))?;
        }
    }
    let s = session.score();
    if json {
        return super::emit(
            &serde_json::to_string_pretty(&serde_json::json!({
                "drill": name,
                "level": level,
                "seed": seed,
                "attempts": lines,
                "score": s.value,
                "max": s.max,
            }))
            .expect("JSON serialises"),
        );
    }
    super::emit(&format!("score: {} of {}", s.value, s.max))
}

fn rate(args: &RateArgs) -> Result<(), CliError> {
    use crate::batch::drill_run::{DrillRun, RateSpec};
    use std::sync::atomic::Ordering;
    let drill = load(&args.drill)?;
    let spec = RateSpec {
        name: args.drill.clone(),
        drill,
        levels: args.levels.clone(),
        sessions: args.sessions,
        seed: args.seed,
        equipment: args.equipment,
    };
    spec.check()
        .map_err(|e| CliError::input(format!("drill rate: {e}")))?;
    if args
        .levels
        .iter()
        .any(|l| crate::drills::rating::level_number(*l).is_none())
    {
        return Err(CliError::input(
            "--levels: give level numbers 1 to 5 (greedy has no place on the ladder)",
        ));
    }
    let pool = super::duel::worker_pool(args.threads)?;
    let stop = super::batch_args::stop_on_signals();
    let mut run = DrillRun::open_or_resume(spec, args.out.as_deref(), args.resume, &mut |m| {
        super::warn(&m)
    })?;
    let bar = super::batch_args::progress_of(run.total(), run.records().len() as u64, "sessions");
    let finished = run.run(&pool, &|| stop.load(Ordering::SeqCst) != 0, &mut |n| {
        bar.inc(n)
    })?;
    bar.finish_and_clear();
    let levels = level_scores(run.records());
    if args.json {
        super::emit(&serde_json::to_string_pretty(&levels).expect("summaries serialize"))?;
    } else {
        let max = run.records().first().map_or(0, |r| r.max);
        super::emit(&format!(
            "{}: each level's scores (of {max})",
            run.spec().drill.title
        ))?;
        super::emit("| level | sessions | mean | quartiles | median |")?;
        super::emit("|---|---|---|---|---|")?;
        for (l, s) in &levels {
            super::emit(&format!(
                "| {l} | {} | {:.2} | {:.1}-{:.1} | {:.1} |",
                s.sessions, s.mean, s.low_quartile, s.high_quartile, s.median
            ))?;
        }
    }
    if !finished {
        return Err(super::batch_args::interrupted(
            &stop,
            run.records().len() as u64,
            run.total(),
            "sessions",
            args.out.as_deref(),
        ));
    }
    Ok(())
}

/// Each level's scores of `records`.
fn level_scores(
    records: &[crate::batch::drill_run::SessionRecord],
) -> crate::drills::rating::DrillLevels {
    let mut by: std::collections::BTreeMap<u8, Vec<u32>> = Default::default();
    for r in records {
        if let Some(n) = crate::drills::rating::level_number(r.level) {
            by.entry(n).or_default().push(r.score);
        }
    }
    by.into_iter()
        .map(|(l, v)| (l, crate::drills::rating::LevelScores::of(&v)))
        .collect()
}

fn progress(
    player: Option<&str>,
    file: Option<&std::path::Path>,
    plot: Option<(&std::path::Path, &str)>,
) -> Result<(), CliError> {
    use crate::drills::progress;
    let path = match file {
        Some(f) => f.to_path_buf(),
        None => progress::default_path().ok_or_else(|| {
            CliError::input("no data folder on this system: give --file or set TENBALL_PROGRESS")
        })?,
    };
    let shown = crate::echo::path_for_message(&path);
    let text = match std::fs::metadata(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return super::emit(&format!(
                "no sessions yet ({shown} does not exist): play a drill in the game's Drills screen"
            ));
        }
        _ => crate::echo::read_text(&path).map_err(CliError::input)?,
    };
    let (entries, bad) = progress::read(&shown, &text);
    for b in &bad {
        super::warn(b);
    }
    let levels = crate::drills::rating::shipped();
    if let Some((out, drill)) = plot {
        return plot_progress(&entries, player, drill, &levels, out);
    }
    let rows = progress::table(&entries, player, &levels);
    if rows.is_empty() {
        return super::emit(&format!(
            "no sessions{} in {shown}",
            player.map(|p| format!(" of {p}")).unwrap_or_default()
        ));
    }
    super::emit(
        "| drill | sessions | first | best | last | last five | the last among the levels | unfinished |",
    )?;
    super::emit("|---|---|---|---|---|---|---|---|")?;
    let or_dash = |v: Option<u32>| v.map_or("-".to_string(), |v| v.to_string());
    for r in rows {
        let recent: Vec<String> = r.recent.iter().map(u32::to_string).collect();
        super::emit(&format!(
            "| {} | {} | {} | {} | {} of {} | {} | {} | {} |",
            r.drill,
            r.sessions,
            or_dash(r.first),
            or_dash(r.best),
            or_dash(r.last),
            r.max,
            recent.join(" "),
            r.placing,
            r.unfinished
                .map_or("-".to_string(), |n| format!("{n} attempts (--resume)"))
        ))?;
    }
    Ok(())
}

/// The plot of one drill's finished sessions with the levels behind them.
fn plot_progress(
    entries: &[crate::drills::progress::Entry],
    player: Option<&str>,
    drill: &str,
    levels: &std::collections::BTreeMap<String, crate::drills::rating::DrillLevels>,
    out: &std::path::Path,
) -> Result<(), CliError> {
    if let Some(why) = crate::outfile::problem(out, "the plot") {
        return Err(CliError::input(why));
    }
    let done = crate::drills::progress::finished(entries, player, drill);
    if done.is_empty() {
        return Err(CliError::input(format!(
            "no finished session of {drill}{} to plot",
            player.map(|p| format!(" by {p}")).unwrap_or_default()
        )));
    }
    let scores: Vec<u32> = done.iter().map(|e| e.score).collect();
    let max = done.last().map_or(10, |e| e.max);
    let title = format!(
        "{drill}{}: {} session{}",
        player.map(|p| format!(", {p}")).unwrap_or_default(),
        scores.len(),
        if scores.len() == 1 { "" } else { "s" }
    );
    crate::drills::progress::plot(&scores, max, &title, levels.get(drill), out)
        .map_err(CliError::input)?;
    super::emit(&format!("wrote {}", crate::echo::path_for_message(out)))
}

/// The game with the drill's session in place of a match: one player (no computer), hot-seat
/// rules (no undo, re-rack or ball in hand on demand, which would leave the drill's position).
#[cfg(feature = "game")]
pub(super) fn play_in_game(
    name: &str,
    player: &str,
    resume: bool,
    args: &super::play::PlayArgs,
) -> Result<(), CliError> {
    use crate::drills::progress;
    let d = load(name)?;
    if player.trim().is_empty() || player.chars().any(crate::echo::is_hidden) {
        return Err(CliError::input("--player: a name of one line of text"));
    }
    let mut opts = super::play::options(args)?;
    // The player's sessions so far: the scores shown beside the drill, the one to take up.
    let entries = match progress::default_path() {
        Some(p) if p.exists() => {
            let text = crate::echo::read_text(&p).map_err(CliError::input)?;
            let (e, bad) = progress::read(&crate::echo::path_for_message(&p), &text);
            for b in bad {
                super::warn(&b);
            }
            e
        }
        _ => Vec::new(),
    };
    let (session, started) = match progress::unfinished(&entries, player, name) {
        Some(e) if resume => {
            let outcomes: Vec<crate::drills::Attempt> = e
                .attempts
                .iter()
                .map(|&success| crate::drills::Attempt { success, balls: 0 })
                .collect();
            let s = Session::resume(d.clone(), e.seed, opts.equipment, &outcomes)
                .map_err(CliError::input)?;
            super::warn(&format!(
                "{}: taken up after attempt {} (seed {})",
                d.title,
                outcomes.len(),
                e.seed
            ));
            (s, Some(e.session))
        }
        None if resume => {
            return Err(CliError::input(format!(
                "--resume: {player} has no unfinished session of {name}"
            )));
        }
        _ => {
            let s = Session::new(d.clone(), opts.seed, opts.equipment).map_err(CliError::input)?;
            super::warn(&format!(
                "{}: seed {} (--seed {} plays this session again)",
                d.title, opts.seed, opts.seed
            ));
            (s, None)
        }
    };
    let mut start = crate::game::screens::drills::DrillStart::new(name, session);
    // From the entries already read, not the file again.
    start.history = progress::finished(&entries, Some(player), name)
        .iter()
        .map(|e| e.score)
        .collect();
    if let Some(t) = started {
        start.started = t;
    }
    opts.table = d.table;
    opts.mode = crate::game::Mode::HotSeat;
    opts.computer = [None, None];
    opts.players = [player.to_string(), d.other_seat().to_string()];
    opts.drill = Some(start);
    super::play::run_with(opts)
}
