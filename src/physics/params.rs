//! Physical constants of balls, cloth, cushions and cue (from `shared/notes/physics.md`), and the
//! settings of the simulation loop.

use serde::{Deserialize, Serialize};

/// Gravity (m/s^2).
pub const G: f64 = 9.81;
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
/// Ball-ball friction (throw).
pub const MU_BALL: f64 = 0.05;
/// Ball-cushion restitution.
pub const E_CUSHION: f64 = 0.85;
/// Ball-cushion friction.
pub const MU_CUSHION: f64 = 0.2;
/// Ball-bed restitution.
pub const E_BED: f64 = 0.5;
/// Height of the cushion nose above the bed, as a share of the ball's diameter.
pub const NOSE_HEIGHT_SHARE: f64 = 0.635;
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
    /// Fixed time step (s).
    pub dt: f64,
    /// A shot stops here even if balls still move (s).
    pub max_time: f64,
    /// Interval between path samples (s); 0 records no paths.
    pub sample_dt: f64,
    /// Jump ahead in closed form (on the same time grid) while no ball can touch another
    /// ball, a cushion or a pocket hole; off, every step goes through rapier.
    pub fast_forward: bool,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            dt: 1.0 / 1000.0,
            max_time: 60.0,
            sample_dt: 1.0 / 60.0,
            fast_forward: true,
        }
    }
}
