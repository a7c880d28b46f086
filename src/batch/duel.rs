//! Headless racks between two computer players (`tenball duel`): each rack from its own seed
//! (the rack's gaps, every decision's samples, every stroke's noise), so that racks run on
//! every core and the records are the same whatever the thread count; a record per rack and a
//! summary (rack and race wins with Wilson intervals, racks won by the breaker, break-and-run
//! and make shares, fouls, TPA). The breaks can be given (`BreakShot`) to measure what a break
//! place is worth in racks won.

use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::{Deserialize, Serialize};

use super::{Share, break_seed};
use crate::adapter::play_shot;
use crate::computer::{Decision, Level, decide, put_cue_ball};
use crate::physics::Layout;
use crate::referee::performance::{self, Performance};
use crate::referee::{Call, GameState, PlayerId, RackResult, Rules, Tightness, rack};
use crate::table::TableSize;

/// A rack stops here if nobody has won it (shots).
pub const MAX_SHOTS: u32 = 120;

/// What every rack of a duel shares.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DuelSpec {
    pub a: Level,
    pub b: Level,
    pub seed: u64,
    pub table: TableSize,
    pub rack: Tightness,
    /// The cloth, cushions and pockets (files written before equipment was data hold none:
    /// they were played on the WPA set).
    #[serde(default)]
    pub equipment: crate::physics::Equipment,
    /// Every break from this place at this speed instead of the computer's own (`--break-at`,
    /// `--break-speed`): what a break is worth in racks won.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub break_shot: Option<BreakShot>,
}

/// A duel's breaks: the cue ball at (`x`, `y`) metres, full on the 1 at `speed` m/s.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BreakShot {
    pub x: f64,
    pub y: f64,
    pub speed: f64,
}

impl BreakShot {
    /// "-0.938,0.485 at 10.7 m/s".
    pub fn name(&self) -> String {
        format!("{},{} at {} m/s", self.x, self.y, self.speed)
    }
}

impl DuelSpec {
    /// What the inputs of a duel tenball plays satisfy, as `tenball duel` checks its options:
    /// levels 1 to 5 or greedy, the equipment and the rack within their bounds, a break shot
    /// from the kitchen at a speed a stroke may have. A file's header is read so.
    pub fn check(&self) -> Result<(), String> {
        for (who, level) in [("a", self.a), ("b", self.b)] {
            if let Level::Level(n) = level
                && !(1..=5).contains(&n)
            {
                return Err(format!("{who}: level {n} is no level (1 to 5, or greedy)"));
            }
        }
        self.rack.check()?;
        let place = self
            .break_shot
            .map_or(crate::computer::break_place(self.table), |b| {
                crate::table::Point::new(b.x, b.y)
            });
        super::BreakSpec {
            table: self.table,
            cue: super::CuePlace::At(place),
            speed: self.break_shot.map_or(super::pros::PRO_SPEED, |b| b.speed),
            equipment: self.equipment,
            ..super::BreakSpec::default()
        }
        .validate()
        .map_err(|e| format!("break shot: {e}"))
    }

    fn level(&self, p: PlayerId) -> Level {
        match p {
            PlayerId::A => self.a,
            PlayerId::B => self.b,
        }
    }
}

/// One rack's record. Pairs are [A, B].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RackRecord {
    pub index: u64,
    pub seed: u64,
    pub breaker: PlayerId,
    /// None: no winner within `MAX_SHOTS` or a stalemate.
    pub winner: Option<PlayerId>,
    pub balls_on_break: u32,
    /// The breaker won the rack without the opponent shooting.
    pub break_and_run: bool,
    pub shots: u32,
    pub innings: u32,
    pub fouls: [u32; 2],
    /// Each foul's rules, in order, with the player: "A 7.1".
    pub foul_rules: Vec<String>,
    pub safeties: [u32; 2],
    pub push_outs: [u32; 2],
    /// Called shots tried and made.
    pub called: [u32; 2],
    pub made: [u32; 2],
    /// Ball-in-hand turns, and those the player ran out from.
    pub in_hand: [u32; 2],
    pub out_from_hand: [u32; 2],
    /// Accu-Stats' TPA counts of each player in this rack (records written before them hold
    /// none).
    #[serde(default)]
    pub performance: [Performance; 2],
}

