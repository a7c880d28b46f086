//! The shots beyond a straight cut, found by geometry and then weighed like cuts (sampled
//! through `play_shot` with the level's noise):
//! - **banks**: the ball on into a pocket off one cushion, aimed at the pocket's mirror image
//!   in the line the ball's centre meets the cushion on;
//! - **combinations**: the ball on driven into the ghost ball of another ball, which goes into
//!   the pocket (the call names that ball: 5.5 lets a player call any ball);
//! - **caroms**: the ball on glancing off another ball into the pocket, its contact where the
//!   two balls' centres line up at right angles to the pocket (the 90-degree rule of a stun
//!   hit; the sampling finds out how a rolling ball strays from it).
//!
//! Each keeps only the few easiest by the geometry and tunes their aim on the simulated table
//! without error (cushions and throw bend real paths off the ideal lines), so that a decision
//! stays well under a second.

use super::{Context, Cut, Kind, ghost_toward, made_call, path_clear};
use crate::adapter::play_shot;
use crate::physics::Strike;
use crate::referee::Call;
use crate::table::{Pocket, Point, Table};

/// The most candidates of each kind kept (the easiest by the geometry).
const KEEP: usize = 3;
/// The steepest cut on a ball that must then travel on to another ball or a cushion (degrees).
const MAX_SECOND_CUT_DEG: f64 = 50.0;
/// How far from a pocket's mouth a bank must meet the cushion (m): nearer, the jaw takes it.
const CLEAR_OF_MOUTH: f64 = 0.15;

/// The cue ball's and the ball on's places.
fn places(ctx: &Context) -> Option<(Point, Point)> {
    let at = |n: u8| ctx.layout.balls.iter().find(|b| b.ball == n).map(|b| b.at);
    Some((at(0)?, at(ctx.ball_on)?))
}

/// The unit vector from `a` toward `b`, and the distance.
fn toward(a: Point, b: Point) -> (f64, f64, f64) {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len = dx.hypot(dy).max(1e-9);
    (dx / len, dy / len, len)
}

/// The angle between two directions (degrees, 0 to 180).
fn angle(u: (f64, f64), v: (f64, f64)) -> f64 {
    (u.0 * v.0 + u.1 * v.1).clamp(-1.0, 1.0).acos().to_degrees()
}

/// A shot the geometry found: the call, the aim it gives and how far the balls travel.
struct Found {
    call: Call,
    pocket: Pocket,
    aim: f64,
    /// The cut on the ball on (degrees).
    cut_deg: f64,
    /// The balls' travel (m) and how much more speed than a plain cut it needs.
    dist: f64,
    loss: f64,
    kind: Kind,
}

impl Found {
    fn geometry(&self) -> f64 {
        self.cut_deg.to_radians().cos() / (1.0 + self.dist) / self.loss
    }
}

/// Aims tried round the geometry's (degrees): cushions and throw bend the real paths off the
/// ideal lines by a degree or two.
const AIM_OFFSETS: [f64; 13] = [
    -3.0, -2.5, -2.0, -1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0,
];

/// The easiest `KEEP` shots by the geometry, each tuned on the simulated table as a player
/// learns a table's banks: at three speeds, the aims round the geometry's that make the call
/// without error; the middle of those that work (the aim with the most room either side) at
/// each speed becomes a candidate, to be weighed with the level's error like a cut.
fn tuned(ctx: &Context, mut found: Vec<Found>) -> Vec<Cut> {
    found.sort_by(|a, b| b.geometry().total_cmp(&a.geometry()));
    let shooter = ctx.state.to_act();
    let cfg = crate::computer::sample_config(ctx.equipment);
    let mut out = Vec::new();
    for f in found.into_iter().take(KEEP) {
        let Call::Ball { ball, pocket } = f.call else {
            continue;
        };
        let base = f.loss * (1.2 + 1.3 * f.dist) / f.cut_deg.to_radians().cos().max(0.35);
        for k in [0.5, 0.8, 1.2] {
            let speed = (k * base).clamp(0.5, 8.0);
            let works: Vec<f64> = AIM_OFFSETS
                .iter()
                .map(|o| f.aim + o)
                .filter(|&aim| {
                    play_shot(
                        ctx.state,
                        ctx.layout,
                        &f.call,
                        &Strike::new(aim, speed),
                        &[],
                        &cfg,
                    )
                    .is_ok_and(|p| made_call(&p, ball, pocket, shooter))
                })
                .collect();
            if let Some(&aim) = works.get(works.len() / 2) {
                out.push(Cut {
                    call: f.call,
                    strike: Strike::new(aim, speed),
                    cut_deg: f.cut_deg,
                    pocket: f.pocket,
                    geometry: f.geometry(),
                    kind: f.kind,
                    window: None,
                });
            }
        }
    }
    out
}

