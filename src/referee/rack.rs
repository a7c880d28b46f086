//! Racking (5.2) and spotting the 10 (1.4, 5.9): where balls are put by hand.

use super::settle;
use crate::table::{Placed, Point, Table};
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

/// The gap between neighbouring balls of the even rack: tight, but never overlapping, so the
/// physics keeps its restitution on the break.
pub const RACK_GAP: f64 = 1.0e-4;

/// The smallest gap between two racked balls (m): racked balls touch, but a rack never puts
/// one ball into another.
const RACK_MIN_GAP: f64 = 1.0e-5;

/// How tightly the balls are racked (5.2 asks for them "as tight as possible"; real racks never
/// are).
///
/// Settled racks, the balls' own sizes deciding the gaps (`referee::settle`): each ball's
/// diameter is drawn uniformly within a set's tolerance, the balls are racked (pressed together
/// on a template, or pushed toward the apex inside a triangle's sides until they jam), and the
/// gaps the rack leaves are kept.
/// - `template`: a set within +-0.05 mm, the tolerance of the rules of snooker (the tightest
///   published for a cue-sports ball; no pool-ball maker publishes one), racked with a template
///   as the pro events rack: every ball touching "with the possible exception of one tiny gap",
///   the one contact of the wheel around the 10 that the sizes leave open
///   (`settle::settle_template`).
/// - `hand` (the default): a set anywhere within the WPA's +-0.005 in (+-0.127 mm), racked with a
///   triangle by a careful racker: what most players meet on a bar, league or home table.
///
/// Racks with gaps drawn at random (each ball but the apex a random distance off its place in
/// a triangle, so the gaps between neighbours spread evenly-ish from touching, `RACK_MIN_GAP`,
/// to the largest gap): `tight` 0.13 mm, `typical` 0.5 mm, `loose` 2 mm, or `Gap(mm)` any
/// largest gap from 0.01 to 5 mm. These figures are chosen, not measured: no measurement of real
/// racks' gaps was found. `even` (once named `perfect`) is every gap exactly `RACK_GAP`, a
/// lattice that breaks as its own mirror image, for comparisons. Every break's rack is its own.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tightness {
    Template,
    #[default]
    Hand,
    #[serde(alias = "perfect")]
    Even,
    Tight,
    Typical,
    Loose,
    /// The largest gap in millimetres.
    Gap(f64),
}

/// The largest gap `--rack` accepts (mm).
pub const MAX_RACK_GAP_MM: f64 = 5.0;

/// A template set's diameter tolerance (m): +-0.05 mm, the rules of snooker (quoted by Bob
/// Jewett, forums.azbilliards.com); no pool-ball maker's figure was found.
pub const TEMPLATE_SET_TOLERANCE: f64 = 0.05e-3;
/// The WPA's ball diameter tolerance (m): 2 1/4 in +-0.005 in (WPA Tournament Table & Equipment
/// Specifications, 16. Balls and Ball Rack).
pub const WPA_BALL_TOLERANCE: f64 = 0.127e-3;

/// The names `parse` reads, as the options list them.
pub const RACK_NAMES: &str = "template, hand, loose, even, tight, typical";

impl Tightness {
    /// The largest gap between neighbours of a rack with random gaps (m); `None` for settled
    /// racks and the even one.
    pub fn largest_gap(self) -> Option<f64> {
        match self {
            Tightness::Template | Tightness::Hand | Tightness::Even => None,
            Tightness::Tight => Some(0.127e-3),
            Tightness::Typical => Some(0.5e-3),
            Tightness::Loose => Some(2.0e-3),
            Tightness::Gap(mm) => Some(mm * 1e-3),
        }
    }

    /// The diameter tolerance of a settled rack's set (m); `None` for the others.
    pub fn set_tolerance(self) -> Option<f64> {
        match self {
            Tightness::Template => Some(TEMPLATE_SET_TOLERANCE),
            Tightness::Hand => Some(WPA_BALL_TOLERANCE),
            _ => None,
        }
    }

    /// Reads a name of `RACK_NAMES` (or `perfect`, the old name of `even`) or a largest gap in
    /// millimetres.
    pub fn parse(s: &str) -> Result<Tightness, String> {
        let t = match s.trim() {
            "template" => Tightness::Template,
            "hand" => Tightness::Hand,
            "even" | "perfect" => Tightness::Even,
            "tight" => Tightness::Tight,
            "typical" => Tightness::Typical,
            "loose" => Tightness::Loose,
            other => {
                let mm: f64 = other.parse().map_err(|_| {
                    format!(
                        "'{other}' is not a rack: give {RACK_NAMES} or the largest gap in mm (e.g. 0.3)"
                    )
                })?;
                Tightness::Gap(mm)
            }
        };
        t.check()?;
        Ok(t)
    }

    /// A largest gap within 0.01 mm to [`MAX_RACK_GAP_MM`] (a rack read from a file is
    /// checked as one given on the command line).
    pub fn check(self) -> Result<(), String> {
        match self {
            Tightness::Gap(mm)
                if !(mm.is_finite() && (RACK_MIN_GAP * 1e3..=MAX_RACK_GAP_MM).contains(&mm)) =>
            {
                Err(format!(
                    "a rack's largest gap must be within 0.01 to {MAX_RACK_GAP_MM} mm, got {}",
                    crate::echo::number(mm)
                ))
            }
            _ => Ok(()),
        }
    }

