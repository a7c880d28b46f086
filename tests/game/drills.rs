//! The drill screen (issue 60): the session's position on the table, the drill's call kept on
//! the stroke, a stroke played at the table counted by the session as the same stroke played
//! headless, and the next attempt set up once the card is closed.

use bevy::prelude::*;

use tenball::drills::{Session, Stroke, find, player};
use tenball::game::screens::drills::{DrillPlay, DrillStart};
use tenball::game::{Aim, CallKind, GameAction, GameOptions, Mode, ShotCycle};
use tenball::physics::Equipment;
use tenball::table::Pocket;

use super::game_common::{app_with_more, cycle, m, play_out};

fn drill_app(name: &str, seed: u64) -> App {
    let session = Session::new(find(name).unwrap(), seed, Equipment::wpa()).unwrap();
    let opts = GameOptions {
        mode: Mode::HotSeat,
        players: ["Ann".into(), "the ghost".into()],
        drill: Some(DrillStart::new(name, session)),
        ..GameOptions::default()
    };
    // No progress file of the user's is touched.
    let dir = std::env::temp_dir().join(format!("tenball-drill-game-{}", std::process::id()));
    // SAFETY: set before any thread of the test reads it; the tests of this file use one path.
    unsafe { std::env::set_var("TENBALL_PROGRESS", dir.join("progress.jsonl")) };
    app_with_more(opts, |_| {})
}

#[test]
fn the_drills_position_is_on_the_table_with_its_call_kept() {
    let mut app = drill_app("stop-shot", 1);
    let due = app
        .world()
        .resource::<DrillPlay>()
        .session
        .due()
        .unwrap()
        .clone();
    assert_eq!(due.place, Some(4));
    let cue = |app: &App| m(app).cue_ball().unwrap();
    assert_eq!(m(&app).layout, due.layout);
    assert_eq!(m(&app).state, due.state);
    // Another pocket asked for: the drill's comes back.
    app.world_mut().resource_mut::<Aim>().call.pocket = Some(Pocket::FootLeft);
    app.update();
    let aim = app.world().resource::<Aim>();
    assert_eq!(
        (aim.call.kind, aim.call.ball, aim.call.pocket),
        (CallKind::Ball, Some(10), Some(Pocket::SideLeft))
    );
    assert!(cue(&app).y < 0.2);
}

#[test]
fn a_stroke_at_the_table_counts_as_the_same_stroke_played_headless() {
    let mut app = drill_app("stop-shot", 1);
    // The top level's stroke for this position, as the headless session gets it.
    let mut headless = Session::new(find("stop-shot").unwrap(), 1, Equipment::wpa()).unwrap();
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(3);
    let stroke = player::stroke(&headless, tenball::computer::Level::Level(5), &mut rng).unwrap();
    app.world_mut().resource_mut::<Aim>().stroke = stroke.strike;
    app.world_mut().write_message(GameAction::Shoot);
    app.update();
    app.update();
    play_out(&mut app);
    assert_eq!(cycle(&app), ShotCycle::Ruling);
    // The stroke as the table played it (with the execution error, if that aid is on).
    let last = m(&app).last.as_ref().unwrap();
    let played = Stroke {
        place: None,
        call: last.call,
        strike: last.strike,
    };
    let want = headless.play(&played).unwrap();
    let d = app.world().resource::<DrillPlay>();
    assert_eq!(d.session.outcomes(), headless.outcomes());
    assert_eq!(d.session.outcomes()[0], want.attempt.unwrap());
    assert!(
        d.last.as_deref().unwrap().contains(&want.words),
        "{:?}",
        d.last
    );
    // The card closed, the next attempt's position (one place further or nearer) is set up.
    app.world_mut().write_message(GameAction::Continue);
    for _ in 0..4 {
        app.update();
    }
    let d = app.world().resource::<DrillPlay>();
    let next = d.session.due().unwrap().clone();
    assert_eq!(next.attempt, 2);
    assert_eq!(m(&app).layout, next.layout);
    assert_eq!(cycle(&app), ShotCycle::Aiming);
}

