//! What FastFiz's execution noise means for a player: the share of plain cuts made on an
//! open table, by how far the balls travel and how thin the cut, with each part of the noise
//! alone, all of it, and none. Cuts are the computer's (aimed at the ghost ball for the
//! pocket's mouth centre, its speeds and draw or follow), into a pocket's opening (a side
//! within 40 degrees of square, a corner within 30 of its diagonal), the ball 15 cm or more
//! off the cushions, no other ball on the table; and the chance level 5 gives a cut from the
//! width of its window of aims, against the share made.
//! `cargo run --release --no-default-features --example noise_odds [SHOTS] [SEED]`.

use rand::rngs::StdRng;
use rand::{Rng, RngExt, SeedableRng};
use tenball::computer::{Level, ghost_aim};
use tenball::physics::{BallEnd, Layout, Noise, SimConfig, Strike, simulate};
use tenball::table::{Placed, Pocket, Point, Table, TableSize};

/// One shot: the two balls, the pocket and the stroke meant.
struct Shot {
    layout: Layout,
    pocket: Pocket,
    strike: Strike,
    travel: f64,
    cut: f64,
}

/// A pocket a player would shoot the ball at from `ball`: within its opening's angles.
fn open_to(t: &Table, ball: Point, pocket: Pocket) -> bool {
    let m = t.pocket_mouth_centre(pocket);
    let ang = (m.y - ball.y).atan2(m.x - ball.x).to_degrees();
    match pocket {
        Pocket::SideLeft | Pocket::SideRight => (ang.abs() - 90.0).abs() < 40.0,
        _ => {
            let diagonal = (m.y - ball.y).signum() * if m.x > ball.x { 45.0 } else { 135.0 };
            (ang - diagonal).abs() < 30.0
        }
    }
}

/// A random open-table cut of up to 60 degrees and 2.5 m of travel, or none.
fn draw(size: TableSize, rng: &mut impl Rng) -> Option<Shot> {
    let t = size.spec();
    let (hx, hy) = (t.length / 2.0 - 0.1, t.width / 2.0 - 0.1);
    let cue = Point::new(rng.random_range(-hx..hx), rng.random_range(-hy..hy));
    let ball = Point::new(
        rng.random_range(-hx + 0.05..hx - 0.05),
        rng.random_range(-hy + 0.05..hy - 0.05),
    );
    let pocket = Pocket::ALL[rng.random_range(0..6)];
    let (aim, cut, a, b) = ghost_aim(&t, cue, ball, pocket)?;
    let fits = cue.distance(ball) > 0.15 && cut <= 60.0 && a + b <= 2.5;
    if !fits || !open_to(&t, ball, pocket) {
        return None;
    }
    // The computer's speeds (`computer::candidates::cuts`) and level 5's tips.
    let base = (1.2 + 1.3 * (a + b)) / cut.to_radians().cos().max(0.35);
    let k = [0.6, 0.8, 1.0, 1.25, 1.6, 2.0][rng.random_range(0..6)];
    let tips = Level::Level(5).tips();
    let height = tips[rng.random_range(0..tips.len())];
    Some(Shot {
        layout: Layout {
            table: size,
            balls: vec![Placed { ball: 0, at: cue }, Placed { ball: 1, at: ball }],
        },
        pocket,
        strike: Strike {
            height,
            ..Strike::new(aim, (k * base).min(8.0))
        },
        travel: a + b,
        cut,
    })
}

