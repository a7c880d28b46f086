//! Table geometry shared by the referee (kitchen, spotting, rack), the physics (colliders) and
//! any drawing: WPA table sizes, strings, spots, pockets and the ball. It is the bottom of the
//! house: of tenball it uses only `echo`, to write a bound in a message.
//!
//! Coordinates are metres on the bed, origin at the centre of the playing surface, `x` along the
//! long string toward the foot cushion, `y` toward the left long cushion as seen from the head
//! end. The playing surface is the area between the cushion noses.

use serde::{Deserialize, Serialize};

/// One inch in metres.
pub const INCH: f64 = 0.0254;

/// Radius of a pool ball (2.25 in diameter).
pub const BALL_RADIUS: f64 = 0.028575;

/// Height of the cushion nose above the bed, as a share of the ball's diameter (WPA: 62.5 to
/// 64.5 %).
pub const NOSE_HEIGHT_SHARE: f64 = 0.635;

/// How much closer than a diameter two ball centres may be and still count as touching, not
/// overlapping (m): 0.1 mm, the rounding of a place written to four decimals (a table file, a
/// hand-written layout or facts). The physics never leaves two balls closer than a diameter (the
/// closest pair at rest over 4,500 breaks: 0.16 um apart) and plays a pair this close as
/// touching; every check of whether two balls overlap uses this one tolerance
/// ([`Table::overlap`]).
pub const OVERLAP_TOLERANCE: f64 = 1e-4;

/// A point on the bed, in metres.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    pub fn distance(self, other: Point) -> f64 {
        (self.x - other.x).hypot(self.y - other.y)
    }

    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

/// A ball (0 = cue ball, 1 to 10 object balls) at a place on the bed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placed {
    pub ball: u8,
    pub at: Point,
}

/// The WPA table sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableSize {
    /// 9 ft: 100 x 50 in playing surface.
    #[default]
    #[serde(rename = "9ft", alias = "nine_foot")]
    NineFoot,
    /// 8 ft: 92 x 46 in.
    #[serde(rename = "8ft", alias = "eight_foot")]
    EightFoot,
    /// 7 ft: 78 x 39 in.
    #[serde(rename = "7ft", alias = "seven_foot")]
    SevenFoot,
}

impl TableSize {
    /// Its name as the files and options write it: `9ft`, `8ft`, `7ft`.
    pub fn name(self) -> &'static str {
        match self {
            TableSize::NineFoot => "9ft",
            TableSize::EightFoot => "8ft",
            TableSize::SevenFoot => "7ft",
        }
    }

    pub fn spec(self) -> Table {
        let (length_in, width_in) = match self {
            TableSize::NineFoot => (100.0, 50.0),
            TableSize::EightFoot => (92.0, 46.0),
            TableSize::SevenFoot => (78.0, 39.0),
        };
        Table {
            size: self,
            length: length_in * INCH,
            width: width_in * INCH,
            ball_radius: BALL_RADIUS,
            corner_mouth: 4.5 * INCH,
            side_mouth: 5.0 * INCH,
            corner_cut_deg: 142.0,
            side_cut_deg: 104.0,
        }
    }
}

/// The six pockets, named from the head end of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pocket {
    HeadLeft,
    HeadRight,
    SideLeft,
    SideRight,
    FootLeft,
    FootRight,
}

impl Pocket {
    pub const ALL: [Pocket; 6] = [
        Pocket::HeadLeft,
        Pocket::HeadRight,
        Pocket::SideLeft,
        Pocket::SideRight,
        Pocket::FootLeft,
        Pocket::FootRight,
    ];

    pub fn is_corner(self) -> bool {
        !matches!(self, Pocket::SideLeft | Pocket::SideRight)
    }

    pub fn name(self) -> &'static str {
        match self {
            Pocket::HeadLeft => "head left corner",
            Pocket::HeadRight => "head right corner",
            Pocket::SideLeft => "left side",
            Pocket::SideRight => "right side",
            Pocket::FootLeft => "foot left corner",
            Pocket::FootRight => "foot right corner",
        }
    }
}

/// The six cushions between the pockets. A cushion's jaws (its cut ends at the pockets) belong
/// to it; a rail top is a rail of its own. All count as a rail (WPA definition 8.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rail {
    /// The short cushion at the head end.
    Head,
    /// The short cushion at the foot end.
    Foot,
    /// Left long cushion between the head corner and the side pocket.
    LeftHead,
    /// Left long cushion between the side pocket and the foot corner.
    LeftFoot,
    RightHead,
    RightFoot,
    /// The top of a rail (a jumping ball).
    RailTop,
}

