//! A computer level playing a drill, for `drill run` and `drill rate`: in a run and against
//! the ghost it plays its own game (`computer::decide`), on a break the computer's break; on a
//! shot drill it tries the strokes it knows (the ghost ball's aim into the drill's pockets or,
//! for a safety or a kick, thin to full hits and one-rail kicks, at a few speeds and the tips
//! of its level) each `samples` times under its level's noise through [`Session::trial`], and
//! plays the one that met the goal most often, with that noise. The outcome is the session's:
//! the physics and the referee decide it.

use rand::Rng;

use super::file::{Goal, Play};
use super::session::{Due, Session, Stroke};
use crate::computer::{Decision, Level, decide, ghost_aim};
use crate::physics::Strike;
use crate::referee::{Call, InHand};
use crate::table::{Pocket, Point};

/// The speeds (m/s) a level tries on a shot drill: soft to firm.
const SPEEDS: [f64; 6] = [0.8, 1.2, 1.7, 2.4, 3.4, 4.8];

/// The level's stroke for the position due, as it plays it (its noise applied).
pub fn stroke<R: Rng + ?Sized>(
    session: &Session,
    level: Level,
    rng: &mut R,
) -> Result<Stroke, String> {
    let due = session.due().ok_or("the drill is over")?;
    let r = session.drill().table.spec().ball_radius;
    let aimed = match (&session.drill().play, due.call) {
        (Play::Break { .. }, _) => best_break(session, due, level, rng),
        (_, Some(Call::Break)) => break_stroke(due),
        (Play::Shot { goal, .. }, _) => best_for_goal(session, due, goal, level, rng)?,
        _ => game_stroke(session, due, level, rng)?,
    };
    Ok(Stroke {
        strike: level.noise().apply(aimed.strike, r, rng),
        ..aimed
    })
}

/// The computer's break: from its sweep's place, full on the 1 at the pros' speed.
fn break_stroke(due: &Due) -> Stroke {
    let place = crate::computer::break_place(due.layout.table);
    match crate::computer::break_from(
        &due.state,
        &due.layout,
        place,
        crate::physics::params::PRO_SPEED,
    ) {
        Decision::Stroke { call, strike, .. } => Stroke {
            place: Some(place),
            call,
            strike,
        },
        Decision::Choose { .. } => unreachable!("a break is a stroke"),
    }
}

/// The level's own choice, as in a match.
fn game_stroke<R: Rng + ?Sized>(
    session: &Session,
    due: &Due,
    level: Level,
    rng: &mut R,
) -> Result<Stroke, String> {
    match decide(&due.state, &due.layout, level, session.equipment(), rng).map_err(|e| e.0)? {
        Decision::Stroke {
            place,
            call,
            strike,
            ..
        } => Ok(Stroke {
            place: if due.in_hand.is_some() { place } else { None },
            call,
            strike,
        }),
        Decision::Choose { .. } => Err("the computer was asked to choose in a drill".into()),
    }
}

/// The stroke of those the level knows that met `goal` most often in its samples.
fn best_for_goal<R: Rng + ?Sized>(
    session: &Session,
    due: &Due,
    goal: &Goal,
    level: Level,
    rng: &mut R,
) -> Result<Stroke, String> {
    // In hand: where the level would put the cue ball to play the ball on.
    let place = match due.in_hand {
        Some(InHand::Anywhere) => game_stroke(session, due, level, rng)?.place,
        _ => None,
    };
    let mut layout = due.layout.clone();
    if let Some(p) = place {
        crate::computer::put_cue_ball(&mut layout, p);
    }
    let cue = layout
        .balls
        .iter()
        .find(|b| b.ball == 0)
        .map(|b| b.at)
        .ok_or("no cue ball to play")?;
    let mut candidates = candidates(session, due, goal, level, cue, &layout.balls);
    if candidates.is_empty() {
        // No cut it knows (too steep, or the lines closed): straight at the ball, as a
        // player who sees no shot still has to play one.
        candidates.push(straight_at(due, goal, cue, &layout.balls));
    }
    let tries: Vec<Stroke> = candidates
        .into_iter()
        .map(|c| Stroke { place, ..c })
        .collect();
    Ok(most_successful(session, &tries, level, rng))
}

/// The break that met the drill's goal most often: from the computer's break place, its
/// mirror and the middle of the head string, at three speeds and the level's tips, full on the
/// ball at the apex.
fn best_break<R: Rng + ?Sized>(session: &Session, due: &Due, level: Level, rng: &mut R) -> Stroke {
    let table = due.layout.table;
    let usual = crate::computer::break_place(table);
    let middle = Point::new(usual.x, 0.0);
    let mirror = Point::new(usual.x, -usual.y);
    let mut tries = Vec::new();
    for place in [usual, mirror, middle] {
        let Decision::Stroke { call, strike, .. } = crate::computer::break_from(
            &due.state,
            &due.layout,
            place,
            crate::physics::params::PRO_SPEED,
        ) else {
            continue;
        };
        for speed in [8.0, 9.5, crate::physics::params::PRO_SPEED] {
            for &height in &level.tips() {
                tries.push(Stroke {
                    place: Some(place),
                    call,
                    strike: Strike {
                        speed,
                        height,
                        ..strike
                    },
                });
            }
        }
    }
    most_successful(session, &tries, level, rng)
}

