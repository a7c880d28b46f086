//! Aim geometry: the ghost ball of a cut, whether a line is clear of balls and cushions, and the ease of a position.

use super::*;

/// A cut of `ball` into `pocket` from `cue`: the aim at the ghost ball (degrees), the cut
/// angle (degrees) and the distances cue to ghost and ball to pocket (m); none for a cut
/// steeper than `MAX_CUT_DEG`.
pub fn ghost_aim(
    t: &Table,
    cue: Point,
    ball: Point,
    pocket: Pocket,
) -> Option<(f64, f64, f64, f64)> {
    ghost_toward(t, cue, ball, t.pocket_mouth_centre(pocket))
}

/// As [`ghost_aim`], sending the ball toward any point: a pocket seen in a cushion for a bank,
/// the ghost of another ball for a combination, a carom's contact.
pub(in crate::computer) fn ghost_toward(
    t: &Table,
    cue: Point,
    ball: Point,
    target: Point,
) -> Option<(f64, f64, f64, f64)> {
    let (bx, by) = (target.x - ball.x, target.y - ball.y);
    let to_pocket = bx.hypot(by);
    if to_pocket < 1e-9 {
        return None;
    }
    let (ux, uy) = (bx / to_pocket, by / to_pocket);
    let ghost = Point::new(
        ball.x - 2.0 * t.ball_radius * ux,
        ball.y - 2.0 * t.ball_radius * uy,
    );
    let (vx, vy) = (ghost.x - cue.x, ghost.y - cue.y);
    let to_ghost = vx.hypot(vy);
    if to_ghost < 1e-9 {
        return None;
    }
    let cos = ((vx * ux + vy * uy) / to_ghost).clamp(-1.0, 1.0);
    let cut = cos.acos().to_degrees();
    (cut <= MAX_CUT_DEG).then(|| (vy.atan2(vx).to_degrees(), cut, to_ghost, to_pocket))
}

/// How near a ball at `p` comes to a ball moving from `a` to `b` (m): its distance from the
/// segment, or infinity when it lies behind `a` (at or behind the start, across the line of
/// travel), which the moving ball leaves and never meets: a ball touching the ball on from
/// behind or beside it closes no pocket to it.
pub(super) fn to_segment(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    if len2 == 0.0 {
        return p.distance(a);
    }
    let along = (p.x - a.x) * dx + (p.y - a.y) * dy;
    if along <= 0.0 {
        return f64::INFINITY;
    }
    let s = (along / len2).min(1.0);
    (p.x - a.x - s * dx).hypot(p.y - a.y - s * dy)
}

/// Room left beside a path for the stroke's error (m).
pub(super) const CLEARANCE: f64 = 0.01;

/// Whether the segment `a`-`b` passes clear (by `CLEARANCE`) of every ball but the cue ball and
/// `skip`.
pub(in crate::computer) fn path_clear(
    t: &Table,
    layout: &Layout,
    a: Point,
    b: Point,
    skip: &[u8],
) -> bool {
    let d = 2.0 * t.ball_radius + CLEARANCE;
    layout
        .balls
        .iter()
        .filter(|p| p.ball != 0 && !skip.contains(&p.ball))
        .all(|p| to_segment(p.at, a, b) > d)
}

/// Whether the cue ball's path to the ghost ball and the ball's path to the pocket are free of
/// the other balls (with `CLEARANCE` to spare for the stroke's error).
pub(super) fn lines_clear(
    t: &Table,
    layout: &Layout,
    cue: Point,
    ball: u8,
    pocket: Pocket,
) -> bool {
    let Some(at) = layout.balls.iter().find(|b| b.ball == ball).map(|b| b.at) else {
        return false;
    };
    let target = t.pocket_mouth_centre(pocket);
    let (bx, by) = (target.x - at.x, target.y - at.y);
    let len = bx.hypot(by).max(1e-9);
    let ghost = Point::new(
        at.x - 2.0 * t.ball_radius * bx / len,
        at.y - 2.0 * t.ball_radius * by / len,
    );
    path_clear(t, layout, cue, ghost, &[ball]) && path_clear(t, layout, at, target, &[ball])
}

/// How easy the best cut on `ball` is from `cue` (0 none to about 1 a short straight shot):
/// the cosine of the cut over one plus the distances, for open lines only.
pub fn ease(t: &Table, layout: &Layout, cue: Point, ball: u8) -> f64 {
    Pocket::ALL
        .iter()
        .map(|&p| pocket_ease(t, layout, cue, ball, p))
        .fold(0.0, f64::max)
}

