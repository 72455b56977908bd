#!/usr/bin/env bash
# The whole suite, RUNS times in a row, beside a CPU hog of HOGS busy loops: the suite
# must pass every time on a loaded 2-core machine (it asserts behaviour, never time).
# Prints one line per run (result, minutes, the lowest and the mean 1-minute load average
# sampled every 15 s while it ran) and exits 1 if any run failed.
#
#     bench/suite_beside_hog.sh [RUNS=5] [HOGS=8]
#
# On an otherwise idle 2-core machine 8 hogs and the suite's workers keep the load
# above 8; on a shared one fewer do (the line says what the load was). Run it from a
# checkout with its .venv (the README's set-up). The hogs and the suite run at `nice 19`
# alike (the suite gets no edge over the hog), so people working on the machine keep
# their share. PostgreSQL comes from .ci/postgres.sh, as in CI. Each run's pytest output
# (with the 25 slowest tests) is kept as run-N.txt in $SUITE_LOGS if that is set.
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
hogs_n=${2:-8}
work=$(mktemp -d)
hogs=()
cleanup() {
    for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null; done
    rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq "$hogs_n"); do
    nice -n 19 python3 -c "while True: pass" &
    hogs+=($!)
done
export CI=true
source .ci/postgres.sh
failed=0
for run in $(seq "$runs"); do
    rm -rf "$work/run" && mkdir -p "$work/run"
    start=$(date +%s)
    (while true; do cut -d' ' -f1 /proc/loadavg >>"$work/run/load"; sleep 15; done) &
    sampler=$!
    FLOORKILL_JOURNAL="$work/run/journal.db" XDG_DATA_HOME="$work/run/data" \
        XDG_CONFIG_HOME="$work/run/config" \
        nice -n 19 .venv/bin/python -m pytest -p no:cacheprovider --durations=25 \
        >"$work/out" 2>&1
    rc=$?
    kill "$sampler" 2>/dev/null
    if [ -n "${SUITE_LOGS:-}" ]; then mkdir -p "$SUITE_LOGS" && cp "$work/out" "$SUITE_LOGS/run-$run.txt"; fi
    minutes=$(awk -v s="$start" -v e="$(date +%s)" 'BEGIN { printf "%.1f", (e - s) / 60 }')
    summary=$(grep -E "(passed|failed)" "$work/out" | tail -n 1)
    loads=$(awk 'NR == 1 || $1 < min { min = $1 } { sum += $1 } END { printf "min %.1f mean %.1f", min, sum / NR }' "$work/run/load")
    echo "run $run: rc $rc in $minutes min, load $loads — $summary"
    if [ "$rc" -ne 0 ]; then
        failed=1
        grep -E "^(FAILED|ERROR) " "$work/out"
    fi
done
exit "$failed"
