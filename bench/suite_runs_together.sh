#!/usr/bin/env bash
# The whole suite RUNS times at once, beside HOGS busy loops: each run is its own fresh
# clone of this checkout's HEAD with its own virtual environment (the README's set-up) and
# its own PostgreSQL server (.ci/postgres.sh), so every run has the other runs and the
# hogs beside it — on a 2-core machine the load stays far above 8 for all of them. The
# suite must pass every time (it asserts behaviour, never time). One line per run (result,
# minutes, the lowest and the mean 1-minute load average sampled every 15 s while the runs
# went on); exits 1 if any run failed. The runs and the hogs share the machine at the same
# priority. Each run's pytest output (with the 25 slowest tests) is kept in $SUITE_LOGS
# (default: a temporary folder, printed).
#
#     bench/suite_runs_together.sh [RUNS=5] [HOGS=2]
#
# The same in a row, one run at a time beside the hogs: bench/suite_beside_hog.sh.
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
hogs_n=${2:-2}
work=$(mktemp -d /tmp/fk-together.XXXXXX)
chmod 755 "$work"  # (the PostgreSQL servers run as their own user, from the run's folder)
logs=${SUITE_LOGS:-$work/logs}
mkdir -p "$logs"
head=$(git rev-parse HEAD)
echo "suite x$runs at once beside $hogs_n hogs, at $head; logs in $logs"
hogs=()
sampler=""
cleanup() {
    for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null; done
    [ -n "$sampler" ] && kill "$sampler" 2>/dev/null
    rm -rf "$work"/run-*
}
trap cleanup EXIT

for run in $(seq "$runs"); do  # the README's set-up, once per clone (before any load)
    dir="$work/run-$run"
    git clone -q "$PWD" "$dir" && git -C "$dir" checkout -q "$head"
    python3 -m venv "$dir/.venv"
    "$dir/.venv/bin/pip" install -q -e "$dir[test]" >"$dir/pip.log" 2>&1 \
        || { echo "run $run: pip install failed"; cat "$dir/pip.log"; exit 1; }
done

for _ in $(seq "$hogs_n"); do
    python3 -c "while True: pass" &
    hogs+=($!)
done
(while true; do cut -d' ' -f1 /proc/loadavg >>"$work/load"; sleep 15; done) &
sampler=$!
start=$(date +%s)
pids=()
for run in $(seq "$runs"); do
    dir="$work/run-$run"
    (
        trap - EXIT  # (not this script's cleanup when a run ends: postgres.sh chains the trap)
        cd "$dir" || exit 1
        export CI=true
        source .ci/postgres.sh >/dev/null
        FLOORKILL_JOURNAL="$dir/journal.db" XDG_DATA_HOME="$dir/data" \
            XDG_CONFIG_HOME="$dir/config" \
            .venv/bin/python -m pytest -p no:cacheprovider --durations=25 \
            >"$logs/run-$run.txt" 2>&1
        echo $? >"$dir/rc"
        date +%s >"$dir/end"
    ) &
    pids+=($!)
done
wait "${pids[@]}"
kill "$sampler" 2>/dev/null
sampler=""
loads=$(awk 'NR == 1 || $1 < min { min = $1 } { sum += $1 } END { printf "min %.1f mean %.1f", min, sum / NR }' "$work/load")
failed=0
for run in $(seq "$runs"); do
    dir="$work/run-$run"
    rc=$(cat "$dir/rc" 2>/dev/null || echo "?")
    minutes=$(awk -v s="$start" -v e="$(cat "$dir/end")" 'BEGIN { printf "%.1f", (e - s) / 60 }')
    echo "run $run: rc $rc in $minutes min, load $loads — $(grep -E "(passed|failed)" "$logs/run-$run.txt" | tail -n 1)"
    if [ "$rc" != 0 ]; then
        failed=1
        grep -E "^(FAILED|ERROR) " "$logs/run-$run.txt"
    fi
done
exit "$failed"
