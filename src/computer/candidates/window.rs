//! Aim windows: the aims either side of a cut that still make it, found by search, and the chance a level's aim error keeps a stroke inside.

use super::*;

/// How a window of aims is searched: outward from the stroke's aim in steps of `step`
/// degrees up to `reach` either side, each edge then halved `halvings` times.
#[derive(Clone, Copy)]
pub(super) struct Search {
    pub(super) step: f64,
    pub(super) reach: f64,
    pub(super) halvings: usize,
}

/// Level 5's tuning of its cuts: steps of 0.3 degrees to 1.2, edges to 0.075.
pub(super) const TUNE: Search = Search {
    step: 0.3,
    reach: 1.2,
    halvings: 2,
};
/// The next shot's window: steps of 0.2 degrees to 1.0, edges to 0.025 (the aim's error at
/// level 5 is 0.16 degrees with the tip's squirt: a coarser edge would blur the chance).
pub(super) const NEXT_WINDOW: Search = Search {
    step: 0.2,
    reach: 1.0,
    halvings: 3,
};

/// A window of aims (offsets from a cut's own, degrees): `lo` and `hi` the outermost aims
/// found to make the call, `width` the window's width counting each edge midway between the
/// last aim that works and the first that does not.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Window {
    pub(super) lo: f64,
    pub(super) hi: f64,
    pub(super) width: f64,
}

/// The aims that make the cut's call without error: the window around the working aim nearest
/// the cut's own (the first of 0, +step, -step, ...), each edge found to `step / 2^halvings`
/// (an edge beyond `reach` is taken as the last step within it). None when no aim within
/// `reach` makes the call. Cut and spin throw the ball on and the pocket's jaws take some
/// lines and reject others, so the window is seldom centred on the ghost ball. The true edge
/// lies anywhere in the last interval, so the width adds half of it at each edge that an aim
/// failed (from aim that works to aim that works it is short by a whole interval on average).
pub(super) fn aim_window(ctx: &Context, cut: &Cut, search: Search) -> Option<Window> {
    let Call::Ball { .. } = cut.call else {
        return None;
    };
    search_window(|offset| goes_at(ctx, cut, offset), search)
}

/// `aim_window`'s search over whether an aim `goes`.
pub(super) fn search_window(goes: impl Fn(f64) -> bool, search: Search) -> Option<Window> {
    let steps = (search.reach / search.step).round() as i32;
    let start = (0..=steps)
        .flat_map(|k| [k, -k])
        .map(|k| f64::from(k) * search.step)
        .find(|&o| goes(o))?;
    // From the working aim outward: the last aim that works before one that does not, then
    // the edge between them halved.
    // The last aim that works and how far beyond it the edge may lie (0 at the reach).
    let edge = |outward: f64| {
        let mut inside = start;
        loop {
            let next = inside + outward * search.step;
            if next.abs() > search.reach + 1e-9 {
                return (inside, 0.0);
            }
            if !goes(next) {
                break;
            }
            inside = next;
        }
        let mut step = search.step;
        for _ in 0..search.halvings {
            step *= 0.5;
            if goes(inside + outward * step) {
                inside += outward * step;
            }
        }
        (inside, step)
    };
    let ((lo, lo_gap), (hi, hi_gap)) = (edge(-1.0), edge(1.0));
    Some(Window {
        lo,
        hi,
        width: hi - lo + 0.5 * (lo_gap + hi_gap),
    })
}

/// Whether `cut` aimed `offset` degrees off its own aim makes its call without error.
pub(super) fn goes_at(ctx: &Context, cut: &Cut, offset: f64) -> bool {
    let Call::Ball { ball, pocket } = cut.call else {
        return false;
    };
    let strike = Strike {
        aim_deg: cut.strike.aim_deg + offset,
        ..cut.strike
    };
    let cfg = sample_config(ctx.equipment);
    play_shot(ctx.state, ctx.layout, &cut.call, &strike, &[], &cfg)
        .is_ok_and(|p| made_call(&p, ball, pocket, ctx.state.to_act()))
}

/// The chance a stroke aimed at the middle of a window of aims `width` degrees wide stays in
/// it under an aim error of `sigma` degrees (a gaussian): erf(width / (2 sqrt 2 sigma)).
pub(super) fn window_chance(width: f64, sigma: f64) -> f64 {
    if sigma <= 0.0 {
        return f64::from(width >= 0.0);
    }
    libm::erf(width / (2.0 * std::f64::consts::SQRT_2 * sigma))
}

/// From level 5: a cut aimed at the middle of the aims that make its call without error
/// (`aim_window`), as a player learns where a pocket takes a ball. Over 3,961 open-table cuts
/// with FastFiz's noise the middle makes 99 % of the shots under 1 m of travel against 95 % at
/// the ghost ball, 86 % against 76 % from 1 to 1.5 m (`examples/noise_odds`). A cut no aim
/// near the ghost ball makes is left as it is; where the middle itself misses (a jaw's
/// rattle between two aims that work), the window's edge nearer the cut's own aim (an aim
/// that works) is taken.
pub(super) fn tuned_cut(ctx: &Context, cut: Cut) -> Cut {
    let Some(Window { lo, hi, width }) = aim_window(ctx, &cut, TUNE) else {
        return cut;
    };
    let middle = 0.5 * (lo + hi);
    let aim = if goes_at(ctx, &cut, middle) {
        middle
    } else if lo.abs() <= hi.abs() {
        lo
    } else {
        hi
    };
    Cut {
        strike: Strike {
            aim_deg: cut.strike.aim_deg + aim,
            ..cut.strike
        },
        window: Some(width),
        ..cut
    }
}

