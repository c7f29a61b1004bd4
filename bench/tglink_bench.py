#!/usr/bin/env python3
"""tglink benchmarks (bench/run.sh): hot path vs nginx, cold path on the simulator, memory,
one stream over several bots (spread_bench.py), serving with PostgreSQL a few milliseconds away
(store_latency_bench.py), /api/info under load (info_latency_bench.py), and the hot path
timed from outside with curl (curl_check.py).

Every figure is printed next to its reference measured in the same run, as a ratio, so the
numbers mean something on any machine. Nothing here is a pass/fail test.
"""
import argparse
import base64
import hashlib
import hmac
import http.client
import json
import os
import random
import shutil
import statistics
import socket
import subprocess
import sys
import tempfile
import threading
import time

import curl_check
import info_latency_bench
import range_client
import spread_bench
import store_latency_bench
import wrk_load

SECRET_KEY = "benchmark-link-key-0123456789abcdef"
LOG_CHANNEL = -1001000000001
MAIN_BOT = "1000000001:SIMtoken_main_bot_for_the_benchmarks"
EXTRA_BOTS = ["100000000%d:SIMtoken_extra_bot_for_the_benchmarks" % i for i in range(2, 9)]
MIB = 1024 * 1024


# --- link tokens (links/link_token.hpp), so the bench needs no chat side ---

def varint(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def mint_token(message_id):
    mask = (1 << 64) - 1
    packed = ((message_id >> 20) | (message_id << 44)) & mask
    body = bytes([1]) + varint(packed) + varint(0)
    tag = hmac.new(SECRET_KEY.encode(), body, hashlib.sha256).digest()[:12]
    return base64.urlsafe_b64encode(body + tag).decode().rstrip("=")


# --- processes ---

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SimControl:
    """The simulator's control socket: one JSON request per line, one answer per line."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(path)
        self.buffer = b""

    def call(self, **request):
        self.sock.sendall(json.dumps(request).encode() + b"\n")
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("simulator closed the control socket")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        answer = json.loads(line)
        if not answer.get("ok"):
            raise RuntimeError("simulator: %s" % answer.get("error"))
        return answer


class Tglink:
    def __init__(self, build, work, bots=1, extra_env=None):
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="tglink-", dir=work)
        self.socket_path = os.path.join(self.dir, "sim.sock")
        env = dict(os.environ)
        env.update({
            "BOT_TOKEN": MAIN_BOT, "API_ID": "1", "API_HASH": "0" * 32,
            "LOG_CHANNEL": str(LOG_CHANNEL),
            "TDJSON_PATH": os.path.join(build, "sim", "libtdjson.so"),
            "TGLINK_SIM_SOCKET": self.socket_path, "SECRET_KEY": SECRET_KEY,
            "BIND_ADDRESS": "127.0.0.1", "PORT": str(self.port),
            "BASE_URL": "http://127.0.0.1:%d" % self.port,
            "DATA_DIR": os.path.join(self.dir, "data"), "LOG_LEVEL": "WARNING",
            "RATE_LIMIT_PER_MINUTE": "1000000", "RATE_LIMIT_BURST": "100000",
            "BANDWIDTH_LIMIT_GB": "0", "CACHE_MAX_GB": "8",
        })
        if bots > 1:
            env["ADDITIONAL_BOT_TOKENS"] = ",".join(EXTRA_BOTS[: bots - 1])
        env.update(extra_env or {})
        self.log = open(os.path.join(self.dir, "tglink.log"), "wb")
        self.proc = subprocess.Popen([os.path.join(build, "tglink")], env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT)
        self.wait_ready(bots)

    def wait_ready(self, bots):
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("tglink exited; see %s/tglink.log" % self.dir)
            try:
                self.sim = SimControl(self.socket_path)
                if len(self.sim.call(op="bots")["bots"]) >= bots and self.status() == 200:
                    return
            except (OSError, RuntimeError, KeyError):
                pass
            time.sleep(0.2)
        raise RuntimeError("tglink did not become ready; see %s/tglink.log" % self.dir)

    def status(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        conn.request("GET", "/api/info")
        response = conn.getresponse()
        response.read()
        return response.status

    def post(self, path):
        answer = self.sim.call(op="send_file", chat_id=LOG_CHANNEL, path=path, kind="document",
                               file_name=os.path.basename(path),
                               mime_type="application/octet-stream")
        return "/dl/" + mint_token(answer["message_id"])

    def peak_rss_kib(self):
        with open("/proc/%d/status" % self.proc.pid) as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        return 0

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


class Nginx:
    def __init__(self, work, root):
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="nginx-", dir=work)
        conf = os.path.join(self.dir, "nginx.conf")
        with open(conf, "w") as f:
            f.write("""worker_processes 1;
daemon off;
pid %(d)s/nginx.pid;
error_log %(d)s/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path %(d)s/body;
  proxy_temp_path %(d)s/proxy;
  fastcgi_temp_path %(d)s/fastcgi;
  uwsgi_temp_path %(d)s/uwsgi;
  scgi_temp_path %(d)s/scgi;
  server { listen 127.0.0.1:%(p)d; root %(r)s; }
}
""" % {"d": self.dir, "p": self.port, "r": root})
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.proc = subprocess.Popen([binary, "-c", conf, "-p", self.dir],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("nginx did not start; see %s/error.log" % self.dir)

    def stop(self):
        self.proc.terminate()
        self.proc.wait()


# --- measurements ---

def fetch(port, target, headers=None, sink_size=1 << 20):
    """GET, reading the body into a reused buffer; returns the byte count."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("GET", target, headers=headers or {})
    response = conn.getresponse()
    buffer = bytearray(sink_size)
    view = memoryview(buffer)
    total = 0
    while True:
        n = response.readinto(view)
        if not n:
            break
        total += n
    conn.close()
    if response.status not in (200, 206):
        raise RuntimeError("GET %s: %d" % (target, response.status))
    return total