/// A cushion's line for a ball's centre: which axis it is across, where, and its name.
struct CushionLine {
    across_x: bool,
    at: f64,
    name: &'static str,
}

fn cushion_lines(t: &Table) -> [CushionLine; 4] {
    let reach = t.cushion_reach();
    let (hx, hy) = (t.length / 2.0 - reach, t.width / 2.0 - reach);
    let line = |across_x, at, name| CushionLine { across_x, at, name };
    [
        line(true, hx, "foot"),
        line(true, -hx, "head"),
        line(false, hy, "left"),
        line(false, -hy, "right"),
    ]
}

/// Whether a pocket opens on a cushion's own side of the table (a bank off that cushion into
/// it is no bank).
fn on_cushion(t: &Table, pocket: Pocket, c: &CushionLine) -> bool {
    let m = t.pocket_mouth_centre(pocket);
    if c.across_x {
        m.x != 0.0 && m.x.signum() == c.at.signum()
    } else {
        m.y.signum() == c.at.signum()
    }
}

/// Where a shot sends the ball on: first toward `via` (the cue ball's ghost-ball aim), then
/// along `legs`, every leg clear of the balls but `skip` and the ball on.
struct Route {
    via: Point,
    legs: Vec<(Point, Point)>,
    skip: Option<u8>,
    /// The call and the ball that drops.
    call: Call,
    pocket: Pocket,
    loss: f64,
    kind: Kind,
}

impl Route {
    /// The shot, when the cut on the ball on is playable and every line is clear.
    fn found(self, ctx: &Context, t: &Table, cue: Point, ball: Point) -> Option<Found> {
        let (aim, cut, a, _) = ghost_toward(t, cue, ball, self.via)?;
        let skip: Vec<u8> = std::iter::once(ctx.ball_on).chain(self.skip).collect();
        let open = cut <= MAX_SECOND_CUT_DEG
            && path_clear(t, ctx.layout, cue, ball, &[ctx.ball_on])
            && self
                .legs
                .iter()
                .all(|&(p, q)| path_clear(t, ctx.layout, p, q, &skip));
        open.then(|| Found {
            call: self.call,
            pocket: self.pocket,
            aim,
            cut_deg: cut,
            dist: a + self.legs.iter().map(|(p, q)| p.distance(*q)).sum::<f64>(),
            loss: self.loss,
            kind: self.kind,
        })
    }
}

/// Each object ball but the ball on, with each pocket and its mouth.
fn others_and_pockets<'a>(
    ctx: &'a Context,
    t: &'a Table,
) -> impl Iterator<Item = (u8, Point, Pocket, Point)> + 'a {
    ctx.layout
        .balls
        .iter()
        .filter(|b| b.ball != 0 && b.ball != ctx.ball_on)
        .flat_map(move |b| {
            Pocket::ALL
                .into_iter()
                .map(move |p| (b.ball, b.at, p, t.pocket_mouth_centre(p)))
        })
}

/// Where the ball on, sent toward `mirror`, meets the cushion line `c`; none when it moves
/// away from it or meets it within `CLEAR_OF_MOUTH` of a pocket.
fn bank_point(t: &Table, c: &CushionLine, ball: Point, mirror: Point) -> Option<Point> {
    let (ux, uy, _) = toward(ball, mirror);
    let s = if c.across_x {
        (c.at - ball.x) / ux
    } else {
        (c.at - ball.y) / uy
    };
    if !s.is_finite() || s <= 0.0 {
        return None;
    }
    let hit = Point::new(ball.x + s * ux, ball.y + s * uy);
    let free = if c.across_x {
        hit.y.abs() < t.width / 2.0 - CLEAR_OF_MOUTH
    } else {
        hit.x.abs() > CLEAR_OF_MOUTH && hit.x.abs() < t.length / 2.0 - CLEAR_OF_MOUTH
    };
    free.then_some(hit)
}

