//! Ratings fitted to racks won between players (the computer's levels, or anyone): the
//! Bradley-Terry model on FargoRate's scale, where a player 100 points above another wins
//! racks against him at 2:1 odds, so P(i beats j) = 1 / (1 + 2^((r_j - r_i) / 100)). The fit
//! is the maximum likelihood (Newton's method on the log-strengths), one player anchored; each
//! rating's 95 % interval is +-1.96 standard errors from the inverse of the Fisher information,
//! relative to the anchor.

use serde::Serialize;

/// Racks between two players: `a` won `a_wins` of them, `b` won `b_wins`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pairing {
    pub a: String,
    pub b: String,
    pub a_wins: u64,
    pub b_wins: u64,
}

/// One player's fitted rating.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rating {
    pub player: String,
    pub rating: f64,
    /// 95 % interval; the anchor's is its rating itself.
    pub ci95: [f64; 2],
    /// Racks the player played in the pairings.
    pub racks: u64,
}

/// Points a doubling of the odds is worth.
pub const POINTS_PER_DOUBLING: f64 = 100.0;

/// Natural log-strength to points.
fn points(theta: f64) -> f64 {
    theta * POINTS_PER_DOUBLING / std::f64::consts::LN_2
}

/// The chance that a player `diff` points above another wins a rack against him.
pub fn win_chance(diff: f64) -> f64 {
    1.0 / (1.0 + 2f64.powf(-diff / POINTS_PER_DOUBLING))
}

/// Fits every player of `pairings` with `anchor` at `anchor_rating`. Refused: no racks, an
/// anchor who does not play, players not all joined by pairings, or a player who won (or lost)
/// every rack he played (his rating has no finite maximum).
pub fn fit(pairings: &[Pairing], anchor: &str, anchor_rating: f64) -> Result<Vec<Rating>, String> {
    fit_with_draws(pairings, anchor, anchor_rating, 0.0)
}

/// [`fit`] with `draws` virtual drawn racks added to every pairing (half of them won by each
/// side): the usual prior that keeps a player who won or lost every rack finite, pulling every
/// rating towards its opponents' by about as much as `draws` real racks would.
pub fn fit_with_draws(
    pairings: &[Pairing],
    anchor: &str,
    anchor_rating: f64,
    draws: f64,
) -> Result<Vec<Rating>, String> {
    // The players by name and the games in the order of their players, each game's players in
    // that order too: the same racks give the same ratings to the last bit whatever order the
    // pairings (or the files they were read from) came in.
    let mut players: Vec<String> = pairings
        .iter()
        .flat_map(|p| [p.a.clone(), p.b.clone()])
        .collect();
    players.sort();
    players.dedup();
    let index = |name: &str| players.iter().position(|p| p == name).expect("listed");
    let mut games: Vec<(usize, usize, f64, f64)> = pairings
        .iter()
        .filter(|p| p.a_wins + p.b_wins > 0)
        .map(|p| {
            let (i, j) = (index(&p.a), index(&p.b));
            let (a, b) = (p.a_wins as f64 + draws / 2.0, p.b_wins as f64 + draws / 2.0);
            if i <= j { (i, j, a, b) } else { (j, i, b, a) }
        })
        .collect();
    games.sort_by(|x, y| {
        (x.0, x.1, x.2, x.3)
            .partial_cmp(&(y.0, y.1, y.2, y.3))
            .expect("finite")
    });
    if games.is_empty() {
        return Err("no racks won: nothing to fit".into());
    }
    let k = players
        .iter()
        .position(|p| p == anchor)
        .ok_or_else(|| format!("the anchor '{anchor}' played no racks"))?;
    check_joined(&players, &games)?;
    check_not_perfect(&players, &games)?;
    let n = players.len();
    let mut theta = vec![0.0; n];
    for _ in 0..100 {
        let (grad, info) = gradient_and_information(&theta, &games);
        let step = solve_without(&info, &grad, k)
            .ok_or("no finite ratings: the information matrix is singular (does a group of players win every rack against the rest?)")?;
        let biggest = step.iter().fold(0.0f64, |m, s| m.max(s.abs()));
        for (t, s) in theta.iter_mut().zip(&step) {
            *t += s;
        }
        if biggest < 1e-12 {
            break;
        }
    }
    if theta.iter().any(|t| (t - theta[k]).abs() > 30.0) {
        return Err(
            "one group of players won every rack against the rest: no finite ratings; play more racks"
                .into(),
        );
    }
    let (_, info) = gradient_and_information(&theta, &games);
    let cov = inverse_without(&info, k).ok_or("a singular information matrix")?;
    let racks = |i: usize| -> u64 {
        pairings
            .iter()
            .filter(|p| p.a == players[i] || p.b == players[i])
            .map(|p| p.a_wins + p.b_wins)
            .sum()
    };
    Ok((0..n)
        .map(|i| {
            let r = anchor_rating + points(theta[i] - theta[k]);
            let se = points(cov[i][i].max(0.0).sqrt());
            Rating {
                player: players[i].clone(),
                rating: r,
                ci95: [r - 1.96 * se, r + 1.96 * se],
                racks: racks(i),
            }
        })
        .collect())
}

