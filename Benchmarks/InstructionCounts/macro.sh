#!/usr/bin/env bash
# Instruction counts (callgrind) of the model macro's generated coding against Foundation's
# JSONDecoder/JSONEncoder on equal work, and against the same models without the macro.
# (Since issue 31 Foundation's routes run plain Codable twins with synthesized conformances on the
# corpus file, and headline.sh counts the whole headline, NSKeyedUnarchiver included, after
# checking that every route does the same work; this script counts our routes without that check.)
#
#   Benchmarks/InstructionCounts/macro.sh                       # JSON, fast and keyed archive, both ways
#   Benchmarks/InstructionCounts/macro.sh "json-decode JSON-decode"
#
# Builds MacroCounts in release (it builds swift-syntax for the macro), runs each route on
# twitter, citm_catalog and canada under valgrind with 1 and 3 iterations, and prints (3 − 1) / 2:
# the instructions of one iteration, and each route's ratio to Foundation's route the same way
# (decode ÷ JSON-decode, encode ÷ JSON-encode). Needs valgrind.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
routes=${1:-"json-decode plain-json-decode fast-decode plain-fast-decode ka-decode plain-ka-decode json-encode plain-json-encode fast-encode plain-fast-encode ka-encode plain-ka-encode"}
# BUILD_DIR: a copy of this package (Package.swift, Sources/) with a warm release .build, to build in instead.
build=${BUILD_DIR:-$here}
export BASEMODEL_ROOT=${BASEMODEL_ROOT:-$repo}  # the library under measurement, also from BUILD_DIR
(cd "$build" && swift build -c release -q --product MacroCounts)
binary="$build/.build/release/MacroCounts"
export BASEMODEL_CORPUS="$repo/../shared/corpus/json"
# One hashing seed for every run: otherwise counts of the same binary differ by up to 1.5 %.
export SWIFT_DETERMINISTIC_HASHING=${SWIFT_DETERMINISTIC_HASHING:-1}
count() {  # count ROUTE FILE
    local a b
    a=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 1 2>&1 | awk '/Collected/{print $4}')
    b=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 3 2>&1 | awk '/Collected/{print $4}')
    echo $(((b - a) / 2))
}
printf '%-18s %-13s %14s %14s %7s\n' route file instructions Foundation ratio
for file in twitter citm_catalog canada; do
    decode=$(count JSON-decode "$file")
    encode=$(count JSON-encode "$file")
    for route in $routes; do
        case $route in *decode) reference=$decode ;; *) reference=$encode ;; esac
        own=$(count "$route" "$file")
        printf '%-18s %-13s %14d %14d %7.3f\n' "$route" "$file" "$own" "$reference" "$(echo "$own / $reference" | bc -l)"
    done
done
