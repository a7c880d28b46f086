//! The physics: a pool table, a cue ball and ten object balls, headless. Balls on the cloth run
//! in the contact engine (closed-form motion, contacts at their true time; a ball hit while it
//! touches others, as in the rack, in a many-body impact with Hertz contacts); balls in the air
//! and balls pressed together are stepped by rapier (through bevy_rapier3d) with the table's 3D
//! colliders (`sim/` says which room does what). It knows tables, balls, cues and contacts,
//! never rules: a shot goes in as a layout and a strike and comes out as a [`ShotLog`].

mod cloth;
pub mod collide;
mod colliders;
mod cue;
pub mod cushion;
pub mod equipment;
mod log;
mod noise;
pub mod params;
mod sim;
pub mod toi;

pub use colliders::{
    CUSHION_DEPTH, RAIL_WIDTH, cushion_shapes, from_world, quat_to_world, rail_openings,
    rail_pieces, to_world,
};
pub use cue::{CueResult, HOP_MIN_VZ, MAX_ELEVATION_DEG, MAX_STRIKE_SPEED, Strike, strike};
pub use cushion::{CushionLine, PocketHole, pocket_holes};
pub use equipment::Equipment;
pub use log::{BallEnd, Event, Layout, Path, PathSample, ShotLog, Touching};
pub use noise::Noise;
pub use params::SimConfig;
pub use sim::{
    LayoutError, REST_SPEED, TOUCH_GAP, TableSim, check_layout, check_placement, simulate,
};
