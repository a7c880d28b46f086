//! The coach, for a person's turn at the table: for the stroke and the call set up, the chance
//! to make the called ball, to scratch and to foul with a player's error (the execution noise
//! of the computer's level 4, FastFiz's deviations x1.5), computed off the main thread (as the
//! tracking lines are) and again whenever the stroke, the call or the balls change, with the
//! next shot the stroke leaves when played as set up (the ball on from where the cue ball
//! stops, its best pocket and its chance for the same hands, as level 5 looks ahead). `Q` asks
//! for the computer's own choice here (level 5) and shows it with the figures of that stroke
//! for a player's hands, computed as the panel computes them (the same tries, the same seed:
//! one stroke, one chance); `Q` again takes it (the cue ball put down, the stroke and the call
//! set up), or the player ignores it.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::computer::{Chances, Decision, Level, NoMove, chances, decide, next_after};
use crate::game::input::keymap::{Control, just};
use crate::game::model::aim::Aim;
use crate::game::model::session::{GameAction, Match};
use crate::game::view::cue::first_along;
use crate::game::view::scene::world;
use crate::game::{GameSystems, Moment};
use crate::physics::{Layout, Strike};
use crate::referee::Call;

/// Simulated strokes behind each figure.
pub const TRIES: usize = 24;
/// The player the coach's figures are for.
pub const HANDS: Level = Level::Level(4);

type Input = (Layout, Strike, Call);

/// The dock's button for the coach's advice: as `Q`, it asks, and asked, takes it.
#[derive(Message, Debug, Clone, Copy)]
pub struct AskCoach;

/// The coach's figures and advice.
#[derive(Resource, Default)]
pub struct Coach {
    /// The figures for the stroke set up (and what they are for).
    pub chances: Option<Chances>,
    for_input: Option<Input>,
    task: Option<(Task<Chances>, Input)>,
    advice_task: Option<Task<Result<(Decision, Option<Chances>), NoMove>>>,
    /// The computer's choice, shown until the position changes.
    pub advice: Option<Decision>,
    /// The figures of the advised stroke for a player's hands, as the panel gives them once the
    /// advice is taken.
    pub advice_chances: Option<Chances>,
    advice_for: Option<Layout>,
}

pub(in crate::game) fn plugin(app: &mut App) {
    app.init_resource::<Coach>()
        .add_message::<AskCoach>()
        .add_systems(Update, (figures, advise).chain().in_set(GameSystems::Input));
}

/// A person's turn to shoot, with the call made.
fn person_to_shoot(m: &Match, moment: &Moment) -> bool {
    moment.aiming() && m.computer[m.state.to_act().index()].is_none()
}

fn figures(m: Res<Match>, aim: Res<Aim>, moment: Moment, mut coach: ResMut<Coach>) {
    if let Some((task, input)) = coach.task.as_mut()
        && let Some(result) = block_on(poll_once(task))
    {
        let input = input.clone();
        coach.task = None;
        coach.chances = Some(result);
        coach.for_input = Some(input);
    }
    let call = m.call_for(&aim.call).ok();
    let (true, Some(call), Some(_)) = (person_to_shoot(&m, &moment), call, m.cue_ball()) else {
        coach.chances = None;
        coach.for_input = None;
        return;
    };
    let input = (m.layout.clone(), aim.stroke, call);
    if coach.task.is_some() || coach.for_input.as_ref() == Some(&input) {
        return;
    }
    if coach.for_input.is_some() {
        coach.chances = None;
    }
    let (state, job, equipment) = (m.state.clone(), input.clone(), m.equipment);
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let (layout, strike, call) = job;
        figures_for(&state, &layout, &call, &strike, &equipment)
    });
    coach.task = Some((task, input));
}

/// The figures of one stroke for a player's hands: `TRIES` strokes with `HANDS`' noise from
/// one seed, so that the same stroke always gets the same figures; and the next shot the stroke
/// leaves when played as set up (its chance for the same hands, from a seed of its own).
pub fn figures_for(
    state: &crate::referee::GameState,
    layout: &Layout,
    call: &Call,
    strike: &Strike,
    equipment: &crate::physics::Equipment,
) -> Chances {
    let mut c = chances(
        state,
        layout,
        call,
        strike,
        &HANDS.noise(),
        TRIES,
        equipment,
        &mut StdRng::seed_from_u64(7),
    );
    c.next = next_after(state, layout, call, strike, HANDS, equipment);
    c
}