impl RackRecord {
    /// A rack not yet played: its index, seed and breaker, every count 0.
    fn new(index: u64, seed: u64, breaker: PlayerId) -> RackRecord {
        RackRecord {
            index,
            seed,
            breaker,
            winner: None,
            balls_on_break: 0,
            break_and_run: false,
            shots: 0,
            innings: 0,
            fouls: [0; 2],
            foul_rules: Vec::new(),
            safeties: [0; 2],
            push_outs: [0; 2],
            called: [0; 2],
            made: [0; 2],
            in_hand: [0; 2],
            out_from_hand: [0; 2],
            performance: [Performance::default(); 2],
        }
    }

    /// Counts one shot of `player`: balls on the break, called shots tried and made,
    /// safeties, fouls and their rules.
    fn count(&mut self, player: PlayerId, call: &Call, played: &crate::adapter::PlayedShot) {
        let i = player.index();
        let r = &played.judged.ruling;
        if *call == Call::Break {
            self.balls_on_break = played.facts.pocketed.len() as u32;
        }
        if let Call::Ball { ball, pocket } = *call {
            self.called[i] += 1;
            self.made[i] += u32::from(crate::computer::made_call(played, ball, pocket, player));
        }
        self.safeties[i] += u32::from(*call == Call::Safety);
        self.push_outs[i] += u32::from(*call == Call::PushOut);
        self.fouls[i] += u32::from(!r.legal);
        if !r.legal {
            let rules: Vec<String> = r.fouls.iter().map(|f| f.rule.clone()).collect();
            self.foul_rules.push(format!(
                "{} {}",
                if i == 0 { "A" } else { "B" },
                rules.join("+")
            ));
        }
    }
}

impl RackRecord {
    /// What every record a duel writes satisfies (its breaker the one the index gives, counts
    /// no larger than the shots played, no more made than called); a record read back that
    /// does not is refused, so an edited or damaged file never reaches a summary.
    pub fn check(&self) -> Result<(), String> {
        let breaker = if self.index.is_multiple_of(2) {
            PlayerId::A
        } else {
            PlayerId::B
        };
        if self.breaker != breaker {
            return Err(format!(
                "rack {} is broken by {breaker:?}, not {:?}",
                self.index, self.breaker
            ));
        }
        if self.shots > MAX_SHOTS {
            return Err(format!("{} shots; a rack stops at {MAX_SHOTS}", self.shots));
        }
        if self.innings > self.shots + 1 || self.balls_on_break > 10 {
            return Err("more innings than shots, or more than 10 balls on the break".into());
        }
        for (i, p) in ["A", "B"].into_iter().enumerate() {
            if self.made[i] > self.called[i] {
                return Err(format!(
                    "{p} made {} of {} called shots",
                    self.made[i], self.called[i]
                ));
            }
            if self.out_from_hand[i] > self.in_hand[i] {
                return Err(format!(
                    "{p} ran out {} times from {} turns with ball in hand",
                    self.out_from_hand[i], self.in_hand[i]
                ));
            }
        }
        let counted: u64 = [
            self.called,
            self.safeties,
            self.push_outs,
            self.fouls,
            self.in_hand,
        ]
        .iter()
        .map(|c| c[0] as u64 + c[1] as u64)
        .max()
        .unwrap_or(0);
        let strokes: u64 = (0..2)
            .map(|i| self.called[i] as u64 + self.safeties[i] as u64 + self.push_outs[i] as u64)
            .sum();
        if counted > self.shots as u64 || strokes > self.shots as u64 {
            return Err(format!("counts past the rack's {} shots", self.shots));
        }
        if self.foul_rules.len() as u64 != self.fouls[0] as u64 + self.fouls[1] as u64 {
            return Err("foul_rules does not list one entry a foul".into());
        }
        let counted_strokes = self.performance[0].strokes + self.performance[1].strokes;
        if counted_strokes > 0 && counted_strokes != self.shots {
            return Err(format!(
                "performance counts {counted_strokes} strokes of the rack's {} shots",
                self.shots
            ));
        }
        if self.break_and_run && self.winner != Some(self.breaker) {
            return Err("a break and run that the breaker did not win".into());
        }
        Ok(())
    }
}

