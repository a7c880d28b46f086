//! The referee's rulings on the situations of the rulebook, one module per section of the seed
//! (5 and 5.1 to 5.12) plus the general rules it points to. Each test asserts the ruling.

use tenball::referee::*;
use tenball::table::{Pocket, Point, Rail, Table, TableSize};

use PlayerId::{A, B};

fn break_state() -> GameState {
    GameState::with_breaker(Rules::default(), TableSize::NineFoot, A)
}

/// A shot by `shooter` with the given balls on the table.
fn shot_state(shooter: PlayerId, balls: &[u8], push_out: bool) -> GameState {
    let mut s = break_state();
    s.on_table = balls.iter().copied().collect();
    s.phase = Phase::Shot {
        shooter,
        cue_ball: CueBall::AsItLies,
        push_out,
    };
    s.inning = 2;
    s
}

fn hit(ball: u8) -> ShotFacts {
    ShotFacts {
        first_contact: Some(ball),
        ..ShotFacts::default()
    }
}

fn rail(ball: u8, rail: Rail) -> RailContact {
    RailContact {
        ball,
        rail,
        returned: false,
    }
}

fn potted(ball: u8, pocket: Pocket) -> Pocketed {
    Pocketed { ball, pocket }
}

fn call(ball: u8, pocket: Pocket) -> Call {
    Call::Ball { ball, pocket }
}

fn rules_of(r: &Ruling) -> Vec<&str> {
    r.fouls.iter().map(|f| f.rule.as_str()).collect()
}

fn judge(state: &GameState, call: Call, facts: &ShotFacts) -> Judged {
    state.judge(&call, facts).expect("a valid shot")
}

/// A legal break that pockets nothing but drives four balls to rails.
fn four_rail_break() -> ShotFacts {
    ShotFacts {
        rail_contacts: vec![
            rail(2, Rail::Foot),
            rail(3, Rail::LeftFoot),
            rail(4, Rail::RightFoot),
            rail(5, Rail::Head),
        ],
        ..hit(1)
    }
}

fn assert_ball_in_hand_for(state: &GameState, player: PlayerId) {
    assert_eq!(
        state.phase,
        Phase::Shot {
            shooter: player,
            cue_ball: CueBall::InHand,
            push_out: false
        }
    );
}

mod s5_intro_call_shot_game {
    use super::*;

    #[test]
    fn the_lowest_ball_must_be_hit_first_on_every_shot() {
        let s = shot_state(B, &[3, 4, 7, 10], false);
        let j = judge(
            &s,
            call(4, Pocket::SideLeft),
            &ShotFacts {
                pocketed: vec![potted(4, Pocket::SideLeft)],
                ..hit(4)
            },
        );
        assert!(!j.ruling.legal);
        assert_eq!(rules_of(&j.ruling), ["7.2"]);
        assert_eq!(
            j.state.on_table.iter().collect::<Vec<_>>(),
            [3, 7, 10],
            "the 4 stays down"
        );
        assert_ball_in_hand_for(&j.state, A);
    }

    #[test]
    fn nothing_may_be_called_on_the_break() {
        // A call on the break does not count: the shot is ruled as the break it was.
        let j = break_state()
            .judge(&call(1, Pocket::FootLeft), &hit(1))
            .unwrap();
        assert_eq!(j.ruling.rule, "5.3", "{}", j.ruling.explanation);
        assert!(
            j.ruling.explanation.starts_with(
                "The announcement did not count: nothing is called on the break (5.3)"
            )
        );
        assert_eq!(j.ruling.ignored.len(), 1);
    }
}

mod s5_1_lag_and_break_order {
    use super::*;

    #[test]
    fn lag_winner_is_closest_to_the_head_cushion_and_chooses_the_breaker() {
        let s = GameState::new(Rules::default(), TableSize::NineFoot);
        let a = LagShot {
            distance: 0.12,
            fault: None,
        };
        let b = LagShot {
            distance: 0.05,
            fault: None,
        };
        let (winner, s) = s.lag(a, b).unwrap();
        assert_eq!(winner, Some(B));
        assert_eq!(s.turn().action, TurnAction::ChooseBreaker);
        let s = s.choose_breaker(A).unwrap();
        assert_eq!(s.phase, Phase::Break { breaker: A });
    }

    #[test]
    fn a_bad_lag_ball_loses_and_both_bad_or_a_tie_lag_again() {
        let good = LagShot {
            distance: 0.5,
            fault: None,
        };
        let bad = LagShot {
            distance: 0.01,
            fault: Some(LagFault::TouchedSideCushion),
        };
        assert_eq!(lag_winner(bad, good), Some(B));
        assert_eq!(lag_winner(bad, bad), None);
        assert_eq!(lag_winner(good, good), None);
        let s = GameState::new(Rules::default(), TableSize::NineFoot);
        let (_, again) = s.lag(bad, bad).unwrap();
        assert_eq!(again.phase, Phase::Lag);
    }

