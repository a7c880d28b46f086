//! The seat: the actions of a frame (`GameAction`, from the mouse, the keyboard, the panels or
//! a script) taken by the part of the shot cycle they belong to, changing the match, the
//! stroke being set up, the aids and the playback; between shots the cycle follows the
//! referee's state. Save, copy link and a drill's progress are asked of the platform as
//! [`Share`] messages.

use bevy::prelude::*;

use super::playback::{Playback, PlaybackDone};
use super::session::*;
use super::tracking::Aids;
use crate::game::model::aim::{Aim, CallKind};
use crate::game::{GameSystems, ShotCycle};
use crate::referee::GameState;

pub(in crate::game) fn plugin(app: &mut App) {
    app.add_message::<GameAction>()
        .add_message::<Share>()
        .add_systems(
            Update,
            (
                share,
                (
                    act,
                    follow_state
                        .run_if(resource_changed::<Match>.or_else(state_changed::<ShotCycle>)),
                )
                    .chain()
                    .run_if(crate::game::at_table),
            )
                .chain()
                .in_set(GameSystems::Act),
        );
}

/// Between shots the cycle is the one the referee's state calls for (also on coming back to
/// the table from set-up, or when a loaded position gives ball in hand): looked at when the
/// match or the cycle changed, not every frame (the actions set the cycle they lead to).
fn follow_state(
    m: Res<Match>,
    cycle: Res<State<ShotCycle>>,
    mut next: ResMut<NextState<ShotCycle>>,
) {
    // A transition already asked for this frame (a ruling to show) goes first.
    if !matches!(*next, NextState::Unchanged) {
        return;
    }
    if matches!(
        cycle.get(),
        ShotCycle::Aiming | ShotCycle::BallInHand | ShotCycle::Choice | ShotCycle::MatchOver
    ) && *cycle.get() != m.cycle()
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
    share: MessageWriter<'w, Share>,
}

/// What the seat asks of the platform for save and copy link: natively a new file and the
/// terminal (`game::share`), in a browser a download and the clipboard (`game::web`). The one
/// that answers puts how it went in the match's message.
#[derive(Message, Debug, Clone)]
pub enum Share {
    /// The table as a new file at `path` (in a browser, a download of its name).
    Save {
        path: std::path::PathBuf,
        file: Box<crate::tablefile::TableFile>,
    },
    /// The `?table=` query of `what` ("the last shot", ...).
    Link { query: String, what: &'static str },
    /// A finished drill session for the player's progress: natively a line of the progress
    /// file, in a browser of its local storage.
    KeepProgress(Box<crate::drills::progress::Entry>),
}

/// Saving and copying the link, on every screen (set-up too).
fn share(mut actions: MessageReader<GameAction>, mut seat: Seat) {
    for a in actions.read() {
        match a {
            GameAction::Save(path) => seat.save(path),
            GameAction::CopyLink => seat.copy_link(),
            _ => {}
        }
    }
}

/// The actions of a frame at the table, each taken by the part of the shot cycle it belongs
/// to.
fn act(
    mut actions: MessageReader<GameAction>,
    mut done: MessageReader<PlaybackDone>,
    cycle: Res<State<ShotCycle>>,
    mut seat: Seat,
) {
    let cycle = *cycle.get();
    for d in done.read() {
        if !d.replay && cycle == ShotCycle::Playing {
            seat.shot_played();
        }
    }
    for a in actions.read() {
        if matches!(a, GameAction::Save(_) | GameAction::CopyLink) {
            continue;
        }
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

    /// Natively a new file (never over one); in a browser a download of that name: asked of
    /// the platform (`share` natively, `web` in a browser), which says how it went.
    fn save(&mut self, path: &std::path::Path) {
        let file = self.m.to_file(&self.aim);
        self.share.write(Share::Save {
            path: path.to_path_buf(),
            file: Box::new(file),
        });
    }

    /// The link of the last shot (else of this table): to the clipboard in a browser, to the
    /// terminal natively.
    fn copy_link(&mut self) {
        let (file, what) = match self.m.last_shot_file() {
            Some(f) => (f, "the last shot"),
            None => (self.m.table_file(), "this table (no shot played yet)"),
        };
        self.share.write(Share::Link {
            query: crate::link::table_query(&file),
            what,
        });
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
        if let Some(u) = self.m.history.pop() {
            self.m.restore(u.before);
            self.m.rulings.pop();
            self.m.strokes.pop();
            self.m.last = None;
            self.aim.after_shot(&self.m);
            // The stroke and call that were shot, not an aim worked out from where the balls
            // are (issue 63, item 6).
            self.aim.set_up(&u.call, &u.strike);
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
