//! Level 5's odds of winning a rack: the chance that the player at the table wins it, from the
//! chance of the shot he faces and the balls left, under the rates level 5 plays at. A chain of
//! visits: a shot made leaves the shooter at the table with his ordinary next shot, a miss gives
//! the opponent the ordinary first shot of a visit, a foul gives him ball in hand, and an
//! exchange of safeties is even. It ranks the look ahead's candidates, weighs a shot against a
//! safety and a push out, and decides the choices of 5.4, 5.6 and 5.7 (`candidates`, `decide`).

/// The shot chances the rack's odds are counted from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct RackOdds {
    /// The chance of a shot the shooter played position for.
    pub run: f64,
    /// The chance of the first shot of a visit (after the opponent's miss).
    pub visit: f64,
    /// The chance of a shot from ball in hand.
    pub in_hand: f64,
}

/// An exchange of safeties between equals: either side wins it as often.
const EVEN: f64 = 0.5;

impl RackOdds {
    /// Level 5's own rates against itself (`duel --a 5 --b 5`, 300 racks of seeds 7 and 11 on
    /// 2026-12-04, 3,132 called shots): it made 84 % of the shots that went on its own run
    /// (2,302), 73 % of the first shots of a visit (674) and 97 % from ball in hand (156).
    /// Its later, higher rates were tried and not taken (docs/computer-history.md).
    pub const LEVEL_5: RackOdds = RackOdds {
        run: 0.84,
        visit: 0.73,
        in_hand: 0.97,
    };

    /// For `balls` (at least 1) on the table: A(balls - 1), the chance of winning for the
    /// player at the table with his ordinary next shot (`run`) after a made ball, and Q(balls),
    /// the chance for the player who comes to the table after a miss (`visit`). A(0) = 1 (the
    /// rack is won); Q(j) = visit A(j-1) + (1 - visit)(1 - Q(j)) (his miss gives the other the
    /// same first shot), A(j) = run A(j-1) + (1 - run)(1 - Q(j)).
    fn chain(&self, balls: usize) -> (f64, f64) {
        let q_after = |a: f64| (self.visit * a + 1.0 - self.visit) / (2.0 - self.visit);
        let mut a = 1.0;
        for _ in 1..balls {
            a = self.run * a + (1.0 - self.run) * (1.0 - q_after(a));
        }
        (a, q_after(a))
    }

    /// The chance that the player at the table wins when the shot he faces makes the ball
    /// `make` of the time with `balls` on the table (the ball made leaves him his ordinary next
    /// shot; a miss gives the opponent an ordinary first shot).
    pub fn at_table(&self, make: f64, balls: usize) -> f64 {
        if balls == 0 {
            return 1.0;
        }
        let (a, q) = self.chain(balls);
        make * a + (1.0 - make) * (1.0 - q)
    }

    /// The shooter's chance of winning when he plays a shot that makes the ball `make` of the
    /// time and fouls `foul` of it, with `balls` on the table; a made ball leaves him a next
    /// shot of chance `next` (his ordinary one when not known).
    /// The made ball's next shot is played or, when a safety is worth more, a safety is played
    /// instead (`or_safety`), as `leave` grants the opponent: a made ball that leaves no shot
    /// is not a miss to come.
    pub fn shoot(&self, make: f64, foul: f64, next: Option<f64>, balls: usize) -> f64 {
        let made = if balls <= 1 {
            1.0
        } else {
            self.or_safety(next.unwrap_or(self.run), balls - 1)
        };
        let (_, q) = self.chain(balls);
        let miss = (1.0 - make - foul).max(0.0);
        make * made + miss * (1.0 - q) + foul * self.after_foul(balls)
    }

    /// The chance of winning for the player who leaves the opponent a shot of chance `left`
    /// (his best): he shoots it or plays safe back, whichever is worth more to him.
    pub fn leave(&self, left: f64, balls: usize) -> f64 {
        1.0 - self.or_safety(left, balls)
    }

    /// The chance of winning for the player at the table whose best shot makes the ball
    /// `make` of the time: he shoots it or plays a safety, whichever is worth more (the
    /// exchange of safeties it starts is even).
    pub fn or_safety(&self, make: f64, balls: usize) -> f64 {
        self.at_table(make, balls).max(EVEN)
    }

    /// The shot chance worth as much as a safety to the player at the table with `balls` on
    /// it: below it he plays safe (`or_safety`). A next shot is worth at least this much.
    pub fn worth_a_safety(&self, balls: usize) -> f64 {
        if balls == 0 {
            return 0.0;
        }
        // at_table is linear in the chance: (1 - q) at 0, a at 1.
        let (low, high) = (self.at_table(0.0, balls), self.at_table(1.0, balls));
        ((EVEN - low) / (high - low)).clamp(0.0, 1.0)
    }

