#!/usr/bin/env bash
# Instruction counts (callgrind) of the decode and encode routes at two revisions, and their ratio.
#
#   Benchmarks/InstructionCounts/compare.sh 57b91ba            # that revision against the work tree
#   Benchmarks/InstructionCounts/compare.sh 57b91ba "fast-decode json-decode"
#   Benchmarks/InstructionCounts/compare.sh 053b017 "ka-decode ka-encode JSON-decode JSON-encode"
#   (JSON-… are Foundation's coders on equal work: the same at both revisions, for ratios)
#
# Builds this package in release against a `git worktree` of REV and against the work tree, runs
# each route on twitter, citm_catalog and canada under valgrind with 1 and 3 iterations, and
# prints (3 − 1) / 2 per revision: the instructions of one iteration. Needs valgrind.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
rev=${1:?usage: compare.sh REV [ROUTES]}
routes=${2:-"json-decode fast-decode json-encode fast-encode"}
work=$(mktemp -d)
trap 'git -C "$repo" worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$repo" worktree add -q --detach "$work/base" "$rev"
build() {  # build ROOT INTO
    mkdir -p "$2"
    cp -R "$here/Package.swift" "$2/"
    mkdir -p "$2/Sources/InstructionCounts"
    # Every source, the symlinked models followed (the copy lives outside the repository).
    cp -L "$here"/Sources/InstructionCounts/*.swift "$2/Sources/InstructionCounts/"
    (cd "$2" && BASEMODEL_ROOT="$1" swift build -c release -q --product InstructionCounts)
}
build "$work/base" "$work/old"
build "$repo" "$work/new"
count() {  # count DIR ROUTE FILE
    local a b
    a=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1/.build/release/InstructionCounts" "$2" "$3" 1 2>&1 | awk '/Collected/{print $4}')
    b=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1/.build/release/InstructionCounts" "$2" "$3" 3 2>&1 | awk '/Collected/{print $4}')
    echo $(((b - a) / 2))
}
export BASEMODEL_CORPUS="$repo/../shared/corpus/json"
printf '%-12s %-13s %14s %14s %7s\n' route file "$rev" "work tree" ratio
for route in $routes; do
    for file in twitter citm_catalog canada; do
        old=$(count "$work/old" "$route" "$file")
        new=$(count "$work/new" "$route" "$file")
        printf '%-12s %-13s %14d %14d %7.3f\n' "$route" "$file" "$old" "$new" "$(echo "$new / $old" | bc -l)"
    done
done
