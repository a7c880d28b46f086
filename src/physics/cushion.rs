//! The cushion: where it is and how a ball comes off it.
//!
//! Where: six noses (straight lines between the jaw points), each jaw's point and its facing cut
//! back at the WPA angle (142 degrees at the corners, 104 at the sides), and the six pocket
//! holes placed by the WPA shelf depth. The nose sits at `NOSE_HEIGHT_SHARE` of the ball's
//! diameter, above the ball's centre, so a ball touches it when its centre is `reach` = R cos(theta)
//! from the nose line (sin(theta) = (h - R) / R).
//!
//! How: Mathavan, Jackson and Parkin, "A theoretical analysis of billiard ball dynamics under
//! cushion impacts", Proc. IMechE C 224 (2010). The impact is integrated over the normal impulse
//! P at the nose: friction acts at the nose (mu_w) and at the cloth (mu_s, the table's reaction
//! being the vertical part of the nose's push), each against its own slip; compression lasts
//! until the ball stops moving into the cushion, and restitution until the work the nose gives
//! back is e^2 of the work it took. The coefficient e is therefore a parameter again, not a
//! property of a solver's damping. Past the rigid model's range (2.5 m/s) the cushion has a
//! stop (`Give`): the work past 1/2 m v_stop^2 comes back with a lower restitution, both figures
//! fitted to the paper's own measured rebounds (`FIG_7A`, to 3.4 m/s). The hit is one
//! instantaneous event: the ball's centre does not move during it, and it leaves on the cloth
//! (no vertical speed: the nose pushes down).

use bevy::math::{DVec2, DVec3};

use super::equipment::Equipment;
use super::params::{BALL_MASS, NOSE_HEIGHT_SHARE};
use crate::table::{INCH, Pocket, Point, Rail, Table};

/// Steps of the impulse integration in each phase. Measured: 200 steps give rebound speeds
/// within 0.01 % and angles within 0.01 degrees of 20,000 steps (see the tests); a cushion hit
/// costs about 5 us.
const STEPS: usize = 200;

/// WPA shelf depth (mouth line to the edge of the slate's hole): corners 1 to 2.25 in, sides
/// 0 to 0.375 in; tenball takes the middle of each range.
pub const CORNER_SHELF: f64 = 1.625 * INCH;
pub const SIDE_SHELF: f64 = 0.1875 * INCH;
/// How far back each jaw's facing reaches behind the nose line (m).
const FACING_LENGTH: f64 = 0.10;

/// Sine and cosine of the angle between the horizontal and the line from the ball's centre to
/// the nose.
pub fn contact_angle(r: f64) -> (f64, f64) {
    let s = (NOSE_HEIGHT_SHARE * 2.0 * r - r) / r;
    (s, (1.0 - s * s).sqrt())
}

/// Whether a cushion's nose runs beside the point `along` (m) of a cushion line: `x` on the long
/// cushions (`long`), `y` on the end ones; false in a pocket's mouth.
pub fn nose_beside(t: &Table, long: bool, along: f64) -> bool {
    let corner = t.corner_mouth / std::f64::consts::SQRT_2;
    let a = along.abs();
    if long {
        a < t.length / 2.0 - corner && a > t.side_mouth / 2.0
    } else {
        a < t.width / 2.0 - corner
    }
}

/// The cushions whose nose a ball centred at `p` touches, or comes within `gap` (m) of.
pub fn cushions_touched(t: &Table, p: DVec2, gap: f64) -> Vec<Rail> {
    let (hl, hw) = (t.length / 2.0, t.width / 2.0);
    let near = t.cushion_reach() + gap;
    let (x, y) = (p.x, p.y);
    let mut rails = Vec::new();
    if nose_beside(t, false, y) {
        if x <= -hl + near {
            rails.push(Rail::Head);
        }
        if x >= hl - near {
            rails.push(Rail::Foot);
        }
    }
    if nose_beside(t, true, x) {
        let head = x < 0.0;
        if y >= hw - near {
            rails.push(if head { Rail::LeftHead } else { Rail::LeftFoot });
        }
        if y <= -hw + near {
            rails.push(if head {
                Rail::RightHead
            } else {
                Rail::RightFoot
            });
        }
    }
    rails
}

