"""Connection load (part `load`, `make bench-load`): idle keep-alive and slowloris connections.

Opens --load-idle keep-alive connections (each has had one request answered and then sits idle)
and --load-slowloris connections (each sends the start of a request and never finishes it), then
prints:
  - tglink's RSS before and with them held, and the cost per connection;
  - how long /api/info and a download of a cached file take meanwhile (fresh connections);
  - what connections past MAX_CONNECTIONS get (a 503 and a close, or anything else).
Figures, not a test: tests/e2e/connection_limit_test.cpp checks the behaviour with small numbers.
"""
import os
import resource
import socket
import time

import stats
from harness import MIB, Tglink, fetch, make_file

TOOLS = ()


def add_arguments(parser):
    parser.add_argument("--load-idle", type=int, default=10000)
    parser.add_argument("--load-slowloris", type=int, default=2000)
    parser.add_argument("--load-probes", type=int, default=20)
    parser.add_argument("--load-excess", type=int, default=100)
    parser.add_argument("--load-download-mib", type=int, default=1)


def read_response_head(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            return None, data
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    return head.decode("latin-1"), rest


def content_length(head):
    for line in head.split("\r\n")[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            return int(value)
    return 0


def keep_alive_connection(port):
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(b"GET /api/info HTTP/1.1\r\nHost: bench\r\n\r\n")
    head, rest = read_response_head(sock)
    if head is None or not head.startswith("HTTP/1.1 200"):
        raise RuntimeError("keep-alive connection: %r" % (head,))
    left = content_length(head) - len(rest)
    while left > 0:
        left -= len(sock.recv(left))
    return sock


def slowloris_connection(port):
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(b"GET /api/info HTTP/1.1\r\nHost: bench\r\nX-Slow: ")
    return sock


def timed_ms(action):
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def api_info(port):
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(b"GET /api/info HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n")
    head, _ = read_response_head(sock)
    sock.close()
    if head is None or not head.startswith("HTTP/1.1 200"):
        raise RuntimeError("/api/info under load: %r" % (head,))


def refused_cleanly(port):
    """True when a connection gets a whole 503 and then the end of the connection."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.settimeout(10)
    try:
        sock.sendall(b"GET /api/info HTTP/1.1\r\nHost: bench\r\n\r\n")
        head, rest = read_response_head(sock)
        if head is None or not head.startswith("HTTP/1.1 503"):
            return False
        body = rest
        while len(body) < content_length(head):
            chunk = sock.recv(4096)
            if not chunk:
                return False
            body += chunk
        return b"SERVICE_UNAVAILABLE" in body and sock.recv(4096) == b""
    except OSError:
        return False
    finally:
        sock.close()


def summary(samples):
    return "median %6.2f ms, max %6.2f ms" % (stats.median(samples), max(samples))


def run(args, work):
    needed = args.load_idle + args.load_slowloris + args.load_excess + 256
    raise_open_file_limit(needed)
    held_max = args.load_idle + args.load_slowloris + args.load_probes
    path = os.path.join(work, "download.bin")
    make_file(path, args.load_download_mib * MIB)
    tg = Tglink(args.build, work, extra_env={"MAX_CONNECTIONS": str(held_max)})
    held = []
    try:
        target = tg.post(path)
        fetch(tg.port, target)  # cached from now on
        before = tg.rss_kib()
        start = time.perf_counter()
        held += [keep_alive_connection(tg.port) for _ in range(args.load_idle)]
        held += [slowloris_connection(tg.port) for _ in range(args.load_slowloris)]
        opened_s = time.perf_counter() - start
        api_info(tg.port)  # every connection above is accepted by now
        during = tg.rss_kib()
        info_ms = [timed_ms(lambda: api_info(tg.port)) for _ in range(args.load_probes)]
        download_ms = [timed_ms(lambda: fetch(tg.port, target)) for _ in range(args.load_probes)]
        # Fill what is left of MAX_CONNECTIONS, then knock on a full server.
        while len(held) < held_max:
            held.append(keep_alive_connection(tg.port))
        refused = sum(refused_cleanly(tg.port) for _ in range(args.load_excess))
        peak = tg.peak_rss_kib()
        connections = args.load_idle + args.load_slowloris
        print("\n== Load: %d idle keep-alive + %d slowloris connections (opened in %.1f s)"
              % (args.load_idle, args.load_slowloris, opened_s))
        print("RSS before:                      %8.1f MiB" % (before / 1024))
        print("RSS with them held:              %8.1f MiB" % (during / 1024))
        print("per held connection:             %8.2f KiB" % ((during - before) / connections))
        print("peak RSS of the run:             %8.1f MiB" % (peak / 1024))
        print("/api/info meanwhile:             %s" % summary(info_ms))
        print("%d MiB cached download meanwhile: %s" % (args.load_download_mib,
                                                       summary(download_ms)))
        print("past MAX_CONNECTIONS=%d:      %d of %d refused cleanly (503, then close)"
              % (held_max, refused, args.load_excess))
    finally:
        for sock in held:
            sock.close()
        tg.stop()
    os.remove(path)


def raise_open_file_limit(needed):
    """Every held connection is a descriptor here and in tglink, which inherits the limit."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < needed:
        raise RuntimeError("load: the open-file limit (%d) is below the %d connections asked for"
                           % (hard, needed))
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
