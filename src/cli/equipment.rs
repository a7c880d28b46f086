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
        EquipmentCommand::Show { set, json: false } => {
            let mut out = format!("equipment: {}\n", set.name());
            for s in set.sourced() {
                out.push_str(&format!(
                    "{:<24} {:>7} {:<8} {}\n",
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
