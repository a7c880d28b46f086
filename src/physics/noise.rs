//! A player's execution error: each stroke as played is the stroke meant, off by gaussian errors
//! in aim, speed, tip offset and elevation (FastFiz's deviations by default). The batch runs,
//! the teaching scenarios' robust replays, the game's practice noise and the computer's levels
//! all draw from it.

use rand_distr::{Distribution, Normal};
use serde::{Deserialize, Serialize};

use super::cue::{MAX_ELEVATION_DEG, MAX_STRIKE_SPEED, Strike};

/// Human error per stroke: gaussian, standard deviations (FastFiz's values by default).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Noise {
    pub aim_deg: f64,
    pub speed: f64,
    /// Tip offset (m), side and height alike.
    pub tip: f64,
    pub elevation_deg: f64,
}

impl Default for Noise {
    fn default() -> Self {
        Noise {
            aim_deg: 0.125,
            speed: 0.075,
            tip: 0.0005,
            elevation_deg: 0.1,
        }
    }
}

impl Noise {
    /// The stroke as a player executes it: each part off by a gaussian error. Noise never takes
    /// a valid stroke out of the strike's range (speed up to MAX_STRIKE_SPEED, elevation 0 to
    /// 89 degrees, the tip on the ball of radius `r`): a stroke asked at the limit stays there.
    pub fn apply<R: rand::Rng + ?Sized>(&self, mut strike: Strike, r: f64, rng: &mut R) -> Strike {
        let mut gauss = |sigma: f64| {
            Normal::new(0.0, sigma)
                .map(|d| d.sample(&mut *rng))
                .unwrap_or(0.0)
        };
        strike.aim_deg += gauss(self.aim_deg);
        strike.speed = (strike.speed + gauss(self.speed)).clamp(0.01, MAX_STRIKE_SPEED);
        strike.side += gauss(self.tip) / r;
        strike.height += gauss(self.tip) / r;
        let off = strike.side.hypot(strike.height);
        if off > 1.0 {
            strike.side /= off;
            strike.height /= off;
        }
        strike.elevation_deg = (strike.elevation_deg + gauss(self.elevation_deg))
            .abs()
            .min(MAX_ELEVATION_DEG);
        strike
    }
}
