//! The match at the table: the referee's state, the balls at rest, the rack's rulings and the
//! shots that can be undone. Actions (`GameAction`) from the mouse, the keyboard, the panels or
//! a script change it; a shot goes through `adapter::play_shot` and is applied once its
//! playback ends. What is allowed comes from the referee's state, never from here.

use bevy::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::aim::{Aim, CallDraft, CallKind, NEW_TURN_SPEED};
use crate::adapter::{PlayedShot, play_shot};
use crate::game::{GameOptions, ShotCycle};
use crate::physics::{Layout, SimConfig, Strike, quat_to_world};
use crate::referee::performance::{self, Performance, RuledStroke};
use crate::referee::{
    CUE, Call, GameState, InHand, Phase, Ruling, TableChoice, Tightness, TurnAction,
};
use crate::table::{Placed, Pocket, Point, Table};
use crate::tablefile::TableFile;

/// Two players at one seat, or one player playing both sides (undo, re-rack and ball in hand
/// on demand are practice aids).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    HotSeat,
    Practice,
}

/// The table before a shot: what undo goes back to.
#[derive(Debug, Clone)]
pub struct Snapshot {
    pub state: GameState,
    pub layout: Layout,
    /// Each ball's orientation (world frame), so that numbers stay where they were.
    pub orient: [Quat; 11],
}

/// A shot that undo takes back: the table before it, and the stroke and call that were shot
/// (set up again, so that the player can change them and shoot again).
#[derive(Debug, Clone)]
pub struct Undo {
    pub before: Snapshot,
    pub call: Call,
    pub strike: Strike,
}

/// The last shot played: the table before it, what was called and struck, and what came of it.
#[derive(Debug, Clone)]
pub struct LastShot {
    pub before: Snapshot,
    pub call: Call,
    pub strike: Strike,
    pub played: PlayedShot,
    /// What the shooter said it played for (the computer's decision, with its name), kept on
    /// screen while the shot plays and on the ruling card after.
    pub intent: Option<String>,
}

/// The match at the table.
#[derive(Resource, Debug)]
pub struct Match {
    pub state: GameState,
    /// The balls at rest; the cue ball is where it lies or where it was placed in hand.
    pub layout: Layout,
    pub orient: [Quat; 11],
    pub mode: Mode,
    pub players: [String; 2],
    /// The rulings of this rack, oldest first.
    pub rulings: Vec<Ruling>,
    /// Every stroke of the match so far (its ruling, and whether it was a kick), for the
    /// players' TPA; undo takes its stroke back.
    pub strokes: Vec<RuledStroke>,
    /// Each player's TPA counts in the rack just ended, shown on its ruling card.
    pub rack_performance: Option<[Performance; 2]>,
    /// Tables before each shot of the rack, for undo (practice).
    pub history: Vec<Undo>,
    /// The shot being played back, applied when its playback ends.
    pub pending: Option<LastShot>,
    pub last: Option<LastShot>,
    /// The latest refusal or notice for the player.
    pub message: Option<String>,
    /// What the next stroke is played for, said by the computer before it shoots; the shot
    /// takes it (`LastShot::intent`).
    pub intent: Option<String>,
    /// Path of the last table saved.
    pub saved: Option<std::path::PathBuf>,
    /// The stroke a loaded table file set up.
    pub start_stroke: Option<Strike>,
    /// The call a loaded table file set up for that stroke.
    pub start_call: Option<Call>,
    /// The cloth, cushions and pockets the shots are played on (`--equipment`).
    pub equipment: crate::physics::Equipment,
    /// Fouls declared for the next shot (what physics cannot see; the scenario player's).
    pub declared: Vec<crate::referee::Declared>,
    /// Shot seconds per real second for a shot's playback (the scenario player slows it).
    pub playback_speed: f64,
    /// The computer's seats, A then B: its level, or none for a person.
    pub computer: [Option<crate::computer::Level>; 2],
    /// The match's seed (the computer's decisions draw from it).
    pub seed: u64,
    /// The referee's quiz holds this table on its shot's ruling: the card is not closed
    /// (Continue) and no new match starts; the quiz opens the next question itself.
    pub held: bool,
    /// A won rack is followed by a fresh rack (false in a drill, whose session sets the
    /// table: the balls stay where the shot left them while its card is read).
    pub rerack: bool,
    rng: StdRng,
    /// How tightly the racks are racked.
    rack: Tightness,
}

