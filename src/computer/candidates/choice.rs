//! The choice: the best stroke of a level from the candidates' samples, weighed against a safety and a push out.

use super::*;

pub(in crate::computer) fn best_stroke<R: Rng + ?Sized>(
    ctx: &Context,
    rng: &mut R,
) -> Result<Decision, NoMove> {
    let candidates = candidates(ctx);
    if ctx.level == Level::Greedy {
        if let Some(c) = candidates
            .iter()
            .filter(|c| c.strike.height == 0.0)
            .max_by(|x, y| x.geometry.total_cmp(&y.geometry))
        {
            // The middle speed of the three.
            let pick = candidates
                .iter()
                .filter(|d| d.pocket == c.pocket && d.strike.height == 0.0)
                .nth(1)
                .unwrap_or(c);
            return Ok(stroke(pick, f64::NAN, "the easiest cut".into()));
        }
        return plain_hit(ctx);
    }
    let worth = Worth::of(ctx);
    let foul_cost = if worth.warned { 3.0 } else { 1.0 };
    let n = ctx.level.samples();
    let mut scored: Vec<(f64, Outcome, &Cut)> = candidates
        .iter()
        .map(|c| {
            let o = by_window(ctx, c, sample(ctx, &c.call, &c.strike, n, rng));
            let o = Outcome { after: None, ..o };
            // From level 4: where the cue ball stops for the next ball when made, and what a
            // miss leaves the opponent.
            let position = if ctx.level.plays_position() {
                o.mine - o.theirs
            } else {
                0.0
            };
            (o.made + position - foul_cost * o.fouls, o, c)
        })
        .collect();
    scored.sort_by(|x, y| y.0.total_cmp(&x.0));
    let scanned: Vec<Cut>;
    if ctx.level.looks_ahead() {
        let errors: u64 = rng.random();
        scored = look_ahead(ctx, scored, &worth, errors);
        scanned = position_scan(ctx, &scored);
        scored.extend(scanned.iter().map(|c| weigh(ctx, c, &worth, errors)));
        scored.sort_by(|x, y| y.0.total_cmp(&x.0));
    }
    let best = scored.into_iter().next();
    let chance = best.as_ref().map_or(0.0, |b| b.1.made);
    let fouls = best.as_ref().map_or(0.0, |b| b.1.fouls);
    let next = best
        .as_ref()
        .filter(|b| b.1.made > 0.0 && (!b.1.next_shots.is_empty() || b.1.wins > 0))
        .map(|b| b.1.mine / b.1.made);
    let shot_value = worth.shot(chance, fouls, next);
    let push_out_allowed = matches!(
        ctx.state.turn().action,
        TurnAction::Shoot {
            push_out_allowed: true,
            ..
        }
    );
    let consider = worth.safety_below();
    if push_out_allowed
        && chance < consider
        && ctx.level.uses_spin()
        && let Some(push) = best_push_out(ctx, &worth, rng)
        && push.0 > shot_value
    {
        return Ok(push.1);
    }
    if chance < consider
        && ctx.level.plays_safe()
        && ctx.safety_allowed
        && let Some(safe) = best_safety(ctx, n, &worth, rng)
        && safe.0 > shot_value
    {
        return Ok(safe.1);
    }
    // Nothing but fouls and misses: the hit most often legal instead.
    if chance == 0.0
        && ctx.level != Level::Greedy
        && let Some(hit) = legal_hit(ctx, n, rng)
    {
        return Ok(hit);
    }
    match best {
        Some((_, o, c)) => Ok(stroke(c, o.made, why(ctx, c, &o))),
        None => plain_hit(ctx),
    }
}