    #[test]
    fn breaks_alternate_and_the_race_ends_the_match() {
        let rules = Rules {
            race_to: 2,
            ..Rules::default()
        };
        let mut s = GameState::with_breaker(rules, TableSize::NineFoot, A);
        // A breaks and makes the 1, then calls and makes the 10: rack 1 to A.
        let j = judge(
            &s,
            Call::Break,
            &ShotFacts {
                pocketed: vec![potted(1, Pocket::FootLeft)],
                ..hit(1)
            },
        );
        s = j.state;
        let j = judge(
            &s,
            call(10, Pocket::SideRight),
            &ShotFacts {
                pocketed: vec![potted(10, Pocket::SideRight)],
                ..hit(2)
            },
        );
        assert!(matches!(
            j.ruling.rack_result,
            Some(RackResult::Won {
                winner: A,
                match_over: false,
                ..
            })
        ));
        s = j.state;
        assert_eq!(
            s.phase,
            Phase::Break { breaker: B },
            "alternate breaks: B breaks rack 2"
        );
        assert_eq!(s.rack, 2);
        assert_eq!(s.on_table, BallSet::FULL);
        // B scratches on the break, A runs out with the 10.
        let j = judge(
            &s,
            Call::Break,
            &ShotFacts {
                cue_ball: CueBallFate::Pocketed {
                    pocket: Pocket::SideLeft,
                },
                ..four_rail_break()
            },
        );
        s = j.state;
        let j = judge(
            &s,
            call(10, Pocket::FootRight),
            &ShotFacts {
                pocketed: vec![potted(10, Pocket::FootRight)],
                ..hit(1)
            },
        );
        assert!(matches!(
            j.ruling.rack_result,
            Some(RackResult::Won {
                winner: A,
                match_over: true,
                ..
            })
        ));
        assert_eq!(j.state.score, [2, 0]);
        assert_eq!(j.state.phase, Phase::MatchOver { winner: A });
        assert!(
            j.state.judge(&Call::Break, &hit(1)).is_err(),
            "no shot after the match"
        );
    }

    #[test]
    fn winner_breaks_when_chosen() {
        let rules = Rules {
            break_order: BreakOrder::WinnerBreaks,
            ..Rules::default()
        };
        let mut s = GameState::with_breaker(rules, TableSize::NineFoot, A);
        s.phase = Phase::Shot {
            shooter: A,
            cue_ball: CueBall::AsItLies,
            push_out: false,
        };
        let j = judge(
            &s,
            call(10, Pocket::FootLeft),
            &ShotFacts {
                pocketed: vec![potted(10, Pocket::FootLeft)],
                ..hit(1)
            },
        );
        assert_eq!(j.state.phase, Phase::Break { breaker: A });
    }
}

mod s5_2_rack {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn one_on_the_foot_spot_ten_in_the_middle_of_the_third_row_others_random() {
        let table = Table::default();
        let mut orders = std::collections::HashSet::new();
        for seed in 0..20 {
            let r = rack(
                &table,
                tenball::referee::Tightness::Even,
                &mut StdRng::seed_from_u64(seed),
            );
            assert_eq!(r[0].ball, 1);
            assert_eq!(r[0].at, table.foot_spot());
            // Rows: [0], [1, 2], [3, 4, 5], [6 .. 9]; the 10 is index 4, on the long string.
            assert_eq!(r[4].ball, 10);
            assert!(r[4].at.y.abs() < 1e-12);
            assert!(r[4].at.x > table.foot_spot().x);
            orders.insert(r.iter().map(|b| b.ball).collect::<Vec<_>>());
        }
        assert!(
            orders.len() > 15,
            "the other balls are placed at random: {} orders",
            orders.len()
        );
        let again = rack(
            &table,
            tenball::referee::Tightness::Even,
            &mut StdRng::seed_from_u64(7),
        );
        assert_eq!(
            again,
            rack(
                &table,
                tenball::referee::Tightness::Even,
                &mut StdRng::seed_from_u64(7)
            ),
            "seeded: same rack"
        );
    }
}

mod s5_3_break {
    use super::*;

    #[test]
    fn ten_and_another_ball_on_a_legal_break_spot_the_ten_and_the_breaker_continues() {
        let facts = ShotFacts {
            pocketed: vec![potted(10, Pocket::FootLeft), potted(6, Pocket::SideRight)],
            ..hit(1)
        };
        let j = judge(&break_state(), Call::Break, &facts);
        assert!(j.ruling.legal);
        assert_eq!(j.ruling.rule, "5.3");
        assert_eq!(j.ruling.stay_down, [6]);
        assert_eq!(j.ruling.spotted.map(|s| s.ball), Some(10));
        assert!(
            j.ruling.rack_result.is_none(),
            "the 10 on the break never wins"
        );
        assert!(j.state.on_table.contains(10));
        assert!(!j.state.on_table.contains(6));
        assert_eq!(
            j.state.phase,
            Phase::Shot {
                shooter: A,
                cue_ball: CueBall::AsItLies,
                push_out: true
            }
        );
    }

    #[test]
    fn only_the_ten_on_the_break_counts_as_a_pocketed_ball() {
        let j = judge(
            &break_state(),
            Call::Break,
            &ShotFacts {
                pocketed: vec![potted(10, Pocket::FootRight)],
                ..hit(1)
            },
        );
        assert!(j.ruling.legal, "{}", j.ruling.explanation);
        assert_eq!(j.state.on_table, BallSet::FULL);
        assert_eq!(j.ruling.next.player, A);
    }

    #[test]
    fn three_balls_to_a_rail_and_nothing_down_is_a_foul() {
        let mut facts = four_rail_break();
        facts.rail_contacts.pop();
        facts.rail_contacts.push(rail(0, Rail::Head)); // the cue ball never counts
        facts.rail_contacts.push(rail(2, Rail::LeftHead)); // the same ball twice counts once
        let j = judge(&break_state(), Call::Break, &facts);
        assert!(!j.ruling.legal);
        assert_eq!(rules_of(&j.ruling), ["5.3"]);
        assert_eq!(j.ruling.fouls[0].foul, Foul::BreakTooFewRails { driven: 3 });
        assert_ball_in_hand_for(&j.state, B);
    }

