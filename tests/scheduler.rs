//! The guide's cluster recipes, kept true: the Slurm job array run on a real one-node cluster
//! (`tests/scheduler/slurm-array.sh`: a task cancelled part-way and requeued, `--partial` while
//! it is missing, the merge byte for byte one run's, a second submission changing nothing),
//! and the Kubernetes indexed Job's manifest checked for what can be checked without a
//! cluster. The Slurm test needs root and the packages slurm-wlm and munge (setup.sh installs
//! them): without them it says so and passes, except under CI, where it fails.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// Whether this machine can stand up a one-node Slurm cluster.
fn can_run_slurm() -> Result<(), String> {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false);
    if !root {
        return Err("not root (slurmd runs the jobs as their user)".into());
    }
    for daemon in [
        "/usr/sbin/slurmctld",
        "/usr/sbin/slurmd",
        "/usr/sbin/munged",
    ] {
        if !Path::new(daemon).exists() {
            return Err(format!(
                "{daemon} is missing (./setup.sh installs slurm-wlm and munge)"
            ));
        }
    }
    Ok(())
}

#[test]
fn the_guides_slurm_array_with_a_killed_task_merges_to_one_runs_result() {
    if let Err(why) = can_run_slurm() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must run the Slurm test: {why}"
        );
        eprintln!("the Slurm test is skipped: {why}");
        return;
    }
    let start = Instant::now();
    let mut child = Command::new("bash")
        .arg("tests/scheduler/slurm-array.sh")
        .arg(env!("CARGO_BIN_EXE_tenball"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("bash runs");
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(600) {
            child.kill().unwrap();
            panic!("the Slurm test ran past ten minutes");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let out = child.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    eprintln!("{said}");
    assert!(out.status.success(), "the Slurm recipe failed:\n{said}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("slurm-array: ok"));
}

/// The command both recipes run, with the task's index written `INDEX`.
fn tenball_command(text: &str, index_var: &str) -> String {
    let start = text
        .find("tenball breaks --count")
        .expect("a tenball command");
    let rest = &text[start..];
    let end = rest
        .find(".jsonl\" --resume")
        .expect("its --out and --resume")
        + 16;
    rest[..end]
        .replace(index_var, "INDEX")
        .split_whitespace()
        .filter(|w| *w != "\\")
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_kubernetes_indexed_job_runs_the_slurm_arrays_command() {
    let yaml = std::fs::read_to_string("docs/cluster/breaks-indexed-job.yaml").unwrap();
    let job: serde_norway::Value = serde_norway::from_str(&yaml).expect("valid YAML");
    assert_eq!(job["apiVersion"].as_str(), Some("batch/v1"));
    assert_eq!(job["kind"].as_str(), Some("Job"));
    let spec = &job["spec"];
    assert_eq!(spec["completionMode"].as_str(), Some("Indexed"));
    assert_eq!(spec["completions"].as_u64(), Some(32));
    let pod = &spec["template"]["spec"];
    assert_eq!(pod["restartPolicy"].as_str(), Some("Never"));
    let container = &pod["containers"][0];
    let env: Vec<(String, String)> = container["env"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["name"].as_str().unwrap().to_string(),
                e["value"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(env.contains(&("SHARDS".into(), "32".into())), "{env:?}");
    assert!(env.contains(&("COUNT".into(), "1000000".into())), "{env:?}");
    let script = container["command"][2].as_str().unwrap();
    let sbatch = std::fs::read_to_string("docs/cluster/breaks-array.sbatch").unwrap();
    assert_eq!(
        tenball_command(script, "${JOB_COMPLETION_INDEX}"),
        tenball_command(&sbatch, "${SLURM_ARRAY_TASK_ID}")
    );
    // The array covers the same 32 shards and the same defaults.
    assert!(sbatch.contains("#SBATCH --array=0-31"));
    assert!(sbatch.contains("SHARDS=${SHARDS:-32}") && sbatch.contains("COUNT=${COUNT:-1000000}"));
    assert!(pod["volumes"][0]["persistentVolumeClaim"]["claimName"].is_string());
    assert_eq!(container["workingDir"].as_str(), Some("/data"));
}
