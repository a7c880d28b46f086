//! Racking (5.2) and spotting the 10 (1.4, 5.9): where balls are put by hand.

use crate::table::{Placed, Point, Table};
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

/// The gap between neighbouring balls of a perfect rack: tight, but never overlapping, so the
/// physics keeps its restitution on the break.
pub const RACK_GAP: f64 = 1.0e-4;

/// The smallest gap between two racked balls (m): racked balls touch, but a rack never puts
/// one ball into another.
const RACK_MIN_GAP: f64 = 1.0e-5;

/// How tightly the balls are racked (5.2 asks for them "as tight as possible"; real racks never
/// are). Each ball of a rack other than the apex lies a random distance off its place in a
/// perfect triangle, so the gaps between neighbours spread evenly-ish from touching
/// (`RACK_MIN_GAP`) to the largest gap; every break's rack is its own.
///
/// The largest gaps: `tight` 0.13 mm, what the WPA's ball diameter tolerance (+-0.005 in)
/// leaves between balls that all touch the triangle; `typical` 0.5 mm, a rack with small gaps
/// you can see against the light; `loose` 2 mm, gaps anyone sees. The middle and loose figures
/// are chosen, not measured: no measurement of real racks' gaps was found (see the README's
/// break against tightness). `perfect` is the old exact rack, every gap `RACK_GAP`, for
/// comparisons; `Gap(mm)` any largest gap from 0.01 to 5 mm.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tightness {
    Perfect,
    Tight,
    #[default]
    Typical,
    Loose,
    /// The largest gap in millimetres.
    Gap(f64),
}

/// The largest gap `--rack` accepts (mm).
pub const MAX_RACK_GAP_MM: f64 = 5.0;

impl Tightness {
    /// The largest gap between neighbours (m); `None` for the perfect rack.
    pub fn largest_gap(self) -> Option<f64> {
        match self {
            Tightness::Perfect => None,
            Tightness::Tight => Some(0.127e-3),
            Tightness::Typical => Some(0.5e-3),
            Tightness::Loose => Some(2.0e-3),
            Tightness::Gap(mm) => Some(mm * 1e-3),
        }
    }

    /// Reads `perfect`, `tight`, `typical`, `loose` or a largest gap in millimetres.
    pub fn parse(s: &str) -> Result<Tightness, String> {
        let t = match s.trim() {
            "perfect" => Tightness::Perfect,
            "tight" => Tightness::Tight,
            "typical" => Tightness::Typical,
            "loose" => Tightness::Loose,
            other => {
                let mm: f64 = other.parse().map_err(|_| {
                    format!(
                        "'{other}' is not a rack: give perfect, tight, typical, loose or the largest gap in mm (e.g. 0.3)"
                    )
                })?;
                if !(mm.is_finite() && (RACK_MIN_GAP * 1e3..=MAX_RACK_GAP_MM).contains(&mm)) {
                    return Err(format!(
                        "a rack's largest gap must be within 0.01 to {MAX_RACK_GAP_MM} mm, got {other}"
                    ));
                }
                Tightness::Gap(mm)
            }
        };
        Ok(t)
    }

    /// The name `parse` reads back.
    pub fn name(self) -> String {
        match self {
            Tightness::Perfect => "perfect".into(),
            Tightness::Tight => "tight".into(),
            Tightness::Typical => "typical".into(),
            Tightness::Loose => "loose".into(),
            Tightness::Gap(mm) => format!("{mm}"),
        }
    }
}

/// Gap kept between a spotted ball and the cue ball, which it must never touch (1.4).
pub const CUE_CLEARANCE: f64 = 1.0e-3;