def whole_file_mib_s(port, target, size, runs):
    best = 0.0
    for _ in range(runs):
        start = time.perf_counter()
        got = fetch(port, target)
        elapsed = time.perf_counter() - start
        if got != size:
            raise RuntimeError("short body: %d of %d" % (got, size))
        best = max(best, size / MIB / elapsed)
    return best


def random_ranges_per_s(port, target, size, concurrency, requests, seed):
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


def make_file(path, size):
    block = os.urandom(16 * MIB)
    with open(path, "wb") as f:
        left = size
        while left > 0:
            f.write(block[: min(left, len(block))])
            left -= len(block)


def nginx_readable_file(work, folder, size):
    """A file of `size` random bytes in work/folder, readable by nginx's worker, which may run
    as another user (nobody, when started as root); answers (folder's path, file's path)."""
    root = os.path.join(work, folder)
    os.makedirs(root)
    os.chmod(work, 0o755)
    os.chmod(root, 0o755)
    path = os.path.join(root, "hot.bin")
    make_file(path, size)
    os.chmod(path, 0o644)
    return root, path


def hot_path(args, work):
    rounds, seconds = args.rounds, args.round_seconds
    print("\n== 1. Hot path: cached %d MiB file, tglink vs nginx on loopback, %d rounds "
          "alternating, %d s each" % (args.hot_mib, rounds, seconds))
    size = args.hot_mib * MIB
    root, path = nginx_readable_file(work, "www", size)
    tg = Tglink(args.build, work)
    ng = Nginx(work, root)
    try:
        target = tg.post(path)
        fetch(tg.port, target)  # the cold fetch that puts the file in TDLib's cache
        servers = {"tglink": (tg.port, target), "nginx": (ng.port, "/hot.bin")}
        procs = args.client_processes
        ranges = wrk_load.alternate({
            name: (lambda port=port, url=url: range_client.run(
                port, url, size, MIB, 64, seconds, procs).per_second)
            for name, (port, url) in servers.items()}, rounds)
        whole = wrk_load.alternate({
            name: (lambda port=port, url=url: range_client.run(
                port, url, size, size, 1, seconds, 1).mib_per_second)
            for name, (port, url) in servers.items()}, rounds)
        print("median (min-max) of %d rounds; client: %d processes (bench/range_client.py)"
              % (rounds, procs))
        print("%-34s %24s %24s %20s" % ("", "tglink", "nginx", "ratio"))
        for name, figures in (("64 concurrent 1 MiB ranges, req/s", ranges),
                              ("whole file, MiB/s", whole)):
            print("%-34s %24s %24s %20s" % (
                name, wrk_load.summary(figures["tglink"]), wrk_load.summary(figures["nginx"]),
                wrk_load.summary(wrk_load.ratios(figures["tglink"], figures["nginx"]))))
        # The client is not the bottleneck when twice its processes get no more from nginx; the
        # old Python client and wrk, against nginx in the same minutes, for comparison.
        double = range_client.run(ng.port, "/hot.bin", size, MIB, 64, seconds, 2 * procs)
        old_n = random_ranges_per_s(ng.port, "/hot.bin", size, 64, args.range_requests, 1)
        old_t = random_ranges_per_s(tg.port, target, size, 64, args.range_requests, 1)
        by_wrk = wrk_load.ranges(work, ng.port, "/hot.bin", size, 64, seconds).per_second
        print("nginx, 64 ranges at once: this client %.0f req/s (median), with %d processes "
              "%.0f; wrk %.0f; the old Python client %.0f (and tglink %.0f, ratio %.2f)" % (
                  statistics.median(ranges["nginx"]), 2 * procs, double.per_second, by_wrk,
                  old_n, old_t, old_t / old_n))
    finally:
        tg.stop()
        ng.stop()
    os.remove(path)


