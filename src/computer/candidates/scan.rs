//! The position scan (level 5): the best cuts played softer, harder and with spin for where the cue ball stops.

use super::*;

/// The pockets of the look ahead's best cuts scanned for position (`position_scan`).
pub(super) const SCAN_POCKETS: usize = 2;
/// Speeds of the scan: its cut's own times 1.1 to the power -10 to 10.
pub(super) const SCAN_SPEED_STEPS: i32 = 10;
/// Tips of the scan, evenly from the level's fullest draw to its fullest follow.
pub(super) const SCAN_TIPS: usize = 9;
/// The scan's english, left and right, as a share of the level's fullest tip (0.27 of the
/// radius at level 5); it is played with the heights of tip that keep the tip within the
/// fullest (with it the scan's best leaves a likelier next shot: the test below and
/// docs/computer-history.md).
pub(super) const SCAN_SIDE: f64 = 0.6;
/// Places the scan values by their next shot's chance (the easiest by the geometry), and the
/// strokes it hands to the look ahead for each pocket, so that the look ahead's noisy samples
/// choose among several strokes the scan played once without error (six ran out more visits
/// than three or ten: docs/computer-history.md).
pub(super) const SCAN_VALUED: usize = 12;
pub(super) const SCAN_KEPT: usize = 6;

/// From level 5: where the cue ball can go, scanned finer than the level's candidates. For the
/// pockets of the look ahead's `SCAN_POCKETS` best cuts, that cut's aim at 21 speeds (steps of
/// a tenth: the level's own step by a quarter to a third, and the cue ball's roll after the hit
/// grows with the square of the speed, so its step moves where the cue ball stops by half its
/// travel or more) and 9 tips, each also with left and right english (`SCAN_SIDE`), each played
/// once without error; of the strokes that make the call, the `SCAN_VALUED` that leave the
/// easiest next ball by the geometry (`ease`) are valued by the next shot's chance
/// (`next_shot`), and the `SCAN_KEPT` best, aimed at the middle of their own window
/// (`tuned_cut`), go to the look ahead as candidates like the others.
pub(super) fn position_scan(ctx: &Context, scored: &[(f64, Outcome, &Cut)]) -> Vec<Cut> {
    let mut pockets: Vec<&Cut> = Vec::new();
    for (_, _, c) in scored {
        if c.kind == Kind::Cut
            && pockets.len() < SCAN_POCKETS
            && !pockets.iter().any(|p| p.pocket == c.pocket)
        {
            pockets.push(c);
        }
    }
    pockets
        .into_iter()
        .flat_map(|c| scan_pocket(ctx, c))
        .collect()
}

/// `position_scan` for the pocket of `cut`, with english (`SCAN_SIDE`) and without.
pub(super) fn scan_pocket(ctx: &Context, cut: &Cut) -> Vec<Cut> {
    scan_pocket_with(ctx, cut, &[0.0, -SCAN_SIDE, SCAN_SIDE])
}

/// `scan_pocket` with the sides of tip `sides` (shares of the fullest tip).
pub(super) fn scan_pocket_with(ctx: &Context, cut: &Cut, sides: &[f64]) -> Vec<Cut> {
    if !matches!(cut.call, Call::Ball { .. }) {
        return Vec::new();
    }
    let mut placed: Vec<(f64, Strike, GameState, Layout)> = Vec::new();
    for strike in scan_strokes(ctx, cut, sides) {
        if let Some(Once::Left {
            ease,
            state,
            layout,
        }) = once(ctx, &cut.call, &strike)
        {
            placed.push((ease, strike, state, layout));
        }
    }
    placed.sort_by(|x, y| y.0.total_cmp(&x.0));
    let mut valued: Vec<(f64, Strike)> = placed
        .into_iter()
        .take(SCAN_VALUED)
        .map(|(_, strike, state, layout)| {
            let chance = next_shot(ctx, &state, &layout).map_or(0.0, |s| s.chance);
            (chance, strike)
        })
        .collect();
    valued.sort_by(|x, y| y.0.total_cmp(&x.0));
    valued
        .into_iter()
        .take(SCAN_KEPT)
        .map(|(_, strike)| {
            tuned_cut(
                ctx,
                Cut {
                    strike,
                    window: None,
                    ..*cut
                },
            )
        })
        .collect()
}

