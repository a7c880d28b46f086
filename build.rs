//! Rebuilds the crate when the teaching library changes: `include_dir!` embeds
//! `assets/scenarios`, but cargo sees a scenario added, edited or removed there only through
//! this line (a directory here is scanned whole).

fn main() {
    println!("cargo:rerun-if-changed=assets/scenarios");
}