    #[test]
    fn four_balls_to_a_rail_and_nothing_down_is_legal_and_the_opponent_may_push_out() {
        let j = judge(&break_state(), Call::Break, &four_rail_break());
        assert!(j.ruling.legal);
        assert_eq!(
            j.state.phase,
            Phase::Shot {
                shooter: B,
                cue_ball: CueBall::AsItLies,
                push_out: true
            }
        );
        assert!(matches!(
            j.ruling.next.action,
            TurnAction::Shoot {
                push_out_allowed: true,
                ..
            }
        ));
    }

    #[test]
    fn hitting_the_two_first_is_a_foul() {
        let facts = ShotFacts {
            first_contact: Some(2),
            ..four_rail_break()
        };
        let j = judge(&break_state(), Call::Break, &facts);
        assert_eq!(rules_of(&j.ruling), ["7.2"]);
        assert_eq!(
            j.ruling.fouls[0].foul,
            Foul::WrongBallFirst { hit: 2, lowest: 1 }
        );
        assert_ball_in_hand_for(&j.state, B);
    }

    #[test]
    fn scratch_on_the_break_gives_ball_in_hand_anywhere_and_no_push_out() {
        let facts = ShotFacts {
            cue_ball: CueBallFate::Pocketed {
                pocket: Pocket::SideLeft,
            },
            pocketed: vec![potted(4, Pocket::FootLeft)],
            ..hit(1)
        };
        let j = judge(&break_state(), Call::Break, &facts);
        assert_eq!(rules_of(&j.ruling), ["7.1"]);
        assert_eq!(j.ruling.stay_down, [4]);
        assert_ball_in_hand_for(&j.state, B);
        assert_eq!(
            j.ruling.next.action,
            TurnAction::Shoot {
                ball_in_hand: Some(InHand::Anywhere),
                ball_on: 1,
                push_out_allowed: false,
                safety_allowed: true,
                on_two_fouls_warned: false
            }
        );
        // A push out announced now does not count: the shot is ruled as played, nothing called.
        let k = j.state.judge(&Call::PushOut, &hit(1)).unwrap();
        assert!(
            k.ruling.explanation.contains("a push out is only allowed"),
            "{}",
            k.ruling.explanation
        );
        assert!(
            !matches!(k.state.phase, Phase::Choice { .. }),
            "no push-out choice"
        );
    }

    #[test]
    fn object_ball_off_the_table_on_the_break_is_a_foul_and_stays_off_unless_it_is_the_ten() {
        let facts = ShotFacts {
            off_table: vec![7, 10],
            pocketed: vec![potted(3, Pocket::FootLeft)],
            ..hit(1)
        };
        let j = judge(&break_state(), Call::Break, &facts);
        assert_eq!(rules_of(&j.ruling), ["7.5"]);
        assert_eq!(j.ruling.stay_off, [7]);
        assert_eq!(j.ruling.stay_down, [3]);
        assert!(j.state.on_table.contains(10), "the 10 is spotted");
        assert!(!j.state.on_table.contains(7));
        assert_ball_in_hand_for(&j.state, B);
    }

    #[test]
    fn cue_ball_placed_on_the_head_string_for_the_break_is_a_foul() {
        let t = Table::default();
        let on_string = ShotFacts {
            cue_ball_start: Some(Point::new(t.head_string_x(), 0.2)),
            ..four_rail_break()
        };
        let j = judge(&break_state(), Call::Break, &on_string);
        assert_eq!(rules_of(&j.ruling), ["7.10"]);
        let behind = ShotFacts {
            cue_ball_start: Some(Point::new(t.head_string_x() - 0.001, 0.2)),
            ..four_rail_break()
        };
        assert!(judge(&break_state(), Call::Break, &behind).ruling.legal);
    }
}

mod s5_4_push_out {
    use super::*;

    #[test]
    fn push_out_suspends_wrong_ball_and_no_rail() {
        let s = shot_state(B, &[2, 3, 4, 5, 6, 7, 8, 9, 10], true);
        let j = judge(
            &s,
            Call::PushOut,
            &ShotFacts {
                first_contact: Some(9),
                ..ShotFacts::default()
            },
        );
        assert!(j.ruling.legal);
        assert_eq!(j.ruling.rule, "5.4");
        assert_eq!(
            j.state.phase,
            Phase::Choice {
                chooser: A,
                reason: ChoiceReason::PushOut
            }
        );
        let miss = judge(&s, Call::PushOut, &ShotFacts::default());
        assert!(
            miss.ruling.legal,
            "not hitting anything is fine on a push out"
        );
    }

    #[test]
    fn push_out_pocketing_the_ten_spots_it_and_never_wins() {
        let s = shot_state(B, &[2, 3, 10], true);
        let j = judge(
            &s,
            Call::PushOut,
            &ShotFacts {
                pocketed: vec![potted(10, Pocket::FootLeft)],
                ..hit(3)
            },
        );
        assert!(j.ruling.legal);
        assert!(j.ruling.rack_result.is_none());
        assert_eq!(j.ruling.spotted.map(|s| s.ball), Some(10));
        assert_eq!(j.state.on_table.iter().collect::<Vec<_>>(), [2, 3, 10]);
        assert_eq!(
            j.state.phase,
            Phase::Choice {
                chooser: A,
                reason: ChoiceReason::PushOut
            }
        );
    }

    #[test]
    fn push_out_with_a_scratch_is_a_foul() {
        let s = shot_state(B, &[2, 3, 10], true);
        let j = judge(
            &s,
            Call::PushOut,
            &ShotFacts {
                cue_ball: CueBallFate::Pocketed {
                    pocket: Pocket::HeadLeft,
                },
                ..ShotFacts::default()
            },
        );
        assert!(!j.ruling.legal);
        assert_eq!(rules_of(&j.ruling), ["7.1"]);
        assert_ball_in_hand_for(&j.state, A);
        assert_eq!(j.state.fouls_of(B).count, 1);
    }