/// A stroke's figures in words, the same wherever they are shown: the share that makes the
/// call (or, for a safety, that is legal) with its 95 % interval over the tries, the shares
/// that scratch and foul, and the next shot it leaves when known.
pub fn figure_words(call: &Call, c: &Chances) -> String {
    let next = if matches!(call, Call::PushOut) {
        Some(push_out_words(c))
    } else {
        next_words(c)
    };
    let next = next.map_or(String::new(), |n| format!("; {n}"));
    format!("{}{next}", stroke_figures(call, c))
}

/// The next shot of [`figure_words`]: "then the 2 in the foot right corner, 50 % to make".
pub fn next_words(c: &Chances) -> Option<String> {
    c.next
        .map(|n| format!("then {}, {:.0} % to make", n.words(), 100.0 * n.chance))
}

/// The figures of [`figure_words`] without the next shot. A safety and a push out make no
/// ball, so they are given by how often they are legal (a push out's next shot is said by
/// [`push_out_words`]: it is the opponent's choice who plays it).
pub fn stroke_figures(call: &Call, c: &Chances) -> String {
    let no_make = matches!(call, Call::Safety | Call::PushOut);
    let main = if no_make { 1.0 - c.foul } else { c.make };
    let hits = (main * c.tries as f64).round() as u64;
    let [lo, hi] = crate::batch::Share::of(hits, c.tries as u64).ci95;
    let range = format!("{:.0}-{:.0} %", 100.0 * lo, 100.0 * hi);
    if no_make {
        format!(
            "legal {:.0} % ({range}), scratch {:.0} % over {} tries",
            100.0 * main,
            100.0 * c.scratch,
            c.tries
        )
    } else {
        format!(
            "make {:.0} % ({range}), scratch {:.0} %, foul {:.0} % over {} tries",
            100.0 * main,
            100.0 * c.scratch,
            100.0 * c.foul,
            c.tries
        )
    }
}

/// What a push out leaves (5.4): no ball is made, and the opponent chooses who plays the
/// next shot, so the next shot is said as the position's, for whoever plays it.
pub fn push_out_words(c: &Chances) -> String {
    match c.next {
        Some(n) => format!(
            "leaves {}, {:.0} % to make, for whoever the opponent sends in (5.4)",
            n.words(),
            100.0 * n.chance
        ),
        None => "leaves no cut the coach can find; the opponent chooses who plays (5.4)".into(),
    }
}

/// The coach's words for its advice: what the stroke is for, and its figures for a player
/// (with the next shot it leaves).
pub fn advice_words(why: &str, call: &Call, c: &Chances) -> String {
    let what = why.split(": ").next().unwrap_or(why);
    format!(
        "coach: {what}: {} for a player's stroke (the cyan stroke; Q takes it)",
        figure_words(call, c)
    )
}

fn advise(
    keys: Res<ButtonInput<KeyCode>>,
    mut asks: MessageReader<AskCoach>,
    mut m: ResMut<Match>,
    moment: Moment,
    mut coach: ResMut<Coach>,
    mut aim: ResMut<Aim>,
    mut actions: MessageWriter<GameAction>,
) {
    // Read every frame, so that a click while the computer plays is not kept for later.
    let asked = asks.read().count() > 0 || just(&keys, Control::Coach);
    if !person_to_shoot(&m, &moment) {
        coach.advice = None;
        coach.advice_chances = None;
        coach.advice_task = None;
        return;
    }
    if coach.advice_for.as_ref() != Some(&m.layout) {
        coach.advice = None;
        coach.advice_chances = None;
    }
    if let Some(task) = coach.advice_task.as_mut()
        && let Some(result) = block_on(poll_once(task))
    {
        coach.advice_task = None;
        match result {
            Ok((d, figures)) => {
                if let (Decision::Stroke { why, call, .. }, Some(c)) = (&d, &figures) {
                    m.message = Some(advice_words(why, call, c));
                }
                coach.advice = Some(d);
                coach.advice_chances = figures;
                coach.advice_for = Some(m.layout.clone());
            }
            Err(e) => m.message = Some(format!("coach: {e}")),
        }
    }
    if !asked || coach.advice_task.is_some() {
        return;
    }
    match coach.advice.take() {
        Some(Decision::Stroke {
            place,
            call,
            strike,
            ..
        }) => take(place, call, strike, &mut aim, &mut actions),
        _ => {
            let (state, layout, equipment) = (m.state.clone(), m.layout.clone(), m.equipment);
            m.message = Some("coach: thinking...".into());
            coach.advice_task = Some(AsyncComputeTaskPool::get().spawn(async move {
                let d = decide(
                    &state,
                    &layout,
                    Level::Level(5),
                    &equipment,
                    &mut StdRng::seed_from_u64(11),
                )?;
                let figures = match &d {
                    Decision::Stroke {
                        place,
                        call,
                        strike,
                        ..
                    } => Some(figures_for(
                        &state,
                        &placed(&layout, *place),
                        call,
                        strike,
                        &equipment,
                    )),
                    Decision::Choose { .. } => None,
                };
                Ok((d, figures))
            }));
        }
    }
}

