#!/usr/bin/env bash
# Instruction counts (callgrind) of our keyed archive against Foundation's NSKeyedUnarchiver /
# NSKeyedArchiver on equal work (NSSecureCoding mirrors of the same models, KeyedArchiveMirrors+*.swift)
# and against JSONDecoder / JSONEncoder (EqualWork.swift), issue 13's keyed-archive targets.
# Kept for the history of BENCHMARKS.md: these mirrors read with secure coding and containsValue
# before every read, Foundation's own archive. The headline compares the cheapest honest
# NSKeyedUnarchiver reading of the archive our decode reads instead: headline.sh, route NSKA-decode.
#
#   Benchmarks/InstructionCounts/keyed-archive.sh                          # every file, every route
#   Benchmarks/InstructionCounts/keyed-archive.sh "twitter citm_catalog" "ka-decode NSKA-decode"
#
# Builds InstructionCounts in release (BUILD_DIR: a copy of this package with a warm release .build to build
# in instead), runs each route under valgrind with 1 and 3 iterations and prints (3 − 1) / 2, the
# instructions of one iteration. On canada Foundation's archiver does not finish (BENCHMARKS.md):
# its NSKA-decode and NSKA-encode are left out there, and NSKA-decode-ours (NSKeyedUnarchiver reading
# our archive into the mirrors) is run instead; it runs on canada only (twitter's archive keys are
# snake case, the mirrors' are the property names; on citm every Int reads back 0: our archive
# writes Ints as references to numbers, which decodeInteger(forKey:) does not follow; the route's
# setup check catches both). Needs valgrind; citm's NSKA-encode alone takes
# tens of minutes under callgrind.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
files=${1:-"twitter citm_catalog canada"}
routes=${2:-"JSON-decode ka-decode NSKA-decode NSKA-decode-ours JSON-encode ka-encode NSKA-encode"}
build=${BUILD_DIR:-$here}
export BASEMODEL_ROOT=${BASEMODEL_ROOT:-$repo}  # the library under measurement, also from BUILD_DIR
(cd "$build" && swift build -c release -q --product InstructionCounts)
binary="$build/.build/release/InstructionCounts"
export BASEMODEL_CORPUS="$repo/../shared/corpus/json"
count() {  # count ROUTE FILE
    local a b
    a=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 1 2>&1 | awk '/Collected/{print $4}')
    b=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 3 2>&1 | awk '/Collected/{print $4}')
    echo $(((b - a) / 2))
}
printf '%-18s %-13s %14s\n' route file instructions
for file in $files; do
    for route in $routes; do
        case $file/$route in canada/NSKA-decode | canada/NSKA-encode | twitter/NSKA-decode-ours | citm_catalog/NSKA-decode-ours) continue ;; esac
        printf '%-18s %-13s %14d\n' "$route" "$file" "$(count "$route" "$file")"
    done
done
