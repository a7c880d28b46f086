//! What decided a shot, up to a moment of its playback: the first ball the cue ball contacted
//! and where, each rail contact after it and where, the object balls driven to a rail so far
//! (8.4's count: pocketed balls count), and the balls pocketed. Read from the adapter's facts
//! (`adapter::moments`, `facts_of_moments`), never from the events a second time, so that what the
//! scenario player marks is what the referee judged. Beside them, what the referee does not
//! judge but a viewer must see to follow it: a ball's flight (a jump over a blocking ball),
//! from the log's takeoff and landing. A told shot's markers come from its facts alone
//! ([`Markers::told`]), at the balls' places, and say they are told. Each marker has its words
//! ([`Markers::labels`]), drawn beside its ring and listed in the dock.

use crate::adapter::{Moment, facts_of_moments, moments};
use crate::physics::{Event, Layout, ShotLog};
use crate::referee::{CUE, ShotFacts};
use crate::table::{Point, Rail};

/// What decided the shot up to a time.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Markers {
    /// The object ball the cue ball contacted first, and where it was (table coordinates).
    pub first_contact: Option<(u8, Point)>,
    /// Each rail contact after the first contact (a ball frozen to a rail marks it only when it
    /// comes back): ball, rail, place.
    pub rails: Vec<(u8, Rail, Point)>,
    /// Object balls driven to a rail after the first contact, pocketed ones included (8.4).
    pub driven_to_rail: Vec<u8>,
    pub pocketed: Vec<u8>,
    /// The cue ball's flights before it meets a ball (a jump shot), from takeoff (to landing
    /// once it lands).
    pub flights: Vec<Flight>,
    /// Read from a told shot's facts, not seen on the table.
    pub told: bool,
}

/// A ball in the air.
#[derive(Debug, Clone, PartialEq)]
pub struct Flight {
    pub ball: u8,
    pub from: Point,
    /// Where it came down, once it has.
    pub to: Option<Point>,
    /// The balls it passed over: at rest under its line from takeoff to landing.
    pub over: Vec<u8>,
}

/// A flight shorter than this is a hop, not marked (m).
const FLIGHT_MIN: f64 = 0.05;

impl Markers {
    /// A told shot's markers: its facts at the balls' places before the shot (nothing moves).
    pub fn told(facts: &ShotFacts, layout: &Layout) -> Markers {
        let at = |b: u8| layout.balls.iter().find(|p| p.ball == b).map(|p| p.at);
        Markers {
            first_contact: facts.first_contact.and_then(|b| at(b).map(|p| (b, p))),
            rails: facts
                .rail_contacts
                .iter()
                .filter(|c| facts.counts_as_driven(c) || c.ball == CUE)
                .filter_map(|c| at(c.ball).map(|p| (c.ball, c.rail, p)))
                .collect(),
            driven_to_rail: facts.object_balls_driven_to_rail(),
            pocketed: facts.pocketed_balls().collect(),
            flights: Vec::new(),
            told: true,
        }
    }

    /// The markers' words alone, in the order they are drawn.
    pub fn words(&self) -> Vec<String> {
        self.labels().into_iter().map(|(_, w)| w).collect()
    }

    /// Each marker's place and words, as drawn beside its ring.
    pub fn labels(&self) -> Vec<(Point, String)> {
        let told = if self.told { " (told)" } else { "" };
        let name = |b: u8| {
            if b == CUE {
                "the cue ball".to_string()
            } else {
                format!("the {b}")
            }
        };
        let mut out = Vec::new();
        if let Some((b, p)) = self.first_contact {
            out.push((p, format!("first contact: {}{told}", name(b))));
        }
        for &(b, rail, p) in &self.rails {
            out.push((
                p,
                format!("{} at the {} after contact{told}", name(b), rail.name()),
            ));
        }
        for f in &self.flights {
            let words = match (&f.to, f.over.as_slice()) {
                (Some(_), []) => format!("{} in the air", name(f.ball)),

                (Some(_), over) => format!(
                    "{} jumped over {}",
                    name(f.ball),
                    over.iter()
                        .map(|&b| name(b))
                        .collect::<Vec<_>>()
                        .join(" and ")
                ),
                (None, _) => format!("{} leaves the cloth", name(f.ball)),
            };
            out.push((f.from, words));
        }
        out
    }
}

