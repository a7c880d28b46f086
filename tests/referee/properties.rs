//! Property tests: random sequences of legal and illegal shots, choices and warnings played
//! through the referee keep its invariants.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tenball::referee::*;
use tenball::table::{Pocket, Rail, TableSize};

/// Random but consistent facts for a shot from `state`.
fn random_facts(state: &GameState, rng: &mut impl Rng) -> ShotFacts {
    let on: Vec<u8> = state.on_table.iter().collect();
    let lowest = state.ball_on();
    let first_contact = match rng.random_range(0..10) {
        0 => None,
        1 => on.choose(rng).copied(),
        _ => Some(lowest),
    };
    let mut pocketed = Vec::new();
    let mut off_table = Vec::new();
    for &b in &on {
        match rng.random_range(0..20) {
            0..=2 => pocketed.push(Pocketed {
                ball: b,
                pocket: *Pocket::ALL.choose(rng).unwrap(),
            }),
            3 if rng.random_bool(0.2) => off_table.push(b),
            _ => {}
        }
    }
    let rail_contacts = (0..rng.random_range(0..6))
        .map(|_| RailContact {
            ball: if rng.random_bool(0.2) {
                CUE
            } else {
                *on.choose(rng).unwrap()
            },
            rail: *Rail::CUSHIONS.choose(rng).unwrap(),
            returned: rng.random_bool(0.3),
        })
        .collect();
    let frozen_to_rail = if rng.random_bool(0.1) {
        vec![RailContact {
            ball: *on.choose(rng).unwrap(),
            rail: Rail::Foot,
            returned: false,
        }]
    } else {
        vec![]
    };
    let cue_ball = match rng.random_range(0..12) {
        0 => CueBallFate::Pocketed {
            pocket: *Pocket::ALL.choose(rng).unwrap(),
        },
        1 => CueBallFate::OffTable,
        _ => CueBallFate::OnTable,
    };
    let declared = if rng.random_bool(0.05) {
        vec![
            *[
                Declared::PushShot,
                Declared::CueOnTable,
                Declared::DoubleHit,
            ]
            .choose(rng)
            .unwrap(),
        ]
    } else {
        vec![]
    };
    ShotFacts {
        first_contact,
        rail_contacts,
        pocketed,
        off_table,
        cue_ball,
        frozen_to_rail,
        declared,
        ..ShotFacts::default()
    }
}

fn random_call(state: &GameState, rng: &mut impl Rng) -> Call {
    match state.phase {
        Phase::Break { .. } => Call::Break,
        Phase::Shot { push_out, .. } => match rng.random_range(0..10) {
            0 if push_out => Call::PushOut,
            1 if state.rules.safety_call => Call::Safety,
            _ => {
                let on: Vec<u8> = state.on_table.iter().collect();
                let ball = if rng.random_bool(0.2) {
                    10
                } else {
                    *on.choose(rng).unwrap()
                };
                Call::Ball {
                    ball,
                    pocket: *Pocket::ALL.choose(rng).unwrap(),
                }
            }
        },
        _ => unreachable!("only shots are called"),
    }
}

/// One step of play; checks the invariants of that step. Returns false when the match is over.
fn step(state: &mut GameState, rng: &mut impl Rng) -> bool {
    match state.phase {
        Phase::MatchOver { .. } => return false,
        Phase::Lag | Phase::ChooseBreaker { .. } => unreachable!("matches start at the break"),
        Phase::Choice { chooser, .. } => {
            let choice = if rng.random_bool(0.5) {
                TableChoice::PlayTable
            } else {
                TableChoice::HandBack
            };
            let next = state.choose(choice).expect("a due choice is accepted");
            let expected = if choice == TableChoice::PlayTable {
                chooser
            } else {
                chooser.other()
            };
            assert_eq!(next.to_act(), expected);
            *state = next;
            return true;
        }
        Phase::Break { .. } | Phase::Shot { .. } => {}
    }
    if rng.random_bool(0.02)
        && let Ok(warned) = state.warn_stalemate()
    {
        *state = warned;
    }
    let call = random_call(state, rng);
    let facts = random_facts(state, rng);
    let before = state.clone();
    let j = state
        .judge(&call, &facts)
        .expect("consistent facts are judged");
    let r = &j.ruling;

    // The 10 leaves the table only when a rack is won (or a stalemate re-racks).
    match r.rack_result {
        None => {
            assert!(
                j.state.on_table.contains(10),
                "the 10 left the table: {r:#?}"
            );
            // Ball count: what was on the table is now on it, down or off.
            let mut expected = before.on_table;
            for b in r.stay_down.iter().chain(&r.stay_off) {
                expected.remove(*b);
            }
            assert_eq!(j.state.on_table, expected, "{r:#?}");
            assert_eq!(
                before.on_table.len(),
                j.state.on_table.len() + r.stay_down.len() + r.stay_off.len()
            );
            assert!(
                r.stay_down
                    .iter()
                    .chain(&r.stay_off)
                    .all(|b| before.on_table.contains(*b))
            );
        }
        Some(RackResult::Won {
            match_over: false, ..
        })
        | Some(RackResult::Stalemate { .. }) => {
            assert_eq!(j.state.on_table, BallSet::FULL);
        }
        Some(RackResult::Won {
            match_over: true,
            winner,
            ..
        }) => {
            assert_eq!(j.state.phase, Phase::MatchOver { winner });
        }
    }
    // The foul count never passes two without a loss of rack.
    for p in [PlayerId::A, PlayerId::B] {
        assert!(j.state.fouls_of(p).count <= 2);
    }
    if r.shooter_fouls > 2 {
        assert!(matches!(
            r.rack_result,
            Some(RackResult::Won {
                how: WinReason::ThreeFouls,
                ..
            })
        ));
    }
    if !r.legal {
        assert!(
            !r.fouls.is_empty()
                && r.fouls
                    .iter()
                    .all(|f| f.rule.starts_with('7') || f.rule == "5.3")
        );
    }
    // Exactly one player acts next, and the ruling says who.
    assert_eq!(r.next.player, j.state.to_act());
    assert_eq!(r.next, j.state.turn());
    assert!(!r.rule.is_empty() && !r.explanation.is_empty());
    // The state survives its JSON form.
    let text = serde_json::to_string(&j.state).unwrap();
    assert_eq!(serde_json::from_str::<GameState>(&text).unwrap(), j.state);
    *state = j.state;
    true
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_matches_keep_the_invariants(seed in any::<u64>(), seed_rules in 0u8..4) {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut rules = if seed_rules & 1 == 0 { Rules::default() } else { Rules::wpa_2025() };
        rules.auto_warn = seed_rules & 2 == 0;
        rules.race_to = 3;
        let mut state = GameState::with_breaker(rules, TableSize::NineFoot, PlayerId::A);
        let mut steps = 0;
        while steps < 600 && step(&mut state, &mut rng) {
            steps += 1;
        }
        prop_assert!(steps > 0);
    }
}
