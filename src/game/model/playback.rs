//! Playback of a shot log at the display rate: a clock that runs at normal or slow speed, can be
//! paused and stepped, places each ball on its sampled path (place interpolated, orientation on
//! the shorter arc) and fires the log's events for the sound as the clock passes them. Nothing
//! here steps physics: the log was simulated to rest before playback began.

use bevy::prelude::*;

use super::aim::{Aim, Carried, Drag};
use super::session::Match;
use crate::game::GameSystems;
use crate::physics::{Event, ShotLog, quat_to_world, to_world};
use crate::referee::CUE;

/// The shot being played back.
#[derive(Resource, Debug, Default)]
pub struct Playback {
    pub log: Option<ShotLog>,
    /// Shot time shown (s).
    pub t: f64,
    /// Shot seconds per real second.
    pub speed: f64,
    pub paused: bool,
    /// A replay of a shot already applied, not the shot itself.
    pub replay: bool,
    /// Fast forward: `FAST` times the speed the playback started at.
    pub fast: bool,
    /// Orientation of each ball before the shot (world frame).
    pub start_orient: [Quat; 11],
    /// Keep the shot's last picture when its time is up (the referee's quiz, until the shot
    /// is ruled: the table must not show a spotted ball or a cue ball in hand before the
    /// answer). Kept across [`Playback::start`]; `done` is sent once all the same.
    pub hold_at_end: bool,
    /// The held log's time is up and `PlaybackDone` was sent.
    ended: bool,
    /// Events fired so far.
    fired: usize,
}

/// The playback clock's systems (the clock, then the balls' places): the input layer's
/// playback keys run before them in the same frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlaybackClock;

/// The log's time is up.
#[derive(Message, Debug, Clone, Copy)]
pub struct PlaybackDone {
    pub replay: bool,
}

/// What made a sound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SoundKind {
    Cue,
    BallBall,
    Cushion,
    Pocket,
}

/// A sound to make now, with the impulse behind it (N s) for its loudness.
#[derive(Message, Debug, Clone, Copy)]
pub struct ShotSound {
    pub kind: SoundKind,
    pub impulse: f64,
}

/// Where each ball is shown now (world frame), `None` for one not on the table.
#[derive(Resource, Debug, Default)]
pub struct BallPoses(pub [Option<(Vec3, Quat)>; 11]);

/// Shot time a step moves on while paused (s).
pub const STEP: f64 = 1.0 / 60.0;

/// How much faster a fast-forwarded playback runs.
pub const FAST: f64 = 4.0;

impl Playback {
    pub fn start(&mut self, log: ShotLog, orient: [Quat; 11], speed: f64, replay: bool) {
        *self = Playback {
            log: Some(log),
            t: 0.0,
            speed,
            paused: false,
            replay,
            fast: false,
            start_orient: orient,
            hold_at_end: self.hold_at_end,
            ended: false,
            fired: 0,
        };
    }

    /// As [`Playback::start`], from shot time `t` (s): the events before it make no sound.
    pub fn start_at(&mut self, log: ShotLog, orient: [Quat; 11], speed: f64, replay: bool, t: f64) {
        let t = t.clamp(0.0, log.duration);
        let fired = log.events.iter().take_while(|e| e.time() < t).count();
        self.start(log, orient, speed, replay);
        self.t = t;
        self.fired = fired;
    }

    /// A held log whose time is up (its last picture shown).
    pub fn held(&self) -> bool {
        self.ended && self.log.is_some()
    }

    /// Fast forward on or off (the dock's button): `FAST` times the speed it started at, or
    /// back to it; a pause is lifted.
    pub fn toggle_fast(&mut self) {
        if !self.active() {
            return;
        }
        self.fast = !self.fast;
        self.speed = if self.fast {
            self.speed * FAST
        } else {
            self.speed / FAST
        };
        self.paused = false;
    }

    pub fn stop(&mut self) {
        self.log = None;
    }

    pub fn active(&self) -> bool {
        self.log.is_some()
    }