    #[test]
    fn push_out_handed_back_makes_the_pusher_shoot_again_without_a_second_push_out() {
        let s = shot_state(B, &[2, 3, 10], true);
        let j = judge(&s, Call::PushOut, &hit(3));
        let back = j.state.choose(TableChoice::HandBack).unwrap();
        assert_eq!(
            back.phase,
            Phase::Shot {
                shooter: B,
                cue_ball: CueBall::AsItLies,
                push_out: false
            }
        );
        let play = j.state.choose(TableChoice::PlayTable).unwrap();
        assert_eq!(play.turn().player, A);
        assert!(
            back.choose(TableChoice::PlayTable).is_err(),
            "no choice is due any more"
        );
    }

    #[test]
    fn a_foul_free_push_out_resets_the_foul_count() {
        let mut s = shot_state(B, &[2, 3, 10], true);
        s.fouls[B.index()].count = 1;
        let j = judge(&s, Call::PushOut, &hit(3));
        assert_eq!(j.state.fouls_of(B).count, 0);
    }
}

mod s5_5_call_shot {
    use super::*;

    #[test]
    fn called_ball_made_plus_others_continues_and_the_others_stay_down() {
        let s = shot_state(A, &[2, 3, 5, 8, 10], false);
        let facts = ShotFacts {
            pocketed: vec![
                potted(5, Pocket::SideLeft),
                potted(2, Pocket::FootRight),
                potted(8, Pocket::HeadLeft),
            ],
            ..hit(2)
        };
        let j = judge(&s, call(2, Pocket::FootRight), &facts);
        assert!(j.ruling.legal);
        assert_eq!(j.ruling.rule, "5.8");
        assert_eq!(j.ruling.stay_down, [2, 5, 8]);
        assert_eq!(
            j.state.phase,
            Phase::Shot {
                shooter: A,
                cue_ball: CueBall::AsItLies,
                push_out: false
            }
        );
        assert_eq!(j.state.inning, s.inning, "the inning goes on");
    }

    #[test]
    fn only_a_ball_on_the_table_can_be_called() {
        // Calling the 2, which is not on the table, calls nothing: a 3 that falls is not a
        // called ball, and the opponent chooses (5.7).
        let s = shot_state(A, &[3, 10], false);
        let mut facts = hit(3);
        facts.pocketed = vec![Pocketed {
            ball: 3,
            pocket: Pocket::FootLeft,
        }];
        let j = s.judge(&call(2, Pocket::FootLeft), &facts).unwrap();
        assert!(
            j.ruling
                .explanation
                .contains("the called 2 is not on the table")
        );
        assert_eq!(j.ruling.rule, "5.7");
        assert!(matches!(j.state.phase, Phase::Choice { chooser: B, .. }));
    }

    #[test]
    fn facts_about_balls_not_on_the_table_are_refused() {
        let s = shot_state(A, &[3, 10], false);
        let facts = ShotFacts {
            pocketed: vec![potted(4, Pocket::FootLeft)],
            ..hit(3)
        };
        assert!(matches!(
            s.judge(&call(3, Pocket::FootLeft), &facts),
            Err(RulesError::BadFacts(_))
        ));
        let twice = ShotFacts {
            pocketed: vec![potted(3, Pocket::FootLeft)],
            off_table: vec![3],
            ..hit(3)
        };
        assert!(matches!(
            s.judge(&call(3, Pocket::FootLeft), &twice),
            Err(RulesError::BadFacts(_))
        ));
    }
}

mod s5_6_safety {
    use super::*;

    #[test]
    fn legal_safety_ends_the_inning() {
        let s = shot_state(A, &[4, 6, 10], false);
        let j = judge(
            &s,
            Call::Safety,
            &ShotFacts {
                rail_contacts: vec![rail(4, Rail::Foot)],
                ..hit(4)
            },
        );
        assert!(j.ruling.legal);
        assert_eq!(j.ruling.rule, "5.6");
        assert_eq!(
            j.state.phase,
            Phase::Shot {
                shooter: B,
                cue_ball: CueBall::AsItLies,
                push_out: false
            }
        );
        assert_eq!(j.state.inning, s.inning + 1);
    }

    #[test]
    fn safety_called_but_a_ball_pocketed_gives_the_opponent_the_choice() {
        let s = shot_state(A, &[4, 6, 10], false);
        let j = judge(
            &s,
            Call::Safety,
            &ShotFacts {
                pocketed: vec![potted(4, Pocket::SideRight)],
                ..hit(4)
            },
        );
        assert!(j.ruling.legal);
        assert_eq!(j.ruling.rule, "5.6");
        assert_eq!(j.ruling.stay_down, [4]);
        assert_eq!(
            j.state.phase,
            Phase::Choice {
                chooser: B,
                reason: ChoiceReason::SafetyPocket
            }
        );
        assert_eq!(
            j.state.choose(TableChoice::HandBack).unwrap().turn().player,
            A
        );
    }

    #[test]
    fn the_2025_edition_has_no_safety_call() {
        // The safety does not count: a legal shot with nothing pocketed passes the turn.
        let mut s = shot_state(A, &[4, 6, 10], false);
        s.rules = Rules::wpa_2025();
        let j = s.judge(&Call::Safety, &hit(4)).unwrap();
        assert!(
            j.ruling
                .explanation
                .contains("this edition has no safety call")
        );
        assert_eq!(j.ruling.next.player, B);
    }
}

mod s5_7_wrongly_pocketed {
    use super::*;

