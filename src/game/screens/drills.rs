//! The drill screen (`tenball drill play NAME`): a drill's attempts on the table, each stroke
//! aimed and struck with the mouse as any stroke. The table shows the position the drill's
//! session has due; the stroke is played by the match (its playback and ruling card) and given
//! to the session, which plays the same stroke through `play_shot` and says what it came to;
//! once the ruling card is closed the next position is set up. The drill's call is kept on
//! the stroke (a drill that asks for the 10 in the side cannot be played for another), the
//! goal's zone is drawn on the cloth, and a finished session is set among the computer's
//! levels and kept in the player's progress (asked of the platform as a `Share`).

use bevy::prelude::*;

use crate::drills::{Session, Stroke};
use crate::game::model::aim::{Aim, CallKind};
use crate::game::model::session::{Match, PLAYBACK_SAMPLE_DT};
use crate::game::{GameSystems, Screen, ShotCycle};
use crate::physics::SimConfig;
use crate::referee::Call;

/// How a drill starts: its name, its session (new, or taken up), when the session began (its
/// key in the progress file) and the player's finished scores on it so far.
#[derive(Debug, Clone)]
pub struct DrillStart {
    pub name: String,
    pub session: Session,
    pub started: u64,
    pub history: Vec<u32>,
}

impl DrillStart {
    /// A new session of `name`, begun now, with no scores before it.
    pub fn new(name: &str, session: Session) -> DrillStart {
        DrillStart {
            name: name.to_string(),
            session,
            started: now(),
            history: Vec::new(),
        }
    }
}

/// The drill being played.
#[derive(Resource, Debug)]
pub struct DrillPlay {
    /// The drill's name (its library name or file), as the progress file keeps it.
    pub name: String,
    pub session: Session,
    /// When the session began: its key in the progress file.
    pub started: u64,
    /// The player's finished scores on this drill before this session, oldest first.
    pub history: Vec<u32>,
    /// The match's strokes the drill has taken.
    seen: usize,
    /// The attempt and stroke whose position is on the table.
    shown: Option<(usize, u32)>,
    /// What the last stroke came to for the drill.
    pub last: Option<String>,
    /// Once over: where the score stands among the levels.
    pub finished: Option<Finished>,
    /// Where the attempts so far were kept (the platform's answer), or why not.
    pub kept: Option<String>,
}

/// A finished session's words.
#[derive(Debug, Clone)]
pub struct Finished {
    pub placing: String,
}

impl DrillPlay {
    pub fn new(start: DrillStart) -> DrillPlay {
        DrillPlay {
            name: start.name,
            session: start.session,
            started: start.started,
            history: start.history,
            seen: 0,
            shown: None,
            last: None,
            finished: None,
            kept: None,
        }
    }
}

/// Open the library's drill of this name in place of the one played (a new session with the
/// same seed).
#[derive(Message, Debug, Clone)]
pub struct OpenDrill(pub String);

pub(in crate::game) fn plugin(app: &mut App) {
    app.add_message::<OpenDrill>()
        .add_systems(
            Update,
            (
                open.in_set(GameSystems::Act),
                keep_call.in_set(GameSystems::Input),
                (
                    take_stroke,
                    show_due.run_if(not(in_state(ShotCycle::Playing))),
                )
                    .chain()
                    .in_set(GameSystems::Playback),
            )
                .run_if(in_state(Screen::Drill)),
        )
        .add_systems(OnExit(Screen::Drill), close);
}

/// Leaving the drill (for a match or a scenario): its session goes; each attempt played is
/// already kept in the player's progress.
fn close(mut commands: Commands) {
    commands.remove_resource::<DrillPlay>();
}

/// Another drill of the library in place of this one: its first position once the frame's
/// actions are done, the card of the last stroke closed.
fn open(
    mut opens: MessageReader<OpenDrill>,
    mut d: ResMut<DrillPlay>,
    mut m: ResMut<Match>,
    mut playback: ResMut<crate::game::model::playback::Playback>,
    mut next: ResMut<NextState<ShotCycle>>,
) {
    let Some(OpenDrill(name)) = opens.read().last().cloned() else {
        return;
    };
    let drill = match crate::drills::find(&name) {
        Ok(drill) => drill,
        Err(e) => {
            m.message = Some(e.0);
            return;
        }
    };
    match Session::new(drill, d.session.seed(), m.equipment) {
        Ok(session) => {
            playback.stop();
            m.players[1] = session.drill().other_seat().into();
            let mut start = DrillStart::new(&name, session);
            start.history = crate::drills::progress::finished_scores(&m.players[0], &name);
            *d = DrillPlay::new(start);
            // The strokes of the drill before are not this one's.
            d.seen = m.strokes.len();
            next.set(ShotCycle::Aiming);
        }
        Err(e) => m.message = Some(format!("{name}: {e}")),
    }
}

/// The drill's call stays on the stroke: its ball and pocket, or a safety.
fn keep_call(d: Res<DrillPlay>, mut aim: ResMut<Aim>) {
    let Some(call) = d.session.due().and_then(|due| due.call) else {
        return;
    };
    match call {
        Call::Ball { ball, pocket } => {
            if aim.call.kind != CallKind::Ball
                || aim.call.ball != Some(ball)
                || aim.call.pocket != Some(pocket)
            {
                aim.call.kind = CallKind::Ball;
                aim.call.ball = Some(ball);
                aim.call.pocket = Some(pocket);
                aim.call.by_player = true;
            }
        }
        Call::Safety if aim.call.kind != CallKind::Safety => aim.call.kind = CallKind::Safety,
        _ => {}
    }
}

