//! What decided a shot, up to a moment of its playback: the first ball the cue ball contacted
//! and where, each rail contact after it and where, the object balls driven to a rail so far
//! (8.4's count: pocketed balls count), and the balls pocketed. Read from the adapter's facts
//! (`adapter::moments`, `facts_of_moments`), never from the events a second time, so that what the
//! scenario player marks is what the referee judged.

use crate::adapter::{Moment, facts_of_moments, moments};
use crate::physics::ShotLog;
use crate::table::Point;

/// What decided the shot up to a time.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Markers {
    /// The object ball the cue ball contacted first, and where it was (table coordinates).
    pub first_contact: Option<(u8, Point)>,
    /// Each rail contact after the first contact (a ball frozen to a rail marks it only when it
    /// comes back): ball, place.
    pub rails: Vec<(u8, Point)>,
    /// Object balls driven to a rail after the first contact, pocketed ones included (8.4).
    pub driven_to_rail: Vec<u8>,
    pub pocketed: Vec<u8>,
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
                    mk.rails.push((c.ball, p));
                }
            }
            _ => {}
        }
    }
    let facts = facts_of_moments(&moments, t);
    mk.driven_to_rail = facts.object_balls_driven_to_rail();
    mk.pocketed = facts.pocketed_balls().collect();
    mk
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
            end.rails.iter().any(|&(b, p)| b == 1 && p.x > 1.1),
            "{end:?}"
        );
        let facts = crate::adapter::facts_from_log(&layout, &log, &[]);
        assert_eq!(end.driven_to_rail, facts.object_balls_driven_to_rail());
        assert_eq!(end.driven_to_rail, vec![1]);
    }
}
