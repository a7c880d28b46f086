//! The equipment a shot is played on, as data: the cloth (sliding and rolling friction, spin
//! decay), the cushions (restitution and friction) and the pockets' mouths, each figure with
//! its source. Built-in sets (`wpa`, the default every figure of the guide uses; `pro`, the
//! tighter corners of the pro events) and files of one's own (`tenball equipment show NAME
//! --json` writes one to start from). The balls (size, mass, hardness, ball-ball restitution
//! and friction), the bed and the cue stay compiled in (`params.rs`): the ball-ball contact law
//! is calibrated once for its restitution.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::params::{E_NOSE, E_STOP, MU_CUSHION, MU_ROLL, MU_SLIDE, SPIN_DECAY, STOP_SPEED};
use crate::table::{INCH, Table, TableSize};

/// The cloth's friction with a ball.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cloth {
    /// Sliding friction between ball and cloth.
    pub mu_slide: f64,
    /// Rolling resistance: a rolling ball slows at `mu_roll * g`.
    pub mu_roll: f64,
    /// How fast a ball's spin about the vertical dies (rad/s^2).
    pub spin_decay: f64,
}

/// The cushions.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cushions {
    /// The restitution of Mathavan's cushion model at the nose (the work given back is its
    /// square); 0.90 makes a rolling ball come back with 0.85 of its speed, as players see it.
    pub restitution: f64,
    /// Ball-cushion friction.
    pub friction: f64,
    /// The restitution of the work past the stop (a hit that presses the rubber onto its
    /// backing): Mathavan's measurements past 2.5 m/s (`cushion::FIG_7A`).
    #[serde(default = "default_stop_restitution")]
    pub stop_restitution: f64,
    /// The speed (m/s) whose kinetic energy is the work the rubber takes before the stop.
    #[serde(default = "default_stop_speed")]
    pub stop_speed: f64,
}

fn default_stop_restitution() -> f64 {
    E_STOP
}

fn default_stop_speed() -> f64 {
    STOP_SPEED
}

impl Cushions {
    /// How the cushion gives back the work of a hit (`cushion::Give`).
    pub fn give(&self) -> crate::physics::cushion::Give {
        crate::physics::cushion::Give {
            nose: self.restitution,
            stop: self.stop_restitution,
            stop_speed: self.stop_speed,
        }
    }
}

/// The pockets' mouths, between the jaw points (inches, as the specifications give them).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pockets {
    pub corner_mouth_in: f64,
    pub side_mouth_in: f64,
}

/// Which set the figures are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Set {
    /// The WPA's standard table with the notes' figures.
    #[default]
    Wpa,
    /// The WPA table with the pro events' tighter corner pockets.
    Pro,
    /// Figures from a file of one's own.
    Own,
}

/// The equipment a shot is played on.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Equipment {
    /// The set these figures are (a file's are `own`, whatever it says).
    #[serde(default)]
    pub set: Set,
    pub cloth: Cloth,
    pub cushions: Cushions,
    pub pockets: Pockets,
}

/// The WPA set's cloth, the notes' figures.
pub const WPA_CLOTH: Cloth = Cloth {
    mu_slide: MU_SLIDE,
    mu_roll: MU_ROLL,
    spin_decay: SPIN_DECAY,
};

/// The WPA standard table with the notes' figures (`shared/notes/physics.md`): what every
/// figure of the guide was measured on.
pub const WPA: Equipment = Equipment {
    set: Set::Wpa,
    cloth: WPA_CLOTH,
    cushions: Cushions {
        restitution: E_NOSE,
        friction: MU_CUSHION,
        stop_restitution: E_STOP,
        stop_speed: STOP_SPEED,
    },
    pockets: Pockets {
        corner_mouth_in: 4.5,
        side_mouth_in: 5.0,
    },
};

impl Default for Equipment {
    fn default() -> Self {
        Equipment::wpa()
    }
}

/// The built-in sets' names, as `--equipment` takes them.
pub const SET_NAMES: [&str; 2] = ["wpa", "pro"];

