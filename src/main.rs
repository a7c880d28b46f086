//! The `tenball` command line: see `tenball --help`.

fn main() -> std::process::ExitCode {
    tenball::cli::main()
}