    #[test]
    fn called_ball_missed_but_another_dropped_gives_the_option() {
        let s = shot_state(A, &[1, 2, 3, 10], false);
        let facts = ShotFacts {
            pocketed: vec![potted(3, Pocket::FootLeft)],
            ..hit(1)
        };
        let j = judge(&s, call(1, Pocket::SideLeft), &facts);
        assert!(j.ruling.legal);
        assert_eq!(j.ruling.rule, "5.7");
        assert_eq!(j.ruling.stay_down, [3]);
        assert_eq!(
            j.state.phase,
            Phase::Choice {
                chooser: B,
                reason: ChoiceReason::WronglyPocketed
            }
        );
        let played = j.state.choose(TableChoice::PlayTable).unwrap();
        assert_eq!(
            played.phase,
            Phase::Shot {
                shooter: B,
                cue_ball: CueBall::AsItLies,
                push_out: false
            }
        );
    }

    #[test]
    fn called_ball_in_the_wrong_pocket_gives_the_option() {
        let s = shot_state(A, &[1, 2, 3, 10], false);
        let facts = ShotFacts {
            pocketed: vec![potted(1, Pocket::FootRight)],
            ..hit(1)
        };
        let j = judge(&s, call(1, Pocket::FootLeft), &facts);
        assert_eq!(j.ruling.rule, "5.7");
        assert!(
            j.ruling.explanation.contains("another pocket"),
            "{}",
            j.ruling.explanation
        );
        assert!(!j.state.on_table.contains(1), "it stays down");
        assert_eq!(j.state.turn().player, B);
    }
}

mod s5_8_continuing_and_winning {
    use super::*;

    #[test]
    fn called_ten_combination_with_balls_left_wins_by_default() {
        let s = shot_state(A, &[2, 5, 10], false);
        let facts = ShotFacts {
            pocketed: vec![potted(10, Pocket::FootLeft)],
            ..hit(2)
        };
        let j = judge(&s, call(10, Pocket::FootLeft), &facts);
        assert_eq!(j.ruling.rule, "5.8");
        assert!(matches!(
            j.ruling.rack_result,
            Some(RackResult::Won {
                winner: A,
                how: WinReason::Ten,
                ..
            })
        ));
        assert_eq!(j.state.score, [1, 0]);
    }

    #[test]
    fn called_ten_combination_with_balls_left_is_spotted_in_the_2025_edition() {
        let mut s = shot_state(A, &[2, 5, 10], false);
        s.rules.early_ten_wins = false;
        let facts = ShotFacts {
            pocketed: vec![potted(10, Pocket::FootLeft)],
            ..hit(2)
        };
        let j = judge(&s, call(10, Pocket::FootLeft), &facts);
        assert!(j.ruling.rack_result.is_none());
        assert_eq!(j.ruling.spotted.map(|s| s.ball), Some(10));
        assert_eq!(
            j.state.phase,
            Phase::Shot {
                shooter: A,
                cue_ball: CueBall::AsItLies,
                push_out: false
            }
        );
        // As the last ball it wins in either edition.
        let last = shot_state(A, &[10], false);
        let mut last = last;
        last.rules.early_ten_wins = false;
        let j = judge(
            &last,
            call(10, Pocket::SideLeft),
            &ShotFacts {
                pocketed: vec![potted(10, Pocket::SideLeft)],
                ..hit(10)
            },
        );
        assert!(matches!(
            j.ruling.rack_result,
            Some(RackResult::Won { winner: A, .. })
        ));
    }

    /// Was (issue 30, item 7): the card of a foul that pocketed a ball (a jumped cue ball off
    /// the table with the 3 made) did not say the 3 stays down. Now it does, with the rule.
    #[test]
    fn a_foul_says_the_balls_it_pocketed_stay_down() {
        let s = shot_state(A, &[3, 6, 10], false);
        let facts = ShotFacts {
            pocketed: vec![potted(3, Pocket::SideLeft), potted(10, Pocket::FootLeft)],
            cue_ball: CueBallFate::OffTable,
            ..hit(3)
        };
        let j = judge(&s, call(3, Pocket::SideLeft), &facts);
        assert!(!j.ruling.legal);
        assert!(
            j.ruling
                .explanation
                .contains("Ball 3 was pocketed and stays down: only the 10 is spotted (5.10, 5.9)"),
            "{}",
            j.ruling.explanation
        );
        assert_eq!(j.state.on_table.iter().collect::<Vec<_>>(), [6, 10]);
        // A foul that pockets nothing says nothing of it.
        let j = judge(
            &s,
            call(3, Pocket::SideLeft),
            &ShotFacts {
                cue_ball: CueBallFate::OffTable,
                ..hit(3)
            },
        );
        assert!(!j.ruling.explanation.contains("stays down"));
    }

    #[test]
    fn ten_as_last_ball_made_with_a_scratch_is_spotted_and_the_opponent_has_ball_in_hand() {
        let s = shot_state(A, &[10], false);
        let facts = ShotFacts {
            pocketed: vec![potted(10, Pocket::FootLeft)],
            cue_ball: CueBallFate::Pocketed {
                pocket: Pocket::FootRight,
            },
            ..hit(10)
        };
        let j = judge(&s, call(10, Pocket::FootLeft), &facts);
        assert!(!j.ruling.legal);
        assert!(j.ruling.rack_result.is_none());
        assert_eq!(j.ruling.spotted.map(|s| s.ball), Some(10));
        assert_eq!(j.state.on_table.iter().collect::<Vec<_>>(), [10]);
        assert_ball_in_hand_for(&j.state, B);
    }