/// The pocket whose opening a point (table x, y) lies in, if any: behind the cushion lines
/// and within a mouth's reach of the pocket's centre.
pub fn pocket_at(t: &Table, x: f64, y: f64) -> Option<Pocket> {
    let (hl, hw) = (t.length / 2.0, t.width / 2.0);
    let inside = x.abs() < hl - 0.09 && y.abs() < hw - 0.09;
    if inside {
        return None;
    }
    Pocket::ALL
        .into_iter()
        .map(|p| (p, t.pocket_mouth_centre(p).distance(Point::new(x, y))))
        .filter(|&(p, d)| d < t.pocket_mouth(p) + 0.05)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(p, _)| p)
}

/// A piece of cushion a ball can meet, seen from above.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape {
    /// A nose or a facing: from `start` along the unit `dir` for `len`; `n` is the unit normal
    /// toward the side balls come from.
    Line {
        start: DVec2,
        dir: DVec2,
        len: f64,
        n: DVec2,
    },
    /// A jaw's point (the nose's end).
    Point { c: DVec2 },
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Boundary {
    /// The cushion it belongs to (a jaw belongs to its cushion).
    pub rail: Rail,
    pub shape: Shape,
}

/// The nose line of one cushion (table x, y): where it starts and ends, its outward normal, and
/// the cut angle at each end (degrees, the WPA 142 for corners and 104 for sides).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CushionLine {
    pub rail: Rail,
    pub start: DVec2,
    pub end: DVec2,
    pub out: DVec2,
    pub cut_start_deg: f64,
    pub cut_end_deg: f64,
}

/// The six cushions' nose lines: head, foot, left (head side, foot side), right (head side, foot
/// side).
pub fn cushion_lines(t: &Table) -> [CushionLine; 6] {
    let (hl, hw) = (t.length / 2.0, t.width / 2.0);
    let c = t.corner_mouth / std::f64::consts::SQRT_2;
    let s = t.side_mouth / 2.0;
    let (cc, sc) = (t.corner_cut_deg, t.side_cut_deg);
    let line = |rail, start, end, out, cut_start_deg, cut_end_deg| CushionLine {
        rail,
        start,
        end,
        out,
        cut_start_deg,
        cut_end_deg,
    };
    [
        line(
            Rail::Head,
            DVec2::new(-hl, -(hw - c)),
            DVec2::new(-hl, hw - c),
            DVec2::new(-1.0, 0.0),
            cc,
            cc,
        ),
        line(
            Rail::Foot,
            DVec2::new(hl, -(hw - c)),
            DVec2::new(hl, hw - c),
            DVec2::new(1.0, 0.0),
            cc,
            cc,
        ),
        line(
            Rail::LeftHead,
            DVec2::new(-(hl - c), hw),
            DVec2::new(-s, hw),
            DVec2::new(0.0, 1.0),
            cc,
            sc,
        ),
        line(
            Rail::LeftFoot,
            DVec2::new(s, hw),
            DVec2::new(hl - c, hw),
            DVec2::new(0.0, 1.0),
            sc,
            cc,
        ),
        line(
            Rail::RightHead,
            DVec2::new(-(hl - c), -hw),
            DVec2::new(-s, -hw),
            DVec2::new(0.0, -1.0),
            cc,
            sc,
        ),
        line(
            Rail::RightFoot,
            DVec2::new(s, -hw),
            DVec2::new(hl - c, -hw),
            DVec2::new(0.0, -1.0),
            sc,
            cc,
        ),
    ]
}

/// Everything of the cushions a ball on the bed can meet: six noses, twelve jaw points and
/// twelve facings.
pub fn boundaries(t: &Table) -> Vec<Boundary> {
    let mut out = Vec::with_capacity(30);
    for line in cushion_lines(t) {
        let CushionLine {
            rail,
            start: a,
            end: b,
            out: n_out,
            cut_start_deg: cut_a,
            cut_end_deg: cut_b,
        } = line;
        let ab = b - a;
        let len = ab.x.hypot(ab.y);
        let dir = ab / len;
        let n_in = -n_out;
        out.push(Boundary {
            rail,
            shape: Shape::Line {
                start: a,
                dir,
                len,
                n: n_in,
            },
        });
        // Each end: its point, and its facing leaving the nose at (180 - cut) degrees from the
        // cushion line, back toward the pocket (away from the cushion's own side `toward`).
        for (tip, cut, toward) in [(a, cut_a, dir), (b, cut_b, -dir)] {
            out.push(Boundary {
                rail,
                shape: Shape::Point { c: tip },
            });
            let back = (180.0 - cut).to_radians();
            // Out behind the nose line, and along the line away from the cushion.
            let f = n_out * back.sin() - toward * back.cos();
            // The facing's normal toward the pocket's throat (away from the cushion).
            let mut n = DVec2::new(-f.y, f.x);
            if n.dot(toward) > 0.0 {
                n = -n;
            }
            out.push(Boundary {
                rail,
                shape: Shape::Line {
                    start: tip,
                    dir: f,
                    len: FACING_LENGTH,
                    n,
                },
            });
        }
    }
    out
}

