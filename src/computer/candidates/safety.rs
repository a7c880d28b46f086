//! Safeties, push outs and plain legal hits, and the best cut's chance from a position (for a choice).

use super::*;

/// Soft hits on the ball on, full and thinner either side: the two most often legal that leave
/// the least by the geometry are replayed from the opponent's side (his best cut's chance
/// from a legal sample's position). Returns the safety's value (`Worth::safety`: at level 5
/// the odds of the rack after it, the opponent shooting or playing safe back; below, minus
/// what the opponent is left, a foul costing ball in hand) and the decision.
pub(super) fn best_safety<R: Rng + ?Sized>(
    ctx: &Context,
    n: usize,
    worth: &Worth,
    rng: &mut R,
) -> Option<(f64, Decision)> {
    let r = ctx.state.table.spec().ball_radius;
    let line = LineToBall::of(ctx)?;
    let mut tried: Vec<(f64, Strike, Outcome)> = Vec::new();
    for offset in [-1.4, -0.7, 0.0, 0.7, 1.4] {
        let aim = line.beside(offset, r);
        for speed in [0.9, 1.4, 2.2] {
            let strike = Strike::new(aim, speed);
            let o = sample(ctx, &Call::Safety, &strike, n, rng);
            // `made` is the legal share here.
            let rough = o.made - o.theirs - (1.0 - o.made) * AFTER_A_FOUL;
            tried.push((rough, strike, o));
        }
    }
    tried.sort_by(|x, y| y.0.total_cmp(&x.0));
    let mut best: Option<(f64, Decision)> = None;
    for (_, strike, o) in tried.into_iter().take(2) {
        let Some((state, layout)) = &o.after else {
            continue;
        };
        let left = if state.on_table.is_empty() {
            0.0
        } else {
            let opp = ctx.at(state, layout);
            best_cut_chance(&opp, rng)
        };
        let value = worth.safety(o.made, left);
        if best.as_ref().is_none_or(|b| value > b.0) {
            best = Some((
                value,
                Decision::Stroke {
                    place: None,
                    call: Call::Safety,
                    strike,
                    chance: o.made,
                    why: format!(
                        "a safety on the {}: legal {:.0} % at this level, leaves the opponent {:.0} %",
                        ctx.ball_on,
                        100.0 * o.made,
                        100.0 * left
                    ),
                },
            ));
        }
    }
    best
}

/// 5.4: after the break, a push out when nothing is on: soft rolls of the cue ball in eight
/// directions, each played once with the level's error; from where it stops, the best cut's
/// chance p decides the opponent's choice as the computer makes it (`Worth::push_out`: he
/// takes whichever side is worth more to him, at level 5 by the rack's odds, below by p
/// against 0.5), so the best push leaves a shot just too hard to take.
pub(super) fn best_push_out<R: Rng + ?Sized>(
    ctx: &Context,
    worth: &Worth,
    rng: &mut R,
) -> Option<(f64, Decision)> {
    let mut best: Option<(f64, Decision)> = None;
    for k in 0..8 {
        let strike = Strike::new(45.0 * k as f64, 1.0);
        let o = sample(ctx, &Call::PushOut, &strike, 1, rng);
        let Some((after, layout)) = &o.after else {
            continue;
        };
        // Whoever plays next plays from here (the chance is the same for either at one level).
        let Ok(state) = after.choose(crate::referee::TableChoice::PlayTable) else {
            continue;
        };
        if state.on_table.is_empty() {
            continue;
        }
        let next = ctx.at(&state, layout);
        let p = best_cut_chance(&next, rng);
        let value = worth.push_out(p);
        if best.as_ref().is_none_or(|b| value > b.0) {
            best = Some((
                value,
                Decision::Stroke {
                    place: None,
                    call: Call::PushOut,
                    strike,
                    chance: 0.0,
                    why: format!(
                        "a push out (5.4): nothing is on; it leaves the {} at {:.0} %",
                        next.ball_on,
                        100.0 * p
                    ),
                },
            ));
        }
    }
    best
}