/// The strokes of the scan for `cut`: its aim at `SCAN_SPEED_STEPS` speeds either side of
/// its own and `SCAN_TIPS` heights of tip from the level's fullest draw to its fullest
/// follow, each with the sides `sides` (shares of the fullest tip) where side and height
/// together stay within the fullest tip; a stroke with side aimed off by its squirt, so that
/// the cue ball still leaves along the cut's line.
pub(super) fn scan_strokes(ctx: &Context, cut: &Cut, sides: &[f64]) -> Vec<Strike> {
    let full = ctx
        .level
        .tips()
        .iter()
        .fold(0.0_f64, |m, &h| m.max(h.abs()));
    let mut out = Vec::new();
    for k in -SCAN_SPEED_STEPS..=SCAN_SPEED_STEPS {
        let speed = (cut.strike.speed * 1.1_f64.powi(k)).clamp(MIN_SCAN_SPEED, MAX_CUT_SPEED);
        for j in 0..SCAN_TIPS {
            let height = -full + 2.0 * full * j as f64 / (SCAN_TIPS - 1) as f64;
            for side in sides.iter().map(|s| s * full) {
                if side.hypot(height) > full + 1e-9 {
                    continue;
                }
                let aimed = Strike {
                    speed,
                    height,
                    side,
                    ..cut.strike
                };
                out.push(Strike {
                    aim_deg: aimed.aim_deg - crate::physics::strike(&aimed).squirt_deg,
                    ..aimed
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scan for position finds strokes that make the call (aimed at their window's middle)
    /// and, where the level's own candidates into the same pocket leave the next shot under
    /// 90 %, leave a likelier one, and likelier with english than without: over 60 random
    /// positions of the 1, the 2 and the 10, each stroke played once without error (in the 12
    /// such positions, on 2026-12-06: 0.57 from the level's own, 0.76 scanned without
    /// english, 0.89 with).
    #[test]
    fn a_position_scan_leaves_a_likelier_next_shot_than_the_levels_candidates() {
        use crate::computer::candidates::shots::tests::{all_make_their_call, context, position};
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let next_after_once = |s: &GameState, l: &Layout, c: &Cut| -> f64 {
            let wpa = &crate::physics::equipment::WPA;
            next_after(s, l, &c.call, &c.strike, Level::Level(5), wpa).map_or(0.0, |n| n.chance)
        };
        let (mut own, mut scanned, mut positions, mut hard) = (0.0, 0.0, 0, 0);
        let mut without_side = 0.0;
        while positions < 60 {
            let mut at = || (rng.random_range(-1.0..1.0), rng.random_range(-0.45..0.45));
            let ((cx, cy), (bx, by), (nx, ny)) = (at(), at(), at());
            let (s, l) = position(&[(0, cx, cy), (1, bx, by), (2, nx, ny), (10, 1.2, 0.6)]);
            let ctx = context(&s, &l);
            let cuts: Vec<Cut> = cuts(&ctx)
                .into_iter()
                .map(|c| tuned_cut(&ctx, c))
                .filter(|c| c.window.is_some())
                .collect();
            let Some(first) = cuts.first() else {
                continue;
            };
            let scan = scan_pocket(&ctx, first);
            if scan.is_empty() {
                continue;
            }
            positions += 1;
            assert!(
                all_make_their_call(&s, &l, &scan),
                "a scanned stroke misses"
            );
            assert!(scan.iter().all(|c| c.pocket == first.pocket));
            let level_best = cuts
                .iter()
                .filter(|c| c.pocket == first.pocket)
                .map(|c| next_after_once(&s, &l, c))
                .fold(0.0, f64::max);
            if level_best < 0.9 {
                hard += 1;
                own += level_best;
                let best = |scan: &[Cut]| {
                    scan.iter()
                        .map(|c| next_after_once(&s, &l, c))
                        .fold(0.0, f64::max)
                };
                scanned += best(&scan);
                without_side += best(&scan_pocket_with(&ctx, first, &[0.0]));
            }
        }
        assert!(hard >= 5, "{hard} positions with the next shot under 90 %");
        assert!(
            scanned > own + 0.1 * hard as f64,
            "{hard} positions: scanned {scanned:.2}, the level's own {own:.2}"
        );
        assert!(
            scanned > without_side + 0.05 * hard as f64,
            "{hard} positions: scanned {scanned:.2}, without english {without_side:.2}"
        );
    }
}
