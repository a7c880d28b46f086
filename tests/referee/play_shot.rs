//! `adapter::play_shot`: a shot played from a game state through the physics to the referee,
//! as the game, the batch runs and the scenarios do it.

use rand::SeedableRng;
use rand::rngs::StdRng;
use tenball::adapter::play_shot;
use tenball::physics::{Layout, SimConfig, Strike};
use tenball::referee::{Call, CueBall, GameState, Phase, PlayerId, Rules, rack};
use tenball::table::{Placed, Pocket, Point, TableSize};

#[test]
fn a_break_played_from_a_new_rack_is_judged_and_leaves_a_consistent_table() {
    let table = TableSize::NineFoot.spec();
    let state = GameState::with_breaker(Rules::default(), TableSize::NineFoot, PlayerId::A);
    let mut balls = vec![Placed {
        ball: 0,
        at: Point::new(table.head_string_x() - 0.1, 0.0),
    }];
    balls.extend(rack(
        &table,
        tenball::referee::Tightness::Even,
        &mut StdRng::seed_from_u64(3),
    ));
    let layout = Layout {
        table: TableSize::NineFoot,
        balls,
    };
    let played = play_shot(
        &state,
        &layout,
        &Call::Break,
        &Strike::new(0.0, 10.0),
        &[],
        &SimConfig::default(),
    )
    .unwrap();
    assert_eq!(played.facts.first_contact, Some(1));
    assert!(played.facts.object_balls_driven_to_rail().len() >= 4);
    let next = &played.judged.state;
    // The layout after the shot holds exactly the balls the referee has on the table.
    let mut on_layout: Vec<u8> = played
        .layout
        .balls
        .iter()
        .map(|b| b.ball)
        .filter(|&b| b != 0)
        .collect();
    on_layout.sort_unstable();
    assert_eq!(on_layout, next.on_table.iter().collect::<Vec<_>>());
    assert!(played.judged.ruling.rule == "5.3" || !played.judged.ruling.legal);
}

#[test]
fn a_called_ball_made_keeps_the_shooter_at_the_table() {
    // The 1 on the line from the cue ball to the foot-left corner pocket.
    let table = TableSize::NineFoot.spec();
    let corner = table.pocket_mouth_centre(Pocket::FootLeft);
    let one = Point::new(corner.x - 0.3, corner.y - 0.3);
    let cue = Point::new(one.x - 0.4, one.y - 0.4);
    let layout = Layout {
        table: TableSize::NineFoot,
        balls: vec![
            Placed { ball: 0, at: cue },
            Placed { ball: 1, at: one },
            Placed {
                ball: 10,
                at: Point::new(-0.5, -0.3),
            },
        ],
    };
    let mut state = GameState::with_breaker(Rules::default(), TableSize::NineFoot, PlayerId::A);
    state.on_table = [1, 10].into_iter().collect();
    state.phase = Phase::Shot {
        shooter: PlayerId::A,
        cue_ball: CueBall::AsItLies,
        push_out: false,
    };
    let call = Call::Ball {
        ball: 1,
        pocket: Pocket::FootLeft,
    };
    let played = play_shot(
        &state,
        &layout,
        &call,
        &Strike {
            height: -0.3,
            ..Strike::new(45.0, 2.0)
        },
        &[],
        &SimConfig::default(),
    )
    .unwrap();
    let r = &played.judged.ruling;
    assert!(r.legal, "{}", r.explanation);
    assert_eq!(r.stay_down, [1], "{}", r.explanation);
    assert_eq!(r.next.player, PlayerId::A);
    assert!(played.layout.balls.iter().all(|b| b.ball != 1));
    // The same table against a state that has other balls is refused.
    let mut wrong = state.clone();
    wrong.on_table = [2, 10].into_iter().collect();
    assert!(
        play_shot(
            &wrong,
            &layout,
            &call,
            &Strike::new(45.0, 2.0),
            &[],
            &SimConfig::default()
        )
        .is_err()
    );
}
