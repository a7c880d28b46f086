//! The equipment as data (issue 24): a figure changed in an equipment file changes the physics
//! as its law says, tighter pockets take a narrower window of balls, and the records of a run
//! name their equipment: a resume with another is refused, a replay plays on it.

use crate::common;

use std::path::Path;

use tenball::physics::equipment::{Equipment, WPA};
use tenball::physics::params::{G, MU_SLIDE};
use tenball::physics::{BallEnd, Event, Layout, SimConfig, Strike, simulate};
use tenball::table::{Placed, Pocket, Point, TableSize};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A resume refused for its equipment (exit 2, the sets named), the file left as it was.
fn refused_on_another_set(out: &std::process::Output, file: &Path, before: &[u8]) {
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--equipment pro (this run: wpa)"), "{err}");
    assert_eq!(std::fs::read(file).unwrap(), before, "the file was touched");
}

fn cue_alone(at: Point) -> Layout {
    Layout {
        table: TableSize::NineFoot,
        balls: vec![Placed { ball: 0, at }],
    }
}

/// The impulse (N s) of `ball`'s first cushion hit after a straight stroke at `speed`.
fn first_cushion_impulse(layout: &Layout, speed: f64, cfg: &SimConfig, ball: u8) -> f64 {
    let log = simulate(layout, &Strike::new(0.0, speed), cfg).unwrap();
    log.events
        .iter()
        .find_map(|e| match *e {
            Event::Cushion {
                ball: b, impulse, ..
            } if b == ball => Some(impulse),
            _ => None,
        })
        .unwrap()
}

fn rest_of_cue(layout: &Layout, strike: &Strike, equipment: Equipment) -> Option<Point> {
    let cfg = SimConfig {
        sample_dt: 0.0,
        equipment,
        ..SimConfig::default()
    };
    let log = simulate(layout, strike, &cfg).unwrap();
    log.end.iter().find_map(|e| match e {
        BallEnd::OnTable { ball: 0, at } => Some(*at),
        _ => None,
    })
}

/// A stun ball slides 12 v^2 / (49 mu_s g), then rolls at 5/7 of its speed for
/// v1^2 / (2 mu_r g): halving the cloth's rolling resistance doubles the rolling part, to the
/// millimetre, through the whole contact engine (no cushion reached).
#[test]
fn a_faster_cloth_rolls_a_ball_as_far_as_the_rolling_law_says() {
    let layout = cue_alone(Point::new(-1.1, 0.0));
    let v0 = 0.5;
    let strike = Strike::new(0.0, v0);
    let mut fast = WPA;
    fast.cloth.mu_roll = WPA.cloth.mu_roll / 2.0;
    let slow_end = rest_of_cue(&layout, &strike, WPA).unwrap();
    let fast_end = rest_of_cue(&layout, &strike, fast).unwrap();
    let slide = 12.0 * v0 * v0 / (49.0 * MU_SLIDE * G);
    let v1 = 5.0 / 7.0 * v0;
    for (end, mu) in [
        (slow_end, WPA.cloth.mu_roll),
        (fast_end, fast.cloth.mu_roll),
    ] {
        let want = -1.1 + slide + v1 * v1 / (2.0 * mu * G);
        assert!(
            (end.x - want).abs() < 1e-3,
            "stopped at {} for {want}",
            end.x
        );
    }
}