/// What the players (or a script) do.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum GameAction {
    /// Play the stroke that is set up, with the call that is set up.
    Shoot,
    /// Play the stroke exactly as set up, with no execution error, whoever's seat it is (a
    /// link's shot, whose stroke is the one played when the link was made).
    ShootAsSet,
    /// Put the cue ball here (ball in hand).
    PlaceCueBall(Point),
    /// Call this ball (5.5).
    CallBall(u8),
    /// Call this pocket for the called ball.
    CallPocket(Pocket),
    /// Call a ball, a safety (5.6) or a push out (5.4).
    CallKind(CallKind),
    /// The incoming player's answer to a choice.
    Choose(TableChoice),
    /// Close the ruling card (or skip the rest of the playback).
    Continue,
    /// Practice: back to the table before the last shot.
    Undo,
    /// Practice: a fresh rack, the same player to break.
    Rerack,
    /// Practice: the cue ball in hand anywhere (1.5), now.
    BallInHand,
    /// Replay the last shot, slowly or at normal speed.
    Replay { slow: bool },
    /// Save the table to a new file.
    Save(std::path::PathBuf),
    /// The link of the position before the last shot, with its stroke and call (opening it
    /// replays the shot and shows its ruling); before any shot, of the table as it is.
    CopyLink,
    /// A new match from the first rack, the same players and rules.
    NewMatch,
    /// The next aid level (practice, match, pro).
    NextAids,
    /// Execution noise on or off.
    ToggleNoise,
}

impl Match {
    pub fn new(opts: &GameOptions) -> Match {
        let mut rng = StdRng::seed_from_u64(opts.seed);
        let (state, layout) = match &opts.load {
            Some(file) => (file.state.clone(), file.layout.clone()),
            None => {
                let state =
                    GameState::with_breaker(opts.rules, opts.table, crate::referee::PlayerId::A);
                let layout = crate::adapter::fresh_rack(&opts.table.spec(), opts.rack, &mut rng);
                (state, layout)
            }
        };
        let mut m = Match {
            state,
            layout,
            orient: [Quat::IDENTITY; 11],
            mode: opts.mode,
            players: opts.players.clone(),
            rulings: Vec::new(),
            strokes: Vec::new(),
            rack_performance: None,
            history: Vec::new(),
            pending: None,
            last: None,
            message: None,
            intent: None,
            saved: None,
            start_stroke: opts.load.as_ref().and_then(|f| f.stroke),
            start_call: opts.load.as_ref().and_then(|f| f.call),
            equipment: opts.equipment,
            declared: Vec::new(),
            playback_speed: 1.0,
            computer: opts.computer,
            seed: opts.seed,
            held: false,
            rerack: opts.drill.is_none(),
            rng,
            rack: opts.rack,
        };
        m.place_cue_ball_if_in_hand();
        m
    }

    /// The table with the equipment's pockets.
    pub fn table(&self) -> Table {
        self.equipment.table(self.layout.table)
    }

    pub fn cue_ball(&self) -> Option<Point> {
        self.layout
            .balls
            .iter()
            .find(|b| b.ball == CUE)
            .map(|b| b.at)
    }

    /// Where the cue ball may be placed by hand now, if anywhere (the referee's turn says).
    pub fn in_hand(&self) -> Option<InHand> {
        match self.state.turn().action {
            TurnAction::Break { ball_in_hand, .. } => Some(ball_in_hand),
            TurnAction::Shoot { ball_in_hand, .. } => ball_in_hand,
            _ => None,
        }
    }

