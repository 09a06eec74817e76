#!/usr/bin/env bash
# Writes the twins of the twitter models from Sources/MacroCounts/EqualTwitterModels.swift (plain
# `Model` types, prefix E), so that the three sets the headline compares have the same fields and
# the same `CodingKeys`:
#   MacroEqualTwitterModels.swift   the `@Model` types (prefix M): generated coding
#   FoundationTwitterModels.swift   plain `Codable` structs (prefix F), whose `init(from:)` and
#                                   `encode(to:)` the compiler synthesizes: what JSONDecoder and
#                                   JSONEncoder run in the headline
# Edit EqualTwitterModels.swift, then run this; `MacroCounts verify` checks the values agree.
set -euo pipefail
dir=$(cd "$(dirname "$0")" && pwd)/Sources/MacroCounts
source="$dir/EqualTwitterModels.swift"
# Everything after the source's header comment: from the first declaration or doc comment on.
body() { awk 'started || /^(struct|@dynamicMemberLookup|\/\/\/ )/ { started = 1; print }' "$source"; }
{
    printf '%s\n' 'import BaseModelMacros' 'import Foundation' ''
    printf '%s\n' '// Written by twins.sh from `EqualTwitterModels.swift` (edit that file, then run twins.sh):' \
        '// the same models with `@Model` (prefix M instead of E), the same keys in `CodingKeys`, which' \
        '// the macro reads, and `created_at` as a string.' ''
    body | sed -E 's/\bE([A-Z])/M\1/g; s/^struct (M[A-Za-z]*): Model, /@Model struct \1: /'
} >"$dir/MacroEqualTwitterModels.swift"
{
    printf '%s\n' 'import Foundation' ''
    printf '%s\n' '// Written by twins.sh from `EqualTwitterModels.swift` (edit that file, then run twins.sh):' \
        '// the same models as plain `Codable` structs (prefix F instead of E) for Foundation'"'"'s coders,' \
        '// with the same fields and `CodingKeys` and conformances that the compiler synthesizes.' ''
    body | sed -E 's/\bE([A-Z])/F\1/g; s/^struct (F[A-Za-z]*): Model, /struct \1: Codable, /'
} >"$dir/FoundationTwitterModels.swift"