    #[test]
    fn ten_dropped_uncalled_is_spotted() {
        let s = shot_state(A, &[3, 6, 10], false);
        // With the called ball made: shooter continues.
        let facts = ShotFacts {
            pocketed: vec![potted(3, Pocket::SideLeft), potted(10, Pocket::FootLeft)],
            ..hit(3)
        };
        let j = judge(&s, call(3, Pocket::SideLeft), &facts);
        assert!(j.ruling.rack_result.is_none());
        assert_eq!(j.ruling.spotted.map(|s| s.ball), Some(10));
        assert_eq!(j.state.turn().player, A);
        // Without it: 5.7's option.
        let facts = ShotFacts {
            pocketed: vec![potted(10, Pocket::FootLeft)],
            ..hit(3)
        };
        let j = judge(&s, call(3, Pocket::SideLeft), &facts);
        assert_eq!(j.ruling.rule, "5.7");
        assert!(j.state.on_table.contains(10));
        assert!(j.ruling.rack_result.is_none());
    }

    #[test]
    fn a_miss_without_a_foul_passes_the_table_as_it_lies() {
        let s = shot_state(A, &[3, 6, 10], false);
        let j = judge(
            &s,
            call(3, Pocket::SideLeft),
            &ShotFacts {
                rail_contacts: vec![rail(3, Rail::LeftHead)],
                ..hit(3)
            },
        );
        assert!(j.ruling.legal);
        assert_eq!(
            j.state.phase,
            Phase::Shot {
                shooter: B,
                cue_ball: CueBall::AsItLies,
                push_out: false
            }
        );
    }
}

mod s5_9_spotting {
    use super::*;

    #[test]
    fn spot_on_the_foot_spot_when_free() {
        let t = Table::default();
        assert_eq!(spot_ten(&t, &[Point::new(0.0, 0.0)], None), t.foot_spot());
    }

    #[test]
    fn foot_spot_occupied_spots_behind_it_touching_the_ball_in_the_way() {
        let t = Table::default();
        let r = t.ball_radius;
        let blocker = t.foot_spot();
        let at = spot_ten(&t, &[blocker], None);
        assert!(at.y.abs() < 1e-12);
        assert!(
            (at.x - (blocker.x + 2.0 * r)).abs() < 1e-6,
            "frozen to the ball on the spot: {at:?}"
        );
    }

    #[test]
    fn never_touching_the_cue_ball() {
        let t = Table::default();
        let r = t.ball_radius;
        let cue = Point::new(t.foot_spot().x + 0.01, 0.03);
        let at = spot_ten(&t, &[], Some(cue));
        assert!(at.distance(cue) > 2.0 * r, "{at:?}");
        assert!(at.x >= t.foot_spot().x);
    }

    #[test]
    fn long_string_blocked_spots_in_front_of_the_foot_spot() {
        let t = Table::default();
        let r = t.ball_radius;
        let (from, to) = t.long_string_x_range();
        // Balls on the long string from the foot spot to the cushion, 2R apart.
        let mut balls = Vec::new();
        let mut x = from;
        while x <= to + 2.0 * r {
            balls.push(Point::new(x, 0.0));
            x += 2.0 * r;
        }
        let at = spot_ten(&t, &balls, None);
        assert!(at.x < from, "in front of the foot spot: {at:?}");
        assert!(
            (at.x - (from - 2.0 * r)).abs() < 1e-6,
            "as close as possible: {at:?}"
        );
    }

    #[test]
    fn the_ruling_spots_the_ten_from_the_rest_positions() {
        let t = Table::default();
        let s = shot_state(A, &[4, 10], false);
        let facts = ShotFacts {
            pocketed: vec![potted(10, Pocket::FootLeft)],
            cue_ball: CueBallFate::Pocketed {
                pocket: Pocket::SideLeft,
            },
            rest: vec![BallAt {
                ball: 4,
                x: t.foot_spot().x,
                y: 0.0,
            }],
            ..hit(4)
        };
        let j = judge(&s, call(4, Pocket::HeadLeft), &facts);
        let spot = j.ruling.spotted.expect("spotted");
        assert!((spot.at.x - (t.foot_spot().x + 2.0 * t.ball_radius)).abs() < 1e-6);
    }
}

mod s5_10_standard_fouls {
    use super::*;

    #[test]
    fn no_rail_after_contact_is_a_foul() {
        let s = shot_state(A, &[3, 6, 10], false);
        let j = judge(&s, call(3, Pocket::SideLeft), &hit(3));
        assert_eq!(rules_of(&j.ruling), ["7.3"]);
        assert_eq!(j.ruling.fouls[0].foul, Foul::NoRail);
        assert_ball_in_hand_for(&j.state, B);
    }

    #[test]
    fn the_cue_ball_reaching_a_rail_after_contact_is_enough() {
        let s = shot_state(A, &[3, 6, 10], false);
        let j = judge(
            &s,
            call(3, Pocket::SideLeft),
            &ShotFacts {
                rail_contacts: vec![rail(0, Rail::Foot)],
                ..hit(3)
            },
        );
        assert!(j.ruling.legal);
    }

    #[test]
    fn complete_miss_is_a_foul() {
        let s = shot_state(A, &[3, 6, 10], false);
        let j = judge(
            &s,
            call(3, Pocket::SideLeft),
            &ShotFacts {
                rail_contacts: vec![rail(0, Rail::Foot)],
                ..ShotFacts::default()
            },
        );
        assert_eq!(j.ruling.fouls[0].foul, Foul::CompleteMiss);
        assert_eq!(j.ruling.rule, "7.3");
    }