/// `layout` with the cue ball put at `place` (ball in hand), as taking the advice puts it.
fn placed(layout: &Layout, place: Option<crate::table::Point>) -> Layout {
    let mut l = layout.clone();
    if let Some(at) = place {
        crate::computer::put_cue_ball(&mut l, at);
    }
    l
}

/// The advice taken: the cue ball put down, the call made and the stroke set.
fn take(
    place: Option<crate::table::Point>,
    call: Call,
    strike: Strike,
    aim: &mut Aim,
    actions: &mut MessageWriter<GameAction>,
) {
    actions.write_batch(super::opponent::set_up_actions(place, &call));
    aim.stroke = strike;
}

/// The coach's drawing, added with the view (the logic runs headless without it): the advice
/// as a ghost stroke while the player aims.
pub(in crate::game) fn view(app: &mut App) {
    app.add_systems(
        Update,
        coach_ghost
            .run_if(crate::game::aiming_at_rest)
            .in_set(GameSystems::Show),
    );
}

/// The coach's advice as a ghost stroke, in cyan, until the player takes it (`Q`) or the
/// position changes: where the cue ball would be put (in hand), its line to the ghost ball,
/// the ball hit and the pocket called.
fn coach_ghost(coach: Res<Coach>, m: Res<Match>, mut gizmos: Gizmos) {
    let Some(crate::computer::Decision::Stroke {
        place,
        call,
        strike,
        ..
    }) = &coach.advice
    else {
        return;
    };
    let Some(from) = place.or_else(|| m.cue_ball()) else {
        return;
    };
    let t = m.table();
    let r = t.ball_radius;
    let flat = Quat::from_rotation_arc(Vec3::Z, Vec3::Y);
    let cyan = Color::srgba(0.2, 0.9, 1.0, 0.95);
    let start = world(from.x, from.y, r);
    if place.is_some() {
        gizmos.circle(
            Isometry3d::new(world(from.x, from.y, 0.003), flat),
            r as f32,
            cyan,
        );
    }
    let (hit, ghost) = first_along(&m, from, strike.aim_deg);
    let g = world(ghost.x, ghost.y, r);
    gizmos.line(start, g, cyan);
    gizmos.circle(Isometry3d::new(g, flat), r as f32, cyan);
    if let Some(b) = hit
        && let Some(ob) = m.layout.balls.iter().find(|x| x.ball == b)
    {
        let o = world(ob.at.x, ob.at.y, r);
        gizmos.line(o, o + (o - g).normalize_or_zero() * 0.35, cyan);
    }
    if let crate::referee::Call::Ball { pocket, .. } = call {
        let p = t.pocket_mouth_centre(*pocket);
        gizmos.circle(Isometry3d::new(world(p.x, p.y, 0.003), flat), 0.09, cyan);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::NextShot;
    use crate::table::Pocket;

    /// Issue 63, item 6: a push out was given "make 0 %", a figure that means nothing for a
    /// stroke that calls no ball. Now it is given by how often it is legal and by what it
    /// leaves, for whoever the opponent sends in.
    #[test]
    fn issue_63_item_6_a_push_out_is_not_given_a_make_chance() {
        let mut c = Chances {
            make: 0.0,
            scratch: 0.1,
            foul: 0.2,
            tries: 10,
            next: Some(NextShot {
                ball: 2,
                pocket: Pocket::FootRight,
                chance: 0.5,
            }),
        };
        let words = figure_words(&Call::PushOut, &c);
        assert!(!words.contains("make 0"), "{words}");
        assert!(words.starts_with("legal 80 %"), "{words}");
        assert!(
            words.contains("leaves the 2 in the foot right corner, 50 % to make"),
            "{words}"
        );
        assert!(words.contains("(5.4)"), "{words}");
        c.next = None;
        assert!(push_out_words(&c).contains("the opponent chooses"));
        // A called shot keeps its make chance.
        let call = Call::Ball {
            ball: 1,
            pocket: Pocket::FootRight,
        };
        assert!(figure_words(&call, &c).starts_with("make 0 %"));
    }
}