    pub fn skip_to_end(&mut self) {
        if let Some(l) = &self.log {
            self.t = l.duration;
            self.paused = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(duration: f64) -> ShotLog {
        let layout = crate::physics::Layout {
            table: crate::table::TableSize::NineFoot,
            balls: vec![crate::table::Placed {
                ball: 0,
                at: crate::table::Point::new(-0.7, 0.0),
            }],
        };
        let mut l = crate::physics::simulate(
            &layout,
            &crate::physics::Strike::new(0.0, 1.0),
            &crate::physics::SimConfig::default(),
        )
        .unwrap();
        l.duration = duration;
        l
    }

    #[test]
    fn fast_forward_runs_four_times_faster_and_back_and_skip_goes_to_the_end() {
        let mut p = Playback::default();
        p.toggle_fast();
        assert!(!p.fast, "nothing plays: nothing to speed up");
        p.start(log(3.0), [Quat::IDENTITY; 11], 0.5, false);
        p.paused = true;
        p.toggle_fast();
        assert!(p.fast && !p.paused);
        assert_eq!(p.speed, 2.0);
        p.toggle_fast();
        assert_eq!(p.speed, 0.5);
        p.toggle_fast();
        // A new shot starts at its own speed, not fast.
        p.start(log(2.0), [Quat::IDENTITY; 11], 1.0, false);
        assert!(!p.fast);
        assert_eq!(p.speed, 1.0);
        p.paused = true;
        p.skip_to_end();
        assert_eq!(p.t, 2.0);
        assert!(!p.paused);
    }
}

pub(in crate::game) fn plugin(app: &mut App) {
    app.init_resource::<Playback>()
        .init_resource::<BallPoses>()
        .add_message::<PlaybackDone>()
        .add_message::<ShotSound>()
        .add_systems(
            Update,
            (advance, poses)
                .chain()
                .in_set(PlaybackClock)
                .in_set(GameSystems::Playback),
        );
}

fn advance(
    time: Res<Time>,
    mut playback: ResMut<Playback>,
    mut sounds: MessageWriter<ShotSound>,
    mut done: MessageWriter<PlaybackDone>,
) {
    let Some(duration) = playback.log.as_ref().map(|l| l.duration) else {
        return;
    };
    if !playback.paused {
        let dt = time.delta_secs_f64() * playback.speed;
        playback.t += dt;
    }
    let t = playback.t;
    let from = playback.fired;
    let mut fired = from;
    if let Some(log) = &playback.log {
        for e in &log.events[from..] {
            if e.time() > t {
                break;
            }
            fired += 1;
            let sound = match *e {
                Event::CueStrike { velocity, .. } => Some(ShotSound {
                    kind: SoundKind::Cue,
                    impulse: 0.17 * velocity[0].hypot(velocity[1]),
                }),
                Event::BallBall { impulse, .. } => Some(ShotSound {
                    kind: SoundKind::BallBall,
                    impulse,
                }),
                Event::Cushion { impulse, .. } => Some(ShotSound {
                    kind: SoundKind::Cushion,
                    impulse,
                }),
                Event::Pocket { .. } => Some(ShotSound {
                    kind: SoundKind::Pocket,
                    impulse: 0.1,
                }),
                _ => None,
            };
            if let Some(s) = sound {
                sounds.write(s);
            }
        }
    }
    playback.fired = fired;
    if t >= duration {
        let replay = playback.replay;
        if playback.hold_at_end {
            playback.t = duration;
            if !playback.ended {
                playback.ended = true;
                done.write(PlaybackDone { replay });
            }
        } else {
            playback.stop();
            done.write(PlaybackDone { replay });
        }
    }
}

/// Each ball's place: on its path while a shot plays back, else where the match has it (the
/// cue ball under the pointer while it is dragged).
fn poses(
    playback: Res<Playback>,
    m: Res<Match>,
    aim: Res<Aim>,
    carried: Res<Carried>,
    mut poses: ResMut<BallPoses>,
) {
    let r = m.table().ball_radius;
    let mut out = [None; 11];
    if let Some(log) = &playback.log {
        for p in &log.paths {
            let Some(last) = p.samples.last() else {
                continue;
            };
            // A ball whose path ended early left the table (pocketed or off): gone after it.
            if (last.t as f64) + 0.05 < playback.t && (last.t as f64) < log.duration - 1e-6 {
                continue;
            }
            if let Some(s) = p.pose_at(playback.t) {
                let w = to_world(s.at.x as f64, s.at.y as f64, s.at.z as f64);
                let rot = quat_to_world(s.turn) * playback.start_orient[p.ball as usize];
                out[p.ball as usize] = Some((Vec3::new(w.x, w.y, w.z), rot.normalize()));
            }
        }
    } else {
        for b in &m.layout.balls {
            let mut at = b.at;
            if b.ball == CUE
                && let Some(Drag::CueBall(p)) = aim.drag
            {
                at = p;
            }
            if let Some(c) = carried.0
                && c.ball == b.ball
            {
                at = c.at;
            }
            let w = to_world(at.x, at.y, r);
            out[b.ball as usize] = Some((Vec3::new(w.x, w.y, w.z), m.orient[b.ball as usize]));
        }
    }
    poses.0 = out;
}
