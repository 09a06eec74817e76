#!/usr/bin/env bash
# The headline of README.md and the Performance article, in one command: instruction counts
# (callgrind) of our coding against Foundation's on equal work (BENCHMARKS.md, "Equal work,
# corrected (issue 31)").
#
#   Benchmarks/InstructionCounts/headline.sh                        # every file, every headline route
#   Benchmarks/InstructionCounts/headline.sh "twitter citm_catalog"  # some files
#   Benchmarks/InstructionCounts/headline.sh twitter "JSON-decode json-decode"
#   BASEMODEL_ROOT=/work/main JOBS=2 Benchmarks/InstructionCounts/headline.sh
#
# Equal work: both sides read the same bytes into models with the same fields (every key of the
# file, which `MacroCounts verify` checks with a ModelReport before anything is counted) and the
# same values. Foundation's JSONDecoder/JSONEncoder run plain Codable twins with synthesized
# conformances; NSKeyedUnarchiver reads the very archive our ka-decode reads, the cheapest way
# that decodes every field. Ours: the `@Model` types and the same models without the macro.
#
# Builds MacroCounts in release against BASEMODEL_ROOT (default: this checkout; BUILD_DIR: a copy
# of this package with a warm release .build to build in instead), prints the size of the
# library (lines of Sources/, `duplicates` pairs when the tool is there), verifies every file,
# then counts each route with 1 and 3 iterations under valgrind and prints (3 − 1) / 2, the
# instructions of one iteration, with SWIFT_DETERMINISTIC_HASHING=1 so that the same binary gives
# the same count. JOBS: how many valgrind runs at once (counts do not depend on load; default 1).
# Ends with the table as markdown. Needs valgrind; about an hour on two busy cores.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
files=${1:-"twitter citm_catalog canada"}
routes=${2:-"JSON-decode NSKA-decode json-decode plain-json-decode fast-decode plain-fast-decode ka-decode plain-ka-decode JSON-encode json-encode plain-json-encode fast-encode plain-fast-encode ka-encode plain-ka-encode"}
build=${BUILD_DIR:-$here}
export BASEMODEL_ROOT=${BASEMODEL_ROOT:-$repo}
root=$(cd "$build" && cd "$BASEMODEL_ROOT" && pwd)
export BASEMODEL_CORPUS=${BASEMODEL_CORPUS:-$root/../shared/corpus/json}
export SWIFT_DETERMINISTIC_HASHING=${SWIFT_DETERMINISTIC_HASHING:-1}
jobs=${JOBS:-1}

(cd "$build" && swift build -c release -q --product MacroCounts)
binary="$build/.build/release/MacroCounts"

echo "library: $root at $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "lines of Sources/: $(cd "$root" && find Sources -name '*.swift' -print0 | xargs -0 cat | wc -l)"
if command -v duplicates >/dev/null; then
    echo "duplicates --repo Sources: $(cd "$root" && duplicates --repo Sources --seconds 300 | head -1)"
fi
for file in $files; do "$binary" verify "$file" 1; done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
count() {  # count ROUTE FILE: writes the instructions of one iteration to $work/FILE.ROUTE
    local a b
    a=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 1 2>&1 | awk '/Collected/{print $4}')
    b=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 3 2>&1 | awk '/Collected/{print $4}')
    echo $(((b - a) / 2)) >"$work/$2.$1"
    printf '%-22s %-13s %14d\n' "$1" "$2" $(((b - a) / 2))
}
export -f count
export binary work
for file in $files; do
    for route in $routes; do
        # Foundation's archiver does not finish on canada (NSKA-encode; BENCHMARKS.md).
        [[ $file/$route == canada/NSKA-encode ]] || echo "$route $file"
    done
done | xargs -P "$jobs" -L 1 bash -c 'count "$0" "$1"'

# The table: instructions per iteration, and in brackets ÷ Foundation's route (decode ÷
# JSON-decode, encode ÷ JSON-encode; the keyed-archive decodes also ÷ NSKA-decode).
ratio() { [[ -s $work/$2.$1 && -s $work/$2.$3 ]] && printf '%.3f' "$(echo "$(cat "$work/$2.$1") / $(cat "$work/$2.$3")" | bc -l)"; }
echo
printf '| route |'; for file in $files; do printf ' %s |' "$file"; done; echo
printf '|---|'; for _ in $files; do printf -- '---:|'; done; echo
for route in $routes; do
    printf '| %s |' "$route"
    for file in $files; do
        if [[ ! -s $work/$file.$route ]]; then printf ' — |'; continue; fi
        printf ' %s' "$(sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' "$work/$file.$route")"
        case $route in
            JSON-* | NSKA-*) ;;
            *-decode) printf ' (**%s**' "$(ratio "$route" "$file" JSON-decode)" ;;
            *) printf ' (**%s**' "$(ratio "$route" "$file" JSON-encode)" ;;
        esac
        case $route in
            ka-decode | plain-ka-decode) printf '; ÷ NSKA **%s**)' "$(ratio "$route" "$file" NSKA-decode)" ;;
            JSON-* | NSKA-*) ;;
            *) printf ')' ;;
        esac
        printf ' |'
    done
    echo
done
