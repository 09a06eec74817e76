#!/usr/bin/env python3
"""The command-line tool's benchmark (BENCHMARKS.md, "The command-line tool (issue 32)").

Runs each command RUNS times (default 3) under `/usr/bin/time -v` and prints a Markdown table
row per command: wall clock and peak resident set size, the median (p50) and the minimum.

Usage: Benchmarks/Tool/run.py BASEMODEL [DIR] [RUNS] [ONLY]
  BASEMODEL  the tool, e.g. .build/release/basemodel
  DIR        the files of make-files.sh (default /tmp/basemodel-bench)
  ONLY       run only the commands whose label contains this, e.g. "--lines"
"""
import re, shlex, statistics, subprocess, sys

tool = sys.argv[1]
folder = sys.argv[2] if len(sys.argv) > 2 else "/tmp/basemodel-bench"
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 3
only = sys.argv[4] if len(sys.argv) > 4 else ""
json_file, archive = f"{folder}/big.json", f"{folder}/big.keyed-archive"
plistlib_load = "import plistlib, sys; plistlib.load(open(sys.argv[1], 'rb'))"

commands = [
    ("JSON", "basemodel lint", [tool, "lint", json_file]),
    ("JSON", "basemodel inspect --lines 20", [tool, "inspect", "--lines", "20", json_file]),
    ("JSON", "basemodel inspect (whole tree)", [tool, "inspect", json_file]),
    ("JSON", "basemodel type 0 (the graph, no tree)", [tool, "type", "0", json_file]),
    ("JSON", "jq .", ["jq", ".", json_file]),
    ("JSON", "jq empty", ["jq", "empty", json_file]),
    ("keyed archive", "basemodel lint", [tool, "lint", archive]),
    ("keyed archive", "basemodel inspect --lines 20", [tool, "inspect", "--lines", "20", archive]),
    ("keyed archive", "basemodel inspect (whole tree)", [tool, "inspect", archive]),
    ("keyed archive", "basemodel type 0 (the graph, no tree)", [tool, "type", "0", archive]),
    ("keyed archive", "plistutil -i FILE (to XML)", ["plistutil", "-i", archive]),
    ("keyed archive", "python3 plistlib.load", ["python3", "-c", plistlib_load, archive]),
]


def seconds(text):
    parts = [float(part) for part in text.split(":")]
    return sum(part * 60 ** power for power, part in enumerate(reversed(parts)))


def measure(arguments):
    command = "exec " + " ".join(shlex.quote(argument) for argument in arguments) + " > /dev/null"
    done = subprocess.run(["/usr/bin/time", "-v", "sh", "-c", command], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {command}\n{done.stderr}")
    wall = re.search(r"Elapsed \(wall clock\) time.*: (\S+)", done.stderr).group(1)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr).group(1)
    return seconds(wall), int(rss) / 1024


print("| file | command | wall p50 (s) | wall min (s) | peak RSS p50 (MiB) | peak RSS min (MiB) |")
print("|---|---|---:|---:|---:|---:|")
for kind, label, arguments in (command for command in commands if only in command[1]):
    samples = [measure(arguments) for _ in range(runs)]
    walls, memories = [wall for wall, _ in samples], [rss for _, rss in samples]
    print(f"| {kind} | `{label}` | {statistics.median(walls):.2f} | {min(walls):.2f} "
          f"| {statistics.median(memories):,.0f} | {min(memories):,.0f} |", flush=True)