/// One figure's name, value, unit and source, for `tenball equipment show`.
pub struct Sourced {
    pub name: &'static str,
    pub value: f64,
    pub unit: &'static str,
    pub source: &'static str,
}

/// The bounds a figure of a file must lie within: wide enough for any cloth, cushion or pocket
/// in the measurements the notes quote (and well beyond), narrow enough that the physics'
/// assumptions hold (a friction below 1, a restitution below 1, a pocket that takes a ball).
const BOUNDS: [(&str, f64, f64); 9] = [
    ("cloth.mu_slide", 0.02, 1.0),
    ("cloth.mu_roll", 0.001, 0.1),
    ("cloth.spin_decay", 0.5, 100.0),
    ("cushions.restitution", 0.3, 0.99),
    ("cushions.friction", 0.0, 1.0),
    ("cushions.stop_restitution", 0.3, 0.99),
    ("cushions.stop_speed", 0.5, 100.0),
    ("pockets.corner_mouth_in", 3.0, 8.0),
    ("pockets.side_mouth_in", 3.0, 8.0),
];

impl Equipment {
    /// The WPA standard table with the notes' figures (`shared/notes/physics.md`): what every
    /// figure of the guide was measured on.
    pub fn wpa() -> Equipment {
        WPA
    }

    /// The WPA table with 4.25 in corner pockets, as the pro events of 2021-26 play (AtLarge's
    /// break-statistics threads on forums.azbilliards.com: corners of 4 to 4.25 in, tighter
    /// than the WPA's 4.5 in minimum). No figure for their side pockets was found: the WPA's.
    pub fn pro() -> Equipment {
        let mut e = Equipment::wpa();
        e.set = Set::Pro;
        e.pockets.corner_mouth_in = 4.25;
        e
    }

    /// A built-in set by name.
    pub fn named(name: &str) -> Option<Equipment> {
        match name {
            "wpa" => Some(Equipment::wpa()),
            "pro" => Some(Equipment::pro()),
            _ => None,
        }
    }

    /// `--equipment`'s argument: a built-in set's name, or a file of one's own (JSON, as
    /// `tenball equipment show NAME --json` writes), checked.
    pub fn from_arg(arg: &str) -> Result<Equipment, String> {
        if let Some(e) = Equipment::named(arg) {
            return Ok(e);
        }
        let path = Path::new(arg);
        if !crate::echo::is_stdin(path) && !path.exists() {
            return Err(format!(
                "`{}`: neither a built-in set ({}) nor a file",
                crate::echo::path_for_message(path),
                SET_NAMES.join(", ")
            ));
        }
        Equipment::load(path)
    }

    /// Reads an equipment file; says the file, the place and the problem.
    pub fn load(path: &Path) -> Result<Equipment, String> {
        let name = crate::echo::input_name(path);
        let text = crate::echo::read_text(path)?;
        let mut e: Equipment = serde_json::from_str(&text)
            .map_err(|err| format!("{name}:{}", crate::echo::json_problem(&err)))?;
        e.set = Set::Own;
        e.validate().map_err(|m| format!("{name}: {m}"))?;
        Ok(e)
    }

    /// The figures in the order of `BOUNDS`, to change: the one list of them.
    fn figures_mut(&mut self) -> [&mut f64; 9] {
        [
            &mut self.cloth.mu_slide,
            &mut self.cloth.mu_roll,
            &mut self.cloth.spin_decay,
            &mut self.cushions.restitution,
            &mut self.cushions.friction,
            &mut self.cushions.stop_restitution,
            &mut self.cushions.stop_speed,
            &mut self.pockets.corner_mouth_in,
            &mut self.pockets.side_mouth_in,
        ]
    }

    fn values(&self) -> [f64; 9] {
        let mut e = *self;
        e.figures_mut().map(|v| *v)
    }

