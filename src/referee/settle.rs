//! A rack settled as a racker leaves it (5.2 "as tight as possible"): balls whose diameters
//! differ within a set's tolerance, pushed toward the apex inside a triangle's sides until they
//! jam, then given to the physics, which plays every ball at one radius, with the gaps the jam
//! left between each pair of neighbours.

use glam::DVec2;

/// Places in a ten-ball triangle, rows 1, 2, 3, 4 from the apex: (row, place in row).
pub(super) const PLACES: [(usize, usize); 10] = [
    (0, 0),
    (1, 0),
    (1, 1),
    (2, 0),
    (2, 1),
    (2, 2),
    (3, 0),
    (3, 1),
    (3, 2),
    (3, 3),
];

/// How far each ball is pushed toward the apex in one round of the settling (m): a racker's
/// steady push, small against the tolerance so that no ball passes another.
const PUSH: f64 = 1.0e-6;
/// Rounds with the push, then rounds that only part what still overlaps.
const PUSH_ROUNDS: usize = 300;
const REST_ROUNDS: usize = 100;
/// Rounds that give the equal balls the gaps the settled ones left.
const GAP_ROUNDS: usize = 200;

/// The neighbouring places of a triangle (18 pairs): next in a row, or one row behind.
pub(super) fn neighbours() -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(18);
    for (i, &(ri, ki)) in PLACES.iter().enumerate() {
        for (j, &(rj, kj)) in PLACES.iter().enumerate().skip(i + 1) {
            let beside = rj == ri && kj == ki + 1;
            let behind = rj == ri + 1 && (kj == ki || kj == ki + 1);
            if beside || behind {
                out.push((i, j));
            }
        }
    }
    out
}

/// The settled centres of balls of diameters `2 radius + deviation[i]` (m) at the places of
/// `PLACES`, the apex on `apex` and the rows toward +x, held by a triangle whose sides the apex
/// ball touches.
fn settle_real(apex: DVec2, radius: f64, deviation: &[f64; 10]) -> [DVec2; 10] {
    let r: Vec<f64> = deviation.iter().map(|d| radius + 0.5 * d).collect();
    let widest = r.iter().copied().fold(0.0, f64::max);
    let row_step = 2.0 * widest * 3f64.sqrt() / 2.0;
    let mut p = PLACES.map(|(row, k)| {
        apex + DVec2::new(
            row as f64 * row_step,
            (k as f64 - row as f64 / 2.0) * 2.0 * widest,
        )
    });
    // The triangle's sides, through the apex ball's corner: inward normals.
    let sides = [
        DVec2::new(0.5, -(3f64.sqrt()) / 2.0),
        DVec2::new(0.5, 3f64.sqrt() / 2.0),
    ];
    for round in 0..PUSH_ROUNDS + REST_ROUNDS {
        if round < PUSH_ROUNDS {
            for q in &mut p[1..] {
                q.x -= PUSH;
            }
        }
        for (i, q) in p.iter_mut().enumerate().skip(1) {
            for n in sides {
                let inside = n.dot(*q - apex) - (r[i] - r[0]);
                if inside < 0.0 {
                    *q -= n * inside;
                }
            }
        }
        part(&mut p, |i, j| r[i] + r[j]);
    }
    p
}

/// Moves overlapping balls apart along their line of centres (the apex ball stays): pairs
/// closer than `least(i, j)`.
fn part(p: &mut [DVec2; 10], least: impl Fn(usize, usize) -> f64) {
    for i in 0..10 {
        for j in i + 1..10 {
            let d = p[j] - p[i];
            let len = d.length();
            let need = least(i, j);
            if len < need {
                shift(p, i, j, d / len * (need - len));
            }
        }
    }
}

/// Moves `i` and `j` apart by `by` (toward `j`); the apex (place 0) never moves.
fn shift(p: &mut [DVec2; 10], i: usize, j: usize, by: DVec2) {
    if i == 0 {
        p[j] += by;
    } else {
        p[i] -= 0.5 * by;
        p[j] += 0.5 * by;
    }
}

/// The centres for balls of one radius (the physics' balls) from a rack of balls of
/// `2 radius + deviation[i]` settled as above: each neighbouring pair as far apart as the
/// settled pair's gap (at least `min_gap`), found by relaxing from the settled centres; no two
/// balls closer than `min_gap`.
pub(super) fn settled(
    apex: DVec2,
    radius: f64,
    deviation: &[f64; 10],
    min_gap: f64,
) -> [DVec2; 10] {
    let real = settle_real(apex, radius, deviation);
    let real_gap = |i: usize, j: usize| {
        real[i].distance(real[j]) - (2.0 * radius + 0.5 * (deviation[i] + deviation[j]))
    };
    let pairs: Vec<(usize, usize, f64)> = neighbours()
        .into_iter()
        .map(|(i, j)| (i, j, 2.0 * radius + min_gap + real_gap(i, j).max(0.0)))
        .collect();
    let mut p = real;
    for _ in 0..GAP_ROUNDS {
        for &(i, j, want) in &pairs {
            let d = p[j] - p[i];
            let len = d.length();
            shift(&mut p, i, j, d / len * (want - len));
        }
        part(&mut p, |_, _| 2.0 * radius + min_gap);
    }
    // The last rounds only part: no pair closer than `min_gap`.
    for _ in 0..REST_ROUNDS {
        part(&mut p, |_, _| 2.0 * radius + min_gap);
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    const R: f64 = 0.028575;

    #[test]
    fn equal_balls_settle_into_the_exact_triangle() {
        let p = settle_real(DVec2::ZERO, R, &[0.0; 10]);
        for (i, j) in neighbours() {
            let gap = p[i].distance(p[j]) - 2.0 * R;
            assert!(gap.abs() < 2e-7, "{i}-{j}: gap {gap}");
        }
        assert_eq!(neighbours().len(), 18);
    }

    #[test]
    fn a_small_ball_leaves_gaps_of_its_size_and_a_large_one_pushes_its_neighbours() {
        // The middle of the third row 0.1 mm small: it rests on the two balls in front and
        // leaves about 0.1 mm beside it; the settled balls never overlap.
        let mut dev = [0.0; 10];
        dev[4] = -1.0e-4;
        let p = settle_real(DVec2::ZERO, R, &dev);
        let gap = |i: usize, j: usize| p[i].distance(p[j]) - (2.0 * R + 0.5 * (dev[i] + dev[j]));
        for (i, j) in neighbours() {
            assert!(gap(i, j) > -5e-7, "{i}-{j} overlap {}", gap(i, j));
        }
        let beside = gap(3, 4).max(gap(4, 5));
        assert!((0.3e-4..1.5e-4).contains(&beside), "{beside}");
    }

    #[test]
    fn settled_racks_for_the_physics_keep_their_gaps_and_never_overlap() {
        let dev = [0.0, 4e-5, -5e-5, 2e-5, -3e-5, 5e-5, -1e-5, 3e-5, -4e-5, 0.0];
        let p = settled(DVec2::ZERO, R, &dev, 1e-5);
        for i in 0..10 {
            for j in i + 1..10 {
                assert!(p[i].distance(p[j]) - 2.0 * R >= 1e-5 - 1e-9, "{i}-{j}");
            }
        }
        let gaps: Vec<f64> = neighbours()
            .into_iter()
            .map(|(i, j)| p[i].distance(p[j]) - 2.0 * R)
            .collect();
        let largest = gaps.iter().copied().fold(0.0, f64::max);
        assert!(largest < 2.5e-4, "gaps stay within the spread: {gaps:?}");
        assert_eq!(p[0], DVec2::ZERO, "the apex stays on its spot");
    }
}