/// One-cushion banks of the ball on into each pocket across the table.
pub(super) fn banks(ctx: &Context) -> Vec<Cut> {
    let t = ctx.state.table.spec();
    let Some((cue, ball)) = places(ctx) else {
        return Vec::new();
    };
    let mut shots = Vec::new();
    for c in cushion_lines(&t) {
        for pocket in Pocket::ALL.into_iter().filter(|&p| !on_cushion(&t, p, &c)) {
            let target = t.pocket_mouth_centre(pocket);
            // The pocket seen in the cushion: its mirror image in the line the centre meets.
            let mirror = if c.across_x {
                Point::new(2.0 * c.at - target.x, target.y)
            } else {
                Point::new(target.x, 2.0 * c.at - target.y)
            };
            let Some(hit) = bank_point(&t, &c, ball, mirror) else {
                continue;
            };
            let route = Route {
                via: mirror,
                legs: vec![(ball, hit), (hit, target)],
                skip: None,
                call: Call::Ball {
                    ball: ctx.ball_on,
                    pocket,
                },
                pocket,
                loss: 1.4,
                kind: Kind::Bank { cushion: c.name },
            };
            shots.extend(route.found(ctx, &t, cue, ball));
        }
    }
    tuned(ctx, shots)
}

/// Combinations: the ball on into another ball, that ball into a pocket.
pub(super) fn combinations(ctx: &Context) -> Vec<Cut> {
    let t = ctx.state.table.spec();
    let r = t.ball_radius;
    let Some((cue, ball)) = places(ctx) else {
        return Vec::new();
    };
    let mut shots = Vec::new();
    for (other, at, pocket, target) in others_and_pockets(ctx, &t) {
        let (px, py, _) = toward(at, target);
        let ghost = Point::new(at.x - 2.0 * r * px, at.y - 2.0 * r * py);
        let (gx, gy, _) = toward(ball, ghost);
        if angle((gx, gy), (px, py)) > MAX_SECOND_CUT_DEG {
            continue;
        }
        let route = Route {
            via: ghost,
            legs: vec![(ball, ghost), (at, target)],
            skip: Some(other),
            call: Call::Ball {
                ball: other,
                pocket,
            },
            pocket,
            loss: 1.3,
            kind: Kind::Combination { via: other },
        };
        shots.extend(route.found(ctx, &t, cue, ball));
    }
    tuned(ctx, shots)
}