impl Rail {
    /// Its name as a player says it.
    pub fn name(self) -> &'static str {
        match self {
            Rail::Head => "head cushion",
            Rail::Foot => "foot cushion",
            Rail::LeftHead | Rail::LeftFoot => "left long cushion",
            Rail::RightHead | Rail::RightFoot => "right long cushion",
            Rail::RailTop => "rail top",
        }
    }

    pub const CUSHIONS: [Rail; 6] = [
        Rail::Head,
        Rail::Foot,
        Rail::LeftHead,
        Rail::LeftFoot,
        Rail::RightHead,
        Rail::RightFoot,
    ];
}

/// Sizes, strings, spots and pockets of one table.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub size: TableSize,
    /// Playing surface length between the cushion noses (m).
    pub length: f64,
    /// Playing surface width between the cushion noses (m).
    pub width: f64,
    pub ball_radius: f64,
    /// Corner pocket mouth, measured between the jaw points (m).
    pub corner_mouth: f64,
    /// Side pocket mouth (m).
    pub side_mouth: f64,
    /// Angle of the corner pocket jaws' cut (degrees, WPA: 142).
    pub corner_cut_deg: f64,
    /// Angle of the side pocket jaws' cut (degrees, WPA: 104).
    pub side_cut_deg: f64,
}

impl Default for Table {
    fn default() -> Self {
        TableSize::default().spec()
    }
}

impl Table {
    /// The head string: the line across the table a quarter of the length from the head cushion.
    pub fn head_string_x(&self) -> f64 {
        -self.length / 4.0
    }

    /// The foot spot: on the long string, a quarter of the length from the foot cushion.
    pub fn foot_spot(&self) -> Point {
        Point::new(self.length / 4.0, 0.0)
    }

    /// The head spot: the middle of the head string.
    pub fn head_spot(&self) -> Point {
        Point::new(self.head_string_x(), 0.0)
    }

    /// How far a ball's centre is from a cushion's nose line when it touches the nose: the nose
    /// sits above the ball's centre, so a little less than the radius.
    pub fn cushion_reach(&self) -> f64 {
        let r = self.ball_radius;
        let above = NOSE_HEIGHT_SHARE * 2.0 * r - r;
        (r * r - above * above).sqrt()
    }

    /// Whether balls centred at `a` and `b` overlap: closer than a diameter by more than
    /// [`OVERLAP_TOLERANCE`]. Touching balls do not overlap.
    pub fn overlap(&self, a: Point, b: Point) -> bool {
        a.distance(b) < 2.0 * self.ball_radius - OVERLAP_TOLERANCE
    }

    /// Whether a ball centred at `p` lies on the playing surface: not into a cushion (it may
    /// touch one) and not in a pocket's mouth.
    pub fn on_bed(&self, p: Point) -> bool {
        let reach = self.cushion_reach();
        p.is_finite()
            && p.x.abs() <= self.length / 2.0 - reach + 1e-9
            && p.y.abs() <= self.width / 2.0 - reach + 1e-9
    }

    /// Whether a ball can rest with its centre at `p`: on the bed (touching a cushion, or
    /// pressed into one by at most [`OVERLAP_TOLERANCE`]), or in a pocket's mouth: past a
    /// cushion's nose line, by at most a radius, only where no nose runs beside it (between the
    /// jaws of a side pocket, or within a corner mouth's reach of the corner).
    pub fn rest_place(&self, p: Point) -> bool {
        if !p.is_finite() {
            return false;
        }
        let reach = self.cushion_reach();
        let (hl, hw) = (self.length / 2.0, self.width / 2.0);
        let (bx, by) = (
            hl - reach + OVERLAP_TOLERANCE,
            hw - reach + OVERLAP_TOLERANCE,
        );
        let (x, y) = (p.x.abs(), p.y.abs());
        if x <= bx && y <= by {
            return true;
        }
        let r = self.ball_radius;
        if x > hl + r || y > hw + r {
            return false;
        }
        let corner = self.corner_mouth / std::f64::consts::SQRT_2;
        let end_gap = y >= hw - corner;
        let long_gap = x <= self.side_mouth / 2.0 || x >= hl - corner;
        (x <= bx || end_gap) && (y <= by || long_gap)
    }

    /// The bed's bounds for a ball's centre, as a message writes them for a refused `p`:
    /// `|x| <= X, |y| <= Y`, each at the precision that shows how `p` passed it.
    pub fn bed_bounds(&self, p: Point) -> String {
        let reach = self.cushion_reach();
        format!(
            "|x| <= {}, |y| <= {}",
            crate::echo::bound(self.length / 2.0 - reach, p.x.abs()),
            crate::echo::bound(self.width / 2.0 - reach, p.y.abs())
        )
    }

