//! `tenball equipment`: the built-in sets of cloth, cushions and pockets with each figure's
//! source, and a set as JSON to start an equipment file of one's own from.

use super::CliError;
use crate::physics::Equipment;
use crate::physics::equipment::SET_NAMES;

#[derive(Debug, clap::Args)]
pub struct EquipmentArgs {
    #[command(subcommand)]
    pub command: EquipmentCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum EquipmentCommand {
    /// The built-in sets, a line each.
    List,
    /// A set's figures with their sources, or as JSON (`--json`) for a file of one's own.
    Show {
        /// A built-in set (wpa, pro) or an equipment file.
        #[arg(value_parser = Equipment::from_arg)]
        set: Equipment,
        /// Print the set as an equipment file (JSON) instead.
        #[arg(long)]
        json: bool,
    },
    /// The WPA's liveliness check: how many table lengths a centre-ball stroke from the head
    /// spot through the foot spot travels at each speed (the WPA wants 4 to 4.5).
    Liveliness {
        /// A built-in set (wpa, pro) or an equipment file.
        #[arg(default_value = "wpa", value_parser = Equipment::from_arg)]
        set: Equipment,
        /// Cue ball speeds (m/s), comma separated.
        #[arg(long, default_value = "3,4.5,6,7,8,10", value_delimiter = ',')]
        speeds: Vec<f64>,
        /// Table size: 9ft, 8ft or 7ft.
        #[arg(long, default_value = "9ft", value_parser = super::shot::parse_size)]
        table: crate::table::TableSize,
    },
}

pub fn run(args: &EquipmentArgs) -> Result<(), CliError> {
    match &args.command {
        EquipmentCommand::List => {
            let mut out = String::new();
            for name in SET_NAMES {
                let e = Equipment::named(name).expect("a built-in set");
                out.push_str(&format!(
                    "{name:<4} corner pockets {} in, side pockets {} in, cloth mu_slide {} mu_roll {}, cushion restitution {}\n",
                    e.pockets.corner_mouth_in,
                    e.pockets.side_mouth_in,
                    e.cloth.mu_slide,
                    e.cloth.mu_roll,
                    e.cushions.restitution
                ));
            }
            super::emit(out.trim_end())
        }
        EquipmentCommand::Show { set, json: true } => {
            super::emit(&serde_json::to_string_pretty(set).expect("equipment serializes"))
        }
        EquipmentCommand::Liveliness { set, speeds, table } => liveliness(set, speeds, *table),
        EquipmentCommand::Show { set, json: false } => {
            let mut out = format!("equipment: {}\n", set.name());
            for s in set.sourced() {
                out.push_str(&format!(
                    "{:<26} {:>7} {:<8} {}\n",
                    s.name,
                    crate::echo::number(s.value),
                    s.unit,
                    s.source
                ));
            }
            super::emit(out.trim_end())
        }
    }
}

/// The lengths travelled at each speed, and between which speeds the WPA's 4 and 4.5 lie.
fn liveliness(
    set: &Equipment,
    speeds: &[f64],
    table: crate::table::TableSize,
) -> Result<(), CliError> {
    if speeds.is_empty() || speeds.len() > 20 {
        return Err(CliError::input("--speeds: 1 to 20 speeds"));
    }
    let mut out = format!(
        "equipment {}, {} table: a centre-ball stroke from the head spot through the foot spot\n",
        set.name(),
        table.name()
    );
    let mut rows = Vec::new();
    for &v in speeds {
        crate::physics::Strike::new(0.0, v)
            .validate()
            .map_err(|e| CliError::input(format!("--speeds {}: {e}", crate::echo::number(v))))?;
        let lengths =
            crate::physics::equipment::liveliness(set, table, v).map_err(CliError::input)?;
        out.push_str(&format!("  {v:>5.2} m/s  {lengths:.2} table lengths\n"));
        rows.push((v, lengths));
    }
    for want in [4.0, 4.5] {
        let at = rows
            .windows(2)
            .find(|w| (w[0].1 - want) * (w[1].1 - want) <= 0.0 && w[0].1 != w[1].1)
            .map(|w| w[0].0 + (want - w[0].1) * (w[1].0 - w[0].0) / (w[1].1 - w[0].1));
        out.push_str(&match at {
            Some(v) => format!(
                "  {want} lengths (the WPA's {}) at about {v:.1} m/s\n",
                if want == 4.0 { "least" } else { "most" }
            ),
            None => format!("  {want} lengths: not between the speeds given\n"),
        });
    }
    out.push_str("the WPA's own stroke for the check was not found: see docs/break-study.md");
    super::emit(&out)
}