/// The log-likelihood's gradient and the Fisher information at `theta`.
fn gradient_and_information(
    theta: &[f64],
    games: &[(usize, usize, f64, f64)],
) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = theta.len();
    let mut grad = vec![0.0; n];
    let mut info = vec![vec![0.0; n]; n];
    for &(i, j, wi, wj) in games {
        let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
        let m = wi + wj;
        grad[i] += wi - m * p;
        grad[j] -= wi - m * p;
        let w = m * p * (1.0 - p);
        info[i][i] += w;
        info[j][j] += w;
        info[i][j] -= w;
        info[j][i] -= w;
    }
    (grad, info)
}

/// Solves `info x = grad` with `x[k] = 0` (the anchor fixed), by Gaussian elimination.
fn solve_without(info: &[Vec<f64>], grad: &[f64], k: usize) -> Option<Vec<f64>> {
    let free: Vec<usize> = (0..grad.len()).filter(|&i| i != k).collect();
    let mut a: Vec<Vec<f64>> = free
        .iter()
        .map(|&i| {
            let mut row: Vec<f64> = free.iter().map(|&j| info[i][j]).collect();
            row.push(grad[i]);
            row
        })
        .collect();
    let m = free.len();
    for c in 0..m {
        let pivot = (c..m).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[pivot][c].abs() < 1e-12 {
            return None;
        }
        a.swap(c, pivot);
        for r in 0..m {
            if r != c {
                let f = a[r][c] / a[c][c];
                for j in c..=m {
                    a[r][j] -= f * a[c][j];
                }
            }
        }
    }
    let mut x = vec![0.0; grad.len()];
    for (r, &i) in free.iter().enumerate() {
        x[i] = a[r][m] / a[r][r];
    }
    Some(x)
}

/// The inverse of `info` without row and column `k` (zero there).
fn inverse_without(info: &[Vec<f64>], k: usize) -> Option<Vec<Vec<f64>>> {
    let n = info.len();
    let mut inv = vec![vec![0.0; n]; n];
    for j in (0..n).filter(|&j| j != k) {
        let mut e = vec![0.0; n];
        e[j] = 1.0;
        let col = solve_without(info, &e, k)?;
        for i in 0..n {
            inv[i][j] = col[i];
        }
    }
    Some(inv)
}

/// Every player reachable from the first through pairings with racks.
fn check_joined(players: &[String], games: &[(usize, usize, f64, f64)]) -> Result<(), String> {
    let mut seen = vec![false; players.len()];
    let mut todo = vec![games[0].0];
    while let Some(i) = todo.pop() {
        if std::mem::replace(&mut seen[i], true) {
            continue;
        }
        for g in games {
            if g.0 == i && !seen[g.1] {
                todo.push(g.1);
            }
            if g.1 == i && !seen[g.0] {
                todo.push(g.0);
            }
        }
    }
    match seen.iter().position(|s| !s) {
        Some(i) => Err(format!(
            "'{}' played nobody joined to '{}': the two groups' ratings cannot be compared",
            players[i], players[games[0].0]
        )),
        None => Ok(()),
    }
}

