//! `tenball scenario check|show|diagram|new`: plays teaching scenarios (by default the library
//! built into the binary) and says, for each that does not hold, the step and the difference;
//! shows one in the game; draws one; writes a new one. A scenario is named by a file, by a
//! folder of files, or by its name in the built-in library.

use std::path::PathBuf;

use super::CliError;
use crate::tablefile::TableFile;
use crate::teaching::scenario::Scenario;

#[derive(Debug, clap::Args)]
pub struct ScenarioArgs {
    #[command(subcommand)]
    pub command: ScenarioCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum ScenarioCommand {
    /// The built-in library, a scenario a line: its name (what `show`, `diagram`, `check` and a
    /// `?scenario=` link take), its rules and its title.
    List,
    /// Play scenarios and compare each step's ruling with what the scenario expects.
    Check {
        /// Scenario files, folders of them or names in the library (`scratch`); the whole
        /// built-in library when none are given.
        files: Vec<PathBuf>,
        /// Also replay each scenario played on the table N times with the batch runs'
        /// execution noise and say how often its rulings hold.
        #[arg(long, value_name = "N")]
        robust: Option<u32>,
        /// Seed of the noise for --robust.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Draw a scenario as a top-down handout (PNG, or SVG for a .svg name): the table, the balls
    /// where the shot began, paths, numbered contacts and the ruling.
    Diagram {
        /// A scenario file, or the name of one in the library (`scratch`).
        scenario: String,
        /// The picture (never written over).
        #[arg(long)]
        out: PathBuf,
    },
    /// Show a scenario in the game window, step by step ('.' plays the next), with what decides
    /// each shot marked and the ruling card.
    #[cfg(feature = "game")]
    Show {
        /// A scenario file, a folder of them (its first is shown, the rest are its library), or
        /// the name of one in the built-in library; the library's first when none is given.
        scenario: Option<String>,
        #[command(flatten)]
        play: Box<super::play::PlayArgs>,
    },
    /// Write a new scenario from a table file (saved from the game with F5): its position and,
    /// if it holds a stroke and a call, a step expecting the ruling they give now. Fill in the
    /// rules and the explanation afterwards.
    New {
        /// The table file.
        table: PathBuf,
        /// The new scenario file (never written over).
        #[arg(long)]
        out: PathBuf,
        #[arg(long, default_value = "A new scenario")]
        title: String,
    },
}

pub fn run(args: &ScenarioArgs) -> Result<(), CliError> {
    let (files, robust, seed) = match &args.command {
        ScenarioCommand::Check {
            files,
            robust,
            seed,
        } => (files, robust, seed),
        ScenarioCommand::New { table, out, title } => return new(table, out, title),
        ScenarioCommand::List => return list(),
        ScenarioCommand::Diagram { scenario, out } => return diagram(scenario, out),
        #[cfg(feature = "game")]
        ScenarioCommand::Show { scenario, play } => return show(scenario.as_deref(), play),
    };
    if robust.is_some_and(|n| !(1..=100_000).contains(&n)) {
        return Err(CliError::input("--robust: from 1 to 100000 replays"));
    }
    // Each file is read and played in turn and its result printed at once: an unreadable one
    // among several is reported (on stderr) and the others still run.
    let named: Vec<Result<(String, Scenario), CliError>> = if files.is_empty() {
        built_in().into_iter().map(Ok).collect()
    } else {
        files.iter().flat_map(|f| from_path(f)).collect()
    };
    let (mut passed, mut failed, mut unreadable) = (0, 0, 0);
    for item in &named {
        let text = match item {
            Ok((label, s)) => {
                let (text, ok) = check_one(label, s, *robust, *seed);
                if ok {
                    passed += 1;
                } else {
                    failed += 1;
                }
                text
            }
            Err(e) => {
                unreadable += 1;
                super::warn(&e.message);
                continue;
            }
        };
        super::emit(text.trim_end())?;
    }
    let mut last = format!("{passed} passed, {failed} failed");
    if unreadable > 0 {
        last.push_str(&format!(", {unreadable} could not be read"));
    }
    super::emit(&last)?;
    if unreadable > 0 {
        return Err(CliError::input(format!(
            "{unreadable} scenario file(s) could not be read"
        )));
    }
    if failed > 0 {
        return Err(CliError {
            code: 1,
            message: format!("{failed} scenario(s) do not hold"),
        });
    }
    Ok(())
}

/// One scenario's lines and whether it holds.
fn check_one(label: &str, s: &Scenario, robust: Option<u32>, seed: u64) -> (String, bool) {
    let diffs = s.check();
    if !diffs.is_empty() {
        let mut text = format!("FAIL  {label}: {}\n", crate::echo::visible(&s.title));
        for d in diffs {
            text.push_str(&format!("      {d}\n"));
        }
        return (text, false);
    }
    let mut text = format!(
        "ok    {label}: {} ({})\n",
        crate::echo::visible(&s.title),
        crate::echo::visible(&s.rules.join(", "))
    );
    if let Some(n) = robust
        && let Some((held, runs)) = s.robustness(n, seed)
    {
        text.push_str(&format!(
            "      with execution noise: holds in {held} of {runs} ({:.0} %)\n",
            100.0 * held as f64 / runs as f64
        ));
    }
    (text, true)
}

fn list() -> Result<(), CliError> {
    let (entries, problems) = crate::teaching::scenario::library();
    for p in problems {
        super::warn(&format!("library: {p}"));
    }
    let width = entries.iter().map(|e| e.name.len()).max().unwrap_or(0);
    let mut text = String::new();
    for e in &entries {
        text.push_str(&format!(
            "{:<width$}  {:<16} {}\n",
            e.name,
            e.rules(),
            e.title()
        ));
    }
    text.push_str(&format!(
        "{} scenarios; `tenball scenario show NAME` plays one",
        entries.len()
    ));
    super::emit(&text)
}

/// A scenario by file or library name.
fn find(name: &str) -> Result<Scenario, CliError> {
    let path = std::path::Path::new(name);
    if path.is_file() || crate::echo::is_stdin(path) {
        return Scenario::load(path).map_err(|e| CliError::input(e.0));
    }
    crate::teaching::scenario::from_library(name).ok_or_else(|| {
        let names: Vec<String> = built_in().into_iter().map(|(n, _)| n).collect();
        CliError::input(format!(
            "{name}: no such file, and no scenario of that name in the library ({})",
            names.join(", ")
        ))
    })
}

/// The built-in library's scenarios with their names.
fn built_in() -> Vec<(String, Scenario)> {
    let (entries, problems) = crate::teaching::scenario::library();
    for p in problems {
        super::warn(&format!("library: {p}"));
    }
    entries.into_iter().map(|e| (e.name, e.scenario)).collect()
}

/// The scenarios a path names, each read on its own (one bad file among good ones is one
/// error beside them): the file, every `.json` file of the folder in name order, or the
/// library's scenario of that name.
fn from_path(path: &std::path::Path) -> Vec<Result<(String, Scenario), CliError>> {
    let shown = crate::echo::path_for_message(path);
    if crate::echo::is_stdin(path) {
        return vec![
            Scenario::load(path)
                .map(|s| (crate::echo::input_name(path), s))
                .map_err(|e| CliError::input(e.0)),
        ];
    }
    let files = if path.is_dir() {
        let dir = match std::fs::read_dir(path) {
            Ok(d) => d,
            Err(e) => return vec![Err(CliError::input(format!("{shown}: cannot read: {e}")))],
        };
        let mut files: Vec<PathBuf> = dir
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        if files.is_empty() {
            return vec![Err(CliError::input(format!(
                "{shown}: no scenario files (*.json) in this folder"
            )))];
        }
        files
    } else if std::fs::symlink_metadata(path).is_err()
        && let Some(s) = crate::teaching::scenario::from_library(&path.to_string_lossy())
    {
        // Not a file but a library name (`scratch`), as `diagram` and `show` take.
        return vec![Ok((shown, s))];
    } else if std::fs::symlink_metadata(path).is_err() {
        return vec![Err(CliError::input(format!(
            "{shown}: no such file or folder, and no scenario of that name in the library \
             (`tenball scenario check` with no names checks the whole library)"
        )))];
    } else {
        vec![path.to_path_buf()]
    };
    files
        .iter()
        .map(|f| {
            Scenario::load(f)
                .map(|s| (crate::echo::path_for_message(f), s))
                .map_err(|e| CliError::input(e.0))
        })
        .collect()
}

#[cfg(feature = "game")]
fn show(name: Option<&str>, play: &super::play::PlayArgs) -> Result<(), CliError> {
    let library: Vec<(String, Scenario)> = match name {
        Some(n) if std::path::Path::new(n).is_dir() => from_path(std::path::Path::new(n))
            .into_iter()
            .collect::<Result<_, _>>()?,
        _ => built_in(),
    };
    let s = match name {
        Some(n) if !std::path::Path::new(n).is_dir() => find(n)?,
        _ => library
            .first()
            .map(|(_, s)| s.clone())
            .ok_or_else(|| CliError::input("no scenarios to show"))?,
    };
    let mut opts = super::play::options(play)?;
    let base = crate::game::options_from_file(s.position.clone(), crate::game::Mode::Practice);
    opts.table = base.table;
    opts.players = base.players;
    opts.rules = base.rules;
    opts.load = base.load;
    opts.lesson = Some(s);
    opts.library = library
        .into_iter()
        .map(|(name, scenario)| crate::teaching::scenario::LibraryEntry { name, scenario })
        .collect();
    super::play::run_with(opts)
}

fn diagram(name: &str, out: &std::path::Path) -> Result<(), CliError> {
    let s = find(name)?;
    crate::teaching::diagram::draw(&s, out).map_err(CliError::input)?;
    super::emit(&format!("wrote {}", crate::echo::path_for_message(out)))
}

fn new(table: &std::path::Path, out: &std::path::Path, title: &str) -> Result<(), CliError> {
    if let Some(why) = crate::outfile::problem(out, "the scenario") {
        return Err(CliError::input(why));
    }
    let file = TableFile::load(table).map_err(|e| CliError::input(e.to_string()))?;
    let s = Scenario::from_table(&file, title)
        .map_err(|e| CliError::input(format!("{}: {}", table.display(), e.0)))?;
    let text = serde_json::to_string_pretty(&s).expect("scenarios serialize") + "\n";
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(out)
        .map_err(|e| {
            CliError::input(format!(
                "{}: cannot create (it is never written over): {e}",
                out.display()
            ))
        })?;
    use std::io::Write;
    f.write_all(text.as_bytes()).map_err(|e| CliError {
        code: 1,
        message: format!("{}: cannot write: {e}", out.display()),
    })?;
    super::emit(&format!(
        "wrote {} with {} step(s); add its rules and explanation",
        crate::echo::path_for_message(out),
        s.steps.len()
    ))
}
