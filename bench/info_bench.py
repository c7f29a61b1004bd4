"""How long /api/info takes while hundreds of connections fetch cached ranges (part `info`; the
target is a p99 of 100 ms or less with 500 ranges under way).

Each round starts a fresh tglink, fetches the file once so that it is cached, asks /api/info
for 2 s on an idle server, then starts --info-ranges keep-alive connections of
bench/range_client.py asking random 1 MiB ranges, and asks /api/info again, one request after
another on a fresh connection each, for --info-seconds. The connect time is measured apart, so a
connection set up late (a SYN dropped and sent again) is told apart from a slow answer.

The figures are pooled over --info-rounds rounds, and each round's p99 is printed too, so that
one unlucky round shows. With --info-baseline-build, the same rounds are run on that build as
well, alternating with this one (for example the commit before a change).
"""

import http.client
import os
import threading
import time

import range_client
import stats
from harness import MIB, Tglink, fetch, make_file

TOOLS = ()


def add_arguments(parser):
    parser.add_argument("--info-ranges", type=int, default=500)
    parser.add_argument("--info-mib", type=int, default=256)
    parser.add_argument("--info-seconds", type=float, default=10)
    parser.add_argument("--info-rounds", type=int, default=3)
    parser.add_argument("--info-baseline-build", default=None)


def run(args, work):
    print("\n== /api/info latency while %d connections fetch cached 1 MiB ranges, "
          "%d rounds" % (args.info_ranges, args.info_rounds))
    path = os.path.join(work, "info.bin")
    size = args.info_mib * MIB
    make_file(path, size)
    builds = [("this build", args.build)]
    if args.info_baseline_build:
        builds.append(("baseline", os.path.abspath(args.info_baseline_build)))
    rounds = {name: [] for name, _ in builds}
    for _ in range(args.info_rounds):
        for name, build in builds:
            rounds[name].append(_one_round(args, work, path, size, build))
    os.remove(path)
    print("%-16s %-24s %9s %9s %9s %7s  %s" % ("build", "", "p50 ms", "p99 ms", "max ms",
                                               "asked", "p99 of each round, ms"))
    for name, _ in builds:
        _print_build(name, rounds[name], args.info_ranges)


def _one_round(args, work, path, size, build):
    tg = Tglink(build, work)
    try:
        target = tg.post(path)
        fetch(tg.port, target)
        idle = api_info_latencies(tg.port, 2.0)
        outcome = {}

        def load():
            outcome["served"] = range_client.run(tg.port, target, size, MIB, args.info_ranges,
                                                 int(args.info_seconds) + 4,
                                                 args.client_processes)

        loader = threading.Thread(target=load)
        loader.start()
        time.sleep(2)  # every connection open and busy
        busy = api_info_latencies(tg.port, args.info_seconds)
        loader.join()
        return {"idle": idle, "busy": busy, "served": outcome["served"]}
    finally:
        tg.stop()


def _percentiles(values):
    """p50, p99 and max in ms, and how many."""
    return (1000 * stats.percentile(values, 0.5), 1000 * stats.percentile(values, 0.99),
            1000 * max(values), len(values))


def _print_build(name, rounds, connections):
    rows = (("idle", "idle", 0), ("%d ranges under way" % connections, "busy", 0),
            ("  connect alone", "busy", 1))
    for label, key, part in rows:
        pooled = [v for r in rounds for v in r[key][part]]
        each = " ".join("%.1f" % _percentiles(r[key][part])[1] for r in rounds)
        print("%-16s %-24s %9.1f %9.1f %9.1f %7d  %s" % ((name, label) + _percentiles(pooled)
                                                        + (each,)))
        name = ""
    served = sorted(r["served"].per_second for r in rounds)
    print("%-16s %-24s %s req/s (median %.0f)" % ("", "ranges served meanwhile",
                                                  " ".join("%.0f" % s for s in served),
                                                  stats.median(served)))


def api_info_latencies(port, seconds):
    """Asks /api/info one request after another on a fresh connection each, for `seconds`.
    Returns (total, connect) latencies in seconds."""
    latencies, connects = [], []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        start = time.perf_counter()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.connect()
        connects.append(time.perf_counter() - start)
        conn.request("GET", "/api/info")
        response = conn.getresponse()
        response.read()
        conn.close()
        if response.status != 200:
            raise RuntimeError("/api/info: %d" % response.status)
        latencies.append(time.perf_counter() - start)
        time.sleep(0.02)
    return latencies, connects