/// A pocket's hole in the slate: where the slate stops carrying a ball.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PocketHole {
    /// The centre (table x, y).
    pub centre: Point,
    pub radius: f64,
}

/// The six holes in the slate, in the order foot-left, foot-right, head-left, head-right, side
/// left, side right. Each sits on its pocket's axis
/// with its near edge the WPA shelf depth behind the mouth line, as wide as the throat between
/// the facings there.
pub fn pocket_holes(t: &Table) -> [PocketHole; 6] {
    let (hl, hw) = (t.length / 2.0, t.width / 2.0);
    // The facings close in by (cut - 135) degrees at a corner and (cut - 90) at a side.
    let corner_in = (t.corner_cut_deg - 135.0).to_radians().tan();
    let side_in = (t.side_cut_deg - 90.0).to_radians().tan();
    let corner_r = t.corner_mouth / 2.0 - CORNER_SHELF * corner_in;
    let side_r = t.side_mouth / 2.0 - SIDE_SHELF * side_in;
    // The corner mouth's centre is half a mouth from the corner of the playing surface, inward
    // along the diagonal.
    let corner_depth = CORNER_SHELF + corner_r - t.corner_mouth / 2.0;
    let k = corner_depth / std::f64::consts::SQRT_2;
    let side_y = hw + SIDE_SHELF + side_r;
    let hole = |x, y, radius| PocketHole {
        centre: Point::new(x, y),
        radius,
    };
    [
        hole(hl + k, hw + k, corner_r),
        hole(hl + k, -hw - k, corner_r),
        hole(-hl - k, hw + k, corner_r),
        hole(-hl - k, -hw - k, corner_r),
        hole(0.0, side_y, side_r),
        hole(0.0, -side_y, side_r),
    ]
}

/// How much of the work a cushion takes in compression it gives back: the rubber gives back
/// `nose`^2 of the first 1/2 m `stop_speed`^2 of work, and the work past that (a hit hard enough
/// to press the rubber onto its backing, the stop) comes back with `stop`^2. Below the stop
/// the law is Mathavan's constant restitution; past it the rebound falls with speed and tends
/// to `stop`, as Mathavan's measurements do past 2.5 m/s (`FIG_7A`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Give {
    pub nose: f64,
    pub stop: f64,
    /// The speed whose kinetic energy, 1/2 m v^2, is the work the rubber takes before the stop
    /// (m/s); infinite for a cushion without one.
    pub stop_speed: f64,
}

impl Give {
    /// A constant restitution: Mathavan's rigid cushion.
    pub const fn rigid(e: f64) -> Give {
        Give {
            nose: e,
            stop: e,
            stop_speed: f64::INFINITY,
        }
    }

    /// The work (J) given back of `work` taken by a ball of mass `m`.
    pub fn returned(&self, work: f64, m: f64) -> f64 {
        let rubber = 0.5 * m * self.stop_speed * self.stop_speed;
        self.nose * self.nose * work.min(rubber) + self.stop * self.stop * (work - rubber).max(0.0)
    }

    /// The restitution a hit taking `work` sees: the root of the share given back.
    pub fn restitution(&self, work: f64, m: f64) -> f64 {
        if work > 0.0 {
            (self.returned(work, m) / work).sqrt()
        } else {
            self.nose
        }
    }
}

/// A ball's velocity and spin (table x, y, up) after it meets the cushion whose normal, from
/// the ball toward the cushion, is `n_in` (horizontal, unit); and the impulse at the nose (N s).
/// A ball not moving into the cushion is left as it is. The equipment gives the cushion's
/// restitution (with its stop) and friction and the cloth's sliding friction.
pub fn rebound(
    v: DVec3,
    w: DVec3,
    n_in: DVec2,
    r: f64,
    equipment: &Equipment,
) -> (DVec3, DVec3, f64) {
    let (give, mu_s, mu_w) = (
        equipment.cushions.give(),
        equipment.cloth.mu_slide,
        equipment.cushions.friction,
    );
    rebound_with(v, w, n_in, r, give, mu_s, mu_w, STEPS)
}

