#!/usr/bin/env bash
# The guide's Slurm recipe on a real one-node cluster (tests/scheduler.rs runs this): munge and
# slurmctld/slurmd from Debian's packages with all their state in a temporary folder, the
# array file docs/cluster/breaks-array.sbatch submitted as it is (4 shards of 12,000 breaks),
# one task cancelled part-way and requeued, `merge --partial` while it is missing, the merge
# compared byte for byte with one `tenball breaks` run, and a second submission of the
# finished array changing nothing; then docs/cluster/duel-array.sbatch (2 shards of a
# 6-rack greedy duel) merged to exactly one duel's summary.
# Usage: slurm-array.sh TENBALL_BINARY. Needs root (slurmd runs jobs as their user) and the
# packages slurm-wlm and munge (setup.sh installs them). Exit 0: the recipe holds.
set -euo pipefail
bin=$(readlink -f "$1")
repo=$(cd "$(dirname "$0")/../.." && pwd)
recipe="$repo/docs/cluster/breaks-array.sbatch"
shards=4
count=12000
t=$(mktemp -d /tmp/tenball-slurm.XXXXXX)
say() { echo "slurm-array: [${SECONDS}s] $*" >&2; }
fail() { say "FAILED: $*"; exit 1; }
cleanup() {
    for p in "$t"/slurmd.pid "$t"/slurmctld.pid "$t"/munge/munged.pid; do
        [ -f "$p" ] && kill "$(cat "$p")" 2>/dev/null || true
    done
    sleep 0.5
    rm -rf "$t"
}
trap cleanup EXIT

# Waits until COMMAND succeeds, at most SECONDS.
wait_for() {
    local secs=$1 what=$2; shift 2
    local end=$((SECONDS + secs))
    until "$@"; do
        [ $SECONDS -lt $end ] || fail "waited $secs s for $what"
        sleep 0.2
    done
}

# Munge: its own key, socket and files.
mkdir -p "$t/munge" "$t/state" "$t/spool" "$t/work/shards" "$t/bin"
chmod 700 "$t/munge"
dd if=/dev/urandom of="$t/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$t/munge/munge.key"
munged --force --key-file="$t/munge/munge.key" --socket="$t/munge/munge.socket" \
    --pid-file="$t/munge/munged.pid" --log-file="$t/munge/munged.log" \
    --seed-file="$t/munge/munged.seed"

host=$(hostname -s)
port=$((20000 + RANDOM % 20000))
cat > "$t/slurm.conf" <<CONF
ClusterName=tenballtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$t/munge/munge.socket,cred_expire=5
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$t/state
SlurmdSpoolDir=$t/spool
SlurmctldPidFile=$t/slurmctld.pid
SlurmdPidFile=$t/slurmd.pid
SlurmctldLogFile=$t/slurmctld.log
SlurmdLogFile=$t/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
KillWait=5
JobRequeue=1
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$t/slurm.conf"
slurmctld -f "$SLURM_CONF" -c
slurmd -f "$SLURM_CONF"
node_idle() { sinfo -h -o %T 2>/dev/null | grep -qx idle; }
wait_for 60 "the node to come up" node_idle
say "cluster up on $host:$port"

# tenball on the jobs' PATH, as on a cluster node.
ln -s "$bin" "$t/bin/tenball"
export PATH="$t/bin:$PATH"
cd "$t/work"

submit() {
    sbatch --parsable --array=0-$((shards - 1)) --export=ALL,SHARDS=$shards,COUNT=$count "$recipe"
}
array_done() { [ -z "$(squeue -h -j "$1" 2>/dev/null)" ]; }
lines() { if [ -f "$1" ]; then wc -l < "$1"; else echo 0; fi; }

job=$(submit)
say "submitted array $job"
# Task 2 cancelled part-way: once it has written some breaks.
task_started() { [ "$(lines shards/breaks-2.jsonl)" -gt 40 ]; }
wait_for 120 "task 2 to write its first records" task_started
scancel "${job}_2"
task_gone() { [ -z "$(squeue -h -j "${job}_2" 2>/dev/null)" ]; }
wait_for 60 "task 2 to end" task_gone
others_done() {
    for k in 0 1 3; do [ -z "$(squeue -h -j "${job}_$k" 2>/dev/null)" ] || return 1; done
}
wait_for 300 "tasks 0, 1 and 3" others_done
held=$(( $(lines shards/breaks-2.jsonl) - 1 ))
[ "$held" -lt $((count / shards)) ] || fail "task 2 was not cut short (it holds $held breaks)"
say "task 2 cancelled with $held of $((count / shards)) breaks"

# While it is missing: --partial says exactly what, and a plain merge refuses.
if tenball breaks merge shards/breaks-*.jsonl > /dev/null 2> refused.txt; then
    fail "merge took an unfinished shard without --partial"
fi
tenball breaks merge shards/breaks-*.jsonl --partial --json > partial.json 2> partial.txt
grep -q "shard 2/4 holds $held of its $((count / shards)) breaks (unfinished)" partial.txt ||
    fail "--partial did not say what is missing: $(cat partial.txt)"
grep -q "\"breaks\": $((count - count / shards + held))" partial.json ||
    fail "--partial did not merge what is there: $(head -c 300 partial.json)"

# Requeued, the task resumes its shard.
scontrol requeue "${job}_2"
# A requeued job waits out its credential's lifetime before it may start again; this is a test.
scontrol update jobid="${job}_2" StartTime=now
say "task 2 requeued"
wait_for 300 "the requeued task" array_done "$job"
grep -q "resuming: $held of $((count / shards)) breaks" "shards/slurm-${job}_2.out" ||
    fail "the requeued task did not resume: $(cat "shards/slurm-${job}_2.out")"

tenball breaks merge shards/breaks-*.jsonl --out merged.jsonl --json > merged.json
tenball breaks --count $count --seed 7 --out one.jsonl --json > one.json
cmp merged.jsonl one.jsonl || fail "the merged records differ from one run's"
cmp merged.json one.json || fail "the merged summary differs from one run's"
say "merged records and summary equal one run's ($count breaks)"

# A second submission of the finished array changes nothing.
before=$(sha256sum shards/breaks-*.jsonl)
again=$(submit)
wait_for 300 "the second submission" array_done "$again"
[ "$before" = "$(sha256sum shards/breaks-*.jsonl)" ] || fail "a second submission changed a shard"
for k in 0 1 2 3; do
    grep -q "resuming: $((count / shards)) of $((count / shards)) breaks" "shards/slurm-${again}_$k.out" ||
        fail "task $k of the second submission: $(cat "shards/slurm-${again}_$k.out")"
done
say "a second submission changed nothing"

# The duel's array: two shards merged to one run's summary, races included.
duel=$(sbatch --parsable --array=0-1 --export=ALL,SHARDS=2,RACKS=6,A=greedy,B=greedy "$repo/docs/cluster/duel-array.sbatch")
wait_for 300 "the duel array" array_done "$duel"
tenball duel merge shards/duel-*.jsonl --race-to 2 --json > duel-merged.json
tenball duel --a greedy --b greedy --racks 6 --seed 7 --race-to 2 --json > duel-one.json
cmp duel-merged.json duel-one.json || fail "the merged duel differs from one run: $(cat duel-merged.json)"
say "the duel's shards merged to one run's summary"
echo "slurm-array: ok"
