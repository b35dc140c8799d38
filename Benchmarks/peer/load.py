#!/usr/bin/env python3
"""The steady-load benchmark of `tools/bench load` (docs/performance.md, "Under steady load").

Expects FoodGraph (release build) serving the demo data, as `tools/bench e2e` sets it up. For each
query of queries/: the peak rate with wrk and 64 connections (and the server's CPU per request),
then a steady 80 % of that peak with hey (64 workers, each limited to its share of the rate), which
gives p50 and p99 at that load; the server's resident memory is sampled throughout. Issue #32
asks for p99 < 5 × p50 at 80 % of the peak, RSS < 150 MB with 64 clients, and a flat cost per
request as the data grows: with GROW set (arguments of `foodgraph gen-data`), the peaks are taken
once on the demo data, then again after gen-data has added those rows, in the same run.

hey's rate limit is per worker and closed-loop: a worker whose request is late sends its next one
late (coordinated omission), so a stall shows in fewer requests answered as well as in p99; the
table prints the rate reached beside the rate asked.

Arguments from the environment (tools/bench sets them): FOODGRAPH_PID, PORT, TOKEN, DIARY_DATE,
DURATION (s, default 20), WORK (a scratch folder), GROW and GEN_DATA (the gen-data command line
up to its size arguments).
"""
import os
import re
import subprocess
import sys
import threading
import time

import benchmark_queries
from benchmark_queries import queries

url = f"http://127.0.0.1:{int(os.environ['PORT'])}/graphql"
token = os.environ["TOKEN"]
date = os.environ["DIARY_DATE"]
duration = int(os.environ.get("DURATION", "20"))
work = os.environ["WORK"]
pid = int(os.environ["FOODGRAPH_PID"])
clients = 64


def body(name):
    return benchmark_queries.body(name, date)


class MemoryWatch:
    """The server's largest VmRSS seen while running, sampled every 100 ms."""

    def __init__(self):
        self.peak_kib = 0
        self.running = True
        self.thread = threading.Thread(target=self.watch, daemon=True)
        self.thread.start()

    def watch(self):
        while self.running:
            with open(f"/proc/{pid}/status") as f:
                rss = int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))
            self.peak_kib = max(self.peak_kib, rss)
            time.sleep(0.1)

    def stop(self):
        self.running = False
        self.thread.join()
        return self.peak_kib / 1024


def cpu_seconds():
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def peak(script):
    """Requests per second with 64 connections, and the server's CPU milliseconds per request."""
    before = cpu_seconds()
    output = subprocess.run(
        ["wrk", "-t2", f"-c{clients}", f"-d{duration}s", "-s", script, url],
        capture_output=True, text=True, check=True).stdout
    cpu = cpu_seconds() - before
    if "Non-2xx" in output:
        sys.exit(f"load: failed responses at the peak:\n{output}")
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    return float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)), cpu * 1000 / requests


def steady(data_file, signed_in, rate):
    command = ["hey", "-z", f"{duration}s", "-c", str(clients), "-q", f"{rate / clients:.3f}",
               "-m", "POST", "-T", "application/json", "-D", data_file]
    if signed_in:
        command += ["-H", f"Authorization: Bearer {token}"]
    output = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    statuses = re.findall(r"\[(\d{3})\]\s+\d+ responses", output)
    if any(status != "200" for status in statuses):
        sys.exit(f"load: failed responses under steady load:\n{output}")
    reached = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    latency = {int(p): float(s) * 1000 for p, s in re.findall(r"(\d+)%+ in ([\d.]+) secs", output)}
    return reached, latency[50], latency[99]


def files(name, signed_in):
    data = body(name)
    data_file = os.path.join(work, name + ".json")
    with open(data_file, "w") as f:
        f.write(data)
    return data_file, benchmark_queries.wrk_script(os.path.join(work, name + ".lua"), data, token if signed_in else None)


def label(title):
    return f"`{title}`" if title.startswith("{") else title


def main():
    os.makedirs(work, exist_ok=True)
    grow = os.environ.get("GROW", "").split()
    small = {}
    if grow:
        for title, name, signed_in in queries:
            small[name] = peak(files(name, signed_in)[1])
            print(f"{name} on the demo data: peak {small[name][0]:.0f}/s, {small[name][1]:.3f} CPU ms/request", flush=True)
        started = time.monotonic()
        subprocess.run(os.environ["GEN_DATA"].split() + grow, check=True, stdout=subprocess.DEVNULL)
        print(f"gen-data {' '.join(grow)}: {time.monotonic() - started:.0f} s", flush=True)
    rows = []
    for title, name, signed_in in queries:
        data_file, script = files(name, signed_in)
        memory = MemoryWatch()
        top, cpu = peak(script)
        reached, p50, p99 = steady(data_file, signed_in, 0.8 * top)
        rss = memory.stop()
        print(f"{name}: peak {top:.0f}/s ({cpu:.3f} CPU ms/request); at 80 %: {reached:.0f}/s, p50 {p50:.2f} ms, "
              f"p99 {p99:.2f} ms; RSS up to {rss:.0f} MiB", flush=True)
        rows.append((title, name, top, cpu, reached, p50, p99, rss))
    print()
    print(f"{clients} clients; peak with wrk, then 80 % of it with hey, {duration} s each:")
    print()
    print("| query | peak requests/s | CPU ms/request | at 80 %: asked, reached | p50 | p99 | p99 ÷ p50 | RSS, largest |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for title, name, top, cpu, reached, p50, p99, rss in rows:
        print(f"| {label(title)} | {top:.0f} | {cpu:.3f} | {0.8 * top:.0f}, {reached:.0f} | {p50:.2f} ms | {p99:.2f} ms | "
              f"{p99 / p50:.1f} | {rss:.0f} MiB |")
    if grow:
        print()
        print(f"The same queries before and after gen-data {' '.join(grow)}, in this run:")
        print()
        print("| query | requests/s: demo data, grown | CPU ms/request: demo data, grown | grown ÷ demo (CPU) |")
        print("| --- | --- | --- | --- |")
        for title, name, top, cpu, *_ in rows:
            print(f"| {label(title)} | {small[name][0]:.0f}, {top:.0f} | {small[name][1]:.3f}, {cpu:.3f} | {cpu / small[name][1]:.2f} |")


main()