/// The model with its parameters: the cushion's `give`, ball-cloth friction `mu_s`,
/// ball-cushion friction `mu_w`, and the integration's steps per phase.
#[allow(clippy::too_many_arguments)]
pub fn rebound_with(
    v: DVec3,
    w: DVec3,
    n_in: DVec2,
    r: f64,
    give: Give,
    mu_s: f64,
    mu_w: f64,
    steps: usize,
) -> (DVec3, DVec3, f64) {
    let (sin, _) = contact_angle(r);
    rebound_model(v, w, n_in, r, BALL_MASS, sin, give, mu_s, mu_w, steps)
}

/// Mathavan's model with every parameter of the paper: ball radius `r` and mass `m`, the sine
/// of the contact angle (the nose at height R (1 + sin)), the cushion's give (the paper's
/// constant restitution is `Give::rigid`), the two frictions and the integration's steps per
/// phase.
#[allow(clippy::too_many_arguments)]
pub fn rebound_model(
    v: DVec3,
    w: DVec3,
    n_in: DVec2,
    r: f64,
    m: f64,
    sin: f64,
    give: Give,
    mu_s: f64,
    mu_w: f64,
    steps: usize,
) -> (DVec3, DVec3, f64) {
    // The cushion's frame: x along it, y into it, z up (right-handed).
    let tx = DVec2::new(n_in.y, -n_in.x);
    let along = |a: DVec3| a.truncate().dot(tx);
    let into = |a: DVec3| a.truncate().dot(n_in);
    let (mut vx, mut vy) = (along(v), into(v));
    if !(vy > 0.0) {
        return (v, w, 0.0);
    }
    let (mut wx, mut wy, mut wz) = (along(w), into(w), w.z);
    let cos = (1.0 - sin * sin).sqrt();
    let k = 5.0 / (2.0 * m * r);
    // One step of dp: friction at the nose (I) and at the cloth (C), each against its slip.
    let step = |vx: &mut f64, vy: &mut f64, wx: &mut f64, wy: &mut f64, wz: &mut f64, dp: f64| {
        let (sx, sy) = (*vx + *wy * r * sin - *wz * r * cos, -*vy * sin + *wx * r);
        let (cx, cy) = (*vx - *wy * r, *vy + *wx * r);
        // Cosine and sine of each slip's angle (at the nose, at the cloth).
        let (cos_i, sin_i) = unit(sx, sy);
        let (cos_c, sin_c) = unit(cx, cy);
        let table = sin + mu_w * sin_i * cos;
        *vx -= dp / m * (mu_w * cos_i + mu_s * cos_c * table);
        *vy -= dp / m * (cos - mu_w * sin * sin_i + mu_s * sin_c * table);
        *wx -= k * dp * (mu_w * sin_i + mu_s * sin_c * table);
        *wy -= k * dp * (mu_w * cos_i * sin - mu_s * cos_c * table);
        *wz += k * dp * mu_w * cos_i * cos;
    };
    let dp = m * vy / steps as f64;
    let mut work = 0.0;
    let mut total = 0.0;
    let mut n = 0;
    while vy > 0.0 && n < 20 * steps {
        let before = vy;
        step(&mut vx, &mut vy, &mut wx, &mut wy, &mut wz, dp);
        work += dp * 0.5 * (before + vy.max(0.0)) * cos;
        total += dp;
        n += 1;
    }
    let target = give.returned(work, m);
    let mut given = 0.0;
    let mut n = 0;
    while given < target && n < 40 * steps {
        let before = vy.abs();
        let mut h = dp;
        // The last step takes only the work still owed.
        if given + h * before * cos > target && before > 0.0 {
            h = (target - given) / (before * cos);
        }
        step(&mut vx, &mut vy, &mut wx, &mut wy, &mut wz, h);
        given += h * 0.5 * (before + vy.abs()) * cos;
        total += h;
        n += 1;
    }
    let v_out = (vx * tx + vy * n_in).extend(0.0);
    let w_out = (wx * tx + wy * n_in).extend(wz);
    (v_out, w_out, total)
}

