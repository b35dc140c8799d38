#!/usr/bin/env python3
"""The server CPU per request of two FoodGraph builds side by side (`tools/bench cpu`,
docs/performance.md): for each query of queries/ (QUERIES narrows them), RUNS alternating runs
of REQUESTS requests from 8 clients (`hey`) against each server, each run's CPU time taken from
the server's process alone (`perf stat -e task-clock`). Throughput on this host drifts by more
than a change of a few per cent; CPU time per request, alternated, drifts less.

Arguments from the environment (tools/bench sets them): FOODGRAPH_PID and PORT (this build),
PEER_PID and PEER_PORT (VERSUS_BIN), TOKEN, DIARY_DATE, WORK, RUNS, REQUESTS.
"""
import os
import subprocess
import sys

import benchmark_queries
from benchmark_queries import queries

servers = [
    ("this build", os.environ["FOODGRAPH_PID"], int(os.environ["PORT"])),
    ("VERSUS_BIN", os.environ["PEER_PID"], int(os.environ["PEER_PORT"])),
]
token = os.environ["TOKEN"]
date = os.environ["DIARY_DATE"]
work = os.environ["WORK"]
runs = int(os.environ.get("RUNS", "6"))
requests = int(os.environ.get("REQUESTS", "2000"))


def hey(port, data_file, signed_in, count):
    command = ["hey", "-n", str(count), "-c", "8", "-m", "POST", "-T", "application/json", "-D", data_file]
    if signed_in:
        command += ["-H", f"Authorization: Bearer {token}"]
    return command + [f"http://127.0.0.1:{port}/graphql"]


def cpu_microseconds(pid, command):
    """The server's CPU time while `command` runs, in microseconds."""
    result = subprocess.run(
        ["perf", "stat", "-x,", "-e", "task-clock", "-p", pid, "--"] + command, check=True, capture_output=True, text=True)
    for line in result.stderr.splitlines():
        fields = line.split(",")
        if len(fields) > 2 and fields[2].startswith("task-clock"):
            return float(fields[0]) * 1000  # perf reports milliseconds
    raise SystemExit(f"cpu: perf stat printed no task-clock: {result.stderr}")


def main():
    rows = []
    for title, name, signed_in in queries:
        data_file = os.path.join(work, name + ".json")
        with open(data_file, "w") as f:
            f.write(benchmark_queries.body(name, date))
        for _, _, port in servers:
            subprocess.run(hey(port, data_file, signed_in, 500), check=True, capture_output=True)
        per_request = {label: [] for label, _, _ in servers}
        for run in range(1, runs + 1):
            for label, pid, port in servers:
                value = cpu_microseconds(pid, hey(port, data_file, signed_in, requests)) / requests
                per_request[label].append(value)
                print(f"{name} run {run} {label}: {value:.1f} µs/request", flush=True)
        rows.append((title, per_request))
    print(f"\nServer CPU per request ({runs} alternating runs of {requests} requests, 8 clients; µs):\n")
    print("| query | this build, by run | VERSUS_BIN, by run | means | ratio |")
    print("| --- | --- | --- | --- | --- |")
    for title, per_request in rows:
        ours, theirs = per_request["this build"], per_request["VERSUS_BIN"]
        mean_ours, mean_theirs = sum(ours) / len(ours), sum(theirs) / len(theirs)
        label = f"`{title}`" if title.startswith("{") else title
        print(
            f"| {label} | {', '.join(f'{v:.0f}' for v in ours)} | {', '.join(f'{v:.0f}' for v in theirs)} "
            f"| {mean_ours:.0f} vs {mean_theirs:.0f} | {mean_ours / mean_theirs:.2f}× |")


if __name__ == "__main__":
    main()
