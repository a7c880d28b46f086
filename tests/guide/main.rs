//! The guide's commands work as written. Every fenced block marked `sh` in the README and in
//! `docs/*.md` is run line by line in a fresh folder (with the repository's `assets/` beside it
//! and the built `tenball` first on the `PATH`; `cargo run --release --` stands for `tenball`),
//! and each line must exit 0, or the code its comment names (`# exits 2`). Blocks marked
//! `sh no-test` are shown only. The guide's links to its own pages and pictures must resolve,
//! and `docs/architecture.md` tells the truth about `src/` (`architecture`).

mod architecture;

use std::path::{Path, PathBuf};
use std::process::Command;

/// A fenced block of a page: where it starts, its info string, its lines.
struct Block {
    file: PathBuf,
    line: usize,
    info: String,
    lines: Vec<String>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The README and every page of the guide.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ exists")
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

fn blocks(file: &Path) -> Vec<Block> {
    let text = std::fs::read_to_string(file).expect("a readable page");
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        match (open.take(), line.strip_prefix("```")) {
            (None, Some(info)) => {
                open = Some(Block {
                    file: file.to_path_buf(),
                    line: i + 1,
                    info: info.trim().to_string(),
                    lines: Vec::new(),
                })
            }
            (Some(b), Some(_)) => out.push(b),
            (Some(mut b), None) => {
                b.lines.push(line.to_string());
                open = Some(b);
            }
            (None, None) => {}
        }
    }
    assert!(
        open.is_none(),
        "{}: a fenced block is never closed",
        file.display()
    );
    out
}

/// The block's commands: continuation lines joined, comments and blank lines left out, each
/// with the exit code it expects.
fn commands(b: &Block) -> Vec<(String, i32)> {
    let mut out = Vec::new();
    let mut pending = String::new();
    for line in &b.lines {
        if let Some(head) = line.strip_suffix('\\') {
            pending.push_str(head);
            continue;
        }
        pending.push_str(line);
        let full = std::mem::take(&mut pending);
        let trimmed = full.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (cmd, expect) = match trimmed.rsplit_once("# exits ") {
            Some((cmd, code)) => (cmd.trim(), code.trim().parse().expect("an exit code")),
            None => (trimmed, 0),
        };
        let cmd = cmd.replace("cargo run --release -- ", "tenball ");
        out.push((cmd, expect));
    }
    out
}

/// A fresh folder with `assets/` and `bin/tenball` linked in.
fn workdir(n: usize) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tenball-guide-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("bin")).expect("a temporary folder");
    std::os::unix::fs::symlink(root().join("assets"), dir.join("assets")).expect("assets linked");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_tenball"), dir.join("bin/tenball"))
        .expect("tenball linked");
    dir
}

#[test]
fn every_sh_block_of_the_guide_runs_as_written() {
    let path = format!(
        "{}:{}",
        "bin",
        std::env::var("PATH").unwrap_or_else(|_| "/usr/bin:/bin".into())
    );
    let mut ran = 0;
    let mut failures = Vec::new();
    for (n, b) in pages()
        .iter()
        .flat_map(|p| blocks(p))
        .filter(|b| b.info == "sh")
        .enumerate()
    {
        let dir = workdir(n);
        for (cmd, expect) in commands(&b) {
            let out = Command::new("timeout")
                .args(["300", "sh", "-c", &cmd])
                .current_dir(&dir)
                .env("PATH", &path)
                .env_remove("NO_COLOR")
                .stdin(std::process::Stdio::null())
                .output()
                .expect("sh runs");
            let code = out.status.code().unwrap_or(-1);
            ran += 1;
            if code != expect {
                let err = String::from_utf8_lossy(&out.stderr);
                let tail: String = err.lines().rev().take(5).collect::<Vec<_>>().join(" | ");
                failures.push(format!(
                    "{}:{}: `{cmd}` exited {code}, expected {expect}: {tail}",
                    b.file.display(),
                    b.line
                ));
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran >= 30, "only {ran} commands found in the guide");
}

#[test]
fn every_block_is_marked_run_or_shown() {
    // A shell block must say whether the test runs it: `sh` or `sh no-test`, nothing else.
    for b in pages().iter().flat_map(|p| blocks(p)) {
        let shell = ["bash", "shell", "console", "zsh"].contains(&b.info.as_str());
        assert!(
            !shell && (!b.info.starts_with("sh") || b.info == "sh" || b.info == "sh no-test"),
            "{}:{}: a shell block is `sh` (run by this test) or `sh no-test`, not `{}`",
            b.file.display(),
            b.line,
            b.info
        );
    }
}

#[test]
fn the_guide_links_resolve() {
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("a readable page");
        let dir = page.parent().expect("a folder");
        for (i, line) in text.lines().enumerate() {
            for part in line.split("](").skip(1) {
                let target = part.split(')').next().unwrap_or("");
                let target = target.split('#').next().unwrap_or("");
                if target.is_empty() || target.contains("://") {
                    continue;
                }
                assert!(
                    dir.join(target).exists(),
                    "{}:{}: the link to `{target}` leads nowhere",
                    page.display(),
                    i + 1
                );
            }
        }
    }
}

/// The parser itself: continuation lines, comments and expected exit codes.
#[test]
fn commands_are_read_with_continuations_and_exit_codes() {
    let b = Block {
        file: PathBuf::from("x.md"),
        line: 1,
        info: "sh".into(),
        lines: vec![
            "# a comment".into(),
            "cargo run --release -- breaks \\".into(),
            "    --count 5".into(),
            "".into(),
            "tenball judge bad.json    # exits 2".into(),
        ],
    };
    assert_eq!(
        commands(&b),
        vec![
            ("tenball breaks     --count 5".to_string(), 0),
            ("tenball judge bad.json".to_string(), 2)
        ]
    );
}