    #[test]
    fn object_ball_frozen_to_a_rail_pushed_into_that_rail_only_is_no_rail() {
        let s = shot_state(A, &[3, 6, 10], false);
        let facts = ShotFacts {
            frozen_to_rail: vec![rail(3, Rail::Foot)],
            rail_contacts: vec![rail(3, Rail::Foot)],
            ..hit(3)
        };
        let j = judge(&s, call(3, Pocket::FootLeft), &facts);
        assert_eq!(rules_of(&j.ruling), ["7.3"]);
        // It counts if it left the rail and came back, or reached another rail.
        let returned = ShotFacts {
            rail_contacts: vec![RailContact {
                returned: true,
                ..rail(3, Rail::Foot)
            }],
            ..facts.clone()
        };
        assert!(judge(&s, call(3, Pocket::FootLeft), &returned).ruling.legal);
        let other = ShotFacts {
            rail_contacts: vec![rail(3, Rail::LeftFoot)],
            ..facts
        };
        assert!(judge(&s, call(3, Pocket::FootLeft), &other).ruling.legal);
    }

    #[test]
    fn several_fouls_count_as_one() {
        let mut s = shot_state(A, &[3, 6, 10], false);
        s.fouls[A.index()].count = 1;
        let facts = ShotFacts {
            cue_ball: CueBallFate::OffTable,
            declared: vec![Declared::NoFootOnFloor, Declared::SlowPlay],
            ..hit(6)
        };
        let j = judge(&s, call(3, Pocket::SideLeft), &facts);
        assert_eq!(rules_of(&j.ruling), ["7.1", "7.2", "7.4", "7.15"]);
        assert_eq!(j.state.fouls_of(A).count, 2, "one foul more, not four");
        assert!(j.ruling.explanation.contains("count as one"));
    }

    #[test]
    fn every_declared_foul_is_a_standard_foul_with_its_rule() {
        let cases = [
            (Declared::NoFootOnFloor, "7.4"),
            (Declared::TouchedBall, "7.6"),
            (Declared::DoubleHit, "7.7"),
            (Declared::PushShot, "7.8"),
            (Declared::BallsStillMoving, "7.9"),
            (Declared::BadCueBallPlacement, "7.10"),
            (Declared::CueOnTable, "7.12"),
            (Declared::OutOfTurn, "7.13"),
            (Declared::SlowPlay, "7.15"),
            (Declared::Unsportsmanlike(Penalty::Foul), "7.16"),
        ];
        let s = shot_state(A, &[3, 6, 10], false);
        for (declared, rule) in cases {
            let facts = ShotFacts {
                declared: vec![declared],
                pocketed: vec![potted(3, Pocket::SideLeft)],
                ..hit(3)
            };
            let j = judge(&s, call(3, Pocket::SideLeft), &facts);
            assert_eq!(rules_of(&j.ruling), [rule], "{declared:?}");
            assert_ball_in_hand_for(&j.state, B);
        }
    }

    #[test]
    fn cue_on_the_table_is_no_foul_in_the_2025_edition() {
        let mut s = shot_state(A, &[3, 6, 10], false);
        s.rules = Rules::wpa_2025();
        let facts = ShotFacts {
            declared: vec![Declared::CueOnTable],
            pocketed: vec![potted(3, Pocket::SideLeft)],
            ..hit(3)
        };
        let j = judge(&s, call(3, Pocket::SideLeft), &facts);
        assert!(j.ruling.legal);
        assert_eq!(j.ruling.ignored.len(), 1);
    }

    #[test]
    fn double_hit_is_waived_when_the_cue_ball_was_frozen_to_the_ball_it_hit() {
        let s = shot_state(A, &[3, 6, 10], false);
        let facts = ShotFacts {
            declared: vec![Declared::DoubleHit],
            cue_frozen_to: Some(3),
            pocketed: vec![potted(3, Pocket::SideLeft)],
            ..hit(3)
        };
        assert!(judge(&s, call(3, Pocket::SideLeft), &facts).ruling.legal);
        let not_frozen = ShotFacts {
            cue_frozen_to: None,
            ..facts
        };
        assert_eq!(
            rules_of(&judge(&s, call(3, Pocket::SideLeft), &not_frozen).ruling),
            ["7.7"]
        );
    }
}

mod s5_11_serious_fouls {
    use super::*;

    fn foul_facts() -> ShotFacts {
        ShotFacts {
            cue_ball: CueBallFate::Pocketed {
                pocket: Pocket::FootLeft,
            },
            ..hit(3)
        }
    }

    fn legal_miss() -> ShotFacts {
        ShotFacts {
            rail_contacts: vec![rail(3, Rail::Foot)],
            ..hit(3)
        }
    }

    /// A plays the given shots in turn, B answering each time with a legal miss.
    fn a_fouls_in_turn(mut s: GameState, shots: &[ShotFacts]) -> Vec<Judged> {
        let mut out = Vec::new();
        for facts in shots {
            let j = judge(&s, call(3, Pocket::SideLeft), facts);
            s = j.state.clone();
            out.push(j);
            if s.turn().player == B && matches!(s.phase, Phase::Shot { .. }) {
                s = judge(&s, call(3, Pocket::SideLeft), &legal_miss()).state;
            }
        }
        out
    }

