//! The statistics of a batch of breaks: shares with Wilson 95 % intervals, and the mean number
//! of balls pocketed. Built from records alone, so a merge of shards gives what one run gives.

use serde::{Deserialize, Serialize};

use super::breaks::BreakRecord;

/// A share and its 95 % confidence interval (Wilson score).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Share {
    pub share: f64,
    pub ci95: [f64; 2],
}

impl Share {
    pub fn of(hits: u64, n: u64) -> Share {
        if n == 0 {
            return Share {
                share: 0.0,
                ci95: [0.0, 1.0],
            };
        }
        let z = 1.959_963_984_540_054_f64;
        let (k, n) = (hits as f64, n as f64);
        let p = k / n;
        let denom = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denom;
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
        Share {
            share: p,
            ci95: [(centre - half).max(0.0), (centre + half).min(1.0)],
        }
    }
}

/// The summary of a batch.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub breaks: u64,
    pub balls_pocketed_mean: f64,
    pub legal: Share,
    pub pocketed_any: Share,
    pub dry: Share,
    pub ten_on_break: Share,
    pub scratch: Share,
    pub four_rail_foul: Share,
    pub wrong_ball_first: Share,
    pub off_table: Share,
}

/// Counts that add up record by record (in any order: they are integers).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub breaks: u64,
    pub balls_pocketed: u64,
    pub legal: u64,
    pub pocketed_any: u64,
    pub ten_on_break: u64,
    pub scratch: u64,
    pub four_rail_foul: u64,
    pub wrong_ball_first: u64,
    pub off_table: u64,
}

impl Tally {
    pub fn add(&mut self, r: &BreakRecord) {
        self.breaks += 1;
        self.balls_pocketed += r.pocketed.len() as u64;
        self.legal += u64::from(r.legal);
        self.pocketed_any += u64::from(!r.pocketed.is_empty());
        self.ten_on_break += u64::from(r.ten_on_break);
        self.scratch += u64::from(r.scratch);
        self.four_rail_foul += u64::from(r.fouls.iter().any(|f| f == "5.3"));
        self.wrong_ball_first += u64::from(r.fouls.iter().any(|f| f == "7.2"));
        self.off_table += u64::from(!r.off_table.is_empty());
    }

    pub fn summary(&self) -> Summary {
        let n = self.breaks;
        Summary {
            breaks: n,
            balls_pocketed_mean: if n == 0 {
                0.0
            } else {
                self.balls_pocketed as f64 / n as f64
            },
            legal: Share::of(self.legal, n),
            pocketed_any: Share::of(self.pocketed_any, n),
            dry: Share::of(n - self.pocketed_any, n),
            ten_on_break: Share::of(self.ten_on_break, n),
            scratch: Share::of(self.scratch, n),
            four_rail_foul: Share::of(self.four_rail_foul, n),
            wrong_ball_first: Share::of(self.wrong_ball_first, n),
            off_table: Share::of(self.off_table, n),
        }
    }
}

impl Summary {
    /// The summary as text for a person.
    pub fn to_text(&self) -> String {
        let line = |name: &str, s: &Share| {
            format!(
                "  {name:<28} {:>6.1} %   (95 % CI {:.1} to {:.1} %)\n",
                s.share * 100.0,
                s.ci95[0] * 100.0,
                s.ci95[1] * 100.0
            )
        };
        let mut t = format!(
            "{} breaks, {:.2} balls pocketed per break on average\n",
            self.breaks, self.balls_pocketed_mean
        );
        t += &line("legal breaks", &self.legal);
        t += &line("pocketed a ball", &self.pocketed_any);
        t += &line("dry (nothing pocketed)", &self.dry);
        t += &line("10 on the break", &self.ten_on_break);
        t += &line("scratch (7.1)", &self.scratch);
        t += &line("four-ball rule foul (5.3)", &self.four_rail_foul);
        t += &line("1 not hit first (7.2)", &self.wrong_ball_first);
        t += &line("object ball off table (7.5)", &self.off_table);
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_the_textbook_values() {
        // 50 of 100: 0.5, CI 0.404 to 0.596.
        let s = Share::of(50, 100);
        assert!(
            (s.ci95[0] - 0.4038).abs() < 1e-3 && (s.ci95[1] - 0.5962).abs() < 1e-3,
            "{s:?}"
        );
        // None of 10: 0, upper bound 0.278.
        let s = Share::of(0, 10);
        assert_eq!(s.share, 0.0);
        assert!((s.ci95[1] - 0.2775).abs() < 1e-3, "{s:?}");
    }
}
