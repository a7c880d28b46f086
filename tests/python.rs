//! The Python package (issue 58): the wheel built by maturin from `python/` (under its own
//! target folder, `~/.cache/tenball-python-target`, so that it never waits on this build's),
//! installed into the project's virtual environment (`setup.sh` makes it:
//! `~/.cache/tenball-venv`, or `TENBALL_VENV`), and `python/tests` run with pytest: the API
//! against this build's `tenball` binary (racks, shots, rulings, breaks row for row), the
//! gymnasium and PettingZoo checkers, a random agent's 200 episodes, every code block of
//! `docs/python.md` and the notebook. Without the virtual environment the test says so and
//! passes, except under CI, where it fails.

use std::path::{Path, PathBuf};
use std::process::Command;

fn home() -> PathBuf {
    PathBuf::from(std::env::var_os("HOME").unwrap_or_else(|| "/root".into()))
}

fn venv() -> PathBuf {
    std::env::var_os("TENBALL_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| home().join(".cache/tenball-venv"))
}

/// Runs `cmd`, failing the test with its output when it fails; its output otherwise.
fn run(what: &str, cmd: &mut Command) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot run: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "{what} failed (exit {:?}):\n{text}",
        out.status.code()
    );
    text
}

#[test]
fn the_python_package_builds_and_its_tests_pass() {
    let venv = venv();
    let python = venv.join("bin/python");
    if !python.exists() {
        let why = format!(
            "no virtual environment at {} (./setup.sh makes it)",
            venv.display()
        );
        assert!(std::env::var_os("CI").is_none(), "{why}");
        eprintln!("skipped: {why}");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let wheels = std::env::temp_dir().join(format!("tenball-wheel-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&wheels);
    run(
        "maturin build",
        Command::new(venv.join("bin/maturin"))
            .args(["build", "--release", "--locked", "--manifest-path"])
            .arg(root.join("python/Cargo.toml"))
            .arg("--out")
            .arg(&wheels)
            .arg("--interpreter")
            .arg(&python)
            .env(
                "CARGO_TARGET_DIR",
                home().join(".cache/tenball-python-target"),
            ),
    );
    let wheel: Vec<PathBuf> = std::fs::read_dir(&wheels)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "whl"))
        .collect();
    assert_eq!(wheel.len(), 1, "one wheel: {wheel:?}");
    let name = wheel[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.contains("abi3"), "an abi3 wheel: {name}");
    run(
        "pip install",
        Command::new(&python)
            .args([
                "-m",
                "pip",
                "install",
                "-q",
                "--force-reinstall",
                "--no-deps",
                "--no-index",
            ])
            .arg(&wheel[0]),
    );
    let out = run(
        "pytest python/tests",
        Command::new(&python)
            .args([
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "python/tests",
            ])
            .current_dir(root)
            .env("TENBALL_BIN", env!("CARGO_BIN_EXE_tenball"))
            .env("MPLBACKEND", "Agg"),
    );
    // pytest's closing line, for the log: "N passed in S s".
    eprintln!("{}", out.lines().last().unwrap_or(""));
    assert!(out.contains(" passed"), "{out}");
    let _ = std::fs::remove_dir_all(&wheels);
}