/// The markers of the shot `log` up to time `t` (s).
pub fn markers_until(log: &ShotLog, t: f64) -> Markers {
    let at = |ball: u8, time: f64| {
        log.paths
            .iter()
            .find(|p| p.ball == ball)
            .and_then(|p| p.point_at(time))
    };
    let moments = moments(log);
    let mut mk = Markers::default();
    for &(time, m) in moments.iter().filter(|(time, _)| *time <= t) {
        match m {
            Moment::FirstContact(ball) => mk.first_contact = at(ball, time).map(|p| (ball, p)),
            Moment::RailAfterContact(c) if c.returned => {
                if let Some(p) = at(c.ball, time) {
                    mk.rails.push((c.ball, c.rail, p));
                }
            }
            _ => {}
        }
    }
    let facts = facts_of_moments(&moments, t);
    mk.driven_to_rail = facts.object_balls_driven_to_rail();
    mk.pocketed = facts.pocketed_balls().collect();
    mk.flights = flights_until(log, t);
    mk
}

/// The cue ball's flights of the log up to `t` before it first meets a ball (a jump shot; the
/// hops of a ball struck hard are not what a viewer needs): each takeoff, its landing once `t`
/// passes it, and the balls under its line; hops shorter than `FLIGHT_MIN` left out once they
/// land.
fn flights_until(log: &ShotLog, t: f64) -> Vec<Flight> {
    let mut out: Vec<(f64, Flight)> = Vec::new();
    for e in log.events.iter().filter(|e| e.time() <= t) {
        match *e {
            Event::BallBall { a, b, .. } if a == CUE || b == CUE => {
                // A hop still under way when the cue ball meets a ball is not the jump.
                out.retain(|(_, f)| f.to.is_some());
                break;
            }
            Event::Airborne {
                t: t0,
                ball: CUE,
                at,
            } => out.push((
                t0,
                Flight {
                    ball: CUE,
                    from: Point::new(at[0], at[1]),
                    to: None,
                    over: Vec::new(),
                },
            )),
            Event::Landing { ball: CUE, at, .. } => {
                if let Some((t0, f)) = out.iter_mut().rev().find(|(_, f)| f.to.is_none()) {
                    f.to = Some(at);
                    f.over = under_line(log, CUE, *t0, f.from, at);
                }
            }
            _ => {}
        }
    }
    out.into_iter()
        .map(|(_, f)| f)
        .filter(|f| f.to.is_none_or(|to| to.distance(f.from) >= FLIGHT_MIN))
        .collect()
}

