//! The physics against the laws of the notes and published measurements: hits, laws, pockets,
//! balls in the air, the fast path against stepping, orientation, robustness and the equipment
//! as data; one binary.

mod air;
#[path = "../common/mod.rs"]
mod common;
mod equipment;
mod fast_forward;
mod hits;
mod laws;
mod orientation;
mod pockets;
mod robustness;