    /// The figures' names, as `--vary` takes them.
    pub fn figures() -> impl Iterator<Item = &'static str> {
        BOUNDS.iter().map(|(k, _, _)| *k)
    }

    /// This equipment with one figure (`cloth.mu_roll`, ...) set to `value`, checked; the
    /// result is a set of one's own.
    pub fn with(&self, figure: &str, value: f64) -> Result<Equipment, String> {
        let mut e = *self;
        let Some(i) = Equipment::figures().position(|k| k == figure) else {
            return Err(format!(
                "no equipment figure {figure:?}: use one of {}",
                Equipment::figures().collect::<Vec<_>>().join(", ")
            ));
        };
        let slot = e
            .figures_mut()
            .into_iter()
            .nth(i)
            .expect("one slot a figure");
        *slot = value;
        e.set = Set::Own;
        e.validate()?;
        Ok(e)
    }

    /// Each figure within its bounds; says which is not and what is allowed.
    pub fn validate(&self) -> Result<(), String> {
        for ((key, lo, hi), v) in BOUNDS.iter().zip(self.values()) {
            if !(v.is_finite() && v >= *lo && v <= *hi) {
                return Err(format!("{key} must be within {lo} to {hi}, got {v}"));
            }
        }
        Ok(())
    }

    /// How a run's records made on `self` differ from this run's on `want`, in the option's
    /// words (`--equipment pro (this run: wpa)`), or `None` when they are the same.
    pub fn difference(&self, want: &Equipment) -> Option<String> {
        (self != want).then(|| {
            format!(
                "--equipment {} (this run: {}{})",
                self.name(),
                want.name(),
                if self.set == want.set {
                    ", other figures"
                } else {
                    ""
                }
            )
        })
    }

    /// Its name as a record or a message says it.
    pub fn name(&self) -> &'static str {
        match self.set {
            Set::Wpa => "wpa",
            Set::Pro => "pro",
            Set::Own => "own (from a file)",
        }
    }

    /// The table of `size` with these pockets.
    pub fn table(&self, size: TableSize) -> Table {
        let mut t = size.spec();
        t.corner_mouth = self.pockets.corner_mouth_in * INCH;
        t.side_mouth = self.pockets.side_mouth_in * INCH;
        t
    }

    /// Every figure with its source.
    pub fn sourced(&self) -> Vec<Sourced> {
        let notes = "shared/notes/physics.md, reference constants";
        let own = self.set == Set::Own;
        let src = |s: &'static str| if own { "your file" } else { s };
        vec![
            Sourced {
                name: "cloth.mu_slide",
                value: self.cloth.mu_slide,
                unit: "",
                source: src("0.2, measured 0.15-0.4: shared/notes/physics.md"),
            },
            Sourced {
                name: "cloth.mu_roll",
                value: self.cloth.mu_roll,
                unit: "",
                source: src("0.01, measured 0.005-0.015: shared/notes/physics.md"),
            },
            Sourced {
                name: "cloth.spin_decay",
                value: self.cloth.spin_decay,
                unit: "rad/s^2",
                source: src("about 10, measured 5-15: shared/notes/physics.md"),
            },
            Sourced {
                name: "cushions.restitution",
                value: self.cushions.restitution,
                unit: "",
                source: src(
                    "Mathavan et al. 2010's model at the nose below the stop, set so that a rolling \
                     ball comes back with e_c = 0.85 (measured 0.6-0.9) of its speed: \
                     cushion.rs's tests",
                ),
            },
            Sourced {
                name: "cushions.friction",
                value: self.cushions.friction,
                unit: "",
                source: src(notes),
            },
            Sourced {
                name: "cushions.stop_restitution",
                value: self.cushions.stop_restitution,
                unit: "",
                source: src(
                    "the restitution past the stop: Mathavan et al. 2010, Fig. 7(a), 19 rebounds \
                     measured 0.26-3.40 m/s (snooker), fitted with e 0.98 below (cushion.rs); \
                     0.63-0.81 in 90 % of resamples",
                ),
            },
            Sourced {
                name: "cushions.stop_speed",
                value: self.cushions.stop_speed,
                unit: "m/s",
                source: src(
                    "the speed whose energy the rubber takes before its stop: the same fit \
                     (snooker); 2.00-2.47 m/s in 90 % of resamples",
                ),
            },
            Sourced {
                name: "pockets.corner_mouth_in",
                value: self.pockets.corner_mouth_in,
                unit: "in",
                source: match self.set {
                    Set::Pro => "pro events 2021-26: 4-4.25 in (AtLarge, forums.azbilliards.com)",
                    Set::Wpa => "WPA equipment specifications: 4.5-4.625 in",
                    Set::Own => "your file",
                },
            },
            Sourced {
                name: "pockets.side_mouth_in",
                value: self.pockets.side_mouth_in,
                unit: "in",
                source: src("WPA equipment specifications: 5-5.125 in"),
            },
        ]
    }
}