/// Plays rack `index` of the duel to its end (or `MAX_SHOTS`). An error says what the
/// referee refused: the computer's moves are always ones it allows, so this is a bug.
pub fn play_rack(spec: &DuelSpec, index: u64) -> Result<RackRecord, String> {
    let seed = break_seed(spec.seed, index);
    let mut rng = StdRng::seed_from_u64(seed);
    let table = spec.table.spec();
    let breaker = if index.is_multiple_of(2) {
        PlayerId::A
    } else {
        PlayerId::B
    };
    let mut state = GameState::with_breaker(Rules::default(), spec.table, breaker);
    let mut layout = Layout {
        table: spec.table,
        balls: rack(&table, spec.rack, &mut rng),
    };
    let mut rec = RackRecord::new(index, seed, breaker);
    // Every stroke's ruling and whether it was a kick, for the rack's performance counts.
    let mut strokes: Vec<performance::RuledStroke> = Vec::new();
    let mut opponent_shot = false;
    // Who had the cue ball in hand last and has not missed since.
    let mut from_hand: Option<PlayerId> = None;
    let fail = |what: String| format!("rack {index} (seed {seed}): {what}");
    while rec.shots < MAX_SHOTS {
        let player = state.to_act();
        let level = spec.level(player);
        let decision = match (spec.break_shot, state.turn().action) {
            (Some(b), crate::referee::TurnAction::Break { .. }) => crate::computer::break_from(
                &state,
                &layout,
                crate::table::Point::new(b.x, b.y),
                b.speed,
            ),
            _ => {
                decide(&state, &layout, level, &spec.equipment, &mut rng).map_err(|e| fail(e.0))?
            }
        };
        let (place, call, strike) = match decision {
            Decision::Choose { choice, .. } => {
                state = state.choose(choice).map_err(|e| fail(e.to_string()))?;
                continue;
            }
            Decision::Stroke {
                place,
                call,
                strike,
                ..
            } => (place, call, strike),
        };
        let i = player.index();
        if let Some(p) = place {
            put_cue_ball(&mut layout, p);
            if call != Call::Break {
                rec.in_hand[i] += 1;
                from_hand = Some(player);
            }
        }
        let played_strike = level.noise().apply(strike, table.ball_radius, &mut rng);
        let played = play_shot(
            &state,
            &layout,
            &call,
            &played_strike,
            &[],
            &crate::computer::sample_config(&spec.equipment),
        )
        .map_err(|e| fail(format!("the referee refused the computer's shot: {e}")))?;
        rec.shots += 1;
        opponent_shot |= player != breaker;
        let r = &played.judged.ruling;
        rec.count(player, &call, &played);
        strokes.push(performance::RuledStroke::of(
            &played.judged.ruling,
            &played.facts,
        ));
        if !crate::computer::stays_or_wins(r, player) {
            from_hand = None;
        }
        if let Some(result) = r.rack_result {
            if let RackResult::Won { winner, .. } = result {
                rec.winner = Some(winner);
                rec.break_and_run = winner == breaker && !opponent_shot;
                if from_hand == Some(winner) {
                    rec.out_from_hand[winner.index()] += 1;
                }
            }
            rec.innings = state.inning;
            rec.performance = performance::count(&strokes);
            return Ok(rec);
        }
        state = played.judged.state;
        layout = played.layout;
    }
    rec.innings = state.inning;
    rec.performance = performance::count(&strokes);
    Ok(rec)
}

/// The summary of a duel's racks.
#[derive(Debug, Clone, Serialize)]
pub struct DuelSummary {
    pub racks: u64,
    pub a: String,
    pub b: String,
    /// Racks won, [A, B].
    pub rack_wins: [u64; 2],
    /// Racks A won, of the racks won by either.
    pub a_rack_wins: Share,
    /// Races to `race_to` won by A (racks in order, a race ends when one reaches it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a_race_wins: Option<Share>,
    pub races: u64,
    pub unfinished_racks: u64,
    /// Racks the breaker won, of the racks won: the break's value in racks.
    pub breaker_rack_wins: Share,
    pub break_and_run: Share,
    /// Called shots made, per player.
    pub make_share: [f64; 2],
    pub fouls_a_rack: [f64; 2],
    pub safeties_a_rack: [f64; 2],
    pub push_outs_a_rack: [f64; 2],
    pub run_out_from_hand: [f64; 2],
    pub balls_on_break: f64,
    /// Accu-Stats' TPA counts over every rack, per player (zero for records without them).
    pub performance: [Performance; 2],
    /// Balls made / (balls made + errors), per player.
    pub tpa: [Option<f64>; 2],
}

