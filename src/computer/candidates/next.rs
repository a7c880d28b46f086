//! The next shot: what a stroke played once without error leaves, and the words that say why a stroke was chosen.

use super::*;

/// What a stroke that made its call, played once without error, leaves: the rack won, or the
/// balls with the ease of the next ball from where the cue ball stops (`ease`).
pub(super) enum Once {
    Won,
    Left {
        ease: f64,
        state: GameState,
        layout: Layout,
    },
}

/// `strike` with `call` played once without error (`position_scan`, `place_next`); none when
/// it does not make the call or the cue ball leaves the table.
pub(super) fn once(ctx: &Context, call: &Call, strike: &Strike) -> Option<Once> {
    let Call::Ball { ball, pocket } = *call else {
        return None;
    };
    let cfg = sample_config(ctx.equipment);
    let p = play_shot(ctx.state, ctx.layout, call, strike, &[], &cfg).ok()?;
    if !made_call(&p, ball, pocket, ctx.state.to_act()) {
        return None;
    }
    if p.judged.ruling.rack_result.is_some() {
        return Some(Once::Won);
    }
    let cue = p.layout.balls.iter().find(|b| b.ball == 0)?.at;
    let t = ctx.state.table.spec();
    let ease = ease(&t, &p.layout, cue, p.judged.state.ball_on());
    Some(Once::Left {
        ease,
        state: p.judged.state,
        layout: p.layout,
    })
}

/// The next shot from a position the shooter keeps: the three easiest pockets for the ball on
/// by the geometry, a plain ball at the middle of the level's speeds (the softer of two) into
/// each, its chance from the window of aims that make it (`aim_window`, `window_chance` with
/// the level's aim error); the best (the first best on a tie). None when the rack is over (the look ahead
/// counts a won rack as 1) or no cut is open (0). The same position gives the same answer.
pub(super) fn next_shot(ctx: &Context, state: &GameState, layout: &Layout) -> Option<NextShot> {
    if state.on_table.is_empty() {
        return None;
    }
    let next = ctx.at(state, layout);
    let mut plain: Vec<Cut> = cuts(&next)
        .into_iter()
        .filter(|c| c.strike.height == 0.0)
        .collect();
    plain.sort_by(|x, y| y.geometry.total_cmp(&x.geometry));
    let mut pockets: Vec<Pocket> = Vec::new();
    for c in &plain {
        if !pockets.contains(&c.pocket) && pockets.len() < 3 {
            pockets.push(c.pocket);
        }
    }
    let sigma = ctx.level.aim_error_deg();
    let mut best: Option<NextShot> = None;
    for p in pockets {
        let speeds: Vec<&Cut> = plain.iter().filter(|c| c.pocket == p).collect();
        let Some(c) = speeds.get(speeds.len().saturating_sub(1) / 2) else {
            continue;
        };
        let chance =
            aim_window(&next, c, NEXT_WINDOW).map_or(0.0, |w| window_chance(w.width, sigma));
        if best.is_none_or(|b| chance > b.chance) {
            best = Some(NextShot {
                ball: next.ball_on,
                pocket: p,
                chance,
            });
        }
    }
    best
}

/// What the stroke as set up leaves (played once, without error): when it makes the call and
/// the rack goes on, the next shot from where the cue ball stops, for a player of `level`.
pub fn next_after(
    state: &GameState,
    layout: &Layout,
    call: &Call,
    strike: &Strike,
    level: Level,
    equipment: &crate::physics::Equipment,
) -> Option<NextShot> {
    let Call::Ball { ball, pocket } = *call else {
        return None;
    };
    let played = play_shot(state, layout, call, strike, &[], &sample_config(equipment)).ok()?;
    if !made_call(&played, ball, pocket, state.to_act()) {
        return None;
    }
    let ctx = Context::on_lowest(state, layout, level, equipment);
    next_shot(&ctx, &played.judged.state, &played.layout)
}

/// What the computer says of the shot it chose.
pub(super) fn why(ctx: &Context, c: &Cut, o: &Outcome) -> String {
    format!(
        "{}: {:.0} % at this level{}",
        c.words(ctx.ball_on),
        100.0 * o.made,
        if ctx.level.looks_ahead() && o.made > 0.0 {
            let chance = 100.0 * o.mine / o.made.max(1e-9);
            match NextShot::most_often(&o.next_shots) {
                Some(n) => format!(
                    ", then {} (most often), the next ball {chance:.0} % from where the cue ball stops",
                    n.words()
                ),
                None => format!(", then the next ball {chance:.0} % from where the cue ball stops"),
            }
        } else if ctx.level.plays_position() && o.made > 0.0 {
            format!(
                ", leaves the next ball at ease {:.2} of 1 (1: short and straight)",
                o.mine / o.made.max(1e-9)
            )
        } else {
            String::new()
        }
    )
}

pub(super) fn stroke(c: &Cut, chance: f64, why: String) -> Decision {
    Decision::Stroke {
        place: None,
        call: c.call,
        strike: c.strike,
        chance: if chance.is_nan() { 0.0 } else { chance },
        why,
    }
}