/// The best stroke for a called shot: the best cut, or a safety when none is likely enough.
/// Every candidate the level tries: cuts (from level 5 tuned, `tuned_cut`); from level 3 banks
/// and combinations; from level 4 caroms.
pub(super) fn candidates(ctx: &Context) -> Vec<Cut> {
    let mut out = cuts(ctx);
    if ctx.level.looks_ahead() {
        out = out.into_iter().map(|c| tuned_cut(ctx, c)).collect();
    }
    if ctx.level.plays_banks() {
        out.extend(crate::computer::candidates::shots::banks(ctx));
        out.extend(crate::computer::candidates::shots::combinations(ctx));
    }
    if ctx.level.plays_position() {
        out.extend(crate::computer::candidates::shots::caroms(ctx));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Level 5's tuned cuts make their call without error wherever an aim near the ghost ball
    /// does (the middle of the aims that work), and more of them go in than at the ghost ball.
    #[test]
    fn a_tuned_cut_aims_at_the_middle_of_the_aims_that_make_it() {
        use crate::computer::candidates::shots::tests::{all_make_their_call, context, position};
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let (mut ghost_made, mut tuned_made, mut moved) = (0, 0, 0);
        for _ in 0..12 {
            let mut at = || (rng.random_range(-1.0..1.0), rng.random_range(-0.45..0.45));
            let ((cx, cy), (bx, by)) = (at(), at());
            let (s, l) = position(&[(0, cx, cy), (1, bx, by), (10, 1.2, 0.6)]);
            let ctx = context(&s, &l);
            for c in cuts(&ctx).into_iter().filter(|c| c.strike.height == 0.0) {
                let aim = c.strike.aim_deg;
                let ghost = all_make_their_call(&s, &l, std::slice::from_ref(&c));
                let t = tuned_cut(&ctx, c);
                let tuned = all_make_their_call(&s, &l, std::slice::from_ref(&t));
                if t.strike.aim_deg != aim {
                    moved += 1;
                    assert!(
                        tuned,
                        "a tuned aim {} (ghost {aim}) misses",
                        t.strike.aim_deg
                    );
                }
                ghost_made += usize::from(ghost);
                tuned_made += usize::from(tuned);
            }
        }
        assert!(moved > 20, "{moved} cuts tuned");
        assert!(
            tuned_made > ghost_made,
            "tuned {tuned_made}, ghost {ghost_made}"
        );
    }

    /// The chance level 5 gives a tuned cut from its window of aims is the share of its
    /// strokes launched inside the window under FastFiz's noise, and the chance it plays by
    /// (`by_window`: the window times what its samples lose inside it) is the share that go
    /// in: over 60 random open-table cuts each pair agrees within 6 points in all (launched
    /// inside 67.3 %, the window 68.2 %; made 63.7 %, by the window and its samples 60.9 %:
    /// the window alone is 4.5 points above what goes in, what a stroke loses inside it), and
    /// the window is wider for a short shot than a long one.
    #[test]
    fn a_cuts_window_gives_the_chance_its_noisy_strokes_make() {
        use crate::computer::candidates::shots::tests::{context, position};
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let sigma = Level::Level(5).aim_error_deg();
        assert!((sigma - 0.157).abs() < 0.005, "{sigma}");
        let (mut window, mut played, mut inside, mut made, mut shots) = (0.0, 0.0, 0, 0, 0usize);
        let mut widths: Vec<(f64, f64)> = Vec::new();
        while shots < 60 {
            let mut at = || (rng.random_range(-1.0..1.0), rng.random_range(-0.45..0.45));
            let ((cx, cy), (bx, by)) = (at(), at());
            let (s, l) = position(&[(0, cx, cy), (1, bx, by), (10, 1.2, 0.6)]);
            let ctx = context(&s, &l);
            let Some(c) = cuts(&ctx)
                .into_iter()
                .filter(|c| c.strike.height == 0.0 && c.cut_deg < 45.0)
                .max_by(|x, y| x.geometry.total_cmp(&y.geometry))
            else {
                continue;
            };
            let t = tuned_cut(&ctx, c);
            let Some(w) = t.window else { continue };
            let travel = Point::new(cx, cy).distance(Point::new(bx, by));
            widths.push((travel, w));
            window += window_chance(w, sigma);
            // The estimate from one set of samples, what goes in from another.
            played += by_window(&ctx, &t, sample(&ctx, &t.call, &t.strike, 20, &mut rng)).made;
            let o = sample(&ctx, &t.call, &t.strike, 20, &mut rng);
            inside += o
                .launches
                .iter()
                .filter(|(off, _)| off.abs() <= 0.5 * w)
                .count();
            made += o.launches.iter().filter(|(_, m)| *m).count();
            shots += 1;
        }
        let n = (20 * shots) as f64;
        let (inside, made) = (inside as f64 / n, made as f64 / n);
        let (window, played) = (window / shots as f64, played / shots as f64);
        assert!(
            (inside - window).abs() < 0.06,
            "launched inside {inside:.3}, window {window:.3}"
        );
        assert!(
            (made - played).abs() < 0.06,
            "made {made:.3}, played by {played:.3} (window {window:.3})"
        );
        let mean = |short: bool| {
            let w: Vec<f64> = widths
                .iter()
                .filter(|(d, _)| (*d < 0.8) == short)
                .map(|(_, w)| *w)
                .collect();
            w.iter().sum::<f64>() / w.len().max(1) as f64
        };
        assert!(
            mean(true) > mean(false),
            "short {}, long {}",
            mean(true),
            mean(false)
        );
    }

    /// Regression: a window's width ran from the last aim that works to the last that works,
    /// short by one search interval on average. Over true windows of every width and place,
    /// the width found is now within half an interval at each edge of the true one, its mean
    /// error under a hundredth of a degree (the aims that work were short by 0.075, `TUNE`'s
    /// last interval); the edges themselves are aims that work.
    #[test]
    fn a_windows_width_is_not_short_by_its_last_interval() {
        let last = TUNE.step / f64::from(1u32 << TUNE.halvings);
        let (mut error, mut short, mut n) = (0.0, 0.0, 0.0);
        for i in 0..200 {
            // True windows 0.1 to 0.9 degrees wide, their lower edge -0.5 to 0.3.
            let lo = -0.5 + 0.8 * f64::from(i % 20) / 20.0 + 0.013;
            let hi = lo + 0.1 + 0.8 * f64::from(i / 20) / 10.0 + 0.007;
            let goes = |o: f64| (lo..=hi).contains(&o);
            let Some(w) = search_window(goes, TUNE) else {
                continue;
            };
            if hi > TUNE.reach || lo < -TUNE.reach {
                continue;
            }
            assert!(
                goes(w.lo) && goes(w.hi),
                "edges {} {} of {lo} {hi}",
                w.lo,
                w.hi
            );
            assert!(
                (w.width - (hi - lo)).abs() <= last + 1e-9,
                "width {} of {}",
                w.width,
                hi - lo
            );
            error += w.width - (hi - lo);
            short += (hi - lo) - (w.hi - w.lo);
            n += 1.0;
        }
        assert!(n > 100.0, "{n} windows found");
        assert!((error / n).abs() < 0.01, "mean error {}", error / n);
        assert!(
            short / n > 0.05,
            "the working aims alone were short by {}",
            short / n
        );
    }

    /// A window counts aims only: what else loses a stroke aimed inside it (a scratch, a
    /// rattle the aim alone does not explain) is counted from the samples whose launch fell
    /// inside the window, and a window with too few such samples is taken as it is.
    #[test]
    fn a_windows_chance_loses_what_its_samples_lose_inside_it() {
        use crate::computer::candidates::shots::tests::{context, position};
        let (s, l) = position(&[(0, -0.5, 0.0), (1, 0.0, 0.1), (10, -1.0, 0.4)]);
        let ctx = context(&s, &l);
        let cut = Cut {
            window: Some(1.0),
            ..cuts(&ctx).into_iter().next().unwrap()
        };
        let window = window_chance(1.0, ctx.level.aim_error_deg());
        // Twelve launches inside the window (|off| <= 0.5), a quarter of them lost; four
        // outside it, all missed (the window's part).
        let mut launches: Vec<(f64, bool)> = (0..12)
            .map(|k| (0.04 * f64::from(k) - 0.22, k % 4 != 0))
            .collect();
        launches.extend([(0.7, false), (-0.8, false), (0.9, false), (-0.6, false)]);
        let o = Outcome {
            made: 0.5,
            launches: launches.clone(),
            ..Outcome::default()
        };
        let counted = by_window(&ctx, &cut, o).made;
        assert!(
            (counted - 0.75 * window).abs() < 1e-12,
            "{counted} against {window}"
        );
        // Too few inside: the window's chance.
        let o = Outcome {
            launches: launches[8..].to_vec(),
            ..Outcome::default()
        };
        assert!((by_window(&ctx, &cut, o).made - window).abs() < 1e-12);
        // A launch's offset: the aim's error, and a tip off centre squirts the cue ball.
        let meant = Strike::new(30.0, 2.0);
        let off = Strike {
            aim_deg: 30.1,
            ..meant
        };
        assert!((launch_off(&meant, &off) - 0.1).abs() < 1e-9);
        let side = Strike { side: 0.3, ..meant };
        let squirt = crate::physics::strike(&side).squirt_deg;
        assert!(
            (launch_off(&meant, &side).abs() - squirt).abs() < 1e-6,
            "{squirt}"
        );
    }
}
