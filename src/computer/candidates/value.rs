//! The value of a stroke: how a level weighs a shot, a safety or a push out (level 5: its odds of the rack).

use super::*;

/// How a level weighs a shot against a safety or a push out. Level 5 counts its chance of
/// winning the rack (`RackOdds`) and weighs a safety against any shot under `ODDS_SAFETY_BELOW`;
/// the levels below count balls: a made ball +1, a miss leaving the opponent `AFTER_A_MISS`,
/// a foul `AFTER_A_FOUL`, a safety only under `SAFETY_BELOW`.
pub(in crate::computer) struct Worth {
    pub(super) odds: Option<RackOdds>,
    pub(super) balls: usize,
    /// The shooter is on two fouls: a third loses the rack (7.14).
    pub(super) warned: bool,
}

/// Level 5 weighs a safety against any shot below this chance (its odds decide between them).
pub(super) const ODDS_SAFETY_BELOW: f64 = 0.6;

impl Worth {
    pub fn of(ctx: &Context) -> Worth {
        Worth {
            odds: ctx.level.looks_ahead().then_some(RackOdds::LEVEL_5),
            balls: ctx.state.on_table.len(),
            warned: matches!(
                ctx.state.turn().action,
                TurnAction::Shoot {
                    on_two_fouls_warned: true,
                    ..
                }
            ),
        }
    }

    /// The next shot's chance that a made ball's position is worth at least: at level 5 the
    /// chance worth a safety (`RackOdds::worth_a_safety`), which the shooter plays from a
    /// worse position; 0 below.
    pub(super) fn next_at_least(&self) -> f64 {
        self.odds
            .map_or(0.0, |o| o.worth_a_safety(self.balls.saturating_sub(1)))
    }

    pub(super) fn safety_below(&self) -> f64 {
        if self.odds.is_some() {
            ODDS_SAFETY_BELOW
        } else {
            SAFETY_BELOW
        }
    }

    /// A shot that makes the call `make` of the time and fouls `foul` of it, its made ball
    /// leaving a next shot of chance `next` (when known). At level 5 a foul of a player on
    /// two fouls is the rack lost (7.14).
    pub(super) fn shot(&self, make: f64, foul: f64, next: Option<f64>) -> f64 {
        match self.odds {
            Some(o) if self.warned => {
                o.shoot(make, foul, next, self.balls) - foul * o.after_foul(self.balls)
            }
            Some(o) => o.shoot(make, foul, next, self.balls),
            None => make - (1.0 - make - foul) * AFTER_A_MISS - foul * AFTER_A_FOUL,
        }
    }

    /// A safety legal `legal` of the time that leaves the opponent a best shot of `left`.
    pub(super) fn safety(&self, legal: f64, left: f64) -> f64 {
        match self.odds {
            Some(o) => o.safety(legal, left, self.balls),
            None => -legal * left - (1.0 - legal) * AFTER_A_FOUL,
        }
    }

    /// Whether a player offered the table (5.4, 5.6, 5.7) with a best shot of `p` plays it:
    /// at level 5 when his odds of the rack from there are even or better (a shot of about
    /// 37 % or more), below when the shot is likelier than not.
    pub fn plays_table(&self, p: f64) -> bool {
        match self.odds {
            Some(o) => o.at_table(p, self.balls) >= 0.5,
            None => p >= 0.5,
        }
    }

    /// A push out (5.4) that leaves a best shot of `p`: the opponent plays it or hands it
    /// back as `plays_table` decides, whichever is worth more to him.
    pub(super) fn push_out(&self, p: f64) -> f64 {
        let plays = self.plays_table(p);
        match self.odds {
            Some(o) => {
                let his = o.at_table(p, self.balls);
                if plays { 1.0 - his } else { his }
            }
            None if plays => -p,
            None => p,
        }
    }
}

/// A tuned cut's chance from its window of aims (`window_chance` with the level's aim error)
/// instead of its samples' share: the same figure on average (over 3,961 open-table cuts the
/// window gave 88, 62 and 41 % from 1 to 1.5, 1.5 to 2 and 2 to 2.5 m of travel, and FastFiz's
/// noise made 86, 61 and 38 %, `examples/noise_odds`), without the samples' scatter, which
/// made the luckiest candidate look best. A window counts aims only: the samples whose launch
/// fell inside it (at least `MIN_INSIDE`) say what else loses the stroke (a scratch, a speed
/// the jaws reject, a rattle between the aims tried), and the window's chance is multiplied
/// by the share of them that made the call legally (over 100 racks of level 5 against itself
/// the shots it gave 95 % or more went in 96.5 % of the time without this, 97.8 % with it).
/// The fouls stay the samples' (at most what the window leaves).
pub(super) fn by_window(ctx: &Context, c: &Cut, o: Outcome) -> Outcome {
    let Some(width) = c.window else {
        return o;
    };
    let inside: Vec<bool> = o
        .launches
        .iter()
        .filter(|(off, _)| off.abs() <= 0.5 * width)
        .map(|&(_, made)| made)
        .collect();
    let kept = if inside.len() >= MIN_INSIDE {
        inside.iter().filter(|&&m| m).count() as f64 / inside.len() as f64
    } else {
        1.0
    };
    let made = window_chance(width, ctx.level.aim_error_deg()) * kept;
    Outcome {
        made,
        fouls: o.fouls.min(1.0 - made),
        ..o
    }
}