/// The ten-ball rack (5.2): a triangle of rows 1, 2, 3, 4 pointing at the head, the 1 at the
/// apex on the foot spot, the 10 in the middle of the third row, the others in random order.
/// Neighbours are `2 R + RACK_GAP` apart in a perfect rack; otherwise each ball but the apex
/// lies within a quarter of the largest gap of its place in a triangle spaced by
/// `2 R + RACK_MIN_GAP + gap / 2`, so that neighbours' gaps fall between `RACK_MIN_GAP` and
/// `RACK_MIN_GAP + gap` and no two balls overlap.
pub fn rack<R: Rng + ?Sized>(table: &Table, tightness: Tightness, rng: &mut R) -> Vec<Placed> {
    let mut others: Vec<u8> = (2..=9).collect();
    others.shuffle(rng);
    let mut others = others.into_iter();
    let gap = tightness.largest_gap();
    let d = 2.0 * table.ball_radius + gap.map_or(RACK_GAP, |g| RACK_MIN_GAP + 0.5 * g);
    let wander = gap.map_or(0.0, |g| 0.25 * g);
    let row_step = d * 3f64.sqrt() / 2.0;
    let apex = table.foot_spot();
    let mut balls = Vec::with_capacity(10);
    for row in 0..4 {
        for k in 0..=row {
            let mut at = Point::new(
                apex.x + row as f64 * row_step,
                apex.y + (k as f64 - row as f64 / 2.0) * d,
            );
            if row > 0 && wander > 0.0 {
                // Uniform over a disc of radius `wander`.
                let reach = wander * rng.random::<f64>().sqrt();
                let angle = rng.random_range(0.0..std::f64::consts::TAU);
                at = Point::new(at.x + reach * angle.cos(), at.y + reach * angle.sin());
            }
            let ball = match (row, k) {
                (0, 0) => 1,
                (2, 1) => 10,
                _ => others.next().expect("eight balls for eight places"),
            };
            balls.push(Placed { ball, at });
        }
    }
    balls
}

