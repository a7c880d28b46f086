//! A rack settled as a racker leaves it (5.2 "as tight as possible"): balls whose diameters
//! differ within a set's tolerance, either pushed toward the apex inside a triangle's sides
//! until they jam (a hand rack) or pressed together on a template, every contact closed but one
//! (a template rack); then given to the physics, which plays every ball at one radius, with the
//! gaps the rack left between each pair of neighbours.

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
/// Rounds that give the equal balls the gaps the settled ones left, at most, the move in a
/// round under which they stop (m), and the share of its pairs' mean ask a ball moves in one
/// round.
const GAP_ROUNDS: usize = 5_000;
const GAP_RESIDUAL: f64 = 1.0e-10;
const JACOBI_STEP: f64 = 1.8;

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
    let r = radii(radius, deviation);
    let widest = r.iter().copied().fold(0.0, f64::max);
    let mut p = lattice(apex, 2.0 * widest);
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

/// The contacts of the wheel around the rack's middle ball (place 4, where the 10 is racked):
/// its six spokes and the six contacts of its ring. They carry the triangle's one self-stress:
/// 18 contacts on ten balls are one more than make a rigid frame (2 x 10 - 3 = 17), and the
/// only loop that closes on itself is this wheel, so balls of different sizes pressed together
/// close every contact but one of these twelve.
const SPOKES: [(usize, usize); 6] = [(1, 4), (2, 4), (3, 4), (4, 5), (4, 7), (4, 8)];
const RING: [(usize, usize); 6] = [(1, 2), (2, 5), (5, 8), (7, 8), (3, 7), (1, 3)];
/// The ring's balls around place 4.
const RING_BALLS: [usize; 6] = [1, 2, 5, 8, 7, 3];
/// Rounds of the template's relaxation at most, and the largest error it leaves (m).
const TEMPLATE_ROUNDS: usize = 20_000;
const TEMPLATE_RESIDUAL: f64 = 1.0e-10;

/// The contact a template rack leaves open, `choice` in [0, 1) picking one of the six that
/// can open: with the middle ball larger than its ring allows
/// (`6 r4 - sum of the ring's radii > 0`), a ring contact; smaller, a spoke.
fn template_open(r: &[f64; 10], choice: f64) -> (usize, usize) {
    let excess = 6.0 * r[4] - RING_BALLS.iter().map(|&k| r[k]).sum::<f64>();
    let six = if excess > 0.0 { RING } else { SPOKES };
    six[((choice * 6.0) as usize).min(5)]
}

/// The centres of balls of diameters `2 radius + deviation[i]` racked with a template (a
/// Magic Rack): every ball touching its neighbours "with the possible exception of one tiny
/// gap" (billiardsprofessor.com, "Magic: The Racking"). Seventeen contacts closed exactly, the
/// one `template_open` names open by what the sizes leave, the apex on `apex` and the rack's
/// centroid on the long string (rows toward +x).
fn settle_template(apex: DVec2, radius: f64, deviation: &[f64; 10], choice: f64) -> [DVec2; 10] {
    let r = radii(radius, deviation);
    let open = template_open(&r, choice);
    let closed: Vec<(usize, usize, f64)> = neighbours()
        .into_iter()
        .filter(|&pair| pair != open)
        .map(|(i, j)| (i, j, r[i] + r[j]))
        .collect();
    let mut p = lattice(apex, 2.0 * radius);
    for _ in 0..TEMPLATE_ROUNDS {
        let mut worst: f64 = 0.0;
        for &(i, j, want) in &closed {
            let d = p[j] - p[i];
            let len = d.length();
            worst = worst.max((want - len).abs());
            shift(&mut p, i, j, d / len * (want - len));
        }
        if worst < TEMPLATE_RESIDUAL {
            break;
        }
    }
    along_the_long_string(apex, p)
}

/// The radii of balls of diameters `2 radius + deviation[i]`.
fn radii(radius: f64, deviation: &[f64; 10]) -> [f64; 10] {
    deviation.map(|d| radius + 0.5 * d)
}

/// A triangle of equal balls `spacing` apart, the apex on `apex`, rows toward +x.
pub(super) fn lattice(apex: DVec2, spacing: f64) -> [DVec2; 10] {
    let row_step = spacing * 3f64.sqrt() / 2.0;
    PLACES.map(|(row, k)| {
        apex + DVec2::new(
            row as f64 * row_step,
            (k as f64 - row as f64 / 2.0) * spacing,
        )
    })
}

/// The rack turned about its apex so that its centroid lies on the long string.
fn along_the_long_string(apex: DVec2, p: [DVec2; 10]) -> [DVec2; 10] {
    let centroid = p.iter().copied().sum::<DVec2>() / 10.0;
    let turn = DVec2::from_angle(-(centroid - apex).to_angle());
    p.map(|q| apex + turn.rotate(q - apex))
}

