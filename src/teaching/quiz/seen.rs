//! A question in words, as a referee at the table would see it: the position and the call before
//! the shot, then what happened (the facts the referee judges: the first contact, the rails
//! after it, the balls pocketed or off the table, the cue ball's fate, what he saw that physics
//! cannot), never the ruling.

use super::{Outcome, Question};
use crate::referee::{CUE, Call, CueBallFate, Phase, PlayerId, TurnAction, list, plural};

fn ball(b: u8) -> String {
    if b == CUE {
        "the cue ball".into()
    } else {
        format!("the {b}")
    }
}

/// The position and the call, before the shot.
pub fn position_words(q: &Question) -> Vec<String> {
    let state = &q.position.state;
    let name = |p: PlayerId| q.position.players[p.index()].clone();
    let turn = state.turn();
    let shooter = name(turn.player);
    let other = name(turn.player.other());
    let mut out = Vec::new();
    let how = match turn.action {
        TurnAction::Break { .. } => "breaks, the cue ball in hand behind the head string".into(),
        TurnAction::Shoot {
            ball_in_hand: Some(h),
            ..
        } => format!("shoots with the cue ball {}", super::key::in_hand_words(h)),
        _ => "shoots the table as it lies".to_string(),
    };
    out.push(format!(
        "Rack {}, inning {}: {shooter} {how}; {other} is the opponent.",
        state.rack, state.inning
    ));
    let balls: Vec<u8> = state.on_table.iter().collect();
    out.push(format!(
        "On the table: object ball{} {}; the lowest is the {}.",
        plural(balls.len()),
        list(&balls),
        state.ball_on()
    ));
    if let TurnAction::Shoot {
        push_out_allowed: true,
        ..
    } = turn.action
    {
        out.push("This is the first shot after the break: a push out may be announced.".into());
    }
    let fouls = state.fouls_of(turn.player);
    if fouls.count > 0 {
        out.push(format!(
            "{shooter} has {} consecutive foul{} in this rack{}.",
            fouls.count,
            plural(fouls.count as usize),
            if fouls.warned {
                " and has been warned"
            } else {
                ""
            }
        ));
    }
    let r = state.rules;
    let mut switches = Vec::new();
    if !r.safety_call {
        switches.push("no safety may be called");
    }
    if !r.early_ten_wins {
        switches.push("a 10 made early is spotted and the shooter continues");
    }
    if !r.cue_on_table_foul {
        switches.push("a cue stick on the table is no foul");
    }
    if !switches.is_empty() {
        out.push(format!(
            "Played under WPA 2025's switches: {}.",
            switches.join("; ")
        ));
    }
    if matches!(state.phase, Phase::Shot { .. } | Phase::Break { .. }) {
        out.push(format!(
            "{shooter} {}.",
            match q.call() {
                Call::Break => "breaks (nothing is called)".to_string(),
                Call::Ball { ball, pocket } =>
                    format!("calls the {ball} in the {} pocket", pocket.name()),
                Call::Safety => "calls safety".into(),
                Call::PushOut => "announces a push out".into(),
            }
        ));
    }
    out
}

/// What happened on the shot, as the referee saw it: its facts in words.
pub fn seen_words(q: &Question, o: &Outcome) -> Vec<String> {
    let f = &o.facts;
    let table = q.position.layout.table.spec();
    let mut out = Vec::new();
    if let Some(at) = f.cue_ball_start
        && q.call() == Call::Break
    {
        let hs = table.head_string_x();
        out.push(format!(
            "The cue ball was shot from x = {:.3} m (the head string is at x = {hs:.3} m, the head rail at {:.3} m).",
            at.x,
            -table.length / 2.0
        ));
    }
    if let Some(b) = f.cue_frozen_to {
        out.push(format!("The cue ball lay frozen to the {b}."));
    }
    for c in &f.frozen_to_rail {
        out.push(format!(
            "{} lay frozen to the {} at the start.",
            capital(&ball(c.ball)),
            c.rail.name()
        ));
    }
    out.push(match f.first_contact {
        Some(b) => format!("The cue ball hit the {b} first."),
        None => "The cue ball hit no object ball.".into(),
    });
    if f.first_contact.is_some() {
        out.push(rails_after_contact(f));
    }
    for p in &f.pocketed {
        out.push(format!(
            "The {} dropped in the {} pocket.",
            p.ball,
            p.pocket.name()
        ));
    }
    if !f.off_table.is_empty() {
        out.push(format!(
            "Object ball{} {} left the table.",
            plural(f.off_table.len()),
            list(&f.off_table)
        ));
    }
    match f.cue_ball {
        CueBallFate::OnTable => {}
        CueBallFate::Pocketed { pocket } => out.push(format!(
            "The cue ball dropped in the {} pocket.",
            pocket.name()
        )),
        CueBallFate::OffTable => out.push("The cue ball left the table.".into()),
    }
    if f.pocketed.is_empty() && f.off_table.is_empty() && f.cue_ball == CueBallFate::OnTable {
        out.push("No ball was pocketed.".into());
    }
    for d in &f.declared {
        out.push(format!("The referee saw: {}.", d.text()));
    }
    out
}

/// The rails each ball touched after the first contact, ball by ball in the order they first
/// touched one, each rail once; a ball frozen to a rail that left it and came back says so.
fn rails_after_contact(f: &crate::referee::ShotFacts) -> String {
    let mut by_ball: Vec<(u8, Vec<String>)> = Vec::new();
    for c in &f.rail_contacts {
        let frozen = f
            .frozen_to_rail
            .iter()
            .any(|z| z.ball == c.ball && z.rail == c.rail);
        let rail = match (frozen, c.returned) {
            (true, true) => format!(
                "the {} (it lay frozen there, left it and came back)",
                c.rail.name()
            ),
            (true, false) => format!("the {} (it lay frozen there and stayed)", c.rail.name()),
            _ => format!("the {}", c.rail.name()),
        };
        match by_ball.iter_mut().find(|(b, _)| *b == c.ball) {
            Some((_, rails)) if !rails.contains(&rail) => rails.push(rail),
            Some(_) => {}
            None => by_ball.push((c.ball, vec![rail])),
        }
    }
    if by_ball.is_empty() {
        return "After that contact no ball touched a rail.".into();
    }
    let parts: Vec<String> = by_ball
        .into_iter()
        .map(|(b, rails)| format!("{} touched {}", ball(b), join_and(&rails)))
        .collect();
    format!("After that contact {}.", parts.join("; "))
}

/// "a", "a and b", "a, b and c".
fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