    /// The name of the player to act.
    pub fn to_act_name(&self) -> &str {
        &self.players[self.state.to_act().index()]
    }

    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            state: self.state.clone(),
            layout: self.layout.clone(),
            orient: self.orient,
        }
    }

    pub(crate) fn restore(&mut self, s: Snapshot) {
        self.state = s.state;
        self.layout = s.layout;
        self.orient = s.orient;
    }

    /// The ball under a pointer at `p` (within 1.2 radii of its centre), the nearest if two.
    pub fn ball_near(&self, p: Point) -> Option<u8> {
        let r = self.table().ball_radius;
        self.layout
            .balls
            .iter()
            .filter(|b| b.at.distance(p) < r * 1.2)
            .min_by(|a, b| a.at.distance(p).total_cmp(&b.at.distance(p)))
            .map(|b| b.ball)
    }

    /// Why the cue ball may not go to `p` now, or `None` when it may.
    pub fn placement_problem(&self, p: Point) -> Option<String> {
        let Some(where_) = self.in_hand() else {
            return Some("the cue ball is not in hand: it is played as it lies".into());
        };
        let t = self.table();
        if !t.on_bed(p) {
            return Some("refused: the cue ball must lie on the playing surface (1.5)".into());
        }
        if where_ == InHand::Kitchen && !t.in_kitchen(p) {
            return Some(
                "refused: on the break the cue ball goes behind the head string (5.3)".into(),
            );
        }
        if let Some(b) = self
            .layout
            .balls
            .iter()
            .find(|b| b.ball != CUE && t.overlap(b.at, p))
        {
            return Some(format!(
                "refused: the cue ball would overlap the {}",
                b.ball
            ));
        }
        None
    }

    /// Puts the cue ball at `p` if it may go there; otherwise says why and leaves it.
    pub fn place_cue_ball(&mut self, p: Point) -> bool {
        if let Some(why) = self.placement_problem(p) {
            self.message = Some(why);
            return false;
        }
        self.layout.balls.retain(|b| b.ball != CUE);
        self.layout.balls.push(Placed { ball: CUE, at: p });
        self.layout.balls.sort_by_key(|b| b.ball);
        self.message = None;
        true
    }

    /// With the cue ball in hand and off the table, puts it at the first free place behind the
    /// head string (5 cm behind it on the long string if free).
    pub(crate) fn place_cue_ball_if_in_hand(&mut self) {
        if self.in_hand().is_none() || self.cue_ball().is_some() {
            return;
        }
        let t = self.table();
        let x0 = t.head_string_x() - 0.05;
        for k in 0..40 {
            let dy = (k / 2) as f64 * 0.06 * if k % 2 == 0 { 1.0 } else { -1.0 };
            for dx in [0.0, -0.2, -0.4] {
                if self.place_cue_ball(Point::new(x0 + dx, dy)) {
                    return;
                }
            }
        }
    }

    /// The call the referee gets for the stroke, from what is set up and what the turn allows.
    pub fn call_for(&self, draft: &CallDraft) -> Result<Call, String> {
        match self.state.turn().action {
            TurnAction::Break { .. } => Ok(Call::Break),
            TurnAction::Shoot {
                push_out_allowed,
                safety_allowed,
                ..
            } => match draft.kind {
                CallKind::PushOut if push_out_allowed => Ok(Call::PushOut),
                CallKind::PushOut => {
                    Err("a push out is allowed only on the first shot after the break (5.4)".into())
                }
                CallKind::Safety if safety_allowed => Ok(Call::Safety),
                CallKind::Safety => Err("this edition has no safety call".into()),
                CallKind::Ball => match (draft.ball, draft.pocket) {
                    (Some(ball), Some(pocket)) if self.state.on_table.contains(ball) => {
                        Ok(Call::Ball { ball, pocket })
                    }
                    (Some(ball), Some(_)) => Err(format!("the {ball} is not on the table")),
                    (Some(ball), None) => Err(format!(
                        "call your shot: the {ball} chosen, now click its pocket (5.5)"
                    )),
                    (None, Some(pocket)) => Err(format!(
                        "call your shot: the {} chosen, now click the ball for it (5.5)",
                        pocket.name()
                    )),
                    (None, None) => {
                        Err("call your shot first: click a ball, then a pocket (5.5)".into())
                    }
                },
            },
            TurnAction::Choose { reason, rule } => Err(format!(
                "{} must first choose who plays from the position ({rule}, {reason:?})",
                self.to_act_name()
            )),
            TurnAction::MatchOver { winner } => Err(format!("the match is over, won by {winner}")),
            TurnAction::Lag | TurnAction::ChooseBreaker => Err("no shot is due".into()),
        }
    }

    /// Plays the stroke through physics, adapter and referee (with a person's execution error
    /// when `noise` is on: the batch runs' model; the computer's level's on its seat; none
    /// `as_set`); the result waits in `pending` until its playback ends.
    pub fn shoot(&mut self, aim: &Aim, noise: bool, as_set: bool) -> Result<&LastShot, String> {
        let call = self.call_for(&aim.call)?;
        if self.cue_ball().is_none() {
            return Err("place the cue ball first".into());
        }
        let r = self.table().ball_radius;
        // The computer's strokes always carry its level's error; a person's the batch runs'
        // model when `noise` is on.
        let stroke = match self.computer[self.state.to_act().index()] {
            _ if as_set => aim.stroke,
            Some(level) => level.noise().apply(aim.stroke, r, &mut self.rng),
            None if noise => crate::physics::Noise::default().apply(aim.stroke, r, &mut self.rng),
            None => aim.stroke,
        };
        let cfg = SimConfig {
            sample_dt: PLAYBACK_SAMPLE_DT,
            equipment: self.equipment,
            ..SimConfig::default()
        };
        let declared = std::mem::take(&mut self.declared);
        let played = play_shot(&self.state, &self.layout, &call, &stroke, &declared, &cfg)
            .map_err(|e| e.to_string())?;
        // The computer's reason stays in the top bar while its shot plays.
        let intent = self.intent.take();
        self.message = intent.clone();
        self.pending = Some(LastShot {
            before: self.snapshot(),
            call,
            strike: stroke,
            played,
            intent,
        });
        Ok(self.pending.as_ref().expect("just set"))
    }

    /// The pending shot's ruling and table become the match's.
    pub fn apply_pending(&mut self) {
        let Some(shot) = self.pending.take() else {
            return;
        };
        let judged = &shot.played.judged;
        // Orientations: each ball turned by its path's last sample.
        for p in &shot.played.log.paths {
            if let Some(s) = p.samples.last() {
                let q = quat_to_world(s.turn);
                let o = &mut self.orient[p.ball as usize];
                *o = (q * *o).normalize();
            }
        }
        self.history.push(Undo {
            before: shot.before.clone(),
            call: shot.call,
            strike: shot.strike,
        });
        self.state = judged.state.clone();
        self.layout = shot.played.layout.clone();
        self.rulings.push(judged.ruling.clone());
        self.strokes
            .push(RuledStroke::of(&judged.ruling, &shot.played.facts));
        self.rack_performance = None;
        info!(
            "rack {}, {}: {}",
            judged.ruling.rack,
            self.players[judged.ruling.shooter.index()],
            judged.ruling.explanation
        );
        let rack_over = judged.ruling.rack_result.is_some();
        if rack_over {
            let rack = self.strokes.len().saturating_sub(self.rulings.len());
            self.rack_performance = Some(performance::count(&self.strokes[rack..]));
        }
        self.last = Some(shot);
        if rack_over && self.rerack && !matches!(self.state.phase, Phase::MatchOver { .. }) {
            self.new_rack();
        }
        self.place_cue_ball_if_in_hand();
    }

    /// Each player's TPA counts over the match so far, [A, B].
    pub fn match_performance(&self) -> [Performance; 2] {
        performance::count(&self.strokes)
    }

    /// A fresh rack for the state's next break (after a won rack or a stalemate, or on demand).
    pub(crate) fn new_rack(&mut self) {
        let t = self.table();
        self.layout = crate::adapter::fresh_rack(&t, self.rack, &mut self.rng);
        self.orient = [Quat::IDENTITY; 11];
        self.history.clear();
        self.rulings.clear();
    }

    /// The shot cycle the state calls for.
    pub fn cycle(&self) -> ShotCycle {
        match self.state.phase {
            Phase::Choice { .. } => ShotCycle::Choice,
            Phase::MatchOver { .. } => ShotCycle::MatchOver,
            _ if self.in_hand().is_some() => ShotCycle::BallInHand,
            _ => ShotCycle::Aiming,
        }
    }

    /// The table before the last shot as a file, with that shot's stroke and call.
    pub fn last_shot_file(&self) -> Option<TableFile> {
        let last = self.last.as_ref()?;
        Some(TableFile {
            layout: last.before.layout.clone(),
            state: last.before.state.clone(),
            players: self.players.clone(),
            stroke: Some(last.strike),
            call: Some(last.call),
        })
    }

    /// The table as it is, without a stroke.
    pub fn table_file(&self) -> TableFile {
        TableFile {
            layout: self.layout.clone(),
            state: self.state.clone(),
            players: self.players.clone(),
            stroke: None,
            call: None,
        }
    }

    /// The table as a file, with the stroke and call that are set up.
    pub fn to_file(&self, aim: &Aim) -> TableFile {
        TableFile {
            layout: self.layout.clone(),
            state: self.state.clone(),
            players: self.players.clone(),
            stroke: Some(aim.stroke),
            call: self.call_for(&aim.call).ok(),
        }
    }
}

