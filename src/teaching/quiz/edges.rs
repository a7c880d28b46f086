//! Questions at the edge of a rule, made by the physics: a played shot of the library with its
//! stroke changed (the aim turned, the speed scaled, the tip moved, nearest changes first) until the referee
//! rules otherwise (another verdict or another deciding rule), so that the quiz shows both sides
//! of an edge: the ball that just reaches the rail and the one that just does not. A variation
//! is kept only when its ruling holds under the batch runs' execution noise in at least
//! [`MIN_SHARE`] of [`RUNS`] replays (a question must not be a coin toss); the share is stored
//! with it and re-measured by the suite. The search is run by `tenball quiz --make-edges FILE`
//! and its result kept in `assets/quiz/edges.json`; only the strokes are stored: every key is
//! the referee's, asked when the question is.

use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::{Deserialize, Serialize};

use super::{EdgeOf, Key, Kind, Question};
use crate::physics::{MAX_STRIKE_SPEED, Noise, Strike};
use crate::table::BALL_RADIUS;

/// Where the edges are kept, from the repository's root.
pub const FILE: &str = "assets/quiz/edges.json";
static STORED: &str = include_str!("../../../assets/quiz/edges.json");

/// Replays of a variation under noise, to measure how firmly its ruling holds.
pub const RUNS: u32 = 100;
/// The least share of those replays that must give its key.
pub const MIN_SHARE: f64 = 0.9;
/// The most edges kept for one shot.
pub const MAX_PER_SHOT: usize = 3;
/// The most variations of one shot whose hold is measured (each costs [`RUNS`] shots).
const MAX_MEASURED: usize = 30;

/// An edge as the file keeps it: the question it varies and the variation.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredEdge {
    /// The id of the library's question (`scenario#step`).
    pub of: String,
    #[serde(flatten)]
    pub edge: EdgeOf,
}

/// The edges file.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EdgeFile {
    pub about: String,
    /// The noise the holds were measured under, and the seed of the replays.
    pub noise: Noise,
    pub seed: u64,
    pub edges: Vec<StoredEdge>,
}

/// The edges built into the binary.
pub fn stored() -> Result<Vec<StoredEdge>, String> {
    let f: EdgeFile = serde_json::from_str(STORED)
        .map_err(|e| format!("{FILE}:{}", crate::echo::json_problem(&e)))?;
    Ok(f.edges)
}

/// The seed the file's holds were measured with.
pub fn stored_seed() -> Result<u64, String> {
    let f: EdgeFile = serde_json::from_str(STORED)
        .map_err(|e| format!("{FILE}:{}", crate::echo::json_problem(&e)))?;
    Ok(f.seed)
}

/// The `k`-th edge question of `base`, playing `edge`'s stroke.
pub fn question(base: &Question, k: usize, edge: EdgeOf) -> Question {
    let mut q = base.clone();
    q.id = format!("{}~{k}", base.id);
    q.kind = Kind::Edge;
    q.shot.stroke = Some(edge.stroke);
    q.edge = Some(edge);
    q
}

/// The changes of a stroke tried, nearest first: the aim turned by up to 5 degrees, the speed
/// scaled from 0.35 to 1.8 times (within the strike's range), the tip moved up or down (follow
/// or draw) by up to 0.6 of the radius, and these together. Nearness: a degree of aim, a
/// quarter more or less speed and 0.3 of the radius of tip count alike.
pub fn variations(s: &Strike) -> Vec<Strike> {
    const AIM: [f64; 13] = [
        0.0, 0.25, -0.25, 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0, 5.0, -5.0,
    ];
    const SPEED: [f64; 8] = [1.0, 0.85, 1.2, 0.7, 1.45, 0.5, 1.8, 0.35];
    const TIP: [f64; 5] = [0.0, 0.3, -0.3, 0.6, -0.6];
    let mut out: Vec<(f64, Strike)> = Vec::new();
    for a in AIM {
        for f in SPEED {
            for t in TIP {
                if a == 0.0 && f == 1.0 && t == 0.0 {
                    continue;
                }
                let mut v = *s;
                v.aim_deg += a;
                v.speed = (s.speed * f).clamp(0.05, MAX_STRIKE_SPEED);
                v.height = (s.height + t).clamp(-0.8, 0.8);
                if v.side.hypot(v.height) > 0.9 {
                    continue;
                }
                let distance = a.abs() + f.ln().abs() / 0.25_f64.ln_1p() + t.abs() / 0.3;
                out.push((distance, v));
            }
        }
    }
    out.sort_by(|a, b| a.0.total_cmp(&b.0));
    out.into_iter().map(|(_, v)| v).collect()
}

