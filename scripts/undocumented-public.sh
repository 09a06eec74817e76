#!/usr/bin/env bash
# Lists the public declarations under Sources/ that have no doc comment (`///` on the lines
# just above, attributes such as `@discardableResult` between them allowed) and exits 1 when
# there is one. Enum cases and members of a documented public declaration's body that are not
# declared `public` themselves are not counted (they are not public declarations of their own).
#
#   scripts/undocumented-public.sh
set -euo pipefail
cd "$(dirname "$0")/.."
missing=$(find Sources -name '*.swift' -print0 | sort -z | xargs -0 awk '
    FNR == 1 { documented = 0; open = 0 }
    {
        line = $0
        sub(/^[ \t]+/, "", line)
        if (open > 0) {                                        # inside an attribute spanning lines
            open += gsub(/\(/, "(", line) - gsub(/\)/, ")", line)
            next
        }
        if (line ~ /^\/\/\//) { documented = 1; next }
        if (line ~ /^(@[A-Za-z_]+(\([^)]*\))?[ \t]*)+$/) { next }  # attributes on a line of their own
        if (line ~ /^@[A-Za-z_]+\(/ && line !~ /(public|open)[ \t]/) {   # an attribute that goes on
            open = gsub(/\(/, "(", line) - gsub(/\)/, ")", line)
            if (open > 0) next
        }
        if (line ~ /^(@[A-Za-z_]+(\([^)]*\))?[ \t]+)*(public|open)[ \t]/ && line !~ /^public import/ && line !~ /^@_exported/) {
            if (!documented) printf "%s:%d: %s\n", FILENAME, FNR, line
        }
        documented = 0
    }')
if [ -n "$missing" ]; then
    echo "public declarations without a doc comment:"
    echo "$missing"
    exit 1
fi
echo "every public declaration has a doc comment"
