"""The hot path (part `hot`): a cached file, whole and as 64 concurrent 1 MiB ranges, tglink
against nginx serving the same bytes, in alternating rounds.

The load client is bench/range_client.py; its figures against nginx are printed beside wrk's and
the older one-process Python client's, so a reader can see the client is not the bottleneck
(twice its processes must not get more from nginx).
"""
import os
import random
import re
import subprocess
import sys
import threading
import time

import range_client
import stats
import wrk_load
from harness import MIB, fetch, served_by_both

TOOLS = ("nginx", "wrk")


def add_arguments(parser):
    parser.add_argument("--hot-mib", type=int, default=1024)
    parser.add_argument("--range-requests", type=int, default=512,
                        help="requests of the one-process Python client, printed for comparison")
    parser.add_argument("--hot-profile", metavar="FILE",
                        help="after the rounds, record tglink alone under the ranges load with "
                             "perf (call graphs) into FILE.data, and write its report to "
                             "FILE.txt (where tglink's time goes, by library and by function, "
                             "and system calls per request) and a flame graph to FILE.svg")


def run(args, work):
    rounds, seconds = args.rounds, args.round_seconds
    print("\n== Hot path: cached %d MiB file, tglink vs nginx on loopback, %d rounds "
          "alternating, %d s each" % (args.hot_mib, rounds, seconds))
    size = args.hot_mib * MIB
    with served_by_both(args.build, work, "www", size) as (tg, target, ng, ng_target):
        servers = {"tglink": (tg.port, target), "nginx": (ng.port, ng_target)}
        procs = args.client_processes
        ranges = stats.alternate({
            name: (lambda port=port, url=url: range_client.run(
                port, url, size, MIB, 64, seconds, procs).per_second)
            for name, (port, url) in servers.items()}, rounds)
        whole = stats.alternate({
            name: (lambda port=port, url=url: range_client.run(
                port, url, size, size, 1, seconds, 1).mib_per_second)
            for name, (port, url) in servers.items()}, rounds)
        print("median (min-max) of %d rounds; client: %d processes (bench/range_client.py)"
              % (rounds, procs))
        print("%-34s %24s %24s %20s" % ("", "tglink", "nginx", "ratio"))
        for name, figures in (("64 concurrent 1 MiB ranges, req/s", ranges),
                              ("whole file, MiB/s", whole)):
            print("%-34s %24s %24s %20s" % (
                name, stats.summary(figures["tglink"]), stats.summary(figures["nginx"]),
                stats.summary(stats.ratios(figures["tglink"], figures["nginx"]))))
        double = range_client.run(ng.port, ng_target, size, MIB, 64, seconds, 2 * procs)
        old_n = threaded_ranges_per_s(ng.port, ng_target, size, args.range_requests)
        old_t = threaded_ranges_per_s(tg.port, target, size, args.range_requests)
        by_wrk = wrk_load.ranges(work, ng.port, ng_target, size, 64, seconds).per_second
        print("nginx, 64 ranges at once: this client %.0f req/s (median), with %d processes "
              "%.0f; wrk %.0f; the one-process Python client %.0f (and tglink %.0f, ratio %.2f)"
              % (stats.median(ranges["nginx"]), 2 * procs, double.per_second, by_wrk,
                 old_n, old_t, old_t / old_n))
        if args.hot_profile:
            profile(args.hot_profile, tg, target, size, seconds, procs)


def profile(out, tg, target, size, seconds, procs):
    """perf on tglink alone while the same ranges load runs: apart from the rounds, because
    perf slows the process it records, and a ratio taken under it would say so."""
    data, report = os.path.abspath(out) + ".data", os.path.abspath(out) + ".txt"
    # DWARF call graphs: the release build keeps no frame pointers, and the flame graph needs
    # whole stacks.
    recorder = subprocess.Popen(["perf", "record", "--call-graph", "dwarf,16384", "-F", "499",
                                 "-o", data, "-p", str(tg.proc.pid)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)  # perf attaches to every thread before the load starts
    served = range_client.run(tg.port, target, size, MIB, 64, seconds, procs).per_second
    recorder.send_signal(2)
    recorder.wait()
    with open(report, "w") as f:
        f.write("tglink under 64 concurrent 1 MiB ranges, %.0f req/s while recorded\n\n" % served)
        for sort in ("dso", "dso,symbol"):
            f.write("== self time by %s\n" % sort)
            listing = subprocess.run(["perf", "report", "-i", data, "--stdio", "--no-children",
                                      "--sort", sort, "-g", "none", "--percent-limit", "0.5"],
                                     capture_output=True, text=True, check=True).stdout
            for line in listing.splitlines():
                if line.strip() and not line.startswith("#"):
                    # perf pads the symbol column to its widest name, then prints empty columns
                    f.write(re.sub(r" {2,}-.*$", "", line).rstrip() + "\n")
        f.write("\n== system calls per request (strace -c -f while the same load runs)\n")
        f.write(syscalls_per_request(tg, target, size, seconds, procs))
    flame = os.path.abspath(out) + ".svg"
    script = subprocess.run(["perf", "script", "-i", data], capture_output=True, text=True,
                            check=True).stdout
    with open(flame, "w") as svg:
        subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "flame_graph.py"),
                        "--title", "tglink, 64 concurrent 1 MiB ranges of a cached file, "
                        "%.0f req/s while recorded" % served],
                       input=script, stdout=svg, text=True, check=True)
    print("perf profile of tglink: %s (report %s, flame graph %s)" % (data, report, flame))


def syscalls_per_request(tg, target, size, seconds, procs):
    """strace's count of tglink's system calls under the ranges load, over the requests served
    meanwhile: a figure of the code, not of the machine (strace slows tglink a lot)."""
    counts = os.path.join(tg.dir, "strace-count.txt")
    tracer = subprocess.Popen(["strace", "-c", "-f", "-o", counts, "-p", str(tg.proc.pid)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    result = range_client.run(tg.port, target, size, MIB, 64, seconds, procs)
    tracer.send_signal(2)
    tracer.wait()
    requests = result.requests
    lines = ["%d requests while traced; fcntl and pwrite64 are SQLite's, from the monthly "
             "bandwidth counter's batch every 8 MiB, not from the requests" % requests]
    with open(counts) as f:
        for line in f:
            fields = line.split()
            if len(fields) >= 5 and fields[-1] != "total" and fields[3].isdigit():
                lines.append("%-16s %8.2f" % (fields[-1], int(fields[3]) / requests))
    return "\n".join(lines) + "\n"


def threaded_ranges_per_s(port, target, size, requests, concurrency=64, seed=1):
    """The one-process client: `concurrency` threads share `requests` random 1 MiB ranges. Its
    own interpreter lock caps it, which is why range_client.py is the measuring client."""
    rng = random.Random(seed)
    starts = [rng.randrange(0, size - MIB) for _ in range(requests)]
    lock = threading.Lock()
    errors = []

    def worker():
        while True:
            with lock:
                if not starts:
                    return
                first = starts.pop()
            try:
                got = fetch(port, target, {"Range": "bytes=%d-%d" % (first, first + MIB - 1)})
                if got != MIB:
                    errors.append("short range")
            except Exception as e:  # noqa: BLE001 - reported below
                errors.append(str(e))

    threads = [threading.Thread(target=worker) for _ in range(concurrency)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    if errors:
        raise RuntimeError("range errors: %s" % errors[:3])
    return requests / elapsed