/// The direction of a slip (x, y), or zero when there is none.
fn unit(x: f64, y: f64) -> (f64, f64) {
    let s = (x * x + y * y).sqrt();
    if s > 1e-12 {
        (x / s, y / s)
    } else {
        (0.0, 0.0)
    }
}

/// Mathavan et al. 2010, with the paper's snooker ball and cushion (m 0.1406 kg, R 26.25 mm,
/// nose at 36.75 mm, e 0.98, mu_s 0.212, mu_w 0.14) at 1 m/s: (topspin k, sidespin k,
/// incidence from the cushion line in degrees, rebound velocity along and off the cushion).
/// The values are pooltool 0.6's implementation of the paper (`mathavan_2010.solve_paper`,
/// 20,000 steps), whose plots its authors checked against the paper's figures 7-10.
pub const PAPER: [PaperRebound; 30] = [
    paper(0.0, 0.0, 15.0, 0.84223, -0.24800),
    paper(0.0, 0.0, 30.0, 0.63579, -0.46486),
    paper(0.0, 0.0, 45.0, 0.42057, -0.62869),
    paper(0.0, 0.0, 60.0, 0.25749, -0.74156),
    paper(0.0, 0.0, 75.0, 0.12191, -0.81320),
    paper(0.0, 0.0, 89.0, 0.00754, -0.83719),
    paper(1.0, 0.0, 15.0, 0.88230, -0.25153),
    paper(1.0, 0.0, 30.0, 0.71409, -0.48167),
    paper(1.0, 0.0, 45.0, 0.51391, -0.67403),
    paper(1.0, 0.0, 60.0, 0.31325, -0.80858),
    paper(1.0, 0.0, 75.0, 0.15539, -0.88398),
    paper(1.0, 0.0, 89.0, 0.01047, -0.91050),
    paper(-1.0, 0.0, 15.0, 0.84168, -0.24908),
    paper(-1.0, 0.0, 30.0, 0.65554, -0.47246),
    paper(-1.0, 0.0, 45.0, 0.46013, -0.65497),
    paper(-1.0, 0.0, 60.0, 0.26752, -0.78112),
    paper(-1.0, 0.0, 75.0, 0.10527, -0.84694),
    paper(-1.0, 0.0, 89.0, 0.00491, -0.86575),
    paper(1.0, 1.0, 15.0, 0.89202, -0.24774),
    paper(1.0, 1.0, 30.0, 0.78266, -0.46143),
    paper(1.0, 1.0, 45.0, 0.68613, -0.64409),
    paper(1.0, 1.0, 60.0, 0.56186, -0.79023),
    paper(1.0, 1.0, 75.0, 0.41528, -0.89065),
    paper(1.0, 1.0, 89.0, 0.24696, -0.93780),
    paper(1.0, -1.0, 15.0, 0.88100, -0.25237),
    paper(1.0, -1.0, 30.0, 0.70612, -0.48504),
    paper(1.0, -1.0, 45.0, 0.48942, -0.68224),
    paper(1.0, -1.0, 60.0, 0.24756, -0.83061),
    paper(1.0, -1.0, 75.0, -0.00105, -0.91941),
    paper(1.0, -1.0, 89.0, -0.21882, -0.94009),
];

/// One of the paper model's rebounds: a ball at 1 m/s with topspin and sidespin as shares of
/// rolling (k), meeting the cushion at `incidence_deg` from the cushion line, leaves with
/// velocity `along` the cushion line and `off` it (m/s; negative: away from the cushion).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PaperRebound {
    pub topspin: f64,
    pub sidespin: f64,
    pub incidence_deg: f64,
    pub along: f64,
    pub off: f64,
}

const fn paper(
    topspin: f64,
    sidespin: f64,
    incidence_deg: f64,
    along: f64,
    off: f64,
) -> PaperRebound {
    PaperRebound {
        topspin,
        sidespin,
        incidence_deg,
        along,
        off,
    }
}

/// The paper's ball and cushion for `PAPER` (kg, m, m above the bed, and the coefficients).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PaperSetup {
    pub mass: f64,
    pub radius: f64,
    pub nose_height: f64,
    pub restitution: f64,
    pub mu_slide: f64,
    pub mu_cushion: f64,
}

pub const PAPER_BALL: PaperSetup = PaperSetup {
    mass: 0.1406,
    radius: 0.02625,
    nose_height: 0.03675,
    restitution: 0.98,
    mu_slide: 0.212,
    mu_cushion: 0.14,
};

