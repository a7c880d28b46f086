//! Sampling: a stroke played with the level's errors through `play_shot`, and what the samples gave (made, fouls, where the balls stopped).

use super::*;

/// What a candidate stroke gave over its samples.
#[derive(Debug, Default, Clone)]
pub(super) struct Outcome {
    pub(super) made: f64,
    pub(super) fouls: f64,
    /// The ease of the next shot, summed over the samples the shooter made (his) and over the
    /// legal ones he did not (the opponent's), each over all samples.
    pub(super) mine: f64,
    pub(super) theirs: f64,
    /// One legal sample's position after the shot (the state and the balls).
    pub(super) after: Option<(GameState, Layout)>,
    /// Positions after the first few samples that made the call (only when asked for, see
    /// `sample_keeping`), and how many made samples won the rack instead.
    pub(super) positions: Vec<(GameState, Layout)>,
    pub(super) wins: usize,
    /// The next shot from each kept position (the look ahead's).
    pub(super) next_shots: Vec<NextShot>,
    /// Each sample's launch direction off the stroke's own (degrees: the aim's error and the
    /// tip's squirt) and whether it made the call legally (`by_window`).
    pub(super) launches: Vec<(f64, bool)>,
}

/// The next shot a position leaves the shooter: the ball on, the pocket of its best plain cut
/// and the share of that cut's samples that made it.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct NextShot {
    pub ball: u8,
    pub pocket: Pocket,
    pub chance: f64,
}

impl NextShot {
    /// "the 4 in the foot right corner".
    pub fn words(&self) -> String {
        format!("the {} in the {}", self.ball, self.pocket.name())
    }

    /// The pocket most of `shots` (with some chance) play the ball into, the first such on a
    /// tie; none when no shot has a chance.
    pub(super) fn most_often(shots: &[NextShot]) -> Option<NextShot> {
        let live: Vec<&NextShot> = shots.iter().filter(|s| s.chance > 0.0).collect();
        let count = |s: &NextShot| {
            live.iter()
                .filter(|o| o.ball == s.ball && o.pocket == s.pocket)
                .count()
        };
        live.iter()
            .copied()
            .fold(None::<&NextShot>, |best, s| match best {
                Some(b) if count(b) >= count(s) => Some(b),
                _ => Some(s),
            })
            .copied()
    }
}

/// Positions after made samples kept for the look ahead: twenty of its 24 samples (the next
/// shot's chance from one position is 0 to 1, and the mean of a few chooses the luckiest
/// candidate; twenty ran out more visits than twelve, see docs/computer-history.md).
pub(super) const KEEP_POSITIONS: usize = 20;

/// Plays `strike` `n` times with the level's noise; counts the samples that make the call
/// legally (the shooter stays at the table), the fouls, and the next ball's ease.
pub(super) fn sample<R: Rng + ?Sized>(
    ctx: &Context,
    call: &Call,
    strike: &Strike,
    n: usize,
    rng: &mut R,
) -> Outcome {
    sample_keeping(ctx, call, strike, n, 0, rng)
}

/// [`sample`], keeping the positions after the first `keep` made samples for the look ahead.
pub(super) fn sample_keeping<R: Rng + ?Sized>(
    ctx: &Context,
    call: &Call,
    strike: &Strike,
    n: usize,
    keep: usize,
    rng: &mut R,
) -> Outcome {
    let t = ctx.state.table.spec();
    let noise = ctx.level.noise();
    let shooter = ctx.state.to_act();
    let mut out = Outcome::default();
    for _ in 0..n {
        let s = noise.apply(*strike, t.ball_radius, rng);
        let Ok(played) = play_shot(
            ctx.state,
            ctx.layout,
            call,
            &s,
            &[],
            &sample_config(ctx.equipment),
        ) else {
            out.fouls += 1.0;
            continue;
        };
        let r = &played.judged.ruling;
        let made = match *call {
            Call::Ball { ball, pocket } => made_call(&played, ball, pocket, shooter),
            _ => r.legal,
        };
        out.launches.push((launch_off(strike, &s), made));
        out.made += f64::from(made);
        out.fouls += f64::from(!r.legal);
        if r.legal && out.after.is_none() {
            out.after = Some((played.judged.state.clone(), played.layout.clone()));
        }
        if made && r.rack_result.is_some() {
            out.wins += 1;
        } else if made && out.positions.len() < keep {
            out.positions
                .push((played.judged.state.clone(), played.layout.clone()));
        }
        let next = &played.judged.state;
        if let Some(cue) = played.layout.balls.iter().find(|b| b.ball == 0)
            && !next.on_table.is_empty()
            && r.legal
        {
            let e = ease(&t, &played.layout, cue.at, next.ball_on());
            if made {
                out.mine += e;
            } else {
                out.theirs += e;
            }
        }
    }
    let k = n.max(1) as f64;
    Outcome {
        made: out.made / k,
        fouls: out.fouls / k,
        mine: out.mine / k,
        theirs: out.theirs / k,
        after: out.after,
        positions: out.positions,
        wins: out.wins,
        next_shots: Vec::new(),
        launches: out.launches,
    }
}

/// How far (degrees) the cue ball of `played` sets off from the line of `meant`: the aim's
/// error and the squirt of the tip's.
pub(super) fn launch_off(meant: &Strike, played: &Strike) -> f64 {
    let heading = |s: &Strike| {
        let v = crate::physics::strike(s).velocity;
        v[1].atan2(v[0]).to_degrees()
    };
    (heading(played) - heading(meant) + 540.0).rem_euclid(360.0) - 180.0
}

/// The shooter stays at the table, or has won the rack (the next turn is then the next
/// rack's break, which may be the opponent's).
pub(crate) fn stays_or_wins(r: &Ruling, shooter: PlayerId) -> bool {
    match r.rack_result {
        Some(RackResult::Won { winner, .. }) => winner == shooter,
        Some(RackResult::Stalemate { .. }) => false,
        None => r.next.player == shooter,
    }
}

/// The shot legally made the called `ball` in the called `pocket`, and `shooter` stays at
/// the table or has won the rack.
pub(crate) fn made_call(played: &PlayedShot, ball: u8, pocket: Pocket, shooter: PlayerId) -> bool {
    let r = &played.judged.ruling;
    r.legal
        && played.facts.pocketed.contains(&Pocketed { ball, pocket })
        && stays_or_wins(r, shooter)
}