/// A seed of its own for each question's replays, from the file's seed and its id.
fn seed_for(seed: u64, id: &str) -> u64 {
    id.bytes().fold(seed ^ 0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// How many of `runs` replays of `stroke` under `noise` give `key`.
pub fn held(q: &Question, stroke: &Strike, key: &Key, noise: &Noise, runs: u32, seed: u64) -> u32 {
    let mut rng = StdRng::seed_from_u64(seed_for(seed, &q.id));
    (0..runs)
        .filter(|_| {
            let s = noise.apply(*stroke, BALL_RADIUS, &mut rng);
            q.outcome_of(&s, false).is_ok_and(|o| o.key == *key)
        })
        .count() as u32
}

/// The edges of one played question: variations, nearest first, whose verdict or deciding rule
/// differs from the question's, each with a key of its own, that hold in [`MIN_SHARE`] of the
/// replays; at most [`MAX_PER_SHOT`].
pub fn search(q: &Question, noise: &Noise, seed: u64) -> Result<Vec<EdgeOf>, String> {
    let Some(stroke) = q.shot.stroke else {
        return Ok(Vec::new());
    };
    let original = q.outcome(false)?.key;
    let mut kept: Vec<(Key, EdgeOf)> = Vec::new();
    let mut measured = 0;
    for v in variations(&stroke) {
        if kept.len() >= MAX_PER_SHOT || measured >= MAX_MEASURED {
            break;
        }
        let Ok(o) = q.outcome_of(&v, false) else {
            continue;
        };
        let differs = o.key.legal != original.legal || o.key.rule != original.rule;
        if !differs || kept.iter().any(|(k, _)| *k == o.key) {
            continue;
        }
        measured += 1;
        let candidate = question(
            q,
            kept.len() + 1,
            EdgeOf {
                stroke: v,
                held: 0,
                runs: RUNS,
            },
        );
        let h = held(&candidate, &v, &o.key, noise, RUNS, seed);
        let edge = EdgeOf {
            stroke: v,
            held: h,
            runs: RUNS,
        };
        if edge.share() >= MIN_SHARE {
            kept.push((o.key, edge));
        }
    }
    Ok(kept.into_iter().map(|(_, e)| e).collect())
}

/// Searches every played shot of the library: the file `--make-edges` writes.
pub fn make_file(seed: u64, mut progress: impl FnMut(&str, usize)) -> Result<EdgeFile, String> {
    let noise = Noise::default();
    let mut edges = Vec::new();
    for q in super::library_questions()? {
        if q.kind != Kind::Played {
            continue;
        }
        let found = search(&q, &noise, seed)?;
        progress(&q.id, found.len());
        edges.extend(found.into_iter().map(|edge| StoredEdge {
            of: q.id.clone(),
            edge,
        }));
    }
    Ok(EdgeFile {
        about: format!(
            "Edge questions of `tenball quiz`: a played shot of the library (`of`) with another \
             stroke, whose ruling differs from the shot's and holds in `held` of `runs` replays \
             under `noise`. Written by `tenball quiz --make-edges`; the keys are the referee's, \
             asked each time. At least {MIN_SHARE} of the replays must hold."
        ),
        noise,
        seed,
        edges,
    })
}