/// Mathavan, Jackson and Parkin 2010, Fig. 7(a): a rolling ball driven square into the
/// cushion of a snooker table (Riley Renaissance; the paper's ball, `PAPER_BALL`), measured by a
/// high-speed camera: (incident speed, rebound speed), m/s. Read from the figure's 19
/// experimental diamonds by maxjchuang/BilliardGL
/// (`tests/physics_validation/reference_data/mathavan_2010_cushion/raw_extracted.csv`; one pixel
/// is 0.009 m/s across and 0.007 m/s up). The paper's rigid model (e 0.98) is fitted below
/// 1.5 m/s and stated valid below 2.5 m/s; the points past it fall away from it.
pub const FIG_7A: [(f64, f64); 19] = [
    (0.263, 0.234),
    (0.355, 0.324),
    (0.418, 0.383),
    (0.651, 0.583),
    (0.704, 0.665),
    (0.845, 0.791),
    (1.154, 1.069),
    (1.299, 1.237),
    (1.526, 1.456),
    (1.755, 1.645),
    (1.991, 1.824),
    (2.276, 2.031),
    (2.530, 2.280),
    (2.701, 2.265),
    (2.893, 2.383),
    (2.985, 2.462),
    (3.106, 2.620),
    (3.185, 2.568),
    (3.405, 2.732),
];

/// The rebound speed (m/s) of a ball rolling square into the cushion at `speed` with the
/// paper's ball, cushion and frictions (`PAPER_BALL`) and the cushion's `give`: Fig. 7(a)'s
/// experiment as the model plays it.
pub fn paper_rolling_rebound(speed: f64, give: Give) -> f64 {
    let p = PAPER_BALL;
    let v = DVec3::new(0.0, speed, 0.0);
    // Rolling toward +y: the cloth's contact point at rest.
    let w = DVec3::new(-speed / p.radius, 0.0, 0.0);
    let (out, _, _) = rebound_model(
        v,
        w,
        DVec2::Y,
        p.radius,
        p.mass,
        (p.nose_height - p.radius) / p.radius,
        give,
        p.mu_slide,
        p.mu_cushion,
        STEPS,
    );
    out.truncate().length()
}

/// The stop's restitution and speed that bring the paper's model nearest Fig. 7(a)'s 19
/// points (least squares on the rebound speed), the rubber's restitution held at the paper's
/// 0.98 (its fit below 1.5 m/s); and the root mean square of the misses (m/s). A grid of 0.005
/// in restitution and 0.01 m/s in speed, refined once around its best.
pub fn fit_fig_7a() -> (Give, f64) {
    fit_rolling_rebounds(&FIG_7A)
}

/// The same fit to any set of (incident, rebound) points of the experiment, e.g. a resample of
/// the figure's for the fit's uncertainty.
pub fn fit_rolling_rebounds(points: &[(f64, f64)]) -> (Give, f64) {
    let nose = PAPER_BALL.restitution;
    let misses = |stop: f64, stop_speed: f64| {
        let give = Give {
            nose,
            stop,
            stop_speed,
        };
        rolling_misses(points, give)
    };
    // The best (misses, stop, speed) over a grid of stops and speeds.
    let grid = |stops: Vec<f64>, speeds: Vec<f64>| {
        let mut best = (f64::INFINITY, 0.0, 0.0);
        for &stop in &stops {
            for &speed in &speeds {
                let m = misses(stop, speed);
                if m < best.0 {
                    best = (m, stop, speed);
                }
            }
        }
        best
    };
    let (_, s0, v0) = grid(
        (0..=26).map(|i| 0.3 + 0.025 * i as f64).collect(),
        (0..=30).map(|i| 1.0 + 0.1 * i as f64).collect(),
    );
    let best = grid(
        (-5..=5).map(|i| s0 + 0.005 * i as f64).collect(),
        (-10..=10).map(|i| v0 + 0.01 * i as f64).collect(),
    );
    let (rms, stop, stop_speed) = best;
    (
        Give {
            nose,
            stop,
            stop_speed,
        },
        rms,
    )
}

