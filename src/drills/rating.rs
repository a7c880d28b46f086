//! What a drill score means: each computer level's scores on a drill (from `drill rate`),
//! summed up, and a player's score set among them on the ladder's scale ("like level 3,
//! about 160 on the ladder's scale, 127-197"). The ladder's ratings are those `duel --ladder`
//! measured (docs/batch-runs.md); the levels' scores on the shipped drills are in
//! `assets/drills/levels.json`, made by `tools/drill-levels.sh`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::computer::Level;

/// A level's rating on the ladder's scale with its 95 % interval: `tenball duel --ladder
/// --racks 200 --seed 1`, measured 2026-12-07 (docs/batch-runs.md, "Ratings"); level 1 is
/// fixed at 0.
pub const LADDER: [(u8, f64, f64, f64); 5] = [
    (1, 0.0, 0.0, 0.0),
    (2, 74.0, 40.0, 107.0),
    (3, 162.0, 127.0, 197.0),
    (4, 242.0, 198.0, 285.0),
    (5, 569.0, 504.0, 634.0),
];

/// One level's scores on a drill.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelScores {
    pub sessions: u64,
    pub mean: f64,
    /// The mean's 95 % interval (the normal approximation: 1.96 standard errors).
    pub mean_ci95: [f64; 2],
    pub low_quartile: f64,
    pub median: f64,
    pub high_quartile: f64,
}

impl LevelScores {
    /// The summary of `scores` (at least one).
    pub fn of(scores: &[u32]) -> LevelScores {
        let mut v: Vec<f64> = scores.iter().map(|&s| f64::from(s)).collect();
        v.sort_by(f64::total_cmp);
        let q = |p: f64| {
            let x = p * (v.len() - 1) as f64;
            let (i, f) = (x.floor() as usize, x.fract());
            v[i] + f * (v[(i + 1).min(v.len() - 1)] - v[i])
        };
        let n = v.len().max(1) as f64;
        let mean = v.iter().sum::<f64>() / n;
        let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let half = 1.96 * (var / n).sqrt();
        LevelScores {
            sessions: v.len() as u64,
            mean,
            mean_ci95: [mean - half, mean + half],
            low_quartile: q(0.25),
            median: q(0.5),
            high_quartile: q(0.75),
        }
    }
}

/// The levels' scores on one drill, by level number.
pub type DrillLevels = BTreeMap<u8, LevelScores>;

/// A score set among the levels: the nearest level, the rating on the ladder's scale and its
/// interval, or why it cannot be said.
#[derive(Debug, Clone, PartialEq)]
pub enum Placing {
    Like {
        level: u8,
        rating: f64,
        low: f64,
        high: f64,
    },
    /// Below the lowest level's mean score.
    Below(u8),
    /// At or above the highest level's mean score.
    Above(u8),
    /// Fewer than two levels have scores, or none of them differ.
    Unknown,
}

impl Placing {
    /// "like level 3 (about 160 on the ladder's scale, 127-197)".
    pub fn words(&self) -> String {
        match *self {
            Placing::Like {
                level,
                rating,
                low,
                high,
            } => format!(
                "like level {level} (about {rating:.0} on the ladder's scale, {low:.0}-{high:.0})"
            ),
            Placing::Below(l) => format!("below the computer's level {l}"),
            Placing::Above(l) => format!("at the computer's level {l} or above"),
            Placing::Unknown => "not yet set among the computer's levels".into(),
        }
    }
}

fn ladder(level: u8) -> Option<(f64, f64, f64)> {
    LADDER
        .iter()
        .find(|l| l.0 == level)
        .map(|&(_, r, lo, hi)| (r, lo, hi))
}

