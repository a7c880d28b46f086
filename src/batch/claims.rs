//! The break against the sources, claim by claim: breaks from one cue ball place, with where
//! each part of the rack went (the 1 at the apex, the second row, the back corners), counted so
//! that each of Alciatore's and Appleton's descriptions of the ten-ball break can be checked
//! (`docs/break-study.md`'s table of claims). `cargo run --release --example break_claims`
//! scans the cue ball's place across the table.

use rayon::prelude::*;

use super::{BreakSpec, CuePlace, breaks::play_break};
use crate::physics::{BallEnd, Event, Noise};
use crate::referee::Tightness;
use crate::table::{Pocket, Point, Rail};

/// The rack's places (`referee::rack`'s order): the apex, the second row, the back corners.
const APEX: usize = 0;
const SECOND_ROW: [usize; 2] = [1, 2];
const BACK_CORNERS: [usize; 2] = [6, 9];

/// Where a ball went: a foot corner, a side, a head corner (pockets), in that order.
fn pocket_slot(p: Pocket) -> usize {
    match p {
        Pocket::FootLeft | Pocket::FootRight => 0,
        Pocket::SideLeft | Pocket::SideRight => 1,
        Pocket::HeadLeft | Pocket::HeadRight => 2,
    }
}

/// The first cushion a ball met: the head cushion (straight back toward the breaker), a long
/// cushion's head half, its foot half, the foot cushion; or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FirstCushion {
    Head,
    LongHeadHalf,
    LongFootHalf,
    Foot,
    None,
}

impl FirstCushion {
    fn of(rail: Option<Rail>) -> FirstCushion {
        match rail {
            Some(Rail::Head) => FirstCushion::Head,
            Some(Rail::LeftHead | Rail::RightHead) => FirstCushion::LongHeadHalf,
            Some(Rail::LeftFoot | Rail::RightFoot) => FirstCushion::LongFootHalf,
            Some(Rail::Foot) => FirstCushion::Foot,
            Some(Rail::RailTop) | None => FirstCushion::None,
        }
    }
}

/// What the breaks from one place gave, as counts.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ClaimCounts {
    pub breaks: u64,
    pub balls_made: u64,
    pub breaks_making_a_ball: u64,
    /// Breaks where a second-row ball dropped in a side pocket.
    pub second_row_in_a_side: u64,
    /// Second-row balls ending on the rack's side of the side pockets (at rest with x > 0, or
    /// in a foot corner): "the 5 and the 7 will stay below the side pockets".
    pub second_row_stay_foot_side: u64,
    /// The 1 pocketed in a foot corner, a side, a head corner.
    pub one_pocketed: [u64; 3],
    /// The 1's first cushion: head, long (head half), long (foot half), foot, none.
    pub one_first_cushion: [u64; 5],
    /// Back-corner balls pocketed in a corner, and of those, after four cushions or more.
    pub back_corner_in_a_corner: u64,
    pub back_corner_in_a_corner_after_four: u64,
}

impl ClaimCounts {
    pub fn add(&mut self, o: &ClaimCounts) {
        self.breaks += o.breaks;
        self.balls_made += o.balls_made;
        self.breaks_making_a_ball += o.breaks_making_a_ball;
        self.second_row_in_a_side += o.second_row_in_a_side;
        self.second_row_stay_foot_side += o.second_row_stay_foot_side;
        for k in 0..3 {
            self.one_pocketed[k] += o.one_pocketed[k];
        }
        for k in 0..5 {
            self.one_first_cushion[k] += o.one_first_cushion[k];
        }
        self.back_corner_in_a_corner += o.back_corner_in_a_corner;
        self.back_corner_in_a_corner_after_four += o.back_corner_in_a_corner_after_four;
    }

    /// A count as a share of the breaks (or of the balls, `per` a break).
    pub fn share(&self, count: u64, per: u64) -> f64 {
        count as f64 / (self.breaks * per).max(1) as f64
    }

    pub fn balls_mean(&self) -> f64 {
        self.share(self.balls_made, 1)
    }
}

/// The counts of one break: the balls of the rack's places `rack` (ball numbers, apex first),
/// the simulation's events and ends, and the balls the referee saw pocketed.
pub fn count_break(rack: &[u8], events: &[Event], ends: &[BallEnd]) -> ClaimCounts {
    let pocket_of = |ball: u8| {
        ends.iter().find_map(|e| match *e {
            BallEnd::Pocketed { ball: b, pocket } if b == ball => Some(pocket),
            _ => None,
        })
    };
    let rest_x = |ball: u8| {
        ends.iter().find_map(|e| match *e {
            BallEnd::OnTable { ball: b, at } if b == ball => Some(at.x),
            _ => None,
        })
    };
    let cushions = |ball: u8| {
        events.iter().filter_map(move |e| match *e {
            Event::Cushion {
                ball: b,
                rail,
                from_start: false,
                ..
            } if b == ball && rail != Rail::RailTop => Some(rail),
            _ => None,
        })
    };
    let made = ends
        .iter()
        .filter(|e| matches!(e, BallEnd::Pocketed { ball, .. } if *ball != 0))
        .count() as u64;
    let mut c = ClaimCounts {
        breaks: 1,
        balls_made: made,
        breaks_making_a_ball: u64::from(made > 0),
        ..ClaimCounts::default()
    };
    let second: Vec<u8> = SECOND_ROW.iter().map(|&k| rack[k]).collect();
    c.second_row_in_a_side = u64::from(
        second
            .iter()
            .any(|&b| pocket_of(b).is_some_and(|p| pocket_slot(p) == 1)),
    );
    c.second_row_stay_foot_side = second
        .iter()
        .filter(|&&b| match pocket_of(b) {
            Some(p) => pocket_slot(p) == 0,
            None => rest_x(b).is_some_and(|x| x > 0.0),
        })
        .count() as u64;
    let one = rack[APEX];
    if let Some(p) = pocket_of(one) {
        c.one_pocketed[pocket_slot(p)] = 1;
    }
    c.one_first_cushion[FirstCushion::of(cushions(one).next()) as usize] = 1;
    for &k in &BACK_CORNERS {
        let b = rack[k];
        if pocket_of(b).is_some_and(|p| pocket_slot(p) != 1) {
            c.back_corner_in_a_corner += 1;
            if cushions(b).count() >= 4 {
                c.back_corner_in_a_corner_after_four += 1;
            }
        }
    }
    c
}