def cold_path(args, work):
    limit = args.cold_limit_mib * MIB
    print("\n== 2. Cold path: one stream of a %d MiB file, simulator limit %d MiB/s per bot"
          % (args.cold_mib, args.cold_limit_mib))
    path = os.path.join(work, "cold.bin")
    size = args.cold_mib * MIB
    make_file(path, size)
    print("%-10s %14s %14s %8s" % ("bots", "MiB/s", "N x limit", "ratio"))
    for bots in (1, 2, 4):
        tg = Tglink(args.build, work, bots)
        try:
            for bot in tg.sim.call(op="bots")["bots"]:
                tg.sim.call(op="set_bot", bot_id=bot, bytes_per_second=limit)
            target = tg.post(path)
            rate = whole_file_mib_s(tg.port, target, size, 1)
            # Since issue 11 one stream uses every bot: the ceiling is N x the per-bot limit.
            print("%-10d %14.1f %14.1f %8.2f" % (bots, rate, bots * args.cold_limit_mib,
                                                 rate / (bots * args.cold_limit_mib)))
        finally:
            tg.stop()
    os.remove(path)


def memory(args, work):
    print("\n== 3. Memory: %d concurrent slow readers of a cached %d MiB file"
          % (args.readers, args.memory_mib))
    path = os.path.join(work, "mem.bin")
    make_file(path, args.memory_mib * MIB)
    for bots in args.memory_bots:
        memory_with_bots(args, work, path, bots)
    os.remove(path)


def memory_with_bots(args, work, path, bots):
    """Peak RSS of tglink with `bots` bots: after one fetch that puts the file on disk, and with
    the slow readers (with 2+ bots each reader is a spread stream over the bots' files)."""
    tg = Tglink(args.build, work, bots)
    try:
        target = tg.post(path)
        fetch(tg.port, target)
        idle = tg.peak_rss_kib()
        stop = threading.Event()

        def slow_reader():
            sock = socket.create_connection(("127.0.0.1", tg.port))
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
            sock.sendall(("GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % target).encode())
            while not stop.is_set():
                if not sock.recv(4096):
                    break
                time.sleep(0.05)
            sock.close()

        threads = [threading.Thread(target=slow_reader, daemon=True) for _ in range(args.readers)]
        for t in threads:
            t.start()
        time.sleep(args.memory_seconds)
        peak = tg.peak_rss_kib()
        stop.set()
        for t in threads:
            t.join(timeout=5)
        print("%d bot(s)" % bots)
        print("peak RSS idle (after one cached fetch): %8.1f MiB" % (idle / 1024))
        print("peak RSS with %d slow readers:         %8.1f MiB" % (args.readers, peak / 1024))
        print("per reader:                             %8.1f KiB" % ((peak - idle) / args.readers))
    finally:
        tg.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--build", default="build")
    parser.add_argument("--only", choices=["hot", "cold", "memory", "spread", "store", "info", "curl"])
    parser.add_argument("--hot-mib", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=5,
                        help="rounds of alternating measurements (hot path, store)")
    parser.add_argument("--round-seconds", type=int, default=5,
                        help="seconds of wrk load per measurement")
    parser.add_argument("--client-processes", type=int, default=2,
                        help="processes of the hot-path load client")
    parser.add_argument("--range-requests", type=int, default=512,
                        help="requests of the old Python client, printed for comparison")
    parser.add_argument("--cold-mib", type=int, default=256)
    parser.add_argument("--cold-limit-mib", type=int, default=64)
    parser.add_argument("--readers", type=int, default=500)
    parser.add_argument("--memory-mib", type=int, default=256)
    parser.add_argument("--memory-seconds", type=float, default=10)
    parser.add_argument("--memory-bots", type=lambda text: [int(n) for n in text.split(",")],
                        default=[1, 4], help="bot counts to measure, comma-separated")
    spread_bench.add_arguments(parser)
    store_latency_bench.add_arguments(parser)
    info_latency_bench.add_arguments(parser)
    args = parser.parse_args()
    args.build = os.path.abspath(args.build)
    work = tempfile.mkdtemp(prefix="tglink-bench-")
    try:
        print("tglink benchmarks, %s, %d CPUs" % (time.strftime("%Y-%m-%d %H:%M"), os.cpu_count()))
        if args.only in (None, "hot"):
            hot_path(args, work)
        if args.only in (None, "cold"):
            cold_path(args, work)
        if args.only in (None, "memory"):
            memory(args, work)
        if args.only in (None, "spread"):
            spread_bench.spread(args, work, make_file, Tglink)
        if args.only in (None, "store"):
            store_latency_bench.store_latency(args, work, make_file, Tglink)
        if args.only in (None, "info"):
            info_latency_bench.info_latency(args, work, make_file, Tglink, fetch)
        if args.only in (None, "curl"):
            curl_check.curl_check(args, work, nginx_readable_file, Tglink, Nginx, fetch)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
