#!/usr/bin/env python3
"""The side-by-side benchmark of `tools/bench e2e` (docs/performance.md, "End to end").

Expects FoodGraph (release build) and the peer (server.js) serving the same database, and the
demo user's token. Checks that both answer every query of queries/ with the same bytes, records
the statements of each request as the raw-SQL floor's pgbench script (from a one-worker peer in
record mode), then runs wrk against the two servers alternately, query by query, for several
rounds, each pair followed by pgbench on the query's floor script, and prints the table.

Arguments come from the environment (tools/bench sets them): FOODGRAPH_PID, PEER_PID,
PORT (FoodGraph's; the peer's is one below, the recorder's two), TOKEN, DIARY_DATE, PGHOST (the cluster's socket folder), DURATION (s), ROUNDS,
CONNECTIONS, POOL (each server's database connections), WORK (a scratch folder).
"""
import os
import re
import subprocess
import sys
import time
import urllib.request

import benchmark_queries
from benchmark_queries import queries

port = int(os.environ["PORT"])
ours_url = f"http://127.0.0.1:{port}/graphql"
peer_url = f"http://127.0.0.1:{port - 1}/graphql"
recorder_url = f"http://127.0.0.1:{port - 2}/graphql"
token = os.environ["TOKEN"]
date = os.environ["DIARY_DATE"]
duration = int(os.environ.get("DURATION", "10"))
rounds = int(os.environ.get("ROUNDS", "3"))
connections = int(os.environ.get("CONNECTIONS", "32"))
pool = int(os.environ["POOL"])
work = os.environ["WORK"]
ticks = os.sysconf("SC_CLK_TCK")


def body(name):
    return benchmark_queries.body(name, date)


def post(url, data, signed_in):
    headers = {"Content-Type": "application/json"}
    if signed_in:
        headers["Authorization"] = "Bearer " + token
    request = urllib.request.Request(url, data=data.encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request) as response:
        return response.read()


def cpu_seconds(pids):
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def processes(pid):
    """The process and its children (the peer's workers)."""
    found = [pid]
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            found += [int(p) for p in f.read().split()]
    except FileNotFoundError:
        pass
    return found


def wrk(url, script, seconds):
    output = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "-s", script, url],
        capture_output=True, text=True, check=True).stdout
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if bad:
        sys.exit(f"e2e: {bad.group(1)} failed responses from {url} with {script}")
    return requests, rate


def main():
    os.makedirs(work, exist_ok=True)
    scripts, floors = {}, {}
    # Identity first: the same bytes from both, or no figures at all.
    for title, name, signed_in in queries:
        data = body(name)
        ours = post(ours_url, data, signed_in)
        peer = post(peer_url, data, signed_in)
        if ours != peer or b'"errors"' in ours:
            sys.exit(f"e2e: the answers to {name} differ or hold errors:\nFoodGraph: {ours[:400]!r}\npeer:      {peer[:400]!r}")
        post(recorder_url, data, signed_in)
        os.replace(os.path.join(work, "recorded.sql"), os.path.join(work, name + ".sql"))
        floors[name] = os.path.join(work, name + ".sql")
        scripts[name] = benchmark_queries.wrk_script(os.path.join(work, name + ".lua"), data, token if signed_in else None)
        statements = sum(1 for line in open(floors[name]) if line.strip())
        print(f"identical: {name} ({len(ours)} bytes, {statements} statements)", flush=True)

    ours_pids = processes(int(os.environ["FOODGRAPH_PID"]))
    peer_pids = processes(int(os.environ["PEER_PID"]))
    results = {name: {"ours": [], "peer": [], "floor": []} for _, name, _ in queries}

    # The floor is the better of pgbench with 10 connections and with as many as the servers have:
    # fewer connections can be faster on a small host (docs/performance.md, "How many connections").
    # Both are tried in the first round, the better one in the others. It is measured in every
    # round, right after the pair, and each round's share taken against that round's floor: the
    # host's speed drifts by a quarter between runs, and a floor measured once, at the end, moved
    # the shares with it.
    floor_clients = {}

    def floor(name):
        rates = {}
        for clients in floor_clients.get(name, sorted({10, pool})):
            output = subprocess.run(
                ["pgbench", "-n", "-M", "prepared", "-f", floors[name], "-c", str(clients), "-j", "2", "-T", str(duration), "postgres"],
                capture_output=True, text=True, check=True).stdout
            rates[clients] = float(re.search(r"tps = ([\d.]+)", output).group(1))
        clients = max(rates, key=rates.get)
        floor_clients[name] = [clients]
        print(f"floor {name}: {rates[clients]:.0f} requests/s (pgbench -M prepared, {clients} connections)", flush=True)
        return rates[clients]

    for round_number in range(1, rounds + 1):
        for title, name, _ in queries:
            for side, url, pids in (("ours", ours_url, ours_pids), ("peer", peer_url, peer_pids)):
                wrk(url, scripts[name], 2)  # warm-up, not counted
                before = cpu_seconds(pids)
                requests, rate = wrk(url, scripts[name], duration)
                cpu = cpu_seconds(pids) - before
                results[name][side].append((rate, cpu * 1000 / requests))
                print(f"round {round_number} {name} {side}: {rate:.0f} requests/s, {cpu * 1000 / requests:.3f} CPU ms/request", flush=True)
            if name != "typename":
                results[name]["floor"].append(floor(name))

    def mean(values):
        return sum(values) / len(values)

    print()
    print(f"Side by side on this host ({rounds} alternating rounds of {duration} s, wrk -t2 -c{connections}, keep-alive; means):")
    print()
    print("| query | FoodGraph ÷ peer (throughput) | CPU ms/request, ours vs peer | share of the raw-SQL floor |")
    print("| --- | --- | --- | --- |")
    for title, name, _ in queries:
        ours = results[name]["ours"]
        peer = results[name]["peer"]
        # Ratio of each round's pair, then their mean: the host drifts between rounds.
        ratio = mean([o[0] / p[0] for o, p in zip(ours, peer)])
        cpu = f"{mean([o[1] for o in ours]):.3f} vs {mean([p[1] for p in peer]):.3f}"
        floors_measured = results[name]["floor"]
        share = "—" if not floors_measured else f"{mean([o[0] / f for o, f in zip(ours, floors_measured)]) * 100:.0f} %"
        label = f"`{title}`" if title.startswith("{") else title
        print(f"| {label} | {ratio:.2f}× | {cpu} | {share} |")
    print()
    for title, name, _ in queries:
        print(f"{name}: FoodGraph {mean([o[0] for o in results[name]['ours']]):.0f} requests/s, "
              f"peer {mean([p[0] for p in results[name]['peer']]):.0f}"
              + (f", floor {mean(results[name]['floor']):.0f}" if results[name]["floor"] else ""))


main()
