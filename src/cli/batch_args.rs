//! The options a batch of breaks shares (`tenball breaks` and `tenball breaks sweep`), turned
//! into the batch layer's `BreakSpec`, and the progress bar both show.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::CliError;
use super::shot::parse_size;
use crate::batch::{BreakSpec, CuePlace};
use crate::physics::{Equipment, Noise};
use crate::referee::Tightness;
use crate::table::TableSize;

/// The inputs of a batch shared by `breaks` and `breaks sweep`.
#[derive(Debug, Clone, clap::Args)]
pub struct SpecArgs {
    /// Base seed; break i uses a seed derived from it and i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Tip offset right of centre, as a share of the ball's radius.
    #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
    pub side: f64,
    /// Tip offset above centre (follow > 0, draw < 0), as a share of the radius.
    #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
    pub height: f64,
    /// Cue elevation (degrees).
    #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
    pub elevation: f64,
    /// Table size: 9ft, 8ft or 7ft.
    #[arg(long, default_value = "9ft", value_parser = parse_size)]
    pub table: TableSize,
    /// No execution noise (by default each stroke gets gaussian errors of 0.125 deg aim,
    /// 0.075 m/s speed, 0.5 mm tip offset and 0.1 deg elevation, FastFiz's values).
    #[arg(long)]
    pub no_noise: bool,
    /// How tightly each break's balls are racked: template, hand (the default),
    /// loose, even, tight, typical or the
    /// largest gap between neighbours in mm; each break's gaps are drawn from its seed.
    #[arg(long, default_value = "hand", value_parser = Tightness::parse)]
    pub rack: Tightness,
    /// The cloth, cushions and pockets: a built-in set (wpa, the default; pro: 4.25 in corner
    /// pockets) or an equipment file of one's own (`tenball equipment show wpa --json` writes
    /// one to start from). Named in the records' header; a resume or merge must use the same.
    #[arg(long, default_value = "wpa", value_parser = Equipment::from_arg)]
    pub equipment: Equipment,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
}

impl SpecArgs {
    /// The batch's shared inputs, checked.
    pub fn spec(&self, cue: CuePlace, speed: f64) -> Result<BreakSpec, CliError> {
        let spec = BreakSpec {
            seed: self.seed,
            table: self.table,
            cue,
            speed,
            side: self.side,
            height: self.height,
            elevation_deg: self.elevation,
            noise: (!self.no_noise).then(Noise::default),
            rack: self.rack,
            equipment: self.equipment,
        };
        spec.validate().map_err(CliError::input)?;
        Ok(spec)
    }

    pub fn pool(&self) -> Result<rayon::ThreadPool, CliError> {
        if let Some(t) = self.threads
            && !(1..=MAX_THREADS).contains(&t)
        {
            return Err(CliError::input(format!(
                "--threads must be 1 to {MAX_THREADS}, got {t}"
            )));
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.unwrap_or(0))
            .build()
            .map_err(|e| CliError::input(format!("cannot start worker threads: {e}")))
    }
}

/// Ctrl-C and `kill` ask a run to stop: it ends after the work in hand, its records written,
/// with the shell's code for that signal (130, 143) from [`interrupted`].
pub fn stop_on_signals() -> std::sync::Arc<std::sync::atomic::AtomicUsize> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    for sig in [SIGINT, SIGTERM] {
        let _ = signal_hook::flag::register_usize(sig, stop.clone(), sig as usize);
    }
    stop
}

/// A run stopped by the signal `stop` holds after `done` of `total` `unit`: the shell's exit
/// code for that signal, and where the records are and how to complete them.
pub fn interrupted(
    stop: &std::sync::atomic::AtomicUsize,
    done: u64,
    total: u64,
    unit: &str,
    out: Option<&std::path::Path>,
) -> CliError {
    CliError {
        code: 128 + stop.load(std::sync::atomic::Ordering::SeqCst).min(127) as u8,
        message: format!(
            "interrupted after {done} of {total} {unit}{}",
            out.map(|p| format!(
                "; the records are in {}, add --resume to complete them",
                p.display()
            ))
            .unwrap_or_default()
        ),
    }
}

/// The most worker threads a run may ask for (thousands would exhaust the machine's memory
/// for thread stacks before the first break).
const MAX_THREADS: usize = 256;

/// A progress bar of breaks with rate and time left on a terminal; nothing otherwise.
pub fn progress(total: u64, done: u64) -> ProgressBar {
    progress_of(total, done, "breaks")
}

/// A progress bar of `unit`s (plural) with rate and time left on a terminal; nothing otherwise.
pub fn progress_of(total: u64, done: u64, unit: &'static str) -> ProgressBar {
    let target = if std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(total), target);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {unit}  {{rate}}  {{elapsed}} elapsed, {{eta}} left"
        ))
        .expect("a valid template")
        .with_key(
            "rate",
            move |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.1} {unit}/s", state.per_sec());
            },
        ),
    );
    bar.set_position(done);
    bar
}
