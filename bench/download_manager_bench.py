"""Download managers on a cold file (part `dlm`).

A download manager (aria2, IDM) splits a file into N ranges and fetches them on N connections at
once; each is a stream of its own to tglink. Each client below gets the same cold --dlm-mib file
on a fresh tglink with --dlm-bots bots, every bot held to --dlm-ceiling-mib MiB/s with a round trip
of --dlm-latency-ms per part (no jitter): one connection (curl) and aria2c with -x1/-x4/-x8/-x16
(-s the same, -k1M), in turn, --dlm-rounds times. Printed per client: the median time, its
MiB/s as a ratio to the bots' ceiling (N x the per-bot limit) and to curl's in the same round,
whether the bytes were exact, and from the simulator's counters where the bots' time went:
Telegram bytes over the file's size (1.00: no byte downloaded twice), parts asked of the
simulator but cancelled before they landed (link time spent for nothing), and downloadFile
calls. No figure here is a test.
"""

import hashlib
import os
import statistics
import subprocess
import time

from harness import MIB, Tglink, int_list, make_file

TOOLS = ("curl", "aria2c")


def add_arguments(parser):
    parser.add_argument("--dlm-mib", type=int, default=96, help="the cold file's size")
    parser.add_argument("--dlm-bots", type=int, default=4)
    parser.add_argument("--dlm-ceiling-mib", type=int, default=8, help="MiB/s per bot")
    parser.add_argument("--dlm-latency-ms", type=int, default=60, help="round trip per part")
    parser.add_argument("--dlm-connections", type=int_list, default=[1, 4, 8, 16],
                        help="aria2c -x values, comma-separated")
    parser.add_argument("--dlm-rounds", type=int, default=2)


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(4 * MIB), b""):
            digest.update(block)
    return digest.hexdigest()


def client_command(connections, url, out):
    if connections == 0:
        return ["curl", "-sS", "--fail", "-o", out, url]
    return ["aria2c", "--console-log-level=error", "--summary-interval=0", "--quiet=true",
            "-x%d" % connections, "-s%d" % connections, "-k1M", "--allow-overwrite=true",
            "--auto-file-renaming=false", "--file-allocation=none",
            "-d", os.path.dirname(out), "-o", os.path.basename(out), url]


def one_download(args, work, path, connections):
    """One cold download of `path` by the client (0: curl, else aria2c -xN) on a fresh tglink:
    answers (seconds, exact, counters summed over the bots)."""
    tg = Tglink(args.build, work, args.dlm_bots)
    try:
        for bot in tg.bots():
            tg.sim.call(op="set_bot", bot_id=bot, profile="realistic",
                        bytes_per_second=args.dlm_ceiling_mib * MIB,
                        latency_ms=args.dlm_latency_ms, latency_jitter_ms=0)
        url = "http://127.0.0.1:%d%s" % (tg.port, tg.post(path))
        out = os.path.join(work, "dlm.out")
        start = time.perf_counter()
        subprocess.run(client_command(connections, url, out), check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        seconds = time.perf_counter() - start
        exact = sha256_of(out) == args.dlm_source_sha
        os.remove(out)
        totals = {}
        for counters in tg.sim.call(op="counters")["bots"].values():
            for name in ("bytes_downloaded", "parts", "part_requests", "download_file_calls"):
                totals[name] = totals.get(name, 0) + counters.get(name, 0)
        return seconds, exact, totals
    finally:
        tg.stop()


def name_of(connections):
    return "curl, 1 connection" if connections == 0 else "aria2c -x%d" % connections


def run(args, work):
    size = args.dlm_mib * MIB
    ceiling = args.dlm_bots * args.dlm_ceiling_mib
    print("\n== Download managers on a cold %d MiB file: %d bots at %d MiB/s, %d ms per part, "
          "%d rounds" % (args.dlm_mib, args.dlm_bots, args.dlm_ceiling_mib, args.dlm_latency_ms,
                         args.dlm_rounds))
    path = os.path.join(work, "dlm.bin")
    make_file(path, size)
    args.dlm_source_sha = sha256_of(path)
    clients = [0] + args.dlm_connections
    runs = {c: [] for c in clients}
    for _ in range(args.dlm_rounds):
        for connections in clients:
            runs[connections].append(one_download(args, work, path, connections))
    os.remove(path)
    part = 64 * 1024  # TDLib's part up to 250 MiB
    print("%-20s %8s %8s %9s %9s %6s %11s %14s %9s" % (
        "client", "s", "MiB/s", "/ceiling", "/curl", "exact", "TG bytes/f",
        "cancelled MiB", "windows"))
    for connections in clients:
        seconds = [r[0] for r in runs[connections]]
        to_curl = [c / s for s, c in zip(seconds, [r[0] for r in runs[0]])]
        median_s = statistics.median(seconds)
        last = runs[connections][-1][2]
        cancelled = (last.get("part_requests", 0) - last.get("parts", 0)) * part / MIB
        print("%-20s %8.2f %8.1f %9.2f %9.2f %6s %11.2f %14.1f %9d" % (
            name_of(connections), median_s, args.dlm_mib / median_s,
            args.dlm_mib / median_s / ceiling, statistics.median(to_curl),
            "yes" if all(r[1] for r in runs[connections]) else "NO",
            last.get("bytes_downloaded", 0) / size, cancelled,
            last.get("download_file_calls", 0)))
