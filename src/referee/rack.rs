//! Racking (5.2) and spotting the 10 (1.4, 5.9): where balls are put by hand.

use crate::table::{Placed, Point, Table};
use rand::Rng;
use rand::seq::SliceRandom;

/// The gap left between neighbouring balls of a rack: tight, but never overlapping, so the
/// physics keeps its restitution on the break.
pub const RACK_GAP: f64 = 1.0e-4;

/// Gap kept between a spotted ball and the cue ball, which it must never touch (1.4).
pub const CUE_CLEARANCE: f64 = 1.0e-3;

/// The ten-ball rack (5.2): a triangle of rows 1, 2, 3, 4 pointing at the head, the 1 at the
/// apex on the foot spot, the 10 in the middle of the third row, the others in random order.
/// Neighbours are `2 R + RACK_GAP` apart.
pub fn rack<R: Rng + ?Sized>(table: &Table, rng: &mut R) -> Vec<Placed> {
    let mut others: Vec<u8> = (2..=9).collect();
    others.shuffle(rng);
    let mut others = others.into_iter();
    let d = 2.0 * table.ball_radius + RACK_GAP;
    let row_step = d * 3f64.sqrt() / 2.0;
    let apex = table.foot_spot();
    let mut balls = Vec::with_capacity(10);
    for row in 0..4 {
        for k in 0..=row {
            let at = Point::new(
                apex.x + row as f64 * row_step,
                apex.y + (k as f64 - row as f64 / 2.0) * d,
            );
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
    // Touching an object ball is allowed: a hair less than 2R is what overlaps.
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
            let balls = rack(&table, &mut StdRng::seed_from_u64(seed));
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
}
