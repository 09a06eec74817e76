#!/usr/bin/env bash
# Counts the public declarations of every target under Sources/ (a line declaring something
# `public` or `open`; `public import` and `@_exported` lines are not declarations) and prints
# the count per target and in total.
#
#   scripts/public-api.sh            # the counts
#   scripts/public-api.sh 250        # ... and exit 1 when the total is above 250
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-}
pattern='^\s*(@[A-Za-z_]+(\([^)]*\))?\s+)*(public|open)\s'
total=0
for target in Sources/*/; do
    count=$( (grep -rhE "$pattern" "$target" --include='*.swift' || true) | grep -vcE '^\s*public import|^\s*@_exported' || true)
    printf '%-28s %4d\n' "$(basename "$target")" "$count"
    total=$((total + count))
done
printf '%-28s %4d\n' "total" "$total"
if [ -n "$limit" ] && [ "$total" -gt "$limit" ]; then
    echo "public declarations: $total, above the limit of $limit" >&2
    exit 1
fi