/// The balls (other than `ball`) whose centres at `t0` lie within a diameter of the line from
/// `from` to `to`, between its ends.
fn under_line(log: &ShotLog, ball: u8, t0: f64, from: Point, to: Point) -> Vec<u8> {
    let r = crate::table::BALL_RADIUS;
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let len2 = dx * dx + dy * dy;
    let mut over: Vec<u8> = log
        .paths
        .iter()
        .filter(|p| p.ball != ball)
        .filter_map(|p| p.point_at(t0).map(|q| (p.ball, q)))
        .filter(|&(_, q)| {
            let s = ((q.x - from.x) * dx + (q.y - from.y) * dy) / len2.max(1e-12);
            let off = ((q.x - from.x) * dy - (q.y - from.y) * dx).abs() / len2.sqrt().max(1e-9);
            s > 0.0 && s < 1.0 && off < 2.0 * r
        })
        .map(|(b, _)| b)
        .collect();
    over.sort_unstable();
    over
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::{Layout, SimConfig, Strike, simulate};
    use crate::table::{Placed, TableSize};

    /// The cue ball drives the 1 into the foot cushion: no marker before the contact, the first
    /// contact after it, the rail once the 1 reaches it, and at the end the facts' own count.
    #[test]
    fn markers_follow_the_shot_and_end_as_the_facts() {
        let layout = Layout {
            table: TableSize::NineFoot,
            balls: vec![
                Placed {
                    ball: 0,
                    at: Point::new(-0.5, 0.0),
                },
                Placed {
                    ball: 1,
                    at: Point::new(0.5, 0.0),
                },
            ],
        };
        let log = simulate(&layout, &Strike::new(0.0, 3.0), &SimConfig::default()).unwrap();
        let contact = moments(&log)
            .iter()
            .find_map(|(t, m)| matches!(m, Moment::FirstContact(1)).then_some(*t))
            .expect("the cue ball hits the 1");
        assert_eq!(markers_until(&log, contact - 1e-3), Markers::default());
        let mk = markers_until(&log, contact);
        let (ball, p) = mk.first_contact.expect("marked");
        assert_eq!(ball, 1);
        assert!(p.distance(Point::new(0.5, 0.0)) < 0.01, "{p:?}");
        assert!(mk.rails.is_empty());
        let end = markers_until(&log, log.duration);
        assert!(
            end.rails
                .iter()
                .any(|&(b, rail, p)| b == 1 && rail == Rail::Foot && p.x > 1.1),
            "{end:?}"
        );
        assert!(end.flights.is_empty(), "a level shot has no flight");
        let labels = end.labels();
        assert_eq!(labels[0].1, "first contact: the 1");
        assert!(
            labels
                .iter()
                .any(|(_, w)| w == "the 1 at the foot cushion after contact")
        );
        let facts = crate::adapter::facts_from_log(&layout, &log, &[]);
        assert_eq!(end.driven_to_rail, facts.object_balls_driven_to_rail());
        assert_eq!(end.driven_to_rail, vec![1]);
    }

    /// The jump shot of the library: the cue ball at -0.6 struck down at 50 degrees flies over
    /// the 2 at -0.35 and lands before the 1; the markers say so, the referee's facts unchanged.
    #[test]
    fn a_jump_over_a_blocking_ball_is_marked_with_the_ball_it_cleared() {
        let ball = |b: u8, x: f64| Placed {
            ball: b,
            at: Point::new(x, 0.0),
        };
        let layout = Layout {
            table: TableSize::NineFoot,
            balls: vec![ball(0, -0.6), ball(2, -0.35), ball(1, 0.35)],
        };
        let mut stroke = Strike::new(0.0, 4.0);
        stroke.elevation_deg = 50.0;
        let log = simulate(&layout, &stroke, &SimConfig::default()).unwrap();
        let end = markers_until(&log, log.duration);
        let f = end
            .flights
            .iter()
            .find(|f| f.ball == 0)
            .expect("the cue ball flew");
        assert_eq!(f.over, vec![2], "{f:?}");
        assert!(f.from.x < -0.5 && f.to.is_some_and(|p| p.x > -0.3), "{f:?}");
        assert!(
            end.labels()
                .iter()
                .any(|(_, w)| w == "the cue ball jumped over the 2"),
            "{:?}",
            end.labels()
        );
        assert_eq!(end.first_contact.map(|f| f.0), Some(1));
        assert!(
            end.flights.iter().all(|f| f.to.is_some()),
            "a hop under way at the contact is not marked: {:?}",
            end.flights
        );
    }

    /// A told shot's markers are its facts at the balls' places, each label saying told.
    #[test]
    fn a_told_shot_is_marked_from_its_facts_and_says_so() {
        let facts = ShotFacts {
            first_contact: Some(1),
            frozen_to_rail: vec![crate::referee::RailContact {
                ball: 1,
                rail: Rail::Foot,
                returned: false,
            }],
            rail_contacts: vec![crate::referee::RailContact {
                ball: 1,
                rail: Rail::Foot,
                returned: true,
            }],
            ..Default::default()
        };
        let layout = Layout {
            table: TableSize::NineFoot,
            balls: vec![
                Placed {
                    ball: 0,
                    at: Point::new(-0.6, 0.0),
                },
                Placed {
                    ball: 1,
                    at: Point::new(1.24, 0.2),
                },
            ],
        };
        let mk = Markers::told(&facts, &layout);
        assert!(mk.told);
        assert_eq!(mk.first_contact, Some((1, Point::new(1.24, 0.2))));
        assert_eq!(mk.driven_to_rail, vec![1]);
        let words = mk.words();
        assert_eq!(
            words,
            vec![
                "first contact: the 1 (told)".to_string(),
                "the 1 at the foot cushion after contact (told)".to_string()
            ]
        );
    }
}
