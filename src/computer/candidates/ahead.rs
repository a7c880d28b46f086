//! The look ahead (level 5): the best candidates sampled again and weighed by the next shot they leave.

use super::*;

/// Samples inside the window it takes to count what else loses a shot.
pub(super) const MIN_INSIDE: usize = 8;

/// The candidates the first look liked best that the look ahead weighs again.
pub(super) const RECHECK: usize = 16;

/// From level 5: the `RECHECK` best candidates sampled again with twice the samples, fresh
/// ones drawn with the same errors for each (`weigh`), for their fouls and where the cue ball
/// stops (a tuned cut's chance is its window's,
/// `by_window`; a bank's or combination's its samples', and the best of many small samples
/// is the luckiest, not the likeliest), the positions after the first `KEEP_POSITIONS` made
/// samples valued by the chance of making the next ball from them (`next_shot`, a rack won
/// counting 1). Scored by the shooter's odds of the rack (`Worth::shot`): a made ball keeps
/// the table with that next shot, a miss gives the opponent a visit, a foul ball in hand.
pub(super) fn look_ahead<'a>(
    ctx: &Context,
    scored: Vec<(f64, Outcome, &'a Cut)>,
    worth: &Worth,
    errors: u64,
) -> Vec<(f64, Outcome, &'a Cut)> {
    let mut again: Vec<(f64, Outcome, &Cut)> = scored
        .into_iter()
        .take(RECHECK)
        .map(|(_, _, c)| weigh(ctx, c, worth, errors))
        .collect();
    again.sort_by(|x, y| y.0.total_cmp(&x.0));
    again
}

/// One candidate weighed by the look ahead (`look_ahead`), its samples drawn with the errors
/// of the seed `errors`: the same for every candidate (common random numbers), so that two
/// strokes are told apart by what they do, not by the luck of their draws.
pub(super) fn weigh<'a>(
    ctx: &Context,
    c: &'a Cut,
    worth: &Worth,
    errors: u64,
) -> (f64, Outcome, &'a Cut) {
    let n = 2 * ctx.level.samples();
    let mut same = StdRng::seed_from_u64(errors);
    let o = by_window(
        ctx,
        c,
        sample_keeping(ctx, &c.call, &c.strike, n, KEEP_POSITIONS, &mut same),
    );
    let kept = o.positions.len() + o.wins;
    // The next shots' chances, and what each is worth: a position whose next shot is worse
    // than a safety is worth the safety played from it (`Worth::next_at_least`).
    let at_least = worth.next_at_least();
    let (mut ahead, mut valued, mut next_shots) = (0.0, 0.0, Vec::new());
    for (state, layout) in &o.positions {
        if state.on_table.is_empty() {
            ahead += 1.0;
            valued += 1.0;
        } else if let Some(s) = next_shot(ctx, state, layout) {
            ahead += s.chance;
            valued += s.chance.max(at_least);
            next_shots.push(s);
        } else {
            valued += at_least;
        }
    }
    let per_kept = |sum: f64| {
        if kept == 0 {
            0.0
        } else {
            (sum + o.wins as f64) / kept as f64
        }
    };
    let next = per_kept(ahead);
    let score = worth.shot(o.made, o.fouls, Some(per_kept(valued)));
    let o = Outcome {
        after: None,
        positions: Vec::new(),
        mine: o.made * next,
        next_shots,
        ..o
    };
    (score, o, c)
}