/// Of `tries` (at least one), the stroke whose samples under the level's noise met the
/// drill's goal most often (the first on a tie).
fn most_successful<R: Rng + ?Sized>(
    session: &Session,
    tries: &[Stroke],
    level: Level,
    rng: &mut R,
) -> Stroke {
    let cfg = crate::computer::sample_config(session.equipment());
    let samples = level.samples().max(4);
    let r = session.drill().table.spec().ball_radius;
    let noise = level.noise();
    let mut best = (-1.0, tries[0]);
    for &c in tries {
        let mut met = 0usize;
        for _ in 0..samples {
            let tried = Stroke {
                strike: noise.apply(c.strike, r, rng),
                ..c
            };
            if let Ok(p) = session.trial(&tried, &cfg)
                && p.attempt.is_some_and(|a| a.success)
            {
                met += 1;
            }
        }
        let share = met as f64 / samples as f64;
        if share > best.0 {
            best = (share, c);
        }
    }
    best.1
}

/// A medium stroke straight at the ball to make (else the ball on), calling the drill's
/// pocket (else the nearest).
fn straight_at(due: &Due, goal: &Goal, cue: Point, balls: &[crate::table::Placed]) -> Stroke {
    let ball = goal.make.map_or(due.state.ball_on(), |m| m.ball);
    let at = balls.iter().find(|b| b.ball == ball).map_or(cue, |b| b.at);
    let t = due.layout.table.spec();
    let call = match goal.make {
        Some(m) => Call::Ball {
            ball,
            pocket: m.pocket.unwrap_or_else(|| {
                *Pocket::ALL
                    .iter()
                    .min_by(|a, b| {
                        let d = |p: &Pocket| t.pocket_mouth_centre(*p).distance(at);
                        d(a).total_cmp(&d(b))
                    })
                    .expect("six pockets")
            }),
        },
        None => Call::Safety,
    };
    Stroke {
        place: None,
        call,
        strike: Strike::new((at.y - cue.y).atan2(at.x - cue.x).to_degrees(), 2.0),
    }
}

/// The strokes the level tries: for a ball to make, the ghost ball's aim into each pocket the
/// drill allows at every speed and tip of the level; for a safety, hits from thin to full on
/// the ball on, either side, and one-rail kicks at it, at every speed with a centre hit.
fn candidates(
    session: &Session,
    due: &Due,
    goal: &Goal,
    level: Level,
    cue: Point,
    balls: &[crate::table::Placed],
) -> Vec<Stroke> {
    let t = session.drill().table.spec();
    let mut out = Vec::new();
    let at = |ball: u8| balls.iter().find(|b| b.ball == ball).map(|b| b.at);
    if let Some(m) = goal.make {
        let Some(ball) = at(m.ball) else {
            return out;
        };
        let pockets: Vec<Pocket> = m.pocket.map_or(Pocket::ALL.to_vec(), |p| vec![p]);
        for pocket in pockets {
            let Some((aim, ..)) = ghost_aim(&t, cue, ball, pocket) else {
                continue;
            };
            for &speed in &SPEEDS {
                for &height in &level.tips() {
                    out.push(Stroke {
                        place: None,
                        call: Call::Ball {
                            ball: m.ball,
                            pocket,
                        },
                        strike: Strike {
                            height,
                            ..Strike::new(aim, speed)
                        },
                    });
                }
            }
        }
        return out;
    }
    let Some(ball) = at(due.state.ball_on()) else {
        return out;
    };
    let mut aims = Vec::new();
    let (dx, dy) = (ball.x - cue.x, ball.y - cue.y);
    let d = dx.hypot(dy).max(1e-9);
    let toward = dy.atan2(dx).to_degrees();
    // Offsets of the aim line from the ball's centre, in radii: full to thin, either side.
    for k in [-1.6, -1.0, -0.5, 0.0, 0.5, 1.0, 1.6] {
        aims.push(toward + (k * t.ball_radius / d).atan().to_degrees());
    }
    // One-rail kicks: at the ball's image in each cushion's line of centres.
    let reach = t.cushion_reach();
    let (hx, hy) = (t.length / 2.0 - reach, t.width / 2.0 - reach);
    for image in [
        Point::new(2.0 * hx - ball.x, ball.y),
        Point::new(-2.0 * hx - ball.x, ball.y),
        Point::new(ball.x, 2.0 * hy - ball.y),
        Point::new(ball.x, -2.0 * hy - ball.y),
    ] {
        // A cushion does not throw a ball back as a mirror does (its rebound falls with
        // speed, spin bends the path): the aims round the image's.
        let a = (image.y - cue.y).atan2(image.x - cue.x).to_degrees();
        aims.extend((-4..=4).map(|k| a + f64::from(k)));
    }
    for aim in aims {
        for &speed in &SPEEDS[..4] {
            out.push(Stroke {
                place: None,
                call: Call::Safety,
                strike: Strike::new(aim, speed),
            });
        }
    }
    out
}