/// Caroms: the ball on glancing off another ball into a pocket.
pub(super) fn caroms(ctx: &Context) -> Vec<Cut> {
    let t = ctx.state.table.spec();
    let r = t.ball_radius;
    let Some((cue, ball)) = places(ctx) else {
        return Vec::new();
    };
    let mut shots = Vec::new();
    for (other, at, pocket, target) in others_and_pockets(ctx, &t) {
        let (px, py, d) = toward(at, target);
        if d <= 2.0 * r {
            continue;
        }
        // The contact X: 2R from the other ball, with X-C at right angles to X-P, so the
        // angle at C between C->X and C->P has cosine 2R / d.
        let theta = (2.0 * r / d).acos();
        for sign in [-1.0, 1.0] {
            let (s, c) = (sign * theta).sin_cos();
            let dir = (px * c - py * s, px * s + py * c);
            let contact = Point::new(at.x + 2.0 * r * dir.0, at.y + 2.0 * r * dir.1);
            let (vx, vy, _) = toward(ball, contact);
            let (ox, oy, _) = toward(contact, target);
            // The ball on must run into the other ball and on toward the pocket.
            if angle((vx, vy), (-dir.0, -dir.1)) > 75.0 || angle((vx, vy), (ox, oy)) >= 90.0 {
                continue;
            }
            let route = Route {
                via: contact,
                legs: vec![(ball, contact), (contact, target)],
                skip: Some(other),
                call: Call::Ball {
                    ball: ctx.ball_on,
                    pocket,
                },
                pocket,
                loss: 1.5,
                kind: Kind::Carom { off: other },
            };
            shots.extend(route.found(ctx, &t, cue, ball));
        }
    }
    tuned(ctx, shots)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::adapter::play_shot;
    use crate::computer::Level;
    use crate::physics::Layout;
    use crate::referee::{BallSet, CueBall, GameState, Phase, PlayerId, Rules};
    use crate::table::{Placed, TableSize};

    /// Player A to shoot at the lowest of `balls` (number, x, y; 0 the cue ball), as it lies.
    pub(in crate::computer) fn position(balls: &[(u8, f64, f64)]) -> (GameState, Layout) {
        let mut s = GameState::with_breaker(Rules::default(), TableSize::NineFoot, PlayerId::A);
        s.on_table = balls
            .iter()
            .filter(|b| b.0 != 0)
            .map(|b| b.0)
            .collect::<BallSet>();
        s.phase = Phase::Shot {
            shooter: PlayerId::A,
            cue_ball: CueBall::AsItLies,
            push_out: false,
        };
        let layout = Layout {
            table: TableSize::NineFoot,
            balls: balls
                .iter()
                .map(|&(ball, x, y)| Placed {
                    ball,
                    at: Point::new(x, y),
                })
                .collect(),
        };
        (s, layout)
    }

    /// Whether each candidate, played without error, makes the called ball in the called pocket.
    pub(in crate::computer) fn all_make_their_call(
        state: &GameState,
        layout: &Layout,
        shots: &[Cut],
    ) -> bool {
        shots.iter().all(|c| {
            let Call::Ball { ball, pocket } = c.call else {
                return false;
            };
            play_shot(state, layout, &c.call, &c.strike, &[], &Default::default())
                .is_ok_and(|p| made_call(&p, ball, pocket, PlayerId::A))
        })
    }

    /// Level 5 to shoot at the 1 on the WPA set.
    pub(in crate::computer) fn context<'a>(s: &'a GameState, l: &'a Layout) -> Context<'a> {
        Context {
            state: s,
            layout: l,
            level: Level::Level(5),
            ball_on: 1,
            safety_allowed: true,
            equipment: &crate::physics::equipment::WPA,
        }
    }

    #[test]
    fn a_bank_is_found_and_tuned_to_go_in() {
        // The 1 near the right cushion: off it into the far left corner, off the foot cushion
        // into the head corner.
        let (s, l) = position(&[(0, -0.3, -0.2), (1, 0.3, -0.45), (10, -0.6, 0.3)]);
        let b = banks(&context(&s, &l));
        assert!(!b.is_empty());
        assert!(b.iter().all(|c| matches!(c.kind, Kind::Bank { .. })));
        assert!(all_make_their_call(&s, &l, &b));
    }

    #[test]
    fn a_combination_is_found_and_calls_the_ball_it_pockets() {
        // The 1 in line behind the 2, which hangs in the foot-left jaws.
        let (s, l) = position(&[
            (0, 0.6, 0.0),
            (1, 1.059, 0.424),
            (2, 1.20, 0.565),
            (10, -0.5, -0.3),
        ]);
        let c = combinations(&context(&s, &l));
        assert!(!c.is_empty());
        assert!(c.iter().all(|c| c.kind == Kind::Combination { via: 2 }
            && c.call
                == Call::Ball {
                    ball: 2,
                    pocket: Pocket::FootLeft
                }));
        assert!(all_make_their_call(&s, &l, &c));
    }

    #[test]
    fn a_carom_glances_the_ball_on_off_another_into_the_pocket() {
        // The 1 below the 2, which sits short of the foot-left corner: the 1 off the 2's lower
        // side into the corner.
        let (s, l) = position(&[
            (0, 1.0, -0.3),
            (1, 1.1, 0.2),
            (2, 1.0, 0.5),
            (10, -0.5, -0.3),
        ]);
        let c = caroms(&context(&s, &l));
        // Every carom found is the 1 off the 2; the corner beside them is among them (the
        // search may also tune one the length of the table into the head-left corner).
        assert!(
            c.iter().all(|c| c.kind == Kind::Carom { off: 2 }
                && matches!(c.call, Call::Ball { ball: 1, .. }))
        );
        assert!(c.iter().any(|c| c.call
            == Call::Ball {
                ball: 1,
                pocket: Pocket::FootLeft
            }));
        assert!(all_make_their_call(&s, &l, &c));
    }

    #[test]
    fn no_bank_is_tried_off_a_pockets_own_cushion() {
        let t = TableSize::NineFoot.spec();
        let [foot, head, left, right] = cushion_lines(&t);
        assert!(
            on_cushion(&t, Pocket::FootLeft, &foot) && on_cushion(&t, Pocket::FootRight, &foot)
        );
        assert!(
            !on_cushion(&t, Pocket::SideLeft, &foot) && !on_cushion(&t, Pocket::HeadLeft, &foot)
        );
        assert!(on_cushion(&t, Pocket::HeadRight, &head));
        assert!(
            on_cushion(&t, Pocket::SideLeft, &left) && !on_cushion(&t, Pocket::SideRight, &left)
        );
        assert!(
            on_cushion(&t, Pocket::FootRight, &right) && !on_cushion(&t, Pocket::FootLeft, &right)
        );
    }
}