/// The root mean square of the misses (m/s) of the paper's model with `give` against (incident,
/// rebound) points of the experiment: what the fit makes least.
pub fn rolling_misses(points: &[(f64, f64)], give: Give) -> f64 {
    let squares: f64 = points
        .iter()
        .map(|&(v, out)| (paper_rolling_rebound(v, give) - out).powi(2))
        .sum();
    (squares / points.len() as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::params::{E_NOSE, E_STOP, MU_CUSHION, MU_SLIDE, STOP_SPEED};
    use crate::table::{BALL_RADIUS as R, TableSize};

    /// Rebound speed and angle (degrees from the cushion's normal) for a ball at `speed` and incidence `alpha` (degrees from the normal) with topspin
    /// `k_top * v/R` and sidespin `k_side * v/R`.
    fn shot(speed: f64, alpha: f64, k_top: f64, k_side: f64, steps: usize) -> (f64, f64) {
        let a = alpha.to_radians();
        // Into the cushion along +y, the cushion's line along x.
        let v = DVec3::new(speed * a.sin(), speed * a.cos(), 0.0);
        // Topspin about the axis across the path: w = (v_y, -v_x)/R for rolling in table frame.
        let w = DVec3::new(-k_top * v.y / R, k_top * v.x / R, k_side * speed / R);
        let (vo, _, _) = rebound_with(
            v,
            w,
            DVec2::Y,
            R,
            Give::rigid(E_NOSE),
            MU_SLIDE,
            MU_CUSHION,
            steps,
        );
        (vo.x.hypot(vo.y), vo.x.atan2(-vo.y).to_degrees())
    }

    #[test]
    fn the_integration_has_converged_at_its_step_count() {
        let mut worst = (0.0f64, 0.0f64);
        for (alpha, top, side) in [
            (0.0, 1.0, 0.0),
            (45.0, 1.0, 0.0),
            (30.0, 0.0, 1.0),
            (60.0, -1.0, -0.5),
            (75.0, 1.0, 1.0),
        ] {
            let (s1, a1) = shot(1.5, alpha, top, side, STEPS);
            let (s2, a2) = shot(1.5, alpha, top, side, 20_000);
            worst = (
                worst.0.max((s1 / s2 - 1.0).abs()),
                worst.1.max((a1 - a2).abs()),
            );
            assert!((s1 - s2).abs() < 5e-4 * s2, "speed {s1} vs {s2}");
            assert!((a1 - a2).abs() < 0.02, "angle {a1} vs {a2}");
        }
        println!(
            "{STEPS} steps: speed within {:.4} %, angle within {:.4} deg",
            worst.0 * 100.0,
            worst.1
        );
    }

    #[test]
    fn rebounds_match_the_paper_model_with_and_without_english() {
        let PaperSetup {
            mass: m,
            radius: r,
            nose_height: h,
            restitution: e,
            mu_slide: mu_s,
            mu_cushion: mu_w,
        } = PAPER_BALL;
        let mut worst = (0.0f64, 0.0f64);
        for p in PAPER {
            let (kt, ks, alpha, vx, vy) = (p.topspin, p.sidespin, p.incidence_deg, p.along, p.off);
            let a = alpha.to_radians();
            let v = DVec3::new(a.cos(), a.sin(), 0.0);
            let w = DVec3::new(-kt * a.sin() / r, kt * a.cos() / r, ks / r);
            let (out, _, _) = rebound_model(
                v,
                w,
                DVec2::Y,
                r,
                m,
                (h - r) / r,
                Give::rigid(e),
                mu_s,
                mu_w,
                STEPS,
            );
            // Speed and angle off the cushion line, ours and the paper's.
            let speed = (out.x.hypot(out.y), vx.hypot(vy));
            let angle = (
                (-out.y).atan2(out.x).to_degrees(),
                (-vy).atan2(vx).to_degrees(),
            );
            let (ds, da) = ((speed.0 / speed.1 - 1.0).abs(), (angle.0 - angle.1).abs());
            worst = (worst.0.max(ds), worst.1.max(da));
            assert!(ds < 0.005, "k {kt}/{ks} at {alpha}: speed {speed:?}");
            assert!(da < 0.3, "k {kt}/{ks} at {alpha}: angle {angle:?}");
        }
        println!(
            "worst: speed {:.3} %, angle {:.3} deg",
            worst.0 * 100.0,
            worst.1
        );
    }

    /// The stop's figures against Mathavan's measured rebounds, Fig. 7(a): every point within
    /// 5 % (the figure's own scatter about a smooth curve: the rigid model misses its slow points
    /// by up to 4.5 %), the root mean square under 0.04 m/s, where the rigid cushion misses the
    /// five points past 2.8 m/s by 8-13 %.
    #[test]
    fn issue_61_the_cushion_follows_mathavans_measured_rebounds_to_3_4_m_s() {
        let give = Give {
            nose: PAPER_BALL.restitution,
            stop: E_STOP,
            stop_speed: STOP_SPEED,
        };
        let rigid = Give::rigid(PAPER_BALL.restitution);
        for (v, measured) in FIG_7A {
            let (ours, paper) = (
                paper_rolling_rebound(v, give),
                paper_rolling_rebound(v, rigid),
            );
            println!("{v:.3} m/s in: measured {measured:.3}, ours {ours:.3}, rigid {paper:.3}");
            assert!(
                (ours / measured - 1.0).abs() < 0.05,
                "{v} m/s: {ours} against {measured}"
            );
            // Below the stop the law is the paper's, to the bit.
            if v < STOP_SPEED * 0.99 {
                assert_eq!(ours, paper, "{v} m/s");
            }
            if v > 2.8 {
                assert!(paper / measured - 1.0 > 0.07, "{v}: rigid {paper}");
            }
        }
        let rms = rolling_misses(&FIG_7A, give);
        println!("root mean square miss {rms:.4} m/s");
        assert!(rms < 0.04, "{rms}");
    }

    /// `E_STOP` and `STOP_SPEED` are the least-squares fit to the figure, not set by hand.
    #[test]
    fn the_stops_figures_are_the_fit_to_fig_7a() {
        let (fit, rms) = fit_fig_7a();
        println!("fit {fit:?}, root mean square {rms:.4} m/s");
        assert!((fit.stop - E_STOP).abs() < 0.0051, "{fit:?}");
        assert!((fit.stop_speed - STOP_SPEED).abs() < 0.011, "{fit:?}");
    }

    /// Past the figure the stop's law goes on by its physics: the rebound keeps growing with
    /// the speed (no collapse, as Han's quadratic has past 2.9 m/s), its share falling toward
    /// the stop's restitution.
    #[test]
    fn past_the_measurements_the_rebound_grows_and_its_share_tends_to_the_stops() {
        let give = Give {
            nose: PAPER_BALL.restitution,
            stop: E_STOP,
            stop_speed: STOP_SPEED,
        };
        let mut last = (0.0, 1.0);
        for k in 0..=40 {
            let v = 3.4 + 0.2 * k as f64;
            let out = paper_rolling_rebound(v, give);
            let share = out / v;
            assert!(out > last.0 && share < last.1, "{v}: {out}");
            last = (out, share);
        }
        let rolling_share_at = |e: f64| paper_rolling_rebound(20.0, Give::rigid(e)) / 20.0;
        assert!(last.1 > rolling_share_at(E_STOP), "{last:?}");
        assert!(give.restitution(1e9, PAPER_BALL.mass) - E_STOP < 1e-4);
    }

    #[test]
    fn holes_sit_behind_the_mouths_by_the_shelf() {
        let t = TableSize::NineFoot.spec();
        let holes = pocket_holes(&t);
        // Foot-left corner: the mouth's centre, then the hole's near edge a shelf behind it.
        let c = t.corner_mouth / std::f64::consts::SQRT_2;
        let mouth = [t.length / 2.0 - c / 2.0, t.width / 2.0 - c / 2.0];
        let PocketHole { centre, radius: r } = holes[0];
        let d = (centre.x - mouth[0]).hypot(centre.y - mouth[1]) - r;
        assert!((d - CORNER_SHELF).abs() < 1e-9, "{d}");
        assert!(r > R && r < t.corner_mouth / 2.0);
        let side = holes[4];
        assert!((side.centre.y - side.radius - t.width / 2.0 - SIDE_SHELF).abs() < 1e-9);
        assert_eq!(boundaries(&t).len(), 30);
        assert!(t.cushion_reach() < R && t.cushion_reach() > 0.9 * R);
        assert!((t.cushion_reach() - R * contact_angle(R).1).abs() < 1e-12);
        // Each hole lies in its pocket's opening.
        for (k, h) in holes.into_iter().enumerate() {
            assert_eq!(
                pocket_at(&t, h.centre.x, h.centre.y),
                Some(Pocket::ALL[[4, 5, 0, 1, 2, 3][k]])
            );
        }
    }
}
