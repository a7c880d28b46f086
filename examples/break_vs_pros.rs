//! The break against the pros: 1,000 breaks at 10.7 m/s from a cue ball place (the break box's
//! best by default), for each rack setting, with FastFiz's execution noise and without; prints
//! the guide's tables and writes `docs/break-vs-pros.png`.
//! `cargo run --release --no-default-features --example break_vs_pros [X,Y] [COUNT]`.

use tenball::batch::pros;
use tenball::physics::Noise;
use tenball::referee::Tightness;
use tenball::table::Point;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // The best place inside the pro events' break box of `cargo run --example break_claims`
    // (docs/break-study.md): 4 cm behind the head string, 18 cm off the long string.
    let place = args
        .first()
        .and_then(|s| s.split_once(','))
        .and_then(|(x, y)| Some(Point::new(x.parse().ok()?, y.parse().ok()?)))
        .unwrap_or(Point::new(-0.678, 0.18));
    let count = args.get(1).and_then(|c| c.parse().ok()).unwrap_or(1000);
    let mut rows = Vec::new();
    for t in [
        Tightness::Template,
        Tightness::Hand,
        Tightness::Loose,
        Tightness::Even,
    ] {
        let both = pros::run(place, t, count, Some(Noise::default()))
            .and_then(|noisy| Ok((noisy, pros::run(place, t, count, None)?)));
        match both {
            Ok((mut r, quiet)) => {
                r.quiet = Some((quiet.balls_mean, quiet.make_share));
                rows.push(r);
            }
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
    }
    println!(
        "cue ball at ({}, {}), {count} breaks a rack\n",
        place.x, place.y
    );
    print!("{}", pros::markdown(&rows));
    let out = std::path::Path::new("docs/break-vs-pros.png");
    if let Err(e) = pros::plot(&rows, out) {
        eprintln!("{e}");
        std::process::exit(1);
    }
    println!("\nwrote {}", out.display());
}
