#!/usr/bin/env python3
"""The per-request counts of `tools/bench counts` (docs/performance.md, "Fewer copies, specialised
engine code, fewer allocations").

Expects FoodGraph (release build) serving the demo data, as `tools/bench e2e` sets it up. For each
query of queries/ (QUERIES narrows them), counts what the server does per request: reference-count
operations (`swift_retain`, `swift_release`), allocations (`malloc`) and generic metadata look-ups
(`swift_getGenericMetadata`, `swift_getCanonicalPrespecializedGenericMetadata`). They are counted
with uprobes (`perf probe`, as root) while `hey` sends REQUESTS requests (default 20) one after
another, after five unmeasured ones. Counts are exact where CPU time drifts, so a change of a few
per cent shows; the server's own background work (the job runner's polls) is counted too, a few
hundred operations a second.

Arguments from the environment (tools/bench sets them): FOODGRAPH_PID, PORT, TOKEN, DIARY_DATE,
WORK, REQUESTS.
"""
import os
import re
import subprocess
import sys

import benchmark_queries
from benchmark_queries import queries

url = f"http://127.0.0.1:{int(os.environ['PORT'])}/graphql"
token = os.environ["TOKEN"]
date = os.environ["DIARY_DATE"]
work = os.environ["WORK"]
pid = os.environ["FOODGRAPH_PID"]
requests = int(os.environ.get("REQUESTS", "20"))

# (library, function, column title)
probed = [
    ("libswiftCore", "swift_retain", "retains"),
    ("libswiftCore", "swift_release", "releases"),
    # jemalloc's, which the server links (docs/operations.md); glibc's in a build without it.
    ("malloc", "malloc", "allocations"),
    ("libswiftCore", "swift_getGenericMetadata", "generic metadata"),
    ("libswiftCore", "swift_getCanonicalPrespecializedGenericMetadata", "prespecialised metadata"),
]


def library_paths():
    """The server's own libswiftCore and the library its malloc is in, from its memory map."""
    paths = {}
    with open(f"/proc/{pid}/maps") as f:
        for line in f:
            path = line.split()[-1]
            for library in ("libswiftCore", "libjemalloc", "libc"):
                if re.search(rf"/{library}(\.so|-)", path) and library not in paths:
                    paths[library] = path
    paths["malloc"] = paths.get("libjemalloc", paths["libc"])
    return paths


def hey(data_file, signed_in, count):
    command = ["hey", "-n", str(count), "-c", "1", "-m", "POST", "-T", "application/json", "-D", data_file]
    if signed_in:
        command += ["-H", f"Authorization: Bearer {token}"]
    return command + [url]


def main():
    paths = library_paths()
    events = []
    for library, function, _ in probed:
        subprocess.run(["perf", "probe", "-q", "-x", paths[library], "--add", function], check=True)
        # perf names a probe's group after the file it is in.
        group = re.sub(r"[^A-Za-z0-9_]", "_", os.path.basename(paths[library]).split(".so")[0])
        events.append(f"probe_{group}:{function}")
    try:
        rows = []
        for title, name, signed_in in queries:
            data_file = os.path.join(work, name + ".json")
            with open(data_file, "w") as f:
                f.write(benchmark_queries.body(name, date))
            subprocess.run(hey(data_file, signed_in, 5), check=True, capture_output=True)
            counted = os.path.join(work, name + ".counts")
            subprocess.run(
                ["perf", "stat", "-x,", "-o", counted, "-e", ",".join(events), "-p", pid, "--"]
                + hey(data_file, signed_in, requests), check=True, capture_output=True)
            totals = {}
            with open(counted) as f:
                for line in f:
                    fields = line.strip().split(",")
                    if len(fields) > 2 and fields[2] in events:
                        totals[fields[2]] = int(fields[0])
            rows.append((title, [totals[event] / requests for event in events]))
            print(f"{name}: " + ", ".join(f"{value:.0f} {column}" for value, (_, _, column) in zip(rows[-1][1], probed)), flush=True)
    finally:
        for event in events:
            subprocess.run(["perf", "probe", "-q", "-d", event], check=False)
    print(f"\nPer request ({requests} requests one after another, uprobes):\n")
    print("| query | " + " | ".join(column for _, _, column in probed) + " |")
    print("| --- |" + " --- |" * len(probed))
    for title, values in rows:
        label = f"`{title}`" if title.startswith("{") else title
        print(f"| {label} | " + " | ".join(f"{value:,.0f}".replace(",", " ") for value in values) + " |")


if __name__ == "__main__":
    if os.geteuid() != 0:
        sys.exit("counts: uprobes need root (perf probe)")
    main()
