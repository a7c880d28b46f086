//! The panels' words: whose turn and with what, a ruling in one line, the players' names in
//! place of the referee's "player A" and "player B", the call, a miscue, the playback banner.

use crate::game::model::playback::Playback;
use crate::game::model::session::{LastShot, Match, SLOW_REPLAY};
use crate::physics::Event;
use crate::physics::params::MISCUE_LIMIT;
use crate::referee::{Call, ChoiceReason, InHand, Phase, PlayerId, Ruling, TurnAction};

/// What the player to act may do, in words, from the referee's turn.
pub fn describe_turn(m: &Match) -> String {
    let turn = m.state.turn();
    let who = &m.players[turn.player.index()];
    match turn.action {
        TurnAction::Break { ball_on, .. } => format!(
            "{who} to break: cue ball in hand behind the head string, hit the {ball_on} first (5.3)"
        ),
        TurnAction::Shoot {
            ball_in_hand,
            ball_on,
            push_out_allowed,
            on_two_fouls_warned,
            ..
        } => {
            let mut s = format!("{who} to shoot: hit the {ball_on} first");
            match ball_in_hand {
                Some(InHand::Anywhere) => s.push_str(", cue ball in hand anywhere (1.5)"),
                Some(InHand::Kitchen) => s.push_str(", cue ball in hand behind the head string"),
                None => {}
            }
            if push_out_allowed {
                s.push_str(", may push out (5.4)");
            }
            if on_two_fouls_warned {
                s.push_str(" - ON TWO FOULS, warned: a third loses the rack (7.14)");
            }
            s
        }
        TurnAction::Choose { reason, rule } => {
            let why = match reason {
                ChoiceReason::PushOut => "after the push out",
                ChoiceReason::SafetyPocket => "a ball fell on the safety",
                ChoiceReason::WronglyPocketed => "the called shot was missed but a ball fell",
            };
            format!("{who} chooses ({why}, {rule}): play the table or hand it back")
        }
        TurnAction::MatchOver { winner } => {
            format!("{} wins the match", m.players[winner.index()])
        }
        TurnAction::Lag => "the players lag (1.2)".into(),
        TurnAction::ChooseBreaker => format!("{who} chooses who breaks"),
    }
}

/// The referee's words with the players' names for "player A" and "player B".
pub fn with_names(m: &Match, text: &str) -> String {
    names_in(&m.players, text)
}

/// The referee's "player A" and "player B" as the players are called, the verb after a
/// player called "You" in the second person ("You play", not "You plays").
pub fn names_in(players: &[String; 2], text: &str) -> String {
    let named = text
        .replace("player A", &players[0])
        .replace("Player A", &players[0])
        .replace("player B", &players[1])
        .replace("Player B", &players[1]);
    if !players.iter().any(|p| p == "You") {
        return named;
    }
    // The verbs the referee's explanations put after a player.
    const VERBS: [(&str, &str); 14] = [
        ("plays", "play"),
        ("has", "have"),
        ("is", "are"),
        ("was", "were"),
        ("shoots", "shoot"),
        ("continues", "continue"),
        ("chooses", "choose"),
        ("loses", "lose"),
        ("comes", "come"),
        ("wins", "win"),
        ("breaks", "break"),
        ("takes", "take"),
        ("gets", "get"),
        ("pockets", "pocket"),
    ];
    // "player A's inning" for You is "your inning".
    let mut out = named.replace("You's", "Your");
    for (third, second) in VERBS {
        for end in [" ", ".", ","] {
            out = out.replace(&format!("You {third}{end}"), &format!("You {second}{end}"));
        }
    }
    // A clause whose subject is You keeps the second person after "and" ("You pocketed the 1
    // and continue").
    let clauses: Vec<String> = out
        .split_inclusive(['.', ';'])
        .map(|clause| {
            let subject = clause.trim_start().starts_with("You ") || clause.contains(": You ");
            let mut c = clause.to_string();
            if subject {
                for (third, second) in VERBS {
                    for end in [" ", ".", ","] {
                        c = c.replace(
                            &format!(" and {third}{end}"),
                            &format!(" and {second}{end}"),
                        );
                    }
                }
            }
            c
        })
        .collect();
    lower_inside_sentences(&clauses.concat())
}

/// "You" and "Your" inside a sentence (after a word or a comma, not at its start or after a
/// colon) in lower case: "so you continue", "and your inning ends".
fn lower_inside_sentences(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("You") {
        let (before, after) = rest.split_at(i);
        out.push_str(before);
        let prev: Vec<char> = out.chars().rev().take(2).collect();
        let inside = prev.len() == 2
            && prev[0] == ' '
            && (prev[1].is_alphanumeric() || prev[1] == ',' || prev[1] == ')');
        out.push_str(if inside { "you" } else { "You" });
        rest = &after[3..];
    }
    out.push_str(rest);
    out
}

pub fn player_name(m: &Match, p: PlayerId) -> &str {
    &m.players[p.index()]
}

/// Who broke this rack, or who is to break it.
pub fn breaker_words(m: &Match) -> String {
    let who = player_name(m, m.state.breaker);
    if matches!(m.state.phase, Phase::Break { .. }) {
        format!("{who} to break")
    } else {
        format!("{who} broke")
    }
}

