//! Accu-Stats' TPA counted from the referee's rulings (`referee::performance`): a hand-made
//! sequence of shots, judged by the referee, against a count done by hand, and the same
//! sequence through `tenball judge`.

use tenball::referee::performance::{self, Performance, RuledStroke};
use tenball::referee::*;
use tenball::table::{Pocket, Rail, TableSize};

fn rail(ball: u8, rail: Rail) -> RailContact {
    RailContact {
        ball,
        rail,
        returned: false,
    }
}

fn hit(ball: u8) -> ShotFacts {
    ShotFacts {
        first_contact: Some(ball),
        ..ShotFacts::default()
    }
}

fn shot(call: Call, facts: ShotFacts) -> Action {
    Action::Shot { call, facts }
}

fn ball(ball: u8, pocket: Pocket) -> Call {
    Call::Ball { ball, pocket }
}

fn potting(b: u8, pocket: Pocket) -> ShotFacts {
    ShotFacts {
        pocketed: vec![Pocketed { ball: b, pocket }],
        ..hit(b)
    }
}

/// Seven shots, each commented with what a scorer counts for it.
fn sequence() -> Vec<Action> {
    vec![
        // A breaks and makes the 3: one ball for A.
        shot(
            Call::Break,
            ShotFacts {
                pocketed: vec![Pocketed {
                    ball: 3,
                    pocket: Pocket::FootLeft,
                }],
                rail_contacts: vec![rail(2, Rail::Foot), rail(5, Rail::Head)],
                ..hit(1)
            },
        ),
        // A makes the 1 as called: a second ball.
        shot(ball(1, Pocket::FootRight), potting(1, Pocket::FootRight)),
        // A plays safe on the 2 right after a make: a position error.
        shot(
            Call::Safety,
            ShotFacts {
                rail_contacts: vec![rail(2, Rail::Foot)],
                ..hit(2)
            },
        ),
        // B makes the 2 as called: a ball for B, and A's safety failed.
        shot(ball(2, Pocket::SideLeft), potting(2, Pocket::SideLeft)),
        // B misses the 4 and scratches: a miss and a foul.
        shot(
            ball(4, Pocket::HeadLeft),
            ShotFacts {
                rail_contacts: vec![rail(4, Rail::Foot)],
                cue_ball: CueBallFate::Pocketed {
                    pocket: Pocket::FootLeft,
                },
                ..hit(4)
            },
        ),
        // A, with ball in hand, kicks at the 4 off a rail and misses it: a kick error.
        shot(
            ball(4, Pocket::HeadLeft),
            ShotFacts {
                cue_rails_before_contact: 1,
                ..ShotFacts::default()
            },
        ),
        // B, with ball in hand, hits the 4 to a rail and misses the pocket: a miss.
        shot(
            ball(4, Pocket::HeadRight),
            ShotFacts {
                rail_contacts: vec![rail(4, Rail::Foot)],
                ..hit(4)
            },
        ),
    ]
}

fn counted() -> [Performance; 2] {
    let state = GameState::with_breaker(Rules::default(), TableSize::NineFoot, PlayerId::A);
    let actions = sequence();
    let steps = state.walk(&actions).expect("the referee takes every shot");
    let strokes: Vec<RuledStroke> = steps
        .iter()
        .zip(&actions)
        .map(|(s, a)| match a {
            Action::Shot { facts, .. } => {
                RuledStroke::of(s.ruling.as_ref().expect("a ruling"), facts)
            }
            _ => unreachable!("shots only"),
        })
        .collect();
    performance::count(&strokes)
}

#[test]
fn tpa_of_a_hand_made_sequence_matches_the_count_by_hand() {
    let [a, b] = counted();
    // By hand: A made the 3 and the 1; errors: a position error (safety after a make), a
    // failed safety (B made his next called ball) and a missed kick.
    assert_eq!(
        a,
        Performance {
            strokes: 4,
            balls_made: 2,
            position_errors: 1,
            safety_errors: 1,
            kick_errors: 1,
            ..Performance::default()
        }
    );
    // B made the 2; errors: a miss and a scratch on one shot (two, as Accu-Stats counts
    // them), then a miss.
    assert_eq!(
        b,
        Performance {
            strokes: 3,
            balls_made: 1,
            miss_errors: 2,
            foul_errors: 1,
            ..Performance::default()
        }
    );
    assert_eq!(a.tpa(), Some(2.0 / 5.0));
    assert_eq!(b.tpa(), Some(1.0 / 4.0));
    assert_eq!(
        a.describe(),
        "TPA 0.400 (2 balls, 3 errors: 1 kick, 1 safety, 1 position)"
    );
}

#[test]
fn a_safety_the_opponent_does_not_punish_is_no_error() {
    // The same start, but B misses the 2 after A's safety: A's safety stands.
    let mut actions = sequence()[..3].to_vec();
    actions.push(shot(
        ball(2, Pocket::SideLeft),
        ShotFacts {
            rail_contacts: vec![rail(2, Rail::Foot)],
            ..hit(2)
        },
    ));
    let state = GameState::with_breaker(Rules::default(), TableSize::NineFoot, PlayerId::A);
    let steps = state.walk(&actions).expect("the referee takes every shot");
    let strokes: Vec<RuledStroke> = steps
        .iter()
        .zip(&actions)
        .map(|(s, a)| match a {
            Action::Shot { facts, .. } => RuledStroke::of(s.ruling.as_ref().unwrap(), facts),
            _ => unreachable!(),
        })
        .collect();
    let [a, b] = performance::count(&strokes);
    assert_eq!((a.safety_errors, a.position_errors), (0, 1));
    assert_eq!((b.miss_errors, b.balls_made), (1, 0));
}

#[test]
fn no_strokes_no_average() {
    assert_eq!(Performance::default().tpa(), None);
}

#[test]
fn judge_prints_each_players_tpa_for_a_sequence() {
    let input = serde_json::json!({
        "state": GameState::with_breaker(Rules::default(), TableSize::NineFoot, PlayerId::A),
        "actions": sequence(),
    });
    let out = tenball::cli::judge::walk_text("seq.json", &input.to_string()).expect("judged");
    let json = serde_json::to_value(&out).unwrap();
    assert_eq!(json["performance"]["A"]["tpa"], 0.4);
    assert_eq!(json["performance"]["A"]["balls_made"], 2);
    assert_eq!(json["performance"]["B"]["tpa"], 0.25);
    assert_eq!(json["performance"]["B"]["miss_errors"], 2);
}
