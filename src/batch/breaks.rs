//! One break of a batch: its inputs drawn from its own seed (rack, cue ball place, execution
//! noise), the simulation, the referee's ruling, and the record an analyst reads.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::adapter::{PlayedShot, play_shot};
use crate::physics::{Equipment, Layout, Noise, SimConfig, Strike};
use crate::referee::{Call, GameState, PlayerId, Pocketed, Rules, Tightness, rack};
use crate::table::{Placed, Point, TableSize};

/// Where the cue ball is placed for the break.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CuePlace {
    At(Point),
    /// Anywhere in the kitchen, uniformly, drawn per break.
    RandomInKitchen,
}

/// The inputs every break of a batch shares.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BreakSpec {
    pub seed: u64,
    pub table: TableSize,
    pub cue: CuePlace,
    /// Cue ball speed (m/s).
    pub speed: f64,
    /// Tip offsets as shares of the radius.
    pub side: f64,
    pub height: f64,
    pub elevation_deg: f64,
    pub noise: Option<Noise>,
    /// How tightly each break's rack is racked (files written before racks had gaps hold none:
    /// they were even racks, then named perfect).
    #[serde(default = "even_rack")]
    pub rack: Tightness,
    /// The cloth, cushions and pockets (files written before equipment was data hold none:
    /// they were played on the WPA set).
    #[serde(default)]
    pub equipment: Equipment,
}

fn even_rack() -> Tightness {
    Tightness::Even
}

impl Default for BreakSpec {
    fn default() -> Self {
        let table = TableSize::NineFoot;
        BreakSpec {
            seed: 1,
            table,
            cue: CuePlace::At(Point::new(table.spec().head_string_x() - 0.05, 0.0)),
            speed: 10.0,
            side: 0.0,
            height: 0.0,
            elevation_deg: 0.0,
            noise: Some(Noise::default()),
            rack: Tightness::default(),
            equipment: Equipment::wpa(),
        }
    }
}

impl BreakSpec {
    /// Checks the inputs; says which is wrong and why.
    pub fn validate(&self) -> Result<(), String> {
        self.equipment
            .validate()
            .map_err(|e| format!("equipment: {e}"))?;
        let table = self.equipment.table(self.table);
        if let CuePlace::At(p) = self.cue
            && !table.in_kitchen(p)
        {
            return Err(format!(
                "cue ball position ({}, {}) is not in the kitchen: x must be below the head string at {} and the ball on the bed ({})",
                crate::echo::number(p.x),
                crate::echo::number(p.y),
                crate::echo::bound(table.head_string_x(), p.x),
                table.bed_bounds(p)
            ));
        }
        if !(self.speed.is_finite() && self.speed > 0.0) {
            return Err(format!(
                "speed must be a positive number of m/s, got {}",
                crate::echo::number(self.speed)
            ));
        }
        Strike {
            side: self.side,
            height: self.height,
            elevation_deg: self.elevation_deg,
            ..Strike::new(0.0, self.speed)
        }
        .validate()
        .map_err(|e| e.replace("strike.", ""))
    }
}

/// The seed of break `index` of a batch: well mixed, so neighbouring breaks are unrelated, and
/// the same whatever machine, thread or shard computes it.
pub fn break_seed(base: u64, index: u64) -> u64 {
    let mut z = base ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One break's record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BreakRecord {
    pub index: u64,
    pub seed: u64,
    pub cue_x: f64,
    pub cue_y: f64,
    /// The stroke as played, noise included.
    pub aim_deg: f64,
    pub speed: f64,
    pub side: f64,
    pub height: f64,
    pub elevation_deg: f64,
    pub first_hit: Option<u8>,
    /// Object balls driven to a rail (pocketed and off-table balls included, 8.4).
    pub driven_to_rail: Vec<u8>,
    pub pocketed: Vec<Pocketed>,
    pub ten_on_break: bool,
    pub scratch: bool,
    pub off_table: Vec<u8>,
    /// Rule numbers of the fouls.
    pub fouls: Vec<String>,
    pub legal: bool,
    pub breaker_continues: bool,
    /// Simulated seconds to rest.
    pub duration: f64,
}

/// The cue ball at `cue_at` before the racked balls: a break's layout.
fn break_layout(spec: &BreakSpec, cue_at: Point, rack_balls: Vec<Placed>) -> Layout {
    let mut balls = vec![Placed {
        ball: 0,
        at: cue_at,
    }];
    balls.extend(rack_balls);
    Layout {
        table: spec.table,
        balls,
    }
}

/// The layout and stroke of a recorded break, to play it again (`tenball shot`): the rack of
/// the record's seed, the cue ball where the record says, the stroke as played. A break played
/// again this way ends as its record says, to the bit (tested over 200 breaks).
pub fn replay(spec: &BreakSpec, record: &BreakRecord) -> (Layout, Strike) {
    let table = spec.table.spec();
    let mut rng = StdRng::seed_from_u64(record.seed);
    let rack_balls = rack(&table, spec.rack, &mut rng);
    let layout = break_layout(spec, Point::new(record.cue_x, record.cue_y), rack_balls);
    let strike = Strike {
        aim_deg: record.aim_deg,
        speed: record.speed,
        side: record.side,
        height: record.height,
        elevation_deg: record.elevation_deg,
    };
    (layout, strike)
}