/// One line for the rack's log.
pub fn ruling_line(m: &Match, r: &Ruling) -> String {
    let who = player_name(m, r.shooter);
    let call = match r.call {
        Call::Break => "break".to_string(),
        Call::Ball { ball, pocket } => format!("{ball} in {}", pocket.name()),
        Call::Safety => "safety".into(),
        Call::PushOut => "push out".into(),
    };
    let verdict = if r.legal {
        format!("legal ({})", r.rule)
    } else {
        let rules: Vec<&str> = r.fouls.iter().map(|f| f.rule.as_str()).collect();
        format!("FOUL ({})", rules.join(", "))
    };
    format!("inning {}: {who}, {call}: {verdict}", r.inning)
}

pub fn call_words(c: &Call) -> String {
    match c {
        Call::Break => "the break".into(),
        Call::Ball { ball, pocket } => format!("the {ball} in the {}", pocket.name()),
        Call::Safety => "safety".into(),
        Call::PushOut => "push out".into(),
    }
}

/// A miscue named, with what it means for the ruling, if the shot was one.
pub fn miscue_words(shot: &LastShot) -> Option<String> {
    let miscue = shot
        .played
        .log
        .events
        .iter()
        .any(|e| matches!(e, Event::CueStrike { miscue: true, .. }));
    miscue.then(|| {
        format!(
            "Miscue: the tip was {:.2} R off centre, past the limit of {MISCUE_LIMIT:.2} R, and \
             slid off the cue ball. A miscue is not a foul by itself; the shot is ruled on what \
             the cue ball then did.",
            shot.strike.side.hypot(shot.strike.height)
        )
    })
}

/// The banner over a playback: a replay, a slow one, a pause.
pub fn banner(p: &Playback) -> Option<String> {
    // A shot held on its last picture (the quiz's) is no longer playing.
    if !p.active() || p.held() {
        return None;
    }
    let mut words = Vec::new();
    if p.replay {
        words.push(if (p.speed - SLOW_REPLAY).abs() < 1e-9 {
            "SLOW REPLAY (a quarter speed)".to_string()
        } else if p.speed < 1.0 - 1e-9 {
            format!("SLOW REPLAY (x{:.2})", p.speed)
        } else {
            "REPLAY".to_string()
        });
    } else if p.speed < 1.0 - 1e-9 {
        words.push(format!("SLOW (x{:.2})", p.speed));
    }
    if p.fast {
        words.push(format!("FAST (x{})", crate::game::model::playback::FAST));
    }
    if p.paused {
        words.push("PAUSED (z resumes, x steps)".into());
    }
    (!words.is_empty()).then(|| words.join(" - "))
}

#[cfg(test)]
mod tests {
    use super::names_in;

    #[test]
    fn a_player_called_you_is_spoken_to_in_the_second_person() {
        let players = ["You".to_string(), "Computer (level 5)".to_string()];
        assert_eq!(
            names_in(
                &players,
                "No foul and no called ball made: player A plays from where the cue ball lies (5.8)."
            ),
            "No foul and no called ball made: You play from where the cue ball lies (5.8)."
        );
        assert_eq!(
            names_in(
                &players,
                "Player A has cue ball in hand; player B plays on."
            ),
            "You have cue ball in hand; Computer (level 5) plays on."
        );
        let ann = ["Ann".to_string(), "Bob".to_string()];
        assert_eq!(names_in(&ann, "player A plays"), "Ann plays");
    }

    /// Issue 63, item 3: against the computer the rulings read "Legal safety: You's inning
    /// ends", "You pocketed the called 1 ... and continues" and "so You continue".
    #[test]
    fn issue_63_item_3_you_in_rulings_reads_in_the_second_person() {
        let players = ["You".to_string(), "Computer (level 5)".to_string()];
        assert_eq!(
            names_in(
                &players,
                "Legal safety: player A's inning ends and player B plays from the position (5.6)."
            ),
            "Legal safety: Your inning ends and Computer (level 5) plays from the position (5.6)."
        );
        assert_eq!(
            names_in(
                &players,
                "player A pocketed the called 1 in the foot left corner pocket and continues (5.8)."
            ),
            "You pocketed the called 1 in the foot left corner pocket and continue (5.8)."
        );
        assert_eq!(
            names_in(
                &players,
                "Legal break: the 3 pocketed, so player A continues and may push out (5.3, 5.4)."
            ),
            "Legal break: the 3 pocketed, so you continue and may push out (5.3, 5.4)."
        );
        assert_eq!(
            names_in(
                &players,
                "Wrongly pocketed: the 2, but the 4 pocketed. The balls stay down, player A's inning ends and player B may play the table or hand it back (5.7)."
            ),
            "Wrongly pocketed: the 2, but the 4 pocketed. The balls stay down, your inning ends and Computer (level 5) may play the table or hand it back (5.7)."
        );
        // The computer's own sentences are untouched.
        assert_eq!(
            names_in(&players, "player B pocketed the 1 and continues."),
            "Computer (level 5) pocketed the 1 and continues."
        );
    }
}