/// `count` breaks of a `tightness` rack at `speed` from `place`, with `noise`, on `spec`'s
/// other settings (equipment, tip, elevation): the counts over all of them.
pub fn run(
    spec: &BreakSpec,
    place: Point,
    tightness: Tightness,
    count: u64,
    noise: Option<Noise>,
) -> Result<ClaimCounts, String> {
    let spec = BreakSpec {
        cue: CuePlace::At(place),
        rack: tightness,
        noise,
        ..*spec
    };
    spec.validate()?;
    let counts = (0..count)
        .into_par_iter()
        .map(|i| {
            let (_, placed, log) = play_break(&spec, i)?;
            let rack: Vec<u8> = placed.iter().map(|p| p.ball).collect();
            Ok(count_break(&rack, &log.events, &log.end))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let mut total = ClaimCounts::default();
    counts.iter().for_each(|c| total.add(c));
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cushion(ball: u8, rail: Rail) -> Event {
        Event::Cushion {
            t: 0.1,
            ball,
            rail,
            impulse: 0.5,
            from_start: false,
        }
    }

    /// One made-up break: the 1 off the head cushion into a head corner, one second-row ball in
    /// a side and the other at rest on the rack's half, a back corner ball in a foot corner after
    /// four cushions, the other after two.
    #[test]
    fn a_break_is_counted_claim_by_claim() {
        let rack = [1, 2, 3, 4, 10, 5, 6, 7, 8, 9];
        let events = vec![
            cushion(1, Rail::Head),
            cushion(1, Rail::LeftHead),
            cushion(6, Rail::Foot),
            cushion(6, Rail::LeftFoot),
            cushion(6, Rail::Head),
            cushion(6, Rail::RightHead),
            cushion(9, Rail::Foot),
            cushion(9, Rail::RightFoot),
        ];
        let ends = vec![
            BallEnd::Pocketed {
                ball: 1,
                pocket: Pocket::HeadLeft,
            },
            BallEnd::Pocketed {
                ball: 2,
                pocket: Pocket::SideRight,
            },
            BallEnd::OnTable {
                ball: 3,
                at: Point::new(0.4, 0.1),
            },
            BallEnd::Pocketed {
                ball: 6,
                pocket: Pocket::FootRight,
            },
            BallEnd::Pocketed {
                ball: 9,
                pocket: Pocket::FootLeft,
            },
            BallEnd::OnTable {
                ball: 0,
                at: Point::new(-0.4, 0.0),
            },
        ];
        let c = count_break(&rack, &events, &ends);
        assert_eq!(c.balls_made, 4);
        assert_eq!(c.breaks_making_a_ball, 1);
        assert_eq!(c.second_row_in_a_side, 1);
        assert_eq!(c.second_row_stay_foot_side, 1);
        assert_eq!(c.one_pocketed, [0, 0, 1]);
        assert_eq!(c.one_first_cushion, [1, 0, 0, 0, 0]);
        assert_eq!(c.back_corner_in_a_corner, 2);
        assert_eq!(c.back_corner_in_a_corner_after_four, 1);
    }

    /// Real breaks: every count within what the breaks allow, and the balls made those the
    /// referee's records count (`run_break`, the same seeds).
    #[test]
    fn breaks_from_the_centre_count_what_the_records_count() {
        let spec = BreakSpec {
            speed: super::super::pros::PRO_SPEED,
            ..BreakSpec::default()
        };
        let place = Point::new(-0.678, 0.0);
        let c = run(&spec, place, Tightness::Template, 40, None).unwrap();
        let records: Vec<_> = (0..40)
            .map(|i| {
                super::super::run_break(
                    &BreakSpec {
                        cue: CuePlace::At(place),
                        rack: Tightness::Template,
                        noise: None,
                        ..spec
                    },
                    i,
                )
                .unwrap()
            })
            .collect();
        let made: u64 = records.iter().map(|r| r.pocketed.len() as u64).sum();
        assert_eq!(c.breaks, 40);
        assert_eq!(c.balls_made, made);
        assert_eq!(c.one_first_cushion.iter().sum::<u64>(), 40);
        assert!(c.one_pocketed.iter().sum::<u64>() <= 40);
        assert!(c.second_row_stay_foot_side <= 80 && c.back_corner_in_a_corner <= 80);
        assert!(c.back_corner_in_a_corner_after_four <= c.back_corner_in_a_corner);
    }
}