/// One round of moving every ball at once (a Jacobi step, so that no ball's place in the list
/// leans the rack to one side): each pair of `pairs` toward its distance (`exact`) or, if
/// closer, to it (not `exact`), each ball by the mean of what its pairs ask; the apex stays.
/// Returns the farthest any ball moved (m).
fn relax_together(p: &mut [DVec2; 10], pairs: &[(usize, usize, f64)], exact: bool) -> f64 {
    let mut moves = [DVec2::ZERO; 10];
    let mut asks = [0u32; 10];
    for &(i, j, want) in pairs {
        let d = p[j] - p[i];
        let len = d.length();
        if !exact && len >= want {
            continue;
        }
        let by = d / len * (want - len);
        if i == 0 {
            moves[j] += by;
        } else {
            moves[i] -= 0.5 * by;
            moves[j] += 0.5 * by;
            asks[i] += 1;
        }
        asks[j] += 1;
    }
    let mut farthest: f64 = 0.0;
    for k in 1..10 {
        if asks[k] > 0 {
            let by = moves[k] * (JACOBI_STEP / asks[k] as f64);
            farthest = farthest.max(by.length());
            p[k] += by;
        }
    }
    farthest
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

/// How a settled rack is racked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Racking {
    /// With a triangle, pushed toward the apex (`settle_real`).
    Triangle,
    /// With a template (`settle_template`); `choice` in [0, 1) picks the contact left open.
    Template { choice: f64 },
}

/// The centres for balls of one radius (the physics' balls) from a rack of balls of
/// `2 radius + deviation[i]` settled as `racking` says: each neighbouring pair as far apart as the
/// settled pair's gap (at least `min_gap`), found by relaxing from the settled centres; no two
/// balls closer than `min_gap`.
pub(super) fn settled(
    apex: DVec2,
    radius: f64,
    deviation: &[f64; 10],
    min_gap: f64,
    racking: Racking,
) -> [DVec2; 10] {
    let real = match racking {
        Racking::Triangle => settle_real(apex, radius, deviation),
        Racking::Template { choice } => settle_template(apex, radius, deviation, choice),
    };
    let real_gap = |i: usize, j: usize| {
        real[i].distance(real[j]) - (2.0 * radius + 0.5 * (deviation[i] + deviation[j]))
    };
    let pairs: Vec<(usize, usize, f64)> = neighbours()
        .into_iter()
        .map(|(i, j)| (i, j, 2.0 * radius + min_gap + real_gap(i, j).max(0.0)))
        .collect();
    // Neighbours stay near their lattice distance, so only they are pulled; every pair is
    // parted at the end.
    let mut p = real;
    for _ in 0..GAP_ROUNDS {
        if relax_together(&mut p, &pairs, true) < GAP_RESIDUAL {
            break;
        }
    }
    // The last rounds only part: no pair closer than `min_gap`.
    let every: Vec<(usize, usize, f64)> = (0..10)
        .flat_map(|i| (i + 1..10).map(move |j| (i, j, 2.0 * radius + min_gap)))
        .collect();
    for _ in 0..REST_ROUNDS {
        if relax_together(&mut p, &every, false) == 0.0 {
            break;
        }
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

    /// A template rack closes 17 of the 18 contacts exactly; the open one is on the wheel around
    /// the middle ball, and its gap is what the sizes leave: `|6 r4 - sum of the ring's radii|`
    /// to first order (the second order, tolerance^2 / R, is under 0.1 um), never negative.
    #[test]
    fn a_template_rack_closes_every_contact_but_one_on_the_middle_balls_wheel() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let tol = 0.05e-3;
        for _ in 0..300 {
            let dev: [f64; 10] = std::array::from_fn(|_| rng.random_range(-tol..=tol));
            let choice = rng.random::<f64>();
            let r = radii(R, &dev);
            let p = settle_template(DVec2::ZERO, R, &dev, choice);
            let gap = |(i, j): (usize, usize)| p[i].distance(p[j]) - (r[i] + r[j]);
            let open = template_open(&r, choice);
            assert!(SPOKES.contains(&open) || RING.contains(&open));
            for pair in neighbours().into_iter().filter(|&q| q != open) {
                assert!(gap(pair).abs() < 1e-9, "{pair:?}: {}", gap(pair));
            }
            let excess = (6.0 * r[4] - RING_BALLS.iter().map(|&k| r[k]).sum::<f64>()).abs();
            assert!(gap(open) >= -1e-9, "{open:?} overlaps by {}", -gap(open));
            assert!(
                (gap(open) - excess).abs() < 0.02 * excess + 1e-7,
                "{} vs {excess}",
                gap(open)
            );
            assert_eq!(p[0], DVec2::ZERO, "the apex stays on its spot");
            let centroid = p.iter().copied().sum::<DVec2>() / 10.0;
            assert!(centroid.y.abs() < 1e-12 && centroid.x > 0.0, "{centroid}");
        }
        // The physics' equal balls keep the open contact as the rack's largest gap.
        let dev = [0.0, 4e-5, -5e-5, 2e-5, -3e-5, 5e-5, -1e-5, 3e-5, -4e-5, 0.0];
        let r = radii(R, &dev);
        let choice = 0.3;
        let physics = settled(DVec2::ZERO, R, &dev, 1e-5, Racking::Template { choice });
        let widest = neighbours()
            .into_iter()
            .max_by(|&(a, b), &(c, d)| {
                physics[a]
                    .distance(physics[b])
                    .total_cmp(&physics[c].distance(physics[d]))
            })
            .unwrap();
        assert_eq!(widest, template_open(&r, choice));
    }

    #[test]
    fn settled_racks_for_the_physics_keep_their_gaps_and_never_overlap() {
        let dev = [0.0, 4e-5, -5e-5, 2e-5, -3e-5, 5e-5, -1e-5, 3e-5, -4e-5, 0.0];
        let p = settled(DVec2::ZERO, R, &dev, 1e-5, Racking::Triangle);
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
