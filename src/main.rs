//! The `tenball` command line: see `tenball --help`. In a browser (wasm32, the web build) the
//! same binary opens the game in the page instead.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    tenball::cli::main()
}

#[cfg(all(target_arch = "wasm32", feature = "game"))]
fn main() {
    tenball::game::web::start();
}

#[cfg(all(target_arch = "wasm32", not(feature = "game")))]
fn main() {}