    #[test]
    fn three_fouls_with_the_warning_lose_the_rack() {
        let s = shot_state(A, &[3, 6, 10], false);
        let js = a_fouls_in_turn(s, &[foul_facts(), foul_facts(), foul_facts()]);
        assert_eq!(js[1].ruling.shooter_fouls, 2);
        let two = &js[1].state;
        assert_eq!(two.turn().player, B, "B has ball in hand");
        // B's legal miss brings A to the table on two fouls: he is warned.
        let back = judge(two, call(3, Pocket::SideLeft), &legal_miss());
        assert_eq!(back.ruling.warned, Some(A));
        assert!(back.state.fouls_of(A).warned);
        let third = &js[2].ruling;
        assert_eq!(third.rule, "7.14");
        assert!(matches!(
            third.rack_result,
            Some(RackResult::Won {
                winner: B,
                how: WinReason::ThreeFouls,
                ..
            })
        ));
        assert_eq!(js[2].state.score, [0, 1]);
        assert_eq!(
            js[2].state.fouls,
            [FoulCount::default(); 2],
            "a new rack resets the counts"
        );
    }

    #[test]
    fn three_fouls_without_the_warning_count_as_two() {
        let mut s = shot_state(A, &[3, 6, 10], false);
        s.rules.auto_warn = false;
        let js = a_fouls_in_turn(s, &[foul_facts(), foul_facts(), foul_facts()]);
        let third = &js[2];
        assert!(third.ruling.rack_result.is_none());
        assert_eq!(third.ruling.shooter_fouls, 2);
        assert!(third.ruling.explanation.contains("not warned"));
        assert_ball_in_hand_for(&third.state, B);
        // Warned by hand, the next foul loses.
        let mut warned = judge(&third.state, call(3, Pocket::SideLeft), &legal_miss()).state;
        warned.fouls[A.index()].warned = true;
        let j = judge(&warned, call(3, Pocket::SideLeft), &foul_facts());
        assert_eq!(j.ruling.rule, "7.14");
    }

    #[test]
    fn a_legal_shot_between_fouls_resets_the_count() {
        let s = shot_state(A, &[3, 6, 10], false);
        let js = a_fouls_in_turn(s, &[foul_facts(), foul_facts(), legal_miss(), foul_facts()]);
        assert_eq!(js[2].state.fouls_of(A).count, 0);
        assert!(js[3].ruling.rack_result.is_none());
        assert_eq!(js[3].ruling.shooter_fouls, 1);
    }

    #[test]
    fn unsportsmanlike_conduct_can_cost_the_rack_or_the_match() {
        let s = shot_state(A, &[3, 6, 10], false);
        let rack = ShotFacts {
            declared: vec![Declared::Unsportsmanlike(Penalty::LossOfRack)],
            ..legal_miss()
        };
        let j = judge(&s, call(3, Pocket::SideLeft), &rack);
        assert_eq!(j.ruling.rule, "7.16");
        assert!(matches!(
            j.ruling.rack_result,
            Some(RackResult::Won {
                winner: B,
                how: WinReason::Unsportsmanlike,
                match_over: false,
                ..
            })
        ));
        let matchloss = ShotFacts {
            declared: vec![Declared::Unsportsmanlike(Penalty::LossOfMatch)],
            ..legal_miss()
        };
        let j = judge(&s, call(3, Pocket::SideLeft), &matchloss);
        assert_eq!(j.state.phase, Phase::MatchOver { winner: B });
        assert_eq!(j.state.score[B.index()], s.rules.race_to);
    }
}

mod s5_12_stalemate {
    use super::*;

    #[test]
    fn after_the_warning_and_three_innings_each_the_original_breaker_breaks_again() {
        let mut s = shot_state(A, &[3, 6, 10], false);
        s.breaker = B;
        s = s.warn_stalemate().unwrap();
        assert!(s.warn_stalemate().is_err(), "warned once");
        let safe = ShotFacts {
            rail_contacts: vec![rail(3, Rail::Foot)],
            ..hit(3)
        };
        let mut last = None;
        for inning in 0..6 {
            assert!(
                last.is_none(),
                "stalemate came early, after {inning} innings"
            );
            let j = judge(&s, Call::Safety, &safe);
            s = j.state;
            last = j.ruling.rack_result;
        }
        assert_eq!(
            last,
            Some(RackResult::Stalemate {
                rebreak: B,
                rule: "5.12"
            })
        );
        assert_eq!(s.phase, Phase::Break { breaker: B });
        assert_eq!(s.on_table, BallSet::FULL);
        assert_eq!(s.score, [0, 0]);
    }
}

mod json_form {
    use super::*;

    #[test]
    fn state_call_and_facts_round_trip_through_json() {
        let j = judge(
            &break_state(),
            Call::Break,
            &ShotFacts {
                pocketed: vec![potted(3, Pocket::FootLeft)],
                ..hit(1)
            },
        );
        let text = serde_json::to_string(&j.state).unwrap();
        let back: GameState = serde_json::from_str(&text).unwrap();
        assert_eq!(back, j.state);
        let facts = ShotFacts {
            declared: vec![Declared::Unsportsmanlike(Penalty::LossOfRack)],
            ..four_rail_break()
        };
        let back: ShotFacts =
            serde_json::from_str(&serde_json::to_string(&facts).unwrap()).unwrap();
        assert_eq!(back, facts);
        let c: Call =
            serde_json::from_str(r#"{"type": "ball", "ball": 4, "pocket": "side_left"}"#).unwrap();
        assert_eq!(c, call(4, Pocket::SideLeft));
    }

    #[test]
    fn unknown_fields_and_bad_ball_numbers_are_rejected() {
        assert!(serde_json::from_str::<ShotFacts>(r#"{"first_contcat": 1}"#).is_err());
        assert!(
            serde_json::from_str::<GameState>(
                r#"{"phase": {"phase": "lag"}, "on_table": [1, 11]}"#
            )
            .is_err()
        );
        assert!(
            serde_json::from_str::<GameState>(r#"{"phase": {"phase": "lag"}, "on_table": [1, 1]}"#)
                .is_err()
        );
    }
}