/// The WPA's liveliness check as far as its text is known: a ball struck at its centre from the
/// head spot through the foot spot, its path's length in table lengths (the playing surface's),
/// at `speed` (m/s). The WPA wants 4 to 4.5 table lengths; the stroke it states was not found
/// (`docs/break-study.md` says what speed gives them here).
pub fn liveliness(equipment: &Equipment, size: TableSize, speed: f64) -> Result<f64, String> {
    let t = equipment.table(size);
    let layout = super::Layout {
        table: size,
        balls: vec![crate::table::Placed {
            ball: 0,
            at: t.head_spot(),
        }],
    };
    let aim = (t.foot_spot().y - t.head_spot().y)
        .atan2(t.foot_spot().x - t.head_spot().x)
        .to_degrees();
    let cfg = super::SimConfig {
        sample_dt: 0.002,
        equipment: *equipment,
        ..super::SimConfig::default()
    };
    let log = super::simulate(&layout, &super::Strike::new(aim, speed), &cfg)
        .map_err(|e| e.to_string())?;
    let path = log
        .paths
        .iter()
        .find(|p| p.ball == 0)
        .ok_or("no path of the cue ball")?;
    let length: f64 = path
        .samples
        .windows(2)
        .map(|w| w[0].point().distance(w[1].point()))
        .sum();
    Ok(length / t.length)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_set_is_the_compiled_figures_and_a_file_round_trips() {
        let e = Equipment::default();
        assert_eq!(e.cloth.mu_slide, MU_SLIDE);
        assert_eq!(e.table(TableSize::NineFoot), TableSize::NineFoot.spec());
        let dir = std::env::temp_dir().join(format!("tenball-eq-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("fast.json");
        let mut fast = Equipment::pro();
        fast.cloth.mu_roll = 0.006;
        std::fs::write(&f, serde_json::to_string_pretty(&fast).unwrap()).unwrap();
        let back = Equipment::from_arg(f.to_str().unwrap()).unwrap();
        assert_eq!(back.set, Set::Own, "a file's figures are its own");
        assert_eq!(
            (back.cloth, back.cushions, back.pockets),
            (fast.cloth, fast.cushions, fast.pockets)
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_bad_equipment_file_is_refused_with_its_place_and_problem() {
        let dir = std::env::temp_dir().join(format!("tenball-eq-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, text: &str| {
            let f = dir.join(name);
            std::fs::write(&f, text).unwrap();
            f
        };
        let mut e = serde_json::to_value(Equipment::wpa()).unwrap();
        e["cloth"]["mu_roll"] = serde_json::json!(0.5);
        let f = write("slow.json", &e.to_string());
        let err = Equipment::load(&f).unwrap_err();
        assert!(
            err.contains("slow.json")
                && err.contains("cloth.mu_roll must be within 0.001 to 0.1, got 0.5"),
            "{err}"
        );
        e["cloth"]["mu_roll"] = serde_json::json!(0.01);
        e["cloth"]["nap"] = serde_json::json!(1);
        let f = write("nap.json", &e.to_string());
        let err = Equipment::load(&f).unwrap_err();
        assert!(
            err.contains("nap.json:1:") && err.contains("unknown field `nap`"),
            "{err}"
        );
        let err = Equipment::from_arg("no-such-set").unwrap_err();
        assert!(
            err.contains("neither a built-in set (wpa, pro) nor a file"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