fn made(shot: &Shot, strike: &Strike, cfg: &SimConfig) -> bool {
    simulate(&shot.layout, strike, cfg).is_ok_and(|log| {
        log.end
            .iter()
            .any(|e| matches!(e, BallEnd::Pocketed { ball: 1, pocket } if *pocket == shot.pocket))
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: usize = args.first().and_then(|c| c.parse().ok()).unwrap_or(4000);
    let seed: u64 = args.get(1).and_then(|c| c.parse().ok()).unwrap_or(1);
    let size = TableSize::NineFoot;
    let r = size.spec().ball_radius;
    let cfg = SimConfig {
        sample_dt: 0.0,
        max_time: 30.0,
        ..SimConfig::default()
    };
    let all = Noise::default();
    let none = Noise {
        aim_deg: 0.0,
        speed: 0.0,
        tip: 0.0,
        elevation_deg: 0.0,
    };
    let noises = [
        ("none", none),
        (
            "aim 0.125 deg",
            Noise {
                aim_deg: all.aim_deg,
                ..none
            },
        ),
        (
            "speed 0.075 m/s",
            Noise {
                speed: all.speed,
                ..none
            },
        ),
        (
            "tip 0.5 mm",
            Noise {
                tip: all.tip,
                ..none
            },
        ),
        (
            "elevation 0.1 deg",
            Noise {
                elevation_deg: all.elevation_deg,
                ..none
            },
        ),
        ("all (FastFiz's)", all),
    ];
    let mut rng = StdRng::seed_from_u64(seed);
    let mut shots = Vec::with_capacity(count);
    while shots.len() < count {
        shots.extend(draw(size, &mut rng));
    }
    // Made, per noise: [travel bin 0.5 m][cut bin 20 deg] = (shots, made).
    println!("{count} open-table cuts (seed {seed}), share made:\n");
    println!("| noise | all cuts | travel under 1 m | 1-1.5 m | 1.5-2 m | 2-2.5 m |");
    println!("|---|---|---|---|---|---|");
    for (name, noise) in noises {
        let mut bins = [[0u32; 2]; 5];
        for shot in &shots {
            let strike = noise.apply(shot.strike, r, &mut rng);
            let bin = ((shot.travel / 0.5) as usize).clamp(1, 4);
            let hit = made(shot, &strike, &cfg) as u32;
            for b in [0, bin] {
                bins[b][0] += 1;
                bins[b][1] += hit;
            }
        }
        let share = |b: [u32; 2]| format!("{:.0} %", 100.0 * b[1] as f64 / b[0].max(1) as f64);
        println!(
            "| {name} | {} | {} | {} | {} | {} |",
            share(bins[0]),
            share(bins[1]),
            share(bins[2]),
            share(bins[3]),
            share(bins[4])
        );
    }
    // Aimed at the middle of the aims that make it quietly (0.1 degree apart, within 2 of
    // the ghost ball's), as level 5 tunes its cuts; the shots no aim there makes are left out
    // of both rows.
    let sigma = Level::Level(5).aim_error_deg();
    // Per bin: shots, made at the ghost ball, made at the middle, the model's chance summed.
    let mut tuned = [[0u32; 3]; 5];
    let mut models = [0.0f64; 5];
    for shot in &shots {
        let works: Vec<f64> = (-20..=20)
            .map(|i| shot.strike.aim_deg + f64::from(i) * 0.1)
            .filter(|&aim_deg| {
                made(
                    shot,
                    &Strike {
                        aim_deg,
                        ..shot.strike
                    },
                    &cfg,
                )
            })
            .collect();
        let Some(&middle) = works.get(works.len() / 2) else {
            continue;
        };
        // The window of aims around the middle that work without a gap, its chance under
        // level 5's aim error (the model level 5 scores its cuts with).
        let (mut lo, mut hi) = (works.len() / 2, works.len() / 2);
        while lo > 0 && works[lo] - works[lo - 1] < 0.15 {
            lo -= 1;
        }
        while hi + 1 < works.len() && works[hi + 1] - works[hi] < 0.15 {
            hi += 1;
        }
        let width = works[hi] - works[lo] + 0.1;
        let model = libm::erf(width / (2.0 * std::f64::consts::SQRT_2 * sigma));
        let bin = ((shot.travel / 0.5) as usize).clamp(1, 4);
        let ghost = made(shot, &all.apply(shot.strike, r, &mut rng), &cfg) as u32;
        let strike = Strike {
            aim_deg: middle,
            ..shot.strike
        };
        let at_middle = made(shot, &all.apply(strike, r, &mut rng), &cfg) as u32;
        for b in [0, bin] {
            tuned[b][0] += 1;
            tuned[b][1] += ghost;
            tuned[b][2] += at_middle;
            models[b] += model;
        }
    }
    for (name, k) in [("all, at the ghost ball*", 1), ("all, at the middle*", 2)] {
        let share = |b: [u32; 3]| format!("{:.0} %", 100.0 * b[k] as f64 / b[0].max(1) as f64);
        let row: Vec<String> = tuned.iter().map(|&b| share(b)).collect();
        println!("| {name} | {} |", row.join(" | "));
    }
    let row: Vec<String> = (0..5)
        .map(|b| format!("{:.0} %", 100.0 * models[b] / f64::from(tuned[b][0].max(1))))
        .collect();
    println!(
        "| the window's chance at the middle, erf(w / 2 sqrt2 sigma), sigma {sigma:.3} deg* | {} |",
        row.join(" | ")
    );
    let thin = shots.iter().filter(|s| s.cut > 40.0).count();
    println!(
        "\n({thin} of the cuts thinner than 40 degrees; * the {} cuts some aim within 2 degrees makes without error)",
        tuned[0][0]
    );
}