/// Where the 10 is spotted (1.4, 5.9): on the long string as close as possible to the foot
/// spot, between the foot spot and the foot cushion; it may touch an object ball in the way but
/// never the cue ball. If the whole long string behind the foot spot is blocked, as close as
/// possible to the foot spot in front of it.
///
/// `object_balls` are the other object balls at rest, `cue_ball` the cue ball if it is on the
/// table.
pub fn spot_ten(table: &Table, object_balls: &[Point], cue_ball: Option<Point>) -> Point {
    let r = table.ball_radius;
    // Intervals of x on the long string (y = 0) where the spotted ball would overlap a ball.
    let mut blocked: Vec<(f64, f64)> = Vec::new();
    let mut block = |p: Point, min_dist: f64| {
        if p.y.abs() < min_dist {
            let half = (min_dist * min_dist - p.y * p.y).sqrt();
            blocked.push((p.x - half, p.x + half));
        }
    };
    // A spotted ball may touch an object ball: it is placed frozen to it, a diameter away (less
    // a nanometre of rounding, so that the place found counts as free; the check of an overlap
    // is `Table::overlap`).
    for &p in object_balls {
        block(p, 2.0 * r - 1e-9);
    }
    if let Some(c) = cue_ball {
        block(c, 2.0 * r + CUE_CLEARANCE);
    }
    let free = |x: f64| blocked.iter().all(|&(lo, hi)| x <= lo || x >= hi);
    let (foot_spot, back_end) = table.long_string_x_range();

    // Behind the foot spot: the foot spot itself or the far side of a blocking interval.
    let mut behind: Vec<f64> = std::iter::once(foot_spot)
        .chain(blocked.iter().map(|&(_, hi)| hi))
        .filter(|&x| x >= foot_spot && x <= back_end && free(x))
        .collect();
    behind.sort_by(f64::total_cmp);
    if let Some(&x) = behind.first() {
        return Point::new(x, 0.0);
    }
    // In front of the foot spot: the near side of a blocking interval.
    let front_end = -table.length / 2.0 + r;
    let mut front: Vec<f64> = blocked
        .iter()
        .map(|&(lo, _)| lo)
        .filter(|&x| x <= foot_spot && x >= front_end && free(x))
        .collect();
    front.sort_by(|a, b| b.total_cmp(a));
    Point::new(front.first().copied().unwrap_or(foot_spot), 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn rack_is_tight_without_overlap_and_has_every_ball_once() {
        let table = Table::default();
        for seed in 0..50 {
            let balls = rack(&table, Tightness::Perfect, &mut StdRng::seed_from_u64(seed));
            let mut numbers: Vec<u8> = balls.iter().map(|b| b.ball).collect();
            numbers.sort_unstable();
            assert_eq!(numbers, (1..=10).collect::<Vec<_>>());
            for (i, a) in balls.iter().enumerate() {
                let nearest = balls
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, b)| a.at.distance(b.at))
                    .fold(f64::INFINITY, f64::min);
                assert!(nearest >= 2.0 * table.ball_radius, "overlap at seed {seed}");
                assert!(
                    nearest <= 2.0 * table.ball_radius + 2.0 * RACK_GAP,
                    "not tight"
                );
            }
        }
    }

    /// The gaps between neighbours (centres under 2 R + 3 mm apart) of a rack.
    fn gaps(balls: &[Placed], r: f64) -> Vec<f64> {
        let mut out = Vec::new();
        for (i, a) in balls.iter().enumerate() {
            for b in &balls[i + 1..] {
                let g = a.at.distance(b.at) - 2.0 * r;
                if g < 3.0e-3 {
                    out.push(g);
                }
            }
        }
        out
    }

    #[test]
    fn racks_with_gaps_never_overlap_keep_the_apex_on_the_spot_and_spread_their_gaps() {
        let table = Table::default();
        let r = table.ball_radius;
        for t in [Tightness::Tight, Tightness::Typical, Tightness::Loose] {
            let largest = t.largest_gap().unwrap();
            let mut all = Vec::new();
            for seed in 0..200 {
                let balls = rack(&table, t, &mut StdRng::seed_from_u64(seed));
                assert_eq!(balls[0].ball, 1);
                assert_eq!(
                    balls[0].at,
                    table.foot_spot(),
                    "5.2: the apex on the foot spot"
                );
                let g = gaps(&balls, r);
                // 18 neighbouring pairs in a triangle of ten.
                assert_eq!(g.len(), 18, "{t:?} seed {seed}: {g:?}");
                all.extend(g);
            }
            let min = all.iter().copied().fold(f64::INFINITY, f64::min);
            let max = all.iter().copied().fold(0.0, f64::max);
            assert!(
                min >= RACK_MIN_GAP - 1e-12,
                "{t:?}: overlap or touch, {min}"
            );
            assert!(
                max <= RACK_MIN_GAP + largest + 1e-12,
                "{t:?}: gap {max} > {largest}"
            );
            // Spread: the gaps use most of their range.
            assert!(min < RACK_MIN_GAP + 0.15 * largest, "{t:?}: smallest {min}");
            assert!(max > RACK_MIN_GAP + 0.75 * largest, "{t:?}: largest {max}");
        }
    }

    #[test]
    fn no_two_racks_alike_and_none_a_mirror_image() {
        let table = Table::default();
        let a = rack(&table, Tightness::Typical, &mut StdRng::seed_from_u64(1));
        let b = rack(&table, Tightness::Typical, &mut StdRng::seed_from_u64(2));
        assert_ne!(a, b);
        // Mirror test: for each ball, its mirror place (y -> -y) is not a ball's place to 1 um.
        let mirrored = a.iter().filter(|p| {
            a.iter()
                .any(|q| (q.at.x - p.at.x).abs() < 1e-6 && (q.at.y + p.at.y).abs() < 1e-6)
        });
        assert!(
            mirrored.count() <= 1,
            "only the apex may lie on its own mirror place"
        );
        assert_eq!(
            rack(&table, Tightness::Typical, &mut StdRng::seed_from_u64(1)),
            a,
            "the same seed gives the same rack"
        );
    }

    #[test]
    fn tightness_reads_names_and_millimetres_and_refuses_the_rest() {
        assert_eq!(Tightness::parse("tight"), Ok(Tightness::Tight));
        assert_eq!(Tightness::parse("0.3"), Ok(Tightness::Gap(0.3)));
        for bad in ["", "snug", "-1", "0", "6", "nan", "inf"] {
            let e = Tightness::parse(bad).unwrap_err();
            assert!(e.contains("rack") || e.contains("gap"), "{bad}: {e}");
        }
        for t in [Tightness::Perfect, Tightness::Loose, Tightness::Gap(1.5)] {
            assert_eq!(Tightness::parse(&t.name()), Ok(t));
        }
    }
}
