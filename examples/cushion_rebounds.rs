//! Writes `docs/cushion-rebounds.png`: tenball's cushion model (lines) against the reference
//! values of Mathavan et al. 2010's model (dots). `cargo run --release --example cushion_rebounds`.

fn main() {
    let out = std::path::Path::new("docs/cushion-rebounds.png");
    if let Err(e) = tenball::diagram::cushion_rebounds(out) {
        eprintln!("{e}");
        std::process::exit(1);
    }
    println!("wrote {}", out.display());
}
