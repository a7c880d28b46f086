//! The match at the table: the referee's state, the balls at rest, the rack's rulings and the
//! shots that can be undone. Actions (`GameAction`) from the mouse, the keyboard, the panels or
//! a script change it; a shot goes through `adapter::play_shot` and is applied once its
//! playback ends. What is allowed comes from the referee's state, never from here.

use bevy::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::input::{Aim, CallKind};
use super::playback::{Playback, PlaybackDone};
use super::tracking::Aids;
use super::{GameOptions, GameSystems, ShotCycle};
use crate::adapter::{PlayedShot, play_shot};
use crate::physics::{Layout, SimConfig, Strike, quat_to_world};
use crate::referee::performance::{self, Performance};
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
    pub strokes: Vec<(Ruling, bool)>,
    /// Each player's TPA counts in the rack just ended, shown on its ruling card.
    pub rack_performance: Option<[Performance; 2]>,
    /// Tables before each shot of the rack, for undo (practice).
    pub history: Vec<Snapshot>,
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

    fn restore(&mut self, s: Snapshot) {
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
    pub(super) fn place_cue_ball_if_in_hand(&mut self) {
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
    pub fn call_for(&self, draft: &super::CallDraft) -> Result<Call, String> {
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
        self.history.push(shot.before.clone());
        self.state = judged.state.clone();
        self.layout = shot.played.layout.clone();
        self.rulings.push(judged.ruling.clone());
        self.strokes.push((
            judged.ruling.clone(),
            shot.played.facts.cue_rails_before_contact > 0,
        ));
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
            self.rack_performance = Some(performance::count_kept(&self.strokes[rack..]));
        }
        self.last = Some(shot);
        if rack_over && !matches!(self.state.phase, Phase::MatchOver { .. }) {
            self.new_rack();
        }
        self.place_cue_ball_if_in_hand();
    }

    /// Each player's TPA counts over the match so far, [A, B].
    pub fn match_performance(&self) -> [Performance; 2] {
        performance::count_kept(&self.strokes)
    }

    /// A fresh rack for the state's next break (after a won rack or a stalemate, or on demand).
    pub(super) fn new_rack(&mut self) {
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

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GameAction>()
        .add_systems(Update, (act, follow_state).chain().in_set(GameSystems::Act));
}

/// Between shots the cycle is the one the referee's state calls for (also on coming back to
/// the table from set-up, or when a loaded position gives ball in hand).
fn follow_state(
    m: Res<Match>,
    cycle: Option<Res<State<ShotCycle>>>,
    mut next: ResMut<NextState<ShotCycle>>,
) {
    // A transition already asked for this frame (a ruling to show) goes first.
    if !matches!(*next, NextState::Unchanged) {
        return;
    }
    if let Some(c) = cycle
        && matches!(
            c.get(),
            ShotCycle::Aiming | ShotCycle::BallInHand | ShotCycle::Choice | ShotCycle::MatchOver
        )
        && *c.get() != m.cycle()
    {
        next.set(m.cycle());
    }
}

/// What the actions change: the match, the stroke, the aids, the playback and the cycle.
#[derive(bevy::ecs::system::SystemParam)]
struct Seat<'w> {
    m: ResMut<'w, Match>,
    aim: ResMut<'w, Aim>,
    aids: ResMut<'w, Aids>,
    playback: ResMut<'w, Playback>,
    next: ResMut<'w, NextState<ShotCycle>>,
}

/// The actions of a frame, each taken by the part of the shot cycle it belongs to.
fn act(
    mut actions: MessageReader<GameAction>,
    mut done: MessageReader<PlaybackDone>,
    cycle: Option<Res<State<ShotCycle>>>,
    mut seat: Seat,
) {
    let cycle = cycle.map(|c| *c.get());
    for d in done.read() {
        if !d.replay && cycle == Some(ShotCycle::Playing) {
            seat.shot_played();
        }
    }
    for a in actions.read() {
        // Saving works on every screen; the rest only at the table.
        if let GameAction::Save(path) = a {
            seat.save(path);
            continue;
        }
        if *a == GameAction::CopyLink {
            seat.copy_link();
            continue;
        }
        let Some(cycle) = cycle else {
            continue;
        };
        let taken = match cycle {
            ShotCycle::Aiming | ShotCycle::BallInHand => seat.aiming(cycle, a),
            ShotCycle::Playing => seat.playing(a),
            ShotCycle::Ruling => seat.ruling(a),
            ShotCycle::Choice => seat.choice(a),
            ShotCycle::MatchOver => false,
        };
        if !taken && !seat.any_time(cycle, a) {
            seat.refused(a);
        }
    }
}

