//! Cuts: each ghost-ball cut of the ball on into each pocket, with banks, combinations and caroms from the levels that play them.

use super::*;

/// The line from the cue ball to the ball on: the aim at the ball's centre (degrees) and the
/// distance between the centres (m).
pub(super) struct LineToBall {
    pub(super) cue: Point,
    pub(super) ball: Point,
    pub(super) centre_deg: f64,
    pub(super) dist: f64,
}

impl LineToBall {
    pub(super) fn of(ctx: &Context) -> Option<LineToBall> {
        let cue = ctx.layout.balls.iter().find(|b| b.ball == 0)?.at;
        let ball = ctx.layout.balls.iter().find(|b| b.ball == ctx.ball_on)?.at;
        let (dx, dy) = (ball.x - cue.x, ball.y - cue.y);
        Some(LineToBall {
            cue,
            ball,
            centre_deg: dy.atan2(dx).to_degrees(),
            dist: dx.hypot(dy),
        })
    }

    /// The aim that passes `offset` ball radii (`r`) beside the ball's centre (degrees).
    pub(super) fn beside(&self, offset: f64, r: f64) -> f64 {
        self.centre_deg + (offset * r / self.dist).atan().to_degrees()
    }
}

/// What kind of shot a candidate is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(in crate::computer) enum Kind {
    /// The ball on straight into the pocket.
    Cut,
    /// The ball on into the pocket off one cushion.
    Bank { cushion: &'static str },
    /// The ball on driven into another ball, which goes into the pocket (the call is that
    /// ball).
    Combination { via: u8 },
    /// The ball on glances off another ball into the pocket.
    Carom { off: u8 },
}

/// A candidate stroke for a called shot: its call, stroke and words.
pub(in crate::computer) struct Cut {
    pub call: Call,
    pub strike: Strike,
    /// The cut on the ball on (degrees).
    pub cut_deg: f64,
    pub pocket: Pocket,
    /// How easy it looks by the geometry alone (the greedy baseline's choice).
    pub geometry: f64,
    pub kind: Kind,
    /// From level 5's tuning: how wide the window of aims that make the call without error
    /// is (degrees), the stroke aimed at its middle.
    pub window: Option<f64>,
}

impl Cut {
    /// The shot in words: "the 3 in the foot left corner, a 12 degree cut", "the 3 off the
    /// left cushion into the foot right corner", "the 2 into the 5 in the side left".
    pub(super) fn words(&self, on: u8) -> String {
        let called = match self.call {
            Call::Ball { ball, .. } => ball,
            _ => on,
        };
        let pocket = self.pocket.name();
        match self.kind {
            Kind::Cut => format!("the {on} in the {pocket}, a {:.0} degree cut", self.cut_deg),
            Kind::Bank { cushion } => {
                format!("the {on} off the {cushion} cushion into the {pocket} (a bank)")
            }
            Kind::Combination { via } => {
                debug_assert_eq!(via, called);
                format!("the {on} into the {called} in the {pocket} (a combination)")
            }
            Kind::Carom { off } => format!("the {on} off the {off} into the {pocket} (a carom)"),
        }
    }
}

/// Every cut of the ball on into an open pocket, at the level's speeds and tips.
pub(super) fn cuts(ctx: &Context) -> Vec<Cut> {
    let t = ctx.state.table.spec();
    let (Some(cue), Some(ball)) = (
        ctx.layout.balls.iter().find(|b| b.ball == 0).map(|b| b.at),
        ctx.layout
            .balls
            .iter()
            .find(|b| b.ball == ctx.ball_on)
            .map(|b| b.at),
    ) else {
        return Vec::new();
    };
    let tips = ctx.level.tips();
    let mut out = Vec::new();
    for pocket in Pocket::ALL {
        if !lines_clear(&t, ctx.layout, cue, ctx.ball_on, pocket) {
            continue;
        }
        let Some((aim, cut, a, b)) = ghost_aim(&t, cue, ball, pocket) else {
            continue;
        };
        let base = (1.2 + 1.3 * (a + b)) / cut.to_radians().cos().max(0.35);
        let speeds: &[f64] = if ctx.level.looks_ahead() {
            &[0.6, 0.8, 1.0, 1.25, 1.6, 2.0]
        } else {
            &[0.8, 1.2, 1.7]
        };
        for speed in speeds.iter().map(|k| k * base) {
            for &height in &tips {
                out.push(Cut {
                    call: Call::Ball {
                        ball: ctx.ball_on,
                        pocket,
                    },
                    strike: Strike {
                        height,
                        ..Strike::new(aim, speed.min(MAX_CUT_SPEED))
                    },
                    cut_deg: cut,
                    pocket,
                    geometry: cut.to_radians().cos() / (1.0 + a + b),
                    kind: Kind::Cut,
                    window: None,
                });
            }
        }
    }
    out
}