/// A ball rolled at the foot right corner along its 45-degree line, offset sideways: the
/// largest offset that still drops is narrower by about half the mouths' difference (3.2 mm for
/// 4.5 against 4.25 in; a millimetre's scan) on the pro set's corners.
#[test]
fn tighter_corners_take_a_narrower_window_of_balls() {
    let t = TableSize::NineFoot.spec();
    let mouth = t.pocket_mouth_centre(Pocket::FootRight);
    // The foot right corner is at +x, -y: the ball rolls at -45 degrees.
    let along = -45.0;
    let widest = |e: Equipment| {
        let mut best = None;
        for k in 0..=45 {
            let off = k as f64 * 1e-3;
            // From 0.8 m back along the line toward the mouth, moved `off` toward the foot.
            let (dx, dy) = (
                std::f64::consts::FRAC_1_SQRT_2,
                -std::f64::consts::FRAC_1_SQRT_2,
            );
            let start = Point::new(
                mouth.x - 0.8 * dx + off * dx.abs(),
                mouth.y - 0.8 * dy + off * dy.abs(),
            );
            let strike = Strike::new(along, 1.5);
            if rest_of_cue(&cue_alone(start), &strike, e).is_none() {
                best = Some(off);
            } else if best.is_some() {
                break;
            }
        }
        best.expect("the ball on the line drops")
    };
    let wpa = widest(WPA);
    let pro = widest(Equipment::pro());
    let shrink = wpa - pro;
    eprintln!("window: {wpa} m (wpa), {pro} m (pro)");
    assert!(
        (0.002..=0.0045).contains(&shrink),
        "window {wpa} m on the WPA corners, {pro} m on the pro set's"
    );
}

/// A run's records name their equipment: a resume on another is refused and the file left as
/// it was; a recorded break on the pro set replays through `tenball shot` as recorded.
#[test]
fn the_records_name_their_equipment_and_replay_on_it() {
    let dir = common::scratch("records");
    let recs = dir.join("pro.jsonl");
    common::ok(&common::tenball(
        &[
            "breaks",
            "--count",
            "6",
            "--rack",
            "template",
            "--equipment",
            "pro",
            "--out",
            s(&recs),
        ],
        "",
    ));
    let before = std::fs::read(&recs).unwrap();
    let header = String::from_utf8_lossy(&before)
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert!(header.contains("\"corner_mouth_in\":4.25"), "{header}");
    let out = common::tenball(
        &[
            "breaks",
            "--count",
            "6",
            "--rack",
            "template",
            "--resume",
            "--out",
            s(&recs),
        ],
        "",
    );
    refused_on_another_set(&out, &recs, &before);
    // A replay carries the equipment: the same end to the bit.
    let text = String::from_utf8(before).unwrap();
    for line in text.lines().skip(1) {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let index = r["index"].to_string();
        let input = common::ok(&common::tenball(
            &["breaks", "replay", s(&recs), "--index", &index],
            "",
        ));
        assert!(input.contains("\"corner_mouth_in\": 4.25"), "{input}");
        let f = dir.join(format!("shot-{index}.json"));
        std::fs::write(&f, &input).unwrap();
        let log: serde_json::Value = serde_json::from_str(&common::ok(&common::tenball(
            &["shot", "--no-paths", s(&f)],
            "",
        )))
        .unwrap();
        assert_eq!(log["duration"], r["duration"], "break {index}");
    }
    // An equipment file of one's own, from `equipment show --json`, with a bad figure.
    let own = dir.join("own.json");
    let json = common::ok(&common::tenball(
        &["equipment", "show", "wpa", "--json"],
        "",
    ));
    std::fs::write(&own, json.replace("\"mu_roll\": 0.01", "\"mu_roll\": 0.5")).unwrap();
    let out = common::tenball(&["breaks", "--count", "2", "--equipment", s(&own)], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("own.json: cloth.mu_roll must be within 0.001 to 0.1, got 0.5"),
        "{err}"
    );
}

/// `breaks sweep --vary` plays the sweep at each value: its CSV has a row per place, speed and
/// value, and a bad figure is refused before any work.
#[test]
fn a_sweep_varies_one_figure_of_the_equipment() {
    let dir = common::scratch("vary");
    let csv = dir.join("v.csv");
    let out = common::ok(&common::tenball(
        &[
            "breaks",
            "sweep",
            "--grid",
            "1x1",
            "--speeds",
            "10",
            "--count",
            "8",
            "--vary",
            "cushions.restitution=0.85,0.95",
            "--out",
            s(&csv),
        ],
        "",
    ));
    assert!(out.contains("x 2 values of cushions.restitution"), "{out}");
    let text = std::fs::read_to_string(&csv).unwrap();
    let rows: Vec<&str> = text.lines().skip(2).map(str::trim_end).collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(
        rows[0].ends_with(",0.85") && rows[1].ends_with(",0.95"),
        "{text}"
    );
    let bad = common::tenball(
        &[
            "breaks",
            "sweep",
            "--vary",
            "cushions.bounce=1",
            "--out",
            s(&dir.join("b.csv")),
        ],
        "",
    );
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("no equipment figure \"cushions.bounce\"")
    );
    assert!(!dir.join("b.csv").exists());
}