impl BreakRecord {
    /// What every record tenball writes satisfies; a record read back (a resume, a merge)
    /// that does not is refused, so an edited or damaged file never reaches a summary.
    pub fn check(&self) -> Result<(), String> {
        let numbers = [
            ("cue_x", self.cue_x),
            ("cue_y", self.cue_y),
            ("aim_deg", self.aim_deg),
            ("speed", self.speed),
            ("side", self.side),
            ("height", self.height),
            ("elevation_deg", self.elevation_deg),
            ("duration", self.duration),
        ];
        if let Some((what, v)) = numbers.iter().find(|(_, v)| !v.is_finite()) {
            return Err(format!("{what} {v} is not a number"));
        }
        if !(self.duration >= 0.0 && self.speed > 0.0) {
            return Err("a break with no speed or a negative duration".into());
        }
        let object = |what: &str, balls: &mut dyn Iterator<Item = u8>| {
            let mut seen = crate::referee::BallSet::EMPTY;
            for b in balls {
                if !(1..=10).contains(&b) {
                    return Err(format!("{what}: {b} is not an object ball (1 to 10)"));
                }
                if seen.contains(b) {
                    return Err(format!("{what}: ball {b} is listed twice"));
                }
                seen.insert(b);
            }
            Ok(())
        };
        object("first_hit", &mut self.first_hit.into_iter())?;
        object("driven_to_rail", &mut self.driven_to_rail.iter().copied())?;
        object("pocketed", &mut self.pocketed.iter().map(|p| p.ball))?;
        object("off_table", &mut self.off_table.iter().copied())?;
        if self.ten_on_break != self.pocketed.iter().any(|p| p.ball == 10) {
            return Err("ten_on_break does not agree with the balls pocketed".into());
        }
        if let Some(f) = self
            .fouls
            .iter()
            .find(|f| !crate::referee::is_rule_number(f))
        {
            return Err(format!(
                "fouls: `{}` is no rule number",
                crate::echo::cut(&crate::echo::visible(f))
            ));
        }
        if self.legal != self.fouls.is_empty() {
            return Err("legal does not agree with the fouls".into());
        }
        if self.breaker_continues && !self.legal {
            return Err("the breaker continues after a foul".into());
        }
        Ok(())
    }
}

/// Plays break `index` of the batch. An error says which break could not be played and why
/// (it does not happen for a spec that passed `validate`, but a batch must not panic).
pub fn run_break(spec: &BreakSpec, index: u64) -> Result<BreakRecord, String> {
    play_break(spec, index).map(|(record, _, _)| record)
}

/// The break `index` of `spec` as `run_break` plays it, with the rack as placed (the 1 at the
/// apex first, the back row last: `referee::rack`'s order) and the simulation's log, for a study
/// of where each ball went (`batch::claims`).
pub fn play_break(
    spec: &BreakSpec,
    index: u64,
) -> Result<(BreakRecord, Vec<Placed>, crate::physics::ShotLog), String> {
    let seed = break_seed(spec.seed, index);
    let mut rng = StdRng::seed_from_u64(seed);
    let table = spec.table.spec();
    let r = table.ball_radius;
    // The rack is the seed's first draws: `tenball rack --seed SEED` racks the same (`replay`).
    let rack_balls = rack(&table, spec.rack, &mut rng);
    let cue_at = match spec.cue {
        CuePlace::At(p) => p,
        CuePlace::RandomInKitchen => Point::new(
            rng.random_range(-table.length / 2.0 + r..table.head_string_x() - 1e-6),
            rng.random_range(-table.width / 2.0 + r..table.width / 2.0 - r),
        ),
    };
    // Aimed at the centre of the apex ball: a full hit.
    let apex = rack_balls[0].at;
    let mut strike = Strike {
        side: spec.side,
        height: spec.height,
        elevation_deg: spec.elevation_deg,
        ..Strike::new(
            (apex.y - cue_at.y).atan2(apex.x - cue_at.x).to_degrees(),
            spec.speed,
        )
    };
    if let Some(n) = spec.noise {
        strike = n.apply(strike, r, &mut rng);
    }
    let placed = rack_balls.clone();
    let layout = break_layout(spec, cue_at, rack_balls);
    let cfg = SimConfig {
        sample_dt: 0.0,
        equipment: spec.equipment,
        ..SimConfig::default()
    };
    let state = GameState::with_breaker(Rules::default(), spec.table, PlayerId::A);
    let PlayedShot {
        log, facts, judged, ..
    } = play_shot(&state, &layout, &Call::Break, &strike, &[], &cfg)
        .map_err(|e| format!("break {index} (seed {seed}) cannot be played: {e}"))?;
    let ruling = judged.ruling;
    let record = BreakRecord {
        index,
        seed,
        cue_x: cue_at.x,
        cue_y: cue_at.y,
        aim_deg: strike.aim_deg,
        speed: strike.speed,
        side: strike.side,
        height: strike.height,
        elevation_deg: strike.elevation_deg,
        first_hit: facts.first_contact,
        driven_to_rail: facts.object_balls_driven_to_rail(),
        ten_on_break: facts.pocketed.iter().any(|p| p.ball == 10),
        pocketed: facts.pocketed.clone(),
        scratch: facts.cue_ball != crate::referee::CueBallFate::OnTable,
        off_table: facts.off_table.clone(),
        fouls: ruling.fouls.iter().map(|f| f.rule.clone()).collect(),
        legal: ruling.legal,
        breaker_continues: ruling.next.player == PlayerId::A,
        duration: log.duration,
    };
    Ok((record, placed, log))
}