    /// The kitchen test (5.3, 7.10): a ball centred at `p` is on the bed and behind the head
    /// string. The string itself is not in the kitchen: a ball whose centre is on it is not.
    pub fn in_kitchen(&self, p: Point) -> bool {
        self.on_bed(p) && p.x < self.head_string_x()
    }

    /// Where the centre of each pocket's mouth lies (on the cushion lines).
    pub fn pocket_mouth_centre(&self, pocket: Pocket) -> Point {
        let (hx, hy) = (self.length / 2.0, self.width / 2.0);
        match pocket {
            Pocket::HeadLeft => Point::new(-hx, hy),
            Pocket::HeadRight => Point::new(-hx, -hy),
            Pocket::SideLeft => Point::new(0.0, hy),
            Pocket::SideRight => Point::new(0.0, -hy),
            Pocket::FootLeft => Point::new(hx, hy),
            Pocket::FootRight => Point::new(hx, -hy),
        }
    }

    /// Mouth width of a pocket (m).
    pub fn pocket_mouth(&self, pocket: Pocket) -> f64 {
        if pocket.is_corner() {
            self.corner_mouth
        } else {
            self.side_mouth
        }
    }

    /// The x range of the long string behind the foot spot where a ball centre may lie:
    /// from the foot spot to the foot cushion less a radius.
    pub fn long_string_x_range(&self) -> (f64, f64) {
        (self.foot_spot().x, self.length / 2.0 - self.ball_radius)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_balls_and_rounded_places_do_not_overlap_nearer_ones_do() {
        let t = TableSize::NineFoot.spec();
        let d = 2.0 * t.ball_radius;
        let a = Point::new(0.1, 0.2);
        // Touching; rounded to four decimals (within 0.1 mm); half a millimetre into it.
        assert!(!t.overlap(a, Point::new(0.1 + d, 0.2)));
        assert!(!t.overlap(a, Point::new(0.1 + d - 0.9e-4, 0.2)));
        assert!(t.overlap(a, Point::new(0.1 + d - 5e-4, 0.2)));
        assert!(t.overlap(a, a));
    }

    #[test]
    fn nine_foot_table_is_100_by_50_inches_with_strings_at_quarters() {
        let t = TableSize::NineFoot.spec();
        assert!((t.length - 2.54).abs() < 1e-12);
        assert!((t.width - 1.27).abs() < 1e-12);
        assert!((t.head_string_x() + 0.635).abs() < 1e-12);
        assert!((t.foot_spot().x - 0.635).abs() < 1e-12);
    }

    #[test]
    fn kitchen_excludes_the_head_string_and_the_cushions() {
        let t = Table::default();
        let hs = t.head_string_x();
        assert!(t.in_kitchen(Point::new(hs - 0.01, 0.0)));
        assert!(
            !t.in_kitchen(Point::new(hs, 0.0)),
            "the string itself is not in the kitchen"
        );
        assert!(!t.in_kitchen(Point::new(hs + 0.01, 0.0)));
        assert!(
            !t.in_kitchen(Point::new(-t.length / 2.0, 0.0)),
            "overlaps the head cushion"
        );
        assert!(!t.in_kitchen(Point::new(f64::NAN, 0.0)));
    }

    #[test]
    fn a_rest_place_is_on_the_bed_or_between_a_pockets_jaws_never_in_a_cushion() {
        let t = TableSize::EightFoot.spec();
        let hw = t.width / 2.0;
        // Round 3, item 5: 2.2 cm past the side cushion's line, 10 cm from the side pocket.
        assert!(!t.rest_place(Point::new(0.1, 0.6064)));
        // Touching the cushion; in the side pocket's mouth; in a corner's jaws.
        assert!(t.rest_place(Point::new(0.1, hw - t.cushion_reach())));
        assert!(t.rest_place(Point::new(0.02, hw + 0.01)));
        assert!(t.rest_place(Point::new(t.length / 2.0 + 0.01, hw - 0.03)));
        // Past the foot cushion in the middle of its nose; beyond a radius past a pocket.
        assert!(!t.rest_place(Point::new(t.length / 2.0 + 0.005, 0.0)));
        assert!(!t.rest_place(Point::new(0.0, hw + t.ball_radius + 0.001)));
    }

    #[test]
    fn smaller_tables_keep_the_ratio_two_to_one() {
        for size in [TableSize::EightFoot, TableSize::SevenFoot] {
            let t = size.spec();
            assert!((t.length / t.width - 2.0).abs() < 1e-9, "{size:?}");
            assert!(t.length < TableSize::NineFoot.spec().length);
        }
    }
}