/// Alciatore's cushion efficiency (billiards.colostate.edu, "How much speed does the CB lose
/// when it rebounds off a cushion?"): at steep angles, under typical conditions, a ball loses
/// about half of its speed. A ball rolled straight into the foot cushion at 2 m/s rolls away,
/// once its spin has caught up, at 0.4 to 0.6 of the speed it came in with.
#[test]
fn a_ball_rolled_straight_into_a_cushion_rolls_away_at_about_half_its_speed() {
    let layout = cue_alone(Point::new(0.6, 0.0));
    // Struck at 0.4 R above centre: it rolls from the start (7/5 of the speed needed).
    let mut strike = Strike::new(0.0, 2.2);
    strike.height = 0.4;
    let cfg = SimConfig {
        sample_dt: 0.002,
        ..SimConfig::default()
    };
    let log = simulate(&layout, &strike, &cfg).unwrap();
    let t_hit = log
        .events
        .iter()
        .find_map(|e| match e {
            tenball::physics::Event::Cushion { t, ball: 0, .. } => Some(*t),
            _ => None,
        })
        .expect("it reaches the foot cushion");
    let path = log.paths.iter().find(|p| p.ball == 0).unwrap();
    let speed = |t: f64| {
        let (a, b) = (
            path.point_at(t - 0.005).unwrap(),
            path.point_at(t + 0.005).unwrap(),
        );
        a.distance(b) / 0.01
    };
    let (v_in, v_out) = (speed(t_hit - 0.02), speed(t_hit + 0.6));
    let share = v_out / v_in;
    eprintln!("{v_in:.3} m/s in, {v_out:.3} m/s out: {share:.3}");
    assert!(
        (0.4..=0.6).contains(&share),
        "{v_in:.2} m/s in, {v_out:.2} out: {share:.2}"
    );
}

/// The liveliness check of `tenball equipment liveliness`: the lengths grow with the stroke,
/// and the WPA's 4 to 4.5 lengths come at a hard stroke on the WPA set (6 to 11 m/s here: the
/// cushion's stop takes more of each fast hit, so they came at 6.5-7.5 m/s before it).
#[test]
fn the_liveliness_check_finds_the_wpas_lengths_at_a_hard_stroke() {
    let l = |v: f64| tenball::physics::equipment::liveliness(&WPA, TableSize::NineFoot, v).unwrap();
    let (a, b, c) = (l(3.0), l(6.0), l(11.0));
    assert!(a < b && b < c, "{a} {b} {c}");
    assert!(
        b < 4.0 && c > 4.5,
        "4 to 4.5 lengths between 6 and 11 m/s: {b} {c}"
    );
    let out = common::ok(&common::tenball(
        &["equipment", "liveliness", "--speeds", "6,9"],
        "",
    ));
    assert!(
        out.contains("4 lengths (the WPA's least) at about"),
        "{out}"
    );
}

/// `tenball duel --equipment`: the records name it, a resume on another is refused.
#[test]
fn a_duel_names_its_equipment_and_refuses_a_resume_on_another() {
    let dir = common::scratch("duel");
    let recs = dir.join("d.jsonl");
    let args = [
        "duel",
        "--a",
        "greedy",
        "--b",
        "greedy",
        "--racks",
        "2",
        "--out",
        s(&recs),
    ];
    let mut with_pro = args.to_vec();
    with_pro.extend(["--equipment", "pro"]);
    common::ok(&common::tenball(&with_pro, ""));
    let before = std::fs::read(&recs).unwrap();
    assert!(
        String::from_utf8_lossy(&before)
            .lines()
            .next()
            .unwrap()
            .contains("\"corner_mouth_in\":4.25")
    );
    let mut resume = args.to_vec();
    resume.push("--resume");
    let out = common::tenball(&resume, "");
    refused_on_another_set(&out, &recs, &before);
}