#[test]
fn a_drill_link_opens_the_library_drill_and_refuses_another_name() {
    let link = tenball::link::Link::parse("?drill=cut-shot&seed=4").unwrap();
    let opts = tenball::game::options_from_link(link).unwrap();
    let start = opts.drill.as_ref().unwrap();
    let session = &start.session;
    assert_eq!((start.name.as_str(), session.seed()), ("cut-shot", 4));
    assert_eq!(opts.players[1], "the drill");
    let layout = session.due().unwrap().layout.clone();
    let app = app_with_more(opts, |_| {});
    assert_eq!(m(&app).layout, layout);
    let e = tenball::game::options_from_link(tenball::link::Link::parse("?drill=nope").unwrap())
        .unwrap_err();
    assert!(
        e.contains("not in the library") && e.contains("stop-shot"),
        "{e}"
    );
}

#[test]
fn another_drill_opens_in_place_from_the_library() {
    let mut app = drill_app("stop-shot", 1);
    app.world_mut()
        .write_message(tenball::game::screens::drills::OpenDrill(
            "cut-to-the-side".into(),
        ));
    for _ in 0..3 {
        app.update();
    }
    let d = app.world().resource::<DrillPlay>();
    assert_eq!(d.name, "cut-to-the-side");
    assert_eq!(d.session.seed(), 1);
    let due = d.session.due().unwrap().clone();
    assert_eq!(m(&app).layout, due.layout);
    assert_eq!(cycle(&app), ShotCycle::Aiming);
    // A name not in the library leaves the drill as it is, and says why.
    app.world_mut()
        .write_message(tenball::game::screens::drills::OpenDrill("nope".into()));
    app.update();
    assert_eq!(app.world().resource::<DrillPlay>().name, "cut-to-the-side");
    assert!(
        m(&app)
            .message
            .as_deref()
            .unwrap()
            .contains("no drill called")
    );
}

/// Was (issue 59): the drill and the scenario player were switched on by their resources, so
/// a scenario opened from a drill's page (the browser's dock lists the scenario library) ran
/// both at once: the drill kept forcing its call onto the scenario's stroke and would have
/// counted its shot as an attempt. Each is now a screen; opening the scenario leaves the
/// drill, and its session goes.
#[test]
fn issue_59_a_scenario_opened_in_a_drill_ends_the_drill() {
    use tenball::game::Screen;
    let mut app = drill_app("stop-shot", 1);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Drill
    );
    let (library, i) = super::game_common::library_with("push-out-played");
    app.world_mut()
        .insert_resource(tenball::game::Library(library));
    app.world_mut()
        .write_message(tenball::game::OpenScenario(i));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Scenario
    );
    assert!(app.world().get_resource::<DrillPlay>().is_none());
    let lesson = app.world().resource::<tenball::game::Lesson>();
    assert_eq!(lesson.scenario.title, "A push out, played on the table");
    // The drill's call (the 10 in the left side) is no longer put back on the stroke.
    app.world_mut().resource_mut::<Aim>().call.pocket = Some(Pocket::FootLeft);
    app.update();
    assert_eq!(
        app.world().resource::<Aim>().call.pocket,
        Some(Pocket::FootLeft)
    );
}

/// Was (issue 59): set-up (F2) opened in a drill and left to a match screen with the drill's
/// session still running on a position of the user's; it is refused in a drill (and in the
/// quiz), saying why.
#[test]
fn issue_59_set_up_is_refused_in_a_drill() {
    use tenball::game::Screen;
    use tenball::game::screens::setup::SetupAction;
    let mut app = drill_app("stop-shot", 1);
    app.world_mut().write_message(SetupAction::Enter);
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Drill
    );
    let words = m(&app).message.clone().unwrap_or_default();
    assert!(words.contains("not a drill"), "{words}");
}