/// No player won every rack or lost every rack he played.
fn check_not_perfect(players: &[String], games: &[(usize, usize, f64, f64)]) -> Result<(), String> {
    for (i, name) in players.iter().enumerate() {
        let (mut won, mut lost) = (0.0, 0.0);
        for &(a, b, wa, wb) in games {
            if a == i {
                won += wa;
                lost += wb;
            } else if b == i {
                won += wb;
                lost += wa;
            }
        }
        if won == 0.0 || lost == 0.0 {
            return Err(format!(
                "'{name}' {} every rack played ({}): no finite rating; play more racks or a closer opponent",
                if lost == 0.0 { "won" } else { "lost" },
                won + lost
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(a: &str, b: &str, a_wins: u64, b_wins: u64) -> Pairing {
        Pairing {
            a: a.into(),
            b: b.into(),
            a_wins,
            b_wins,
        }
    }

    fn rating_of<'a>(r: &'a [Rating], p: &str) -> &'a Rating {
        r.iter().find(|x| x.player == p).unwrap()
    }

    #[test]
    fn two_to_one_odds_are_a_hundred_points_with_the_binomial_interval() {
        let r = fit(&[pair("x", "y", 200, 100)], "y", 0.0).unwrap();
        let x = rating_of(&r, "x");
        assert!((x.rating - 100.0).abs() < 1e-9, "{x:?}");
        // Var(theta) = 1 / (n p (1 - p)) with n = 300, p = 2/3.
        let se = (1.0f64 / (300.0 * 2.0 / 9.0)).sqrt() * 100.0 / std::f64::consts::LN_2;
        assert!((x.ci95[1] - x.rating - 1.96 * se).abs() < 1e-6, "{x:?}");
        assert_eq!(rating_of(&r, "y").ci95, [0.0, 0.0]);
        assert!((win_chance(100.0) - 2.0 / 3.0).abs() < 1e-12);
    }

    /// Was: the ladder's ratings and `duel ratings` of its files differed in the last bits (the
    /// files come in their names' order, the ladder's pairings in its own, and the fit summed
    /// the games in the order given).
    #[test]
    fn the_same_racks_in_any_order_give_the_same_ratings_to_the_bit() {
        let racks = [
            pair("5", "4", 7, 3),
            pair("3", "4", 2, 5),
            pair("5", "greedy", 6, 4),
            pair("2", "1", 6, 4),
            pair("3", "2", 5, 3),
            pair("4", "2", 8, 2),
        ];
        let fitted = |order: &[Pairing]| {
            let mut r = fit_with_draws(order, "1", 0.0, 1.0).unwrap();
            r.sort_by(|x, y| x.player.cmp(&y.player));
            r
        };
        let mut reversed = racks.to_vec();
        reversed.reverse();
        let swapped: Vec<Pairing> = racks
            .iter()
            .map(|p| pair(&p.b, &p.a, p.b_wins, p.a_wins))
            .collect();
        assert_eq!(fitted(&racks), fitted(&reversed));
        assert_eq!(fitted(&racks), fitted(&swapped));
    }

    #[test]
    fn a_consistent_triangle_fits_exactly() {
        // x beats y 2:1, y beats z 2:1, x beats z 4:1: 100, 100 and 200 points.
        let r = fit(
            &[
                pair("x", "y", 200, 100),
                pair("y", "z", 200, 100),
                pair("x", "z", 400, 100),
            ],
            "z",
            500.0,
        )
        .unwrap();
        assert!((rating_of(&r, "x").rating - 700.0).abs() < 1e-6);
        assert!((rating_of(&r, "y").rating - 600.0).abs() < 1e-6);
        assert_eq!(rating_of(&r, "x").racks, 800);
    }

    #[test]
    fn unfittable_pairings_are_refused_with_the_reason() {
        assert!(fit(&[], "x", 0.0).unwrap_err().contains("no racks"));
        let e = fit(&[pair("x", "y", 5, 0)], "y", 0.0).unwrap_err();
        assert!(e.contains("'x' won every rack"), "{e}");
        let e = fit(&[pair("x", "y", 5, 3), pair("u", "v", 2, 2)], "x", 0.0).unwrap_err();
        assert!(e.contains("cannot be compared"), "{e}");
        let e = fit(&[pair("x", "y", 5, 3)], "z", 0.0).unwrap_err();
        assert!(e.contains("anchor 'z'"), "{e}");
        // Each player won and lost, but the group {x, y} won every rack against {u, v}.
        let e = fit(
            &[
                pair("x", "y", 3, 3),
                pair("u", "v", 3, 3),
                pair("y", "u", 6, 0),
            ],
            "x",
            0.0,
        )
        .unwrap_err();
        assert!(e.contains("no finite"), "{e}");
    }

    #[test]
    fn a_virtual_draw_keeps_a_clean_sweep_finite_at_the_odds_it_adds_up_to() {
        // 5:0 plus one drawn rack is 5.5:0.5, odds of 11: 100 log2(11) points.
        let r = fit_with_draws(&[pair("x", "y", 5, 0)], "y", 0.0, 1.0).unwrap();
        let x = rating_of(&r, "x");
        assert!((x.rating - 100.0 * 11f64.log2()).abs() < 1e-6, "{x:?}");
        assert_eq!(x.racks, 5, "virtual racks are not counted as played");
    }
}
