//! The view: the table, the balls, the cue and its markers, the cameras and the sounds, drawn
//! from the model (`Match`, `Aim`, the playback's poses); it changes nothing in the model.

pub mod balls;
pub mod camera;
pub mod cue;
pub mod scene;
pub mod sound;