/// The open cut on `ball` from `cue` with the smallest angle: its pocket and the cut in
/// degrees (the lines clear, the cut below the steepest the computer plays); none when no
/// pocket has one. What a drill calls "a shot left" on a ball.
pub fn open_cut(t: &Table, layout: &Layout, cue: Point, ball: u8) -> Option<(Pocket, f64)> {
    let at = layout.balls.iter().find(|b| b.ball == ball)?.at;
    Pocket::ALL
        .iter()
        .filter(|&&p| lines_clear(t, layout, cue, ball, p))
        .filter_map(|&p| ghost_aim(t, cue, at, p).map(|(_, cut, _, _)| (p, cut)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
}

/// [`ease`] of the cut on `ball` into `pocket` alone.
pub(super) fn pocket_ease(t: &Table, layout: &Layout, cue: Point, ball: u8, pocket: Pocket) -> f64 {
    let Some(at) = layout.balls.iter().find(|b| b.ball == ball).map(|b| b.at) else {
        return 0.0;
    };
    if !lines_clear(t, layout, cue, ball, pocket) {
        return 0.0;
    }
    ghost_aim(t, cue, at, pocket)
        .map_or(0.0, |(_, cut, a, b)| cut.to_radians().cos() / (1.0 + a + b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::TableSize;

    #[test]
    fn a_straight_shot_is_no_cut_and_aims_at_the_ghost_ball() {
        let t = TableSize::NineFoot.spec();
        let foot = t.pocket_mouth_centre(Pocket::FootLeft);
        // The ball on the line from the cue ball to the foot-left corner.
        let cue = Point::new(0.0, 0.0);
        let ball = Point::new(foot.x * 0.5, foot.y * 0.5);
        let (aim, cut, _, _) = ghost_aim(&t, cue, ball, Pocket::FootLeft).unwrap();
        assert!(cut < 1e-6, "{cut}");
        assert!((aim - foot.y.atan2(foot.x).to_degrees()).abs() < 1e-9);
        // Behind the ball, away from the pocket: no cut possible.
        assert!(ghost_aim(&t, cue, ball, Pocket::HeadRight).is_none());
    }

    /// A ball that touches the ball on (or the cue ball) from behind or beside does not close
    /// its path; a ball on the path does. The layout is one a break left level 5 with the cue
    /// ball in hand (run_outs, seed 1, trial 36): the 1 between the 2 and the 8, 6 mm from the
    /// 8, the cue ball placed straight behind it for the head-right corner; until 2026-12-05
    /// no pocket was open to it and the computer played a safety.
    #[test]
    fn a_ball_beside_the_ball_on_does_not_close_its_pocket() {
        use crate::computer::candidates::shots::tests::{context, position};
        let t = TableSize::NineFoot.spec();
        let mut balls = vec![
            (0, -0.089, -0.432),
            (1, -0.293, -0.467),
            (2, -0.286, -0.598),
            (8, -0.291, -0.404),
            (10, 0.766, -0.071),
        ];
        // Whether the head-right corner is open to the 1 from the cue ball with these balls.
        let open = |balls: &[(u8, f64, f64)]| {
            let (_, l) = position(balls);
            lines_clear(&t, &l, Point::new(-0.089, -0.432), 1, Pocket::HeadRight)
        };
        assert!(open(&balls));
        let (s, l) = position(&balls);
        let ctx = context(&s, &l);
        let pockets: Vec<Pocket> = cuts(&ctx).iter().map(|c| c.pocket).collect();
        assert!(pockets.contains(&Pocket::HeadRight), "{pockets:?}");
        // The 3 frozen behind the cue ball, away from the shot: still open.
        balls.push((3, -0.089 + 2.0 * t.ball_radius, -0.432));
        assert!(open(&balls));
        // The 4 on the 1's line to the corner, halfway: closed.
        let corner = t.pocket_mouth_centre(Pocket::HeadRight);
        balls.push((4, 0.5 * (corner.x - 0.293), 0.5 * (corner.y - 0.467)));
        assert!(!open(&balls));
        // The 4 instead between the cue ball and the ghost ball: closed.
        balls.pop();
        balls.push((4, -0.19, -0.45));
        assert!(!open(&balls));
    }
}