    /// The chance of winning for the player who gives the opponent ball in hand.
    pub fn after_foul(&self, balls: usize) -> f64 {
        1.0 - self.at_table(self.in_hand, balls)
    }

    /// A safety legal `legal` of the time that leaves the opponent `left` when legal (a foul
    /// gives ball in hand).
    pub fn safety(&self, legal: f64, left: f64, balls: usize) -> f64 {
        legal * self.leave(left, balls) + (1.0 - legal) * self.after_foul(balls)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ODDS: RackOdds = RackOdds::LEVEL_5;

    /// The chain against a count by hand for one and two balls left.
    #[test]
    fn the_chain_gives_what_a_count_by_hand_gives() {
        let (run, visit) = (ODDS.run, ODDS.visit);
        // One ball: made wins; a miss leaves Q(1) = 1 / (2 - visit).
        let q1 = 1.0 / (2.0 - visit);
        assert!((ODDS.at_table(0.4, 1) - (0.4 + 0.6 * (1.0 - q1))).abs() < 1e-12);
        // Two balls: A(1) = run + (1 - run)(1 - Q(1)); Q(2) = (visit A(1) + 1 - visit)/(2 - visit).
        let a1 = run + (1.0 - run) * (1.0 - q1);
        let q2 = (visit * a1 + 1.0 - visit) / (2.0 - visit);
        assert!((ODDS.at_table(0.4, 2) - (0.4 * a1 + 0.6 * (1.0 - q2))).abs() < 1e-12);
        assert!((ODDS.shoot(1.0, 0.0, None, 1) - 1.0).abs() < 1e-12);
    }

    /// More balls left, less of a rack in hand; a likelier shot is worth more; a foul is worth
    /// less than a miss.
    #[test]
    fn the_odds_fall_with_the_balls_left_and_rise_with_the_chance() {
        for balls in 1..10 {
            assert!(ODDS.at_table(0.84, balls + 1) < ODDS.at_table(0.84, balls));
            assert!(ODDS.at_table(0.6, balls) < ODDS.at_table(0.7, balls));
            assert!(ODDS.shoot(0.5, 0.1, None, balls) < ODDS.shoot(0.5, 0.0, None, balls));
        }
    }

    /// Where a safety pays: a safety legal nine times in ten that leaves 20 % is worth more
    /// than a 25 % shot and less than a 40 % one whatever the balls left (the exchange of
    /// safeties it starts is even, a made ball keeps the table); a position is played rather
    /// than handed back (5.4) from about 37 %.
    #[test]
    fn a_safety_pays_below_about_a_third_and_a_position_is_played_above() {
        for balls in 1..=10 {
            let safe = ODDS.safety(0.9, 0.2, balls);
            assert!(ODDS.shoot(0.25, 0.0, None, balls) < safe, "{balls} balls");
            assert!(ODDS.shoot(0.40, 0.0, None, balls) > safe, "{balls} balls");
            assert!(ODDS.at_table(0.33, balls) < 0.5, "{balls} balls");
            assert!(ODDS.at_table(0.42, balls) > 0.5, "{balls} balls");
        }
    }

    /// A made ball that leaves a better next shot is worth more.
    #[test]
    fn the_next_shot_a_made_ball_leaves_counts() {
        assert!(ODDS.shoot(0.8, 0.0, Some(0.9), 5) > ODDS.shoot(0.8, 0.0, Some(0.5), 5));
    }

    /// The bug of 2026-12-06: a ball made for certain that leaves no next shot was worth less
    /// than a safety now, as if the shooter had to shoot the shot it leaves; he may play the
    /// safety then instead, so making the ball first is worth at least as much (and more when
    /// the next shot is worth playing). Below the chance worth a safety the next shot's value
    /// is the safety's.
    #[test]
    fn a_made_ball_that_leaves_no_shot_is_worth_a_safety_played_after_it() {
        for balls in 2..=10 {
            let safe_now = ODDS.safety(1.0, 0.0, balls);
            assert!(
                ODDS.shoot(1.0, 0.0, Some(0.0), balls) >= safe_now,
                "{balls} balls"
            );
            assert!(
                ODDS.shoot(1.0, 0.0, Some(0.8), balls) > safe_now,
                "{balls} balls"
            );
            let par = ODDS.worth_a_safety(balls - 1);
            assert!(par > 0.2 && par < 0.5, "{balls} balls: {par}");
            assert!((ODDS.at_table(par, balls - 1) - EVEN).abs() < 1e-9);
            assert_eq!(
                ODDS.shoot(0.9, 0.0, Some(0.0), balls),
                ODDS.shoot(0.9, 0.0, Some(par), balls)
            );
        }
    }
}