/// An equipment file written before the cushion's stop (no `stop_restitution`, no
/// `stop_speed`) still loads, with the WPA set's stop; one with the stop's figures changed
/// plays a fast cushion hit as they say (a livelier stop, a livelier rebound) and leaves a slow
/// one, below the stop, as it was.
#[test]
fn issue_61_an_equipment_file_from_before_the_stop_loads_with_the_wpa_stop() {
    let dir = common::scratch("equipment-stop");
    let old = dir.join("old.json");
    let json = serde_json::json!({
        "cloth": {"mu_slide": 0.2, "mu_roll": 0.01, "spin_decay": 10.0},
        "cushions": {"restitution": 0.9, "friction": 0.2},
        "pockets": {"corner_mouth_in": 4.5, "side_mouth_in": 5.0}
    });
    std::fs::write(&old, json.to_string()).unwrap();
    let loaded = Equipment::load(&old).unwrap();
    assert_eq!(loaded.cushions, WPA.cushions);
    let livelier = WPA.with("cushions.stop_restitution", 0.9).unwrap();
    // Straight down the table into the foot cushion from the middle, fast and slow: the
    // impulse of the first cushion hit measures what the ball came back with; in the contact
    // engine and in the stepped reference, which meet a ball on the cloth with the same model
    // (a ball in the air: `air::issue_61_a_ball_in_the_air_meets_a_cushion_with_the_stop`).
    let layout = cue_alone(Point::new(0.0, 0.0));
    for fast_forward in [true, false] {
        let impulse = |speed: f64, equipment: Equipment| {
            let cfg = SimConfig {
                sample_dt: 0.0,
                equipment,
                fast_forward,
                ..SimConfig::default()
            };
            first_cushion_impulse(&layout, speed, &cfg, 0)
        };
        let (fast, fast_lively) = (impulse(4.0, WPA), impulse(4.0, livelier));
        eprintln!("fast-forward {fast_forward}: 4 m/s: {fast} N s, {fast_lively} N s livelier");
        assert!(
            fast_lively > 1.03 * fast,
            "fast-forward {fast_forward}, 4 m/s: impulse {fast} N s with the stop's 0.75, \
             {fast_lively} with 0.9"
        );
        let (slow, slow_lively) = (impulse(1.5, WPA), impulse(1.5, livelier));
        assert_eq!(
            slow, slow_lively,
            "fast-forward {fast_forward}, 1.5 m/s: below the stop nothing changes"
        );
    }
}

/// A ball frozen to a cushion and struck full is pressed into it inside the contact engine's
/// impact (the compliant wall of `impact.rs`): hard, past the stop, it comes off with less than
/// a stop as lively as the rubber would give (measured: 1.780 against 1.803 N s at 5 m/s; the
/// wall's work, not the 1's speed, which never passes 1.7 m/s, says how far past the stop it
/// is); softly, below it, exactly as without a stop.
#[test]
fn issue_61_a_ball_pinned_to_a_cushion_meets_the_stop_in_the_impact() {
    let table = TableSize::NineFoot.spec();
    let x = table.length / 2.0 - table.cushion_reach();
    let layout = Layout {
        table: TableSize::NineFoot,
        balls: vec![
            Placed {
                ball: 0,
                at: Point::new(x - 0.4, 0.0),
            },
            Placed {
                ball: 1,
                at: Point::new(x, 0.0),
            },
        ],
    };
    let no_stop = WPA
        .with("cushions.stop_restitution", WPA.cushions.restitution)
        .unwrap();
    // The cushion's impulse on the 1.
    let pressed = |speed: f64, equipment: Equipment| {
        let cfg = SimConfig {
            sample_dt: 0.0,
            equipment,
            ..SimConfig::default()
        };
        first_cushion_impulse(&layout, speed, &cfg, 1)
    };
    let (hard, hard_no_stop) = (pressed(5.0, WPA), pressed(5.0, no_stop));
    assert!(
        hard < 0.995 * hard_no_stop,
        "5 m/s: {hard} N s with the stop, {hard_no_stop} without"
    );
    let (soft, soft_no_stop) = (pressed(1.0, WPA), pressed(1.0, no_stop));
    assert_eq!(soft, soft_no_stop, "1 m/s, below the stop");
}