impl Seat<'_> {
    /// The shot's playback ended: its ruling and table become the match's.
    fn shot_played(&mut self) {
        self.m.apply_pending();
        self.aim.after_shot(&self.m);
        self.next.set(ShotCycle::Ruling);
    }

    /// Natively a new file (never over one); in a browser a download of that name.
    fn save(&mut self, path: &std::path::Path) {
        let file = self.m.to_file(&self.aim);
        #[cfg(target_arch = "wasm32")]
        {
            let name = path.file_name().map_or("tenball-table.json".into(), |n| {
                n.to_string_lossy().into_owned()
            });
            let text = serde_json::to_string_pretty(&file).expect("a table file serialises");
            self.m.message = Some(match super::web::download(&name, &text) {
                Ok(()) => format!("downloaded {name}"),
                Err(e) => e,
            });
        }
        #[cfg(not(target_arch = "wasm32"))]
        match file.save_new(path) {
            Ok(p) => {
                self.m.message = Some(format!("saved {}", p.display()));
                self.m.saved = Some(p);
            }
            Err(e) => self.m.message = Some(e.to_string()),
        }
    }

    /// The link of the last shot: to the clipboard in a browser, to the terminal natively.
    fn copy_link(&mut self) {
        let (file, what) = match self.m.last_shot_file() {
            Some(f) => (f, "the last shot"),
            None => (self.m.table_file(), "this table (no shot played yet)"),
        };
        let query = crate::link::table_query(&file);
        #[cfg(target_arch = "wasm32")]
        {
            super::web::copy_to_clipboard(&format!("{}{query}", super::web::page_address()));
            self.m.message = Some(format!("copied the link of {what}"));
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            println!("{query}");
            self.m.message = Some(format!(
                "the link of {what} is in the terminal (tenball play --link '?table=...'; after the web build's address, it opens in a browser)"
            ));
        }
    }

    /// While the stroke and the call are set up.
    fn aiming(&mut self, cycle: ShotCycle, a: &GameAction) -> bool {
        let practice = self.m.mode == Mode::Practice;
        match a {
            GameAction::Shoot => self.shoot(false),
            GameAction::ShootAsSet => self.shoot(true),
            GameAction::PlaceCueBall(p) if cycle == ShotCycle::BallInHand => {
                // A click on the cue ball that leaves it where it was keeps the aim (a press
                // on it before the break turned a legal break into a certain foul).
                let moved = self
                    .m
                    .cue_ball()
                    .is_none_or(|c| c.distance(*p) > KEEP_AIM_WITHIN);
                if self.m.place_cue_ball(*p) && moved {
                    self.aim.aim_at_ball_on(&self.m);
                }
            }
            GameAction::CallBall(b) => {
                if self.m.state.on_table.contains(*b) {
                    self.aim.call.kind = CallKind::Ball;
                    self.aim.call.ball = Some(*b);
                    self.called();
                }
            }
            GameAction::CallPocket(p) => {
                self.aim.call.kind = CallKind::Ball;
                self.aim.call.pocket = Some(*p);
                self.called();
            }
            GameAction::CallKind(k) => {
                self.aim.call.kind = *k;
                self.m.message = None;
            }
            GameAction::NextAids => self.aids.level = self.aids.level.next(),
            GameAction::ToggleNoise => self.aids.noise = !self.aids.noise,
            GameAction::Undo if practice => self.undo(),
            GameAction::Rerack if practice => self.rerack(),
            GameAction::BallInHand if practice => self.ball_in_hand(),
            _ => return false,
        }
        true
    }

    /// The player chose the call: the prediction no longer fills it, and a notice asking for
    /// it goes.
    fn called(&mut self) {
        self.aim.call.by_player = true;
        if self
            .m
            .message
            .as_deref()
            .is_some_and(|msg| msg.starts_with("call your shot"))
        {
            self.m.message = None;
        }
    }

    fn shoot(&mut self, as_set: bool) {
        self.playback.stop();
        let noise = self.aids.noise;
        match self.m.shoot(&self.aim, noise, as_set).map(|_| ()) {
            Ok(()) => {
                let speed = self.m.playback_speed;
                let shot = self.m.pending.as_ref().expect("just shot");
                self.playback
                    .start(shot.played.log.clone(), shot.before.orient, speed, false);
                self.next.set(ShotCycle::Playing);
            }
            Err(e) => self.m.message = Some(e),
        }
    }

    fn undo(&mut self) {
        if let Some(s) = self.m.history.pop() {
            self.m.restore(s);
            self.m.rulings.pop();
            self.m.strokes.pop();
            self.m.last = None;
            self.aim.after_shot(&self.m);
            let c = self.m.cycle();
            self.next.set(c);
        } else {
            self.m.message = Some("nothing to undo in this rack".into());
        }
    }

    /// A fresh rack as the referee sets one up (fouls, warning and stalemate count cleared),
    /// the same player to break.
    fn rerack(&mut self) {
        let state = self.m.state.rerack();
        self.fresh_rack(state);
    }

    /// A fresh rack on the table for `state` (a re-rack, a new match), set up to break.
    fn fresh_rack(&mut self, state: GameState) {
        self.m.state = state;
        self.m.new_rack();
        self.m.last = None;
        self.m.message = None;
        self.m.place_cue_ball_if_in_hand();
        self.aim.after_shot(&self.m);
        let c = self.m.cycle();
        self.next.set(c);
    }

    fn ball_in_hand(&mut self) {
        if let Some(state) = self.m.state.practice_ball_in_hand() {
            self.m.state = state;
            self.m.place_cue_ball_if_in_hand();
            let c = self.m.cycle();
            self.next.set(c);
        } else {
            self.m.message = Some("ball in hand is given for a shot, not now".into());
        }
    }

    fn playing(&mut self, a: &GameAction) -> bool {
        if *a == GameAction::Continue {
            self.playback.skip_to_end();
            return true;
        }
        false
    }

    fn ruling(&mut self, a: &GameAction) -> bool {
        // The quiz's Enter grades or goes on (the quiz takes it); the card stays.
        if *a == GameAction::Continue && self.m.held {
            return true;
        }
        if *a == GameAction::Continue {
            self.playback.stop();
            // The card closed: what the last shot was played for is said there, not over the
            // next turn.
            let intent = self.m.last.as_ref().and_then(|l| l.intent.as_deref());
            if intent.is_some() && self.m.message.as_deref() == intent {
                self.m.message = None;
            }
            let c = self.m.cycle();
            self.next.set(c);
            return true;
        }
        false
    }

    fn choice(&mut self, a: &GameAction) -> bool {
        let GameAction::Choose(c) = a else {
            return false;
        };
        match self.m.state.choose(*c) {
            Ok(s) => {
                self.m.state = s;
                self.aim.after_shot(&self.m);
                let c = self.m.cycle();
                self.next.set(c);
            }
            Err(e) => self.m.message = Some(e.to_string()),
        }
        true
    }

    /// Replays and a new match, from every part of the cycle but a shot playing.
    fn any_time(&mut self, cycle: ShotCycle, a: &GameAction) -> bool {
        match a {
            GameAction::Replay { slow } if cycle != ShotCycle::Playing => {
                if let Some(last) = &self.m.last {
                    let log = last.played.log.clone();
                    let orient = last.before.orient;
                    let speed = if *slow { SLOW_REPLAY } else { 1.0 };
                    self.playback.start(log, orient, speed, true);
                } else {
                    self.m.message = Some("no shot to replay yet".into());
                }
                true
            }
            GameAction::NewMatch if self.m.held => {
                self.m.message = Some("a quiz is on: no new match".into());
                true
            }
            GameAction::NewMatch => {
                let (rules, table) = (self.m.state.rules, self.m.state.table);
                let first = GameState::with_breaker(rules, table, crate::referee::PlayerId::A);
                self.m.strokes.clear();
                self.m.rack_performance = None;
                self.fresh_rack(first);
                true
            }
            _ => false,
        }
    }

    /// An action its moment does not take: the practice aids say why in a match.
    fn refused(&mut self, a: &GameAction) {
        if matches!(
            a,
            GameAction::Undo | GameAction::Rerack | GameAction::BallInHand
        ) && self.m.mode != Mode::Practice
        {
            self.m.message =
                Some("undo, re-rack and ball in hand on demand are for practice".into());
        }
    }
}

/// A slow replay's speed: shot seconds per real second.
pub const SLOW_REPLAY: f64 = 0.25;