    /// The name `parse` reads back.
    pub fn name(self) -> String {
        match self {
            Tightness::Template => "template".into(),
            Tightness::Hand => "hand".into(),
            Tightness::Even => "even".into(),
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
/// A settled rack (`template`, `hand`) draws each ball's diameter within its set's tolerance and
/// settles them (`settle::settled`). The even rack spaces neighbours `2 R + RACK_GAP`; a rack
/// with random gaps puts each ball but the apex within a quarter of the largest gap of its
/// place in a triangle spaced by `2 R + RACK_MIN_GAP + gap / 2`, so that neighbours' gaps fall
/// between `RACK_MIN_GAP` and `RACK_MIN_GAP + gap`. No two balls overlap.
pub fn rack<R: Rng + ?Sized>(table: &Table, tightness: Tightness, rng: &mut R) -> Vec<Placed> {
    let mut others: Vec<u8> = (2..=9).collect();
    others.shuffle(rng);
    let mut others = others.into_iter();
    let places = places(table, tightness, rng);
    settle::PLACES
        .iter()
        .zip(places)
        .map(|(&(row, k), at)| {
            let ball = match (row, k) {
                (0, 0) => 1,
                (2, 1) => 10,
                _ => others.next().expect("eight balls for eight places"),
            };
            Placed { ball, at }
        })
        .collect()
}

/// The ten centres of a rack, in the order of `settle::PLACES`.
fn places<R: Rng + ?Sized>(table: &Table, tightness: Tightness, rng: &mut R) -> Vec<Point> {
    let apex = table.foot_spot();
    if let Some(tolerance) = tightness.set_tolerance() {
        let deviation: [f64; 10] =
            std::array::from_fn(|_| rng.random_range(-tolerance..=tolerance));
        let racking = match tightness {
            Tightness::Template => settle::Racking::Template {
                choice: rng.random::<f64>(),
            },
            _ => settle::Racking::Triangle,
        };
        let at = settle::settled(
            glam::DVec2::new(apex.x, apex.y),
            table.ball_radius,
            &deviation,
            RACK_MIN_GAP,
            racking,
        );
        return at.iter().map(|p| Point::new(p.x, p.y)).collect();
    }
    let gap = tightness.largest_gap();
    let d = 2.0 * table.ball_radius + gap.map_or(RACK_GAP, |g| RACK_MIN_GAP + 0.5 * g);
    let wander = gap.map_or(0.0, |g| 0.25 * g);
    let lattice = settle::lattice(glam::DVec2::new(apex.x, apex.y), d);
    settle::PLACES
        .iter()
        .zip(lattice)
        .map(|(&(row, _), at)| {
            let at = Point::new(at.x, at.y);
            if row > 0 && wander > 0.0 {
                // Uniform over a disc of radius `wander`.
                let reach = wander * rng.random::<f64>().sqrt();
                let angle = rng.random_range(0.0..std::f64::consts::TAU);
                Point::new(at.x + reach * angle.cos(), at.y + reach * angle.sin())
            } else {
                at
            }
        })
        .collect()
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
            let balls = rack(&table, Tightness::Even, &mut StdRng::seed_from_u64(seed));
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

    /// Settled racks: no overlap, the apex on the spot, most neighbours touching or nearly, the
    /// gaps within what the set's diameter spread can leave (a triangle's jam: twice the
    /// tolerance, doubled for the relaxation to equal balls; a template's one open contact:
    /// `|6 r4 - sum of the ring's radii|`, at most six times the tolerance), and a set within
    /// the WPA's wider tolerance leaving larger gaps than a template set.
    #[test]
    fn settled_racks_leave_the_gaps_of_their_sets_diameters() {
        let table = Table::default();
        let r = table.ball_radius;
        let mut medians = Vec::new();
        for t in [Tightness::Template, Tightness::Hand] {
            let tol = t.set_tolerance().unwrap();
            let mut all = Vec::new();
            for seed in 0..200 {
                let balls = rack(&table, t, &mut StdRng::seed_from_u64(seed));
                assert_eq!(
                    balls[0].at,
                    table.foot_spot(),
                    "5.2: the apex on the foot spot"
                );
                for (i, a) in balls.iter().enumerate() {
                    for b in &balls[i + 1..] {
                        assert!(a.at.distance(b.at) - 2.0 * r >= RACK_MIN_GAP - 1e-9);
                    }
                }
                let g = gaps(&balls, r);
                assert_eq!(g.len(), 18, "{t:?} seed {seed}: {g:?}");
                all.extend(g);
            }
            all.sort_by(f64::total_cmp);
            let max = *all.last().unwrap();
            let bound = if t == Tightness::Template { 6.0 } else { 4.0 };
            assert!(max < RACK_MIN_GAP + bound * tol, "{t:?}: gap {max}");
            let touching = all
                .iter()
                .filter(|&&g| g < RACK_MIN_GAP + 0.1 * tol)
                .count();
            assert!(
                touching as f64 > 0.2 * all.len() as f64,
                "{t:?}: {touching} of {} touch",
                all.len()
            );
            medians.push(all[all.len() / 2]);
        }
        assert!(medians[1] > 1.5 * medians[0], "{medians:?}");
    }

    #[test]
    fn the_old_name_perfect_reads_as_even() {
        assert_eq!(Tightness::parse("perfect"), Ok(Tightness::Even));
        let t: Tightness = serde_json::from_str("\"perfect\"").unwrap();
        assert_eq!(t, Tightness::Even);
        assert_eq!(serde_json::to_string(&Tightness::Even).unwrap(), "\"even\"");
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
        for t in [
            Tightness::Template,
            Tightness::Hand,
            Tightness::Even,
            Tightness::Loose,
            Tightness::Gap(1.5),
        ] {
            assert_eq!(Tightness::parse(&t.name()), Ok(t));
        }
    }
}