/// Path samples for playback: fine enough that a ball at break speed turns less than half a
/// turn between two of them, so that its spin is shown the right way round.
pub const PLAYBACK_SAMPLE_DT: f64 = 1.0 / 240.0;

/// The cue ball in hand let go within this distance of where it lay keeps the aim (m): a click
/// on it, not a move.
pub const KEEP_AIM_WITHIN: f64 = 0.005;

/// A slow replay's speed: shot seconds per real second.
pub const SLOW_REPLAY: f64 = 0.25;

/// The stroke the match's state calls for after a shot (here, beside the match it reads, so
/// that `aim` needs nothing of the match).
impl Aim {
    /// After a shot (or undo): aim at the ball to hit first, break speed on a break, no call.
    pub fn after_shot(&mut self, m: &Match) {
        self.call = CallDraft::default();
        self.drag = None;
        self.charge = None;
        self.aim_at_ball_on(m);
        // A new turn: the shot before was another player's (or there was none).
        let new_turn = m
            .last
            .as_ref()
            .is_none_or(|l| l.before.state.to_act() != m.state.to_act());
        if matches!(m.state.phase, crate::referee::Phase::Break { .. }) {
            self.stroke.speed = 10.0;
            self.stroke.side = 0.0;
            self.stroke.height = 0.0;
        } else if new_turn {
            // A new turn starts from a level cue, the tip in the centre, at a normal speed.
            self.stroke.speed = NEW_TURN_SPEED;
            self.stroke.side = 0.0;
            self.stroke.height = 0.0;
        } else if self.stroke.speed > 6.0 {
            self.stroke.speed = NEW_TURN_SPEED;
        }
        // A raised cue is for one shot: the next starts level (a jump is chosen each time).
        self.stroke.elevation_deg = 0.0;
    }

    /// Turns the cue from the cue ball toward the ball to hit first (the ball on).
    pub fn aim_at_ball_on(&mut self, m: &Match) {
        let target = m.state.ball_on();
        if let (Some(c), Some(t)) = (
            m.cue_ball(),
            m.layout.balls.iter().find(|b| b.ball == target),
        ) {
            self.aim_at(c, t.at);
        }
    }
}