/// Where `score` falls among the levels' mean scores: between two levels whose means rise, the
/// rating and its interval are interpolated between theirs; the nearest level names it.
pub fn place(score: f64, levels: &DrillLevels) -> Placing {
    // The levels in order, keeping only those whose mean rises above every lower one's (a
    // drill that does not separate two levels says nothing between them).
    let mut rising: Vec<(u8, f64)> = Vec::new();
    for (&l, s) in levels {
        if ladder(l).is_none() {
            continue;
        }
        if rising.last().is_none_or(|&(_, m)| s.mean > m) {
            rising.push((l, s.mean));
        }
    }
    let (Some(&(first, lo_mean)), Some(&(last, hi_mean))) = (rising.first(), rising.last()) else {
        return Placing::Unknown;
    };
    if rising.len() < 2 {
        return Placing::Unknown;
    }
    if score < lo_mean {
        return Placing::Below(first);
    }
    if score >= hi_mean {
        return Placing::Above(last);
    }
    for w in rising.windows(2) {
        let ((a, ma), (b, mb)) = (w[0], w[1]);
        if (ma..mb).contains(&score) {
            let f = (score - ma) / (mb - ma);
            let (ra, la, ha) = ladder(a).expect("kept levels are on the ladder");
            let (rb, lb, hb) = ladder(b).expect("kept levels are on the ladder");
            let mix = |x: f64, y: f64| x + f * (y - x);
            return Placing::Like {
                level: if f < 0.5 { a } else { b },
                rating: mix(ra, rb),
                low: mix(la, lb),
                high: mix(ha, hb),
            };
        }
    }
    Placing::Unknown
}

/// Whether `high`'s mean stands above `low`'s with the two means' 95 % intervals apart.
pub fn separates(low: &LevelScores, high: &LevelScores) -> bool {
    high.mean_ci95[0] > low.mean_ci95[1]
}

/// The shipped drills' level scores (`assets/drills/levels.json`), by drill name.
pub fn shipped() -> BTreeMap<String, DrillLevels> {
    serde_json::from_str(include_str!("../../assets/drills/levels.json"))
        .expect("the shipped levels file reads (a test holds it)")
}

/// A level's number on the ladder (none for greedy).
pub fn level_number(l: Level) -> Option<u8> {
    match l {
        Level::Level(n) => Some(n),
        Level::Greedy => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn levels(means: &[(u8, f64)]) -> DrillLevels {
        means
            .iter()
            .map(|&(l, m)| {
                (
                    l,
                    LevelScores {
                        sessions: 10,
                        mean: m,
                        mean_ci95: [m, m],
                        low_quartile: m,
                        median: m,
                        high_quartile: m,
                    },
                )
            })
            .collect()
    }

    #[test]
    fn a_score_between_two_levels_takes_the_rating_between_theirs() {
        let l = levels(&[(1, 2.0), (2, 4.0), (3, 6.0), (4, 7.0), (5, 9.0)]);
        // Halfway from level 3 (162) to 4 (242): 202, the nearer level named as 4.
        let Placing::Like {
            level,
            rating,
            low,
            high,
        } = place(6.5, &l)
        else {
            panic!("placed");
        };
        assert_eq!(level, 4);
        assert!((rating - 202.0).abs() < 1e-9, "{rating}");
        assert!((low - 162.5).abs() < 1e-9 && (high - 241.0).abs() < 1e-9);
        assert_eq!(place(1.0, &l), Placing::Below(1));
        assert_eq!(place(9.0, &l), Placing::Above(5));
        assert!(
            place(5.0, &l)
                .words()
                .starts_with("like level 3 (about 118")
        );
    }

    #[test]
    fn levels_a_drill_does_not_separate_are_passed_over() {
        // Level 3 scores no better than level 2: between 2 and 4 only.
        let l = levels(&[(2, 4.0), (3, 3.0), (4, 8.0)]);
        let Placing::Like { rating, .. } = place(6.0, &l) else {
            panic!("placed");
        };
        assert!((rating - (74.0 + 0.5 * (242.0 - 74.0))).abs() < 1e-9);
        assert_eq!(place(6.0, &levels(&[(2, 4.0)])), Placing::Unknown);
    }

    #[test]
    fn quartiles_and_the_means_interval_of_scores() {
        let s = LevelScores::of(&[1, 2, 3, 4, 5]);
        assert_eq!(
            (s.low_quartile, s.median, s.high_quartile, s.mean),
            (2.0, 3.0, 4.0, 3.0)
        );
        // Sample variance 2.5: the standard error sqrt(0.5).
        let half = 1.96 * 0.5f64.sqrt();
        assert!((s.mean_ci95[0] - (3.0 - half)).abs() < 1e-12);
        assert!((s.mean_ci95[1] - (3.0 + half)).abs() < 1e-12);
    }

    /// Whether level 5's scores stand above level 1's beyond both means' intervals.
    #[test]
    fn separation_needs_the_intervals_apart() {
        let a = LevelScores::of(&[1, 1, 2, 1]);
        let b = LevelScores::of(&[8, 9, 9, 10]);
        assert!(separates(&a, &b));
        assert!(!separates(&a, &LevelScores::of(&[1, 2, 1, 2])));
    }
}