/// Sums the racks up; races to `race_to` cut from the racks in order.
pub fn summarize(spec: &DuelSpec, recs: &[RackRecord], race_to: Option<u32>) -> DuelSummary {
    let n = recs.len() as u64;
    let won: Vec<PlayerId> = recs.iter().filter_map(|r| r.winner).collect();
    let a_wins = won.iter().filter(|&&w| w == PlayerId::A).count() as u64;
    let sum = |f: &dyn Fn(&RackRecord) -> u32| -> u64 { recs.iter().map(|r| f(r) as u64).sum() };
    let per_rack = |x: u64| if n == 0 { 0.0 } else { x as f64 / n as f64 };
    let share = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    let mut performance = [Performance::default(); 2];
    for r in recs {
        performance[0].add(&r.performance[0]);
        performance[1].add(&r.performance[1]);
    }
    let (mut races, mut a_races) = (0u64, 0u64);
    if let Some(to) = race_to {
        let mut score = [0u32; 2];
        for w in &won {
            score[w.index()] += 1;
            if score[w.index()] >= to {
                races += 1;
                a_races += u64::from(*w == PlayerId::A);
                score = [0, 0];
            }
        }
    }
    DuelSummary {
        racks: n,
        a: spec.a.name(),
        b: spec.b.name(),
        rack_wins: [a_wins, won.len() as u64 - a_wins],
        a_rack_wins: Share::of(a_wins, won.len() as u64),
        a_race_wins: race_to.map(|_| Share::of(a_races, races)),
        races,
        unfinished_racks: n - won.len() as u64,
        breaker_rack_wins: Share::of(
            recs.iter().filter(|r| r.winner == Some(r.breaker)).count() as u64,
            won.len() as u64,
        ),
        break_and_run: Share::of(recs.iter().filter(|r| r.break_and_run).count() as u64, n),
        make_share: [
            share(sum(&|r| r.made[0]), sum(&|r| r.called[0])),
            share(sum(&|r| r.made[1]), sum(&|r| r.called[1])),
        ],
        fouls_a_rack: [
            per_rack(sum(&|r| r.fouls[0])),
            per_rack(sum(&|r| r.fouls[1])),
        ],
        safeties_a_rack: [
            per_rack(sum(&|r| r.safeties[0])),
            per_rack(sum(&|r| r.safeties[1])),
        ],
        push_outs_a_rack: [
            per_rack(sum(&|r| r.push_outs[0])),
            per_rack(sum(&|r| r.push_outs[1])),
        ],
        run_out_from_hand: [
            share(sum(&|r| r.out_from_hand[0]), sum(&|r| r.in_hand[0])),
            share(sum(&|r| r.out_from_hand[1]), sum(&|r| r.in_hand[1])),
        ],
        balls_on_break: per_rack(sum(&|r| r.balls_on_break)),
        performance,
        tpa: [performance[0].tpa(), performance[1].tpa()],
    }
}

impl DuelSummary {
    pub fn to_text(&self) -> String {
        let pct = |s: &Share| {
            format!(
                "{:.1} % (95 % CI {:.1} to {:.1} %)",
                100.0 * s.share,
                100.0 * s.ci95[0],
                100.0 * s.ci95[1]
            )
        };
        let mut out = format!(
            "{} racks, A (level {}) against B (level {})\n  racks won by A               {}\n",
            self.racks,
            self.a,
            self.b,
            pct(&self.a_rack_wins)
        );
        match &self.a_race_wins {
            Some(_) if self.races == 0 => out.push_str(
                "  races won by A               none finished: no player reached the race's length in these racks\n",
            ),
            Some(r) => out.push_str(&format!(
                "  races won by A               {} of {} races\n",
                pct(r),
                self.races
            )),
            None => {}
        }
        out.push_str(&format!(
            "  unfinished racks             {}\n  racks won by the breaker     {}\n  break and run                {}\n  called shots made            A {:.1} %, B {:.1} %\n  run out from ball in hand    A {:.1} %, B {:.1} %\n  fouls a rack                 A {:.2}, B {:.2}\n  safeties a rack              A {:.2}, B {:.2}\n  push outs a rack             A {:.2}, B {:.2}\n  balls made on the break      {:.2}\n",
            self.unfinished_racks,
            pct(&self.breaker_rack_wins),
            pct(&self.break_and_run),
            100.0 * self.make_share[0],
            100.0 * self.make_share[1],
            100.0 * self.run_out_from_hand[0],
            100.0 * self.run_out_from_hand[1],
            self.fouls_a_rack[0],
            self.fouls_a_rack[1],
            self.safeties_a_rack[0],
            self.safeties_a_rack[1],
            self.push_outs_a_rack[0],
            self.push_outs_a_rack[1],
            self.balls_on_break
        ));
        for (p, perf) in ["A", "B"].iter().zip(&self.performance) {
            out.push_str(&format!("  {p} {}\n", perf.describe()));
        }
        out
    }
}