/// A stroke the match has played and applied goes to the drill's session: the same stroke,
/// call and cue ball's place, on the same settings.
fn take_stroke(
    mut d: ResMut<DrillPlay>,
    mut m: ResMut<Match>,
    mut share: MessageWriter<crate::game::model::seat::Share>,
) {
    if m.pending.is_some() || m.strokes.len() <= d.seen {
        return;
    }
    d.seen = m.strokes.len();
    let Some(last) = m.last.as_ref() else {
        return;
    };
    let Some(due) = d.session.due() else {
        return;
    };
    let place = due
        .in_hand
        .and(last.before.layout.balls.iter().find(|b| b.ball == 0))
        .map(|b| b.at);
    let stroke = Stroke {
        place,
        call: last.call,
        strike: last.strike,
    };
    let cfg = SimConfig {
        sample_dt: PLAYBACK_SAMPLE_DT,
        equipment: m.equipment,
        ..SimConfig::default()
    };
    let table_ruling = last.played.judged.ruling.clone();
    match d.session.play_on(&stroke, &cfg) {
        Ok(p) => {
            if p.shot.judged.ruling != table_ruling {
                warn!("the drill's shot and the table's were ruled apart");
            }
            if p.attempt.is_some() {
                // Every attempt is kept as it is made: a crash or a quit loses none.
                share.write(crate::game::model::seat::Share::KeepProgress(Box::new(
                    entry(&d, &m.players[0]),
                )));
            }
            let score = d.session.score();
            d.last = Some(match p.attempt {
                Some(a) => format!(
                    "{}: {} (score {} of {})",
                    if a.success { "success" } else { "missed" },
                    p.words,
                    score.value,
                    score.max
                ),
                None => p.words.clone(),
            });
        }
        Err(e) => {
            // The stroke does not count; the position stays for another try.
            d.last = Some(format!("not counted: {e}"));
            d.shown = None;
        }
    }
    if d.session.due().is_none() && d.finished.is_none() {
        let finished = finish(&d);
        m.message = Some(format!(
            "The drill is over: {} of {}, {}.",
            d.session.score().value,
            d.session.score().max,
            finished.placing,
        ));
        d.finished = Some(finished);
    }
}

/// Where the finished session's score stands among the computer's levels.
fn finish(d: &DrillPlay) -> Finished {
    let score = d.session.score();
    let placing = crate::drills::rating::shipped().get(&d.name).map_or_else(
        || "a drill the computer's levels have not played".to_string(),
        |l| crate::drills::rating::place(f64::from(score.value), l).words(),
    );
    Finished { placing }
}

/// The session as it stands, as the progress file keeps it.
fn entry(d: &DrillPlay, player: &str) -> crate::drills::progress::Entry {
    let score = d.session.score();
    crate::drills::progress::Entry {
        player: player.to_string(),
        drill: d.name.clone(),
        session: d.started,
        time: now(),
        over: d.session.due().is_none(),
        seed: d.session.seed(),
        score: score.value,
        max: score.max,
        attempts: d.session.outcomes().iter().map(|a| a.success).collect(),
    }
}

fn now() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    }
    #[cfg(target_arch = "wasm32")]
    {
        (js_sys::Date::now() / 1000.0) as u64
    }
}

/// Once no shot plays and no card is shown, the position the session has due goes on the
/// table (a new attempt's, or the run's next stroke's): the referee's state, the balls, the
/// cue ball placed when in hand, the aim at the ball on.
fn show_due(
    mut d: ResMut<DrillPlay>,
    mut m: ResMut<Match>,
    mut aim: ResMut<Aim>,
    cycle: Res<State<ShotCycle>>,
    mut next: ResMut<NextState<ShotCycle>>,
) {
    // The card of the stroke before is read first.
    if *cycle.get() == ShotCycle::Ruling || m.pending.is_some() {
        return;
    }
    let Some(due) = d.session.due().cloned() else {
        return;
    };
    let key = (due.attempt, due.stroke);
    if d.shown == Some(key) {
        return;
    }
    d.shown = Some(key);
    m.state = due.state.clone();
    m.layout = due.layout.clone();
    m.orient = [Quat::IDENTITY; 11];
    m.history.clear();
    m.place_cue_ball_if_in_hand();
    aim.after_shot(&m);
    let place = due
        .place
        .map(|p| format!(" from place {p}"))
        .unwrap_or_default();
    let stroke = if due.stroke > 0 {
        format!(", stroke {}", due.stroke + 1)
    } else {
        String::new()
    };
    m.message = Some(format!(
        "Attempt {}{place}{stroke}: {}",
        due.attempt,
        d.session.drill().title
    ));
    next.set(m.cycle());
}

/// The drill's drawing, added with the view: its goal's zone on the cloth.
pub(in crate::game) fn view(app: &mut App) {
    app.add_systems(
        Update,
        zone.run_if(in_state(Screen::Drill))
            .in_set(GameSystems::Show),
    );
}

/// The zone the cue ball must stop in, a green frame on the cloth.
fn zone(d: Res<DrillPlay>, mut gizmos: Gizmos) {
    use crate::drills::Play;
    let z = match &d.session.drill().play {
        Play::Shot { goal, .. } => goal.cue_stops_in,
        Play::Break { cue_stops_in } => *cue_stops_in,
        _ => None,
    };
    let Some(z) = z else {
        return;
    };
    let w = |x: f64, y: f64| crate::game::view::scene::world(x, y, 0.003);
    let (a, b) = (z.from, z.to);
    let corners = [w(a.x, a.y), w(b.x, a.y), w(b.x, b.y), w(a.x, b.y)];
    let colour = Color::srgb(0.3, 1.0, 0.4);
    for i in 0..4 {
        gizmos.line(corners[i], corners[(i + 1) % 4], colour);
    }
}