/// Hits on the ball on from full to thin either side at two speeds, and one-rail kicks at it
/// (aimed at its mirror image in each cushion's nose line), the one most often legal (a safety
/// where it may be called, else the ball on called in its nearest pocket).
pub(super) fn legal_hit<R: Rng + ?Sized>(ctx: &Context, n: usize, rng: &mut R) -> Option<Decision> {
    let t = ctx.state.table.spec();
    let line = LineToBall::of(ctx)?;
    let (cue, ball) = (line.cue, line.ball);
    let Ok(Decision::Stroke { call, .. }) = plain_hit(ctx) else {
        return None;
    };
    let (hx, hy) = (
        t.length / 2.0 - t.cushion_reach(),
        t.width / 2.0 - t.cushion_reach(),
    );
    let kicks = [
        Point::new(2.0 * hx - ball.x, ball.y),
        Point::new(-2.0 * hx - ball.x, ball.y),
        Point::new(ball.x, 2.0 * hy - ball.y),
        Point::new(ball.x, -2.0 * hy - ball.y),
    ]
    .map(|m| ((m.y - cue.y).atan2(m.x - cue.x).to_degrees(), [2.5, 4.0]));
    let direct = [-1.8, -1.2, -0.6, 0.0, 0.6, 1.2, 1.8]
        .map(|offset: f64| (line.beside(offset, t.ball_radius), [1.5, 3.0]));
    let mut best: Option<(f64, Strike)> = None;
    for (aim, speeds) in direct.into_iter().chain(kicks) {
        for speed in speeds {
            let strike = Strike::new(aim, speed);
            let o = sample(ctx, &call, &strike, n.max(4), rng);
            let legal = 1.0 - o.fouls;
            if best.is_none_or(|b| legal > b.0) {
                best = Some((legal, strike));
            }
        }
    }
    let (legal, strike) = best?;
    Some(Decision::Stroke {
        place: None,
        call,
        strike,
        chance: 0.0,
        why: format!(
            "no cut worth playing on the {}: the hit most often legal ({:.0} %)",
            ctx.ball_on,
            100.0 * legal
        ),
    })
}

/// No open cut: a firm hit at the ball on's centre, calling it in the nearest pocket (or a
/// safety where allowed), so that the shot is at least legal.
pub(super) fn plain_hit(ctx: &Context) -> Result<Decision, NoMove> {
    let t = ctx.state.table.spec();
    let cue = ctx
        .layout
        .balls
        .iter()
        .find(|b| b.ball == 0)
        .ok_or_else(|| NoMove("no cue ball on the table".into()))?
        .at;
    let ball = ctx
        .layout
        .balls
        .iter()
        .find(|b| b.ball == ctx.ball_on)
        .ok_or_else(|| {
            NoMove(format!(
                "the ball on, the {}, is not in the layout",
                ctx.ball_on
            ))
        })?
        .at;
    let aim = (ball.y - cue.y).atan2(ball.x - cue.x).to_degrees();
    let nearest = Pocket::ALL
        .iter()
        .copied()
        .min_by(|a, b| {
            let da = t.pocket_mouth_centre(*a).distance(ball);
            let db = t.pocket_mouth_centre(*b).distance(ball);
            da.total_cmp(&db)
        })
        .expect("six pockets");
    let call = if ctx.safety_allowed {
        Call::Safety
    } else {
        Call::Ball {
            ball: ctx.ball_on,
            pocket: nearest,
        }
    };
    Ok(Decision::Stroke {
        place: None,
        call,
        strike: Strike::new(aim, 3.0),
        chance: 0.0,
        why: format!(
            "no open cut on the {}: a firm hit on it to drive balls to a rail",
            ctx.ball_on
        ),
    })
}

/// The best share of the best cut from this position (for a choice).
pub(in crate::computer) fn best_cut_chance<R: Rng + ?Sized>(ctx: &Context, rng: &mut R) -> f64 {
    let n = ctx.level.samples().max(4);
    cuts(ctx)
        .iter()
        .filter(|c| c.strike.height == 0.0)
        .map(|c| sample(ctx, &c.call, &c.strike, n, rng).made)
        .fold(0.0, f64::max)
}
