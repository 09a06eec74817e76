#!/bin/sh
# The files of the command-line tool's benchmark (BENCHMARKS.md, "The command-line tool (issue 32)"):
# twitter.json's 100 statuses repeated into one top-level array,
#   big.json           170 copies, about 100 MB of JSON;
#   big.keyed-archive  462 copies (about 272 MB of JSON, written to a temporary file and removed)
#                      converted by `basemodel convert --to keyed-archive`, about 100 MB.
#
# Usage: Benchmarks/Tool/make-files.sh BASEMODEL [OUT_DIR] [CORPUS_DIR]
#   BASEMODEL   the tool to convert with, e.g. .build/release/basemodel
#   OUT_DIR     where to write (default /tmp/basemodel-bench)
#   CORPUS_DIR  the shared corpus (default ../shared/corpus, from the package root)
set -eu
tool=${1:?usage: make-files.sh BASEMODEL [OUT_DIR] [CORPUS_DIR]}
out=${2:-/tmp/basemodel-bench}
corpus=${3:-../shared/corpus}
mkdir -p "$out"

repeat() { # COPIES FILE: the statuses of twitter.json, COPIES times, as one JSON array
    python3 - "$corpus/json/twitter.json" "$1" "$2" <<'PY'
import json, sys
statuses = json.load(open(sys.argv[1]))["statuses"]
with open(sys.argv[3], "w") as out:
    json.dump(statuses * int(sys.argv[2]), out)
PY
}

repeat 170 "$out/big.json"
repeat 462 "$out/archive-source.json"
"$tool" convert "$out/archive-source.json" --to keyed-archive --output "$out/big.keyed-archive"
rm "$out/archive-source.json"
ls -l "$out/big.json" "$out/big.keyed-archive"
