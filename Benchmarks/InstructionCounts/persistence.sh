#!/usr/bin/env bash
# Instruction counts (callgrind) of the persistence routes (shared instances, directory store)
# against the direct routes of the same format (`M(data:)`, `data(format:)`), on the plain
# `Model` types of twitter and citm_catalog (InstructionCounts' models).
#
#   Benchmarks/InstructionCounts/persistence.sh                    # every route, every format
#   Benchmarks/InstructionCounts/persistence.sh "load save" "fast"
#   BASEMODEL_ROOT=/path/to/checkout BUILD_DIR=/tmp/pc persistence.sh   # another revision
#   FILES=twitter persistence.sh "load fetch" "ka json"                  # one file
#
# Builds PersistenceCounts in release (the library alone: no swift-syntax, no GRDB), runs
# each route on twitter and citm_catalog under valgrind with 1 and 3 iterations, and prints
# (3 − 1) / 2: the instructions of one iteration, and the ratio to the direct route of the same
# format (reads ÷ decode-F, writes ÷ encode-F). Needs valgrind.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
routes=${1:-"load layered-load save fetch store-save cold-store-save"}
formats=${2:-"json fast ka bplist"}
files=${FILES:-"twitter citm_catalog"}
# BUILD_DIR: a folder to build in (this package's manifest and sources are copied there, the
# symlinked models followed), so one warm .build serves several revisions of the library.
build=${BUILD_DIR:-$here}
export BASEMODEL_ROOT=${BASEMODEL_ROOT:-$repo}
if [ "$build" != "$here" ]; then
    mkdir -p "$build/Sources/InstructionCounts" "$build/Sources/PersistenceCounts"
    cp "$here/Package.swift" "$build/"
    cp -L "$here"/Sources/InstructionCounts/*.swift "$build/Sources/InstructionCounts/"
    cp -L "$here"/Sources/PersistenceCounts/*.swift "$build/Sources/PersistenceCounts/"
fi
(cd "$build" && swift build -c release -q --product PersistenceCounts)
binary="$build/.build/release/PersistenceCounts"
export BASEMODEL_CORPUS=${BASEMODEL_CORPUS:-$repo/../shared/corpus/json}
# One hashing seed for every run: otherwise counts of the same binary differ by up to 1.5 %.
export SWIFT_DETERMINISTIC_HASHING=${SWIFT_DETERMINISTIC_HASHING:-1}
count() {  # count ROUTE FILE
    local a b
    a=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 1 2>&1 | awk '/Collected/{print $4}')
    b=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 3 2>&1 | awk '/Collected/{print $4}')
    echo $(((b - a) / 2))
}
printf '%-24s %-13s %14s %14s %7s\n' route file instructions direct ratio
for file in $files; do
    for format in $formats; do
        decode=$(count "decode-$format" "$file")
        encode=$(count "encode-$format" "$file")
        printf '%-24s %-13s %14d %14s %7s\n' "decode-$format" "$file" "$decode" - -
        printf '%-24s %-13s %14d %14s %7s\n' "encode-$format" "$file" "$encode" - -
        for route in $routes; do
            case $route in *save) reference=$encode ;; *) reference=$decode ;; esac
            own=$(count "$route-$format" "$file")
            printf '%-24s %-13s %14d %14d %7.3f\n' "$route-$format" "$file" "$own" "$reference" "$(echo "$own / $reference" | bc -l)"
        done
    done
done
