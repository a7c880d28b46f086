//! Physical constants (from `shared/notes/physics.md`): gravity, the balls, the cue, and the
//! WPA set's cloth and cushion figures that `equipment.rs` builds its default set from (a shot
//! reads the cloth, cushions and pockets from its `Equipment`, not from here); and the settings
//! of the simulation loop (`SimConfig`).

use serde::{Deserialize, Serialize};

/// Gravity (m/s^2).
pub const G: f64 = 9.81;
/// Pro men's mean break speed (m/s): 24 mph, Onoda 1989.
pub const PRO_SPEED: f64 = 10.7;
/// Ball mass (kg).
pub const BALL_MASS: f64 = 0.170;
/// Ball-cloth sliding friction.
pub const MU_SLIDE: f64 = 0.2;
/// Rolling resistance: a rolling ball decelerates at `MU_ROLL * G`.
pub const MU_ROLL: f64 = 0.01;
/// Deceleration of spin about the vertical axis (rad/s^2).
pub const SPIN_DECAY: f64 = 10.0;
/// Ball-ball restitution.
pub const E_BALL: f64 = 0.95;
/// Young's modulus of the balls' phenolic resin (Pa) and its Poisson ratio: manufacturer
/// figures quoted in collision write-ups (`shared/notes/physics.md`, "Measured references").
/// They set how hard two balls press on each other (Hertz), hence how long a contact lasts.
pub const BALL_MODULUS: f64 = 5.84e9;
pub const BALL_POISSON: f64 = 0.34;
/// Ball-ball friction (throw).
pub const MU_BALL: f64 = 0.05;
/// Ball-cushion restitution as players see it: a ball rolling straight into a cushion comes
/// back with this share of its speed (a stun ball with about 0.81: the cloth's friction during
/// the impact takes more from it).
pub const E_CUSHION: f64 = 0.85;
/// The restitution of Mathavan's cushion model (work given back at the nose is e^2 of the work
/// taken), chosen so that a rolling ball straight in comes back with `E_CUSHION` of its speed:
/// 0.90 gives 0.852 at 1 and 3 m/s (see `cushion.rs`'s tests).
pub const E_NOSE: f64 = 0.90;
/// The cushion's stop: the work of a hit past 1/2 m `STOP_SPEED`^2 comes back with `E_STOP`^2
/// (`cushion::Give`). Both from Mathavan et al. 2010's measurements, Fig. 7(a) (a rolling ball
/// square into a snooker cushion, 0.26-3.40 m/s): the least-squares fit of the paper's model
/// with its own restitution 0.98 below the stop (`cushion::fit_fig_7a`, checked by its test).
pub const E_STOP: f64 = 0.75;
pub const STOP_SPEED: f64 = 2.24;
/// Ball-cushion friction.
pub const MU_CUSHION: f64 = 0.2;
/// Ball-bed restitution.
pub const E_BED: f64 = 0.5;
pub use crate::table::NOSE_HEIGHT_SHARE;
/// Height of the rail top above the bed (m).
pub const RAIL_TOP: f64 = 0.045;
/// Cue mass (kg), for the speed lost to an off-centre hit.
pub const CUE_MASS: f64 = 0.54;
/// Effective end mass of the cue shaft (kg), for squirt.
pub const CUE_END_MASS: f64 = 0.0075;
/// A tip offset beyond this share of the radius is a miscue.
pub const MISCUE_LIMIT: f64 = 0.5;

/// Settings of the simulation loop.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SimConfig {
    /// Rapier's fixed time step where it steps (s): many-body impacts, pressed contacts, and
    /// every step of the reference. Contacts of the contact engine do not depend on it.
    pub dt: f64,
    /// A shot stops here even if balls still move (s).
    pub max_time: f64,
    /// Interval between path samples (s); 0 records no paths.
    pub sample_dt: f64,
    /// Move balls in closed form from one contact to the next (the contact engine); off,
    /// rapier integrates the motion on the cloth at every step of `dt` (the reference), the
    /// step cut short at each contact. Contacts are resolved at their true time either way.
    pub fast_forward: bool,
    /// The cloth, cushions and pockets (`equipment.rs`); files without it are the WPA set.
    pub equipment: super::Equipment,
}

/// The bounds of the settings, so that no shot can cost more than about a minute of work or
/// a few hundred megabytes of samples.
pub const DT_RANGE: (f64, f64) = (1.0e-4, 0.01);
pub const MAX_TIME_RANGE: (f64, f64) = (1.0e-3, 120.0);
/// `sample_dt` is 0 (no paths) or within this range.
pub const SAMPLE_DT_RANGE: (f64, f64) = (1.0e-3, 1.0);

impl SimConfig {
    /// Checks each setting against its bounds; says which is wrong and what is allowed.
    pub fn validate(&self) -> Result<(), String> {
        let within = |v: f64, (lo, hi): (f64, f64)| v.is_finite() && v >= lo && v <= hi;
        if !within(self.dt, DT_RANGE) {
            return Err(format!(
                "config.dt must be within {} to {} s, got {}",
                DT_RANGE.0, DT_RANGE.1, self.dt
            ));
        }
        if !within(self.max_time, MAX_TIME_RANGE) {
            return Err(format!(
                "config.max_time must be within {} to {} s, got {}",
                MAX_TIME_RANGE.0, MAX_TIME_RANGE.1, self.max_time
            ));
        }
        if self.sample_dt != 0.0 && !within(self.sample_dt, SAMPLE_DT_RANGE) {
            return Err(format!(
                "config.sample_dt must be 0 (no paths) or within {} to {} s, got {}",
                SAMPLE_DT_RANGE.0, SAMPLE_DT_RANGE.1, self.sample_dt
            ));
        }
        self.equipment
            .validate()
            .map_err(|e| format!("config.equipment.{e}"))
    }
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            dt: 1.0 / 1000.0,
            max_time: 60.0,
            sample_dt: 1.0 / 60.0,
            fast_forward: true,
            equipment: super::Equipment::wpa(),
        }
    }
}
