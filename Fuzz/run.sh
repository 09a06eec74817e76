#!/usr/bin/env bash
# Builds the libFuzzer targets (one per decoder, see Package.swift) with the fuzzer and address
# sanitizers, writes their seeds, fuzzes each for a bounded time, and prints per target the
# executions, coverage and findings. Exits non-zero when a target crashed, hung (timeout) or ran
# out of memory; slow inputs are reported, not failed.
#
#   Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     # default 300 s, every target
#
# Environment: FUZZ_WORK (default Fuzz/.fuzz: corpora, seeds, logs, artifacts; kept between runs
# so a campaign continues where the last one stopped), FUZZ_JOBS (targets fuzzed at once,
# default 1), BASEMODEL_CORPUS_DIR (the shared corpus the seeds come from, default
# ../shared/corpus beside the project), FUZZ_MAX_LEN (default 16384).
set -euo pipefail
cd "$(dirname "$0")"
fuzz_dir=$(pwd)

seconds=${1:-300}
shift || true
all_targets=(json xml-plist binary-plist keyed-archive hr-xml hr-json hr-binary fast detect crypto-coding envelope)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")

work=${FUZZ_WORK:-$fuzz_dir/.fuzz}
jobs=${FUZZ_JOBS:-1}
max_len=${FUZZ_MAX_LEN:-16384}
corpus=${BASEMODEL_CORPUS_DIR:-$fuzz_dir/../../shared/corpus}
scratch=$fuzz_dir/.build/fuzz
mkdir -p "$work"

# SwiftPM's own --sanitize fuzzer: it links libFuzzer's main and leaves the executable's entry
# point alone, so each target only defines LLVMFuzzerTestOneInput (with -Xswiftc -sanitize=fuzzer
# alone, SwiftPM renames the entry point and the link fails on two mains). SwiftPM hands swiftc
# one -sanitize= per sanitizer, in no fixed order, and swiftc keeps only the last: the trailing
# -Xswiftc -sanitize=fuzzer,address makes every Swift module get both coverage and ASan.
# BASEMODEL_SANITIZED: ASan's frames are several times larger, so StackReserve counts a debug
# build's bytes per level of nesting.
build_flags=(-c release --sanitize fuzzer --sanitize address -Xswiftc -sanitize=fuzzer,address -Xswiftc -DBASEMODEL_SANITIZED --scratch-path "$scratch")
echo "== build (release, fuzzer and address sanitizers) into $scratch"
start=$SECONDS
build_log=$(mktemp)
for target in "${targets[@]}"; do
    # A failed build must not leave an earlier build's binary to be fuzzed.
    # Deterministic hashing keeps SwiftPM's set of sanitizers in one order: in a random one,
    # every command line changes between invocations and each product rebuilds everything.
    if ! SWIFT_DETERMINISTIC_HASHING=1 swift build "${build_flags[@]}" --product "fuzz-$target" >"$build_log" 2>&1; then
        grep -E "error" "$build_log" >&2 || tail -20 "$build_log" >&2
        echo "error: fuzz-$target did not build" >&2
        exit 1
    fi
    grep -E "warning: .*Fuzz/Sources|Build of product" "$build_log" || true
done
rm -f "$build_log"
echo "-- built ${#targets[@]} targets in $((SECONDS - start)) s"

if [ -d "$corpus" ]; then
    echo "== seeds: the corpus at $corpus and samples the library encodes"
    export BASEMODEL_CORPUS_DIR=$corpus
else
    # A clone without ../shared: the targets' own samples are the seeds.
    echo "== seeds: no corpus at $corpus, only samples the library encodes"
    unset BASEMODEL_CORPUS_DIR
fi

# Swift's backtracer would take the crash signal before libFuzzer writes the input out.
export SWIFT_BACKTRACE=enable=no
# LeakSanitizer does not see pointers Swift keeps in enum spare bits, so caches of `ModelValue`s
# in static storage read as leaks: leak checking is off (memory is bounded by -rss_limit_mb).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}

fuzz_one() {
    local target=$1 binary="$scratch/release/fuzz-$1"
    local seeds="$work/seeds/$target" live="$work/corpus/$target" artifacts="$run_artifacts/$target"
    rm -rf "$seeds" "$work/logs/$target.log"   # no earlier run's statistics stand in for this one's
    mkdir -p "$live" "$artifacts" "$work/logs"
    BASEMODEL_FUZZ_WRITE_SEEDS="$seeds" "$binary" >"$work/logs/$target.seeds.log" 2>&1 \
        || { echo "error: writing the seeds of $target failed (see $work/logs/$target.seeds.log)" >&2; return 1; }
    # Hostile shapes the library never writes, kept in Seeds/<target> (all of them for detect).
    local extra
    if [ "$target" = detect ]; then extra=("$fuzz_dir"/Seeds/*/*); else extra=("$fuzz_dir/Seeds/$target"/*); fi
    for file in "${extra[@]}"; do
        if [ -f "$file" ]; then cp "$file" "$seeds/hostile-$(basename "$file")"; fi
    done
    "$binary" "$live" "$seeds" -max_total_time="$seconds" -max_len="$max_len" -rss_limit_mb=2048 \
        -timeout=10 -report_slow_units=1 -detect_leaks=0 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" >"$work/logs/$target.log" 2>&1 || true
}

# Findings of this run only; earlier runs' stay in their own folders.
run_artifacts="$work/artifacts/$(date +%Y%m%d-%H%M%S)"
echo "== fuzz ${#targets[@]} targets for $seconds s each, $jobs at a time (work folder $work)"
running=0
for target in "${targets[@]}"; do
    fuzz_one "$target" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
done
wait

echo "| target | seeds | executions | exec/s | cov | ft | corpus | slowest unit (s) | crashes | timeouts | ooms | slow units |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
failed=0
set +e +o pipefail   # a target that crashed at once has no statistics: report blanks, not stop
for target in "${targets[@]}"; do
    log="$work/logs/$target.log"
    artifacts="$run_artifacts/$target"
    final() { grep -m1 "^stat::$1:" "$log" | awk '{print $2}'; }
    last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1)
    field() { echo "$last" | grep -oE "$1: [^ ]+" | awk '{print $2}'; }
    count() { find "$artifacts" -name "$1-*" | wc -l; }
    seeds=$(find "$work/seeds/$target" -type f | wc -l)
    crashes=$(count crash) timeouts=$(count timeout) ooms=$(count oom) slow=$(count slow-unit)
    echo "| $target | $seeds | $(final number_of_executed_units) | $(final average_exec_per_sec) | $(field cov) | $(field ft) |" \
        "$(field corp) | $(final slowest_unit_time_sec) | $crashes | $timeouts | $ooms | $slow |"
    if [ "$((crashes + timeouts + ooms))" -gt 0 ] || ! grep -q "^stat::number_of_executed_units" "$log"; then
        failed=1
        echo "   $target: findings in $artifacts, log $log" >&2
    fi
done
exit $failed
