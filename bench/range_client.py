"""The hot-path load generator (parts hot, store, info): keep-alive HTTP/1.1 connections spread
over several processes, each on a non-blocking selector loop, reading bodies into one 4 MiB
buffer and discarding them.

Why not wrk: for 1 MiB bodies wrk reads 8 KiB per system call, and on two shared cores it got
less than a third of what nginx serves (2026-11-25: 275 req/s against 1,028 for the 64-thread
Python client of the old bench, which in turn is held back by its global interpreter lock).
Why not that old client: one process, 64 threads taking turns on one lock, so its own CPU time
sets the figure. This one reads up to 4 MiB per call in as many processes as asked;
`outruns()` shows it is not the bottleneck: twice the processes must not raise what nginx serves.
"""
import multiprocessing
import random
import selectors
import socket
import time

MIB = 1024 * 1024
_BUFFER = 4 * MIB


class _Connection:
    def __init__(self, port, path, size, span, rng):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.setblocking(False)
        self.path, self.size, self.span, self.rng = path, size, span, rng
        self.head = b""
        self.left = None  # body bytes still to come; None while reading the head

    def ask(self):
        if self.span >= self.size:
            request = "GET %s HTTP/1.1\r\nHost: bench\r\n\r\n" % self.path
        else:
            first = self.rng.randrange(0, self.size - self.span)
            request = "GET %s HTTP/1.1\r\nHost: bench\r\nRange: bytes=%d-%d\r\n\r\n" % (
                self.path, first, first + self.span - 1)
        self.sock.setblocking(True)
        self.sock.sendall(request.encode())
        self.sock.setblocking(False)
        self.head, self.left = b"", None

    def read(self, view):
        """Reads what is there; returns the body bytes of a response just completed, or None."""
        if self.left is None:
            n = self.sock.recv_into(view, 65536)
            if n == 0:
                raise ConnectionError("closed")
            self.head += bytes(view[:n])
            end = self.head.find(b"\r\n\r\n")
            if end < 0:
                return None
            status = int(self.head.split(b" ", 2)[1])
            if status not in (200, 206):
                raise RuntimeError("status %d" % status)
            length = 0
            for line in self.head[:end].split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            self.left = length - (len(self.head) - end - 4)
            self.body = length
        else:
            n = self.sock.recv_into(view, min(len(view), self.left))
            if n == 0:
                raise ConnectionError("closed")
            self.left -= n
        return self.body if self.left == 0 else None


def _worker(port, path, size, span, connections, seconds, seed, results):
    rng = random.Random(seed)
    view = memoryview(bytearray(_BUFFER))
    selector = selectors.DefaultSelector()
    conns = [_Connection(port, path, size, span, rng) for _ in range(connections)]
    start = time.perf_counter()
    deadline = start + seconds
    requests = body_bytes = 0
    for conn in conns:
        conn.ask()
        selector.register(conn.sock, selectors.EVENT_READ, conn)
    open_conns = len(conns)
    while open_conns:
        for key, _ in selector.select(timeout=30):
            conn = key.data
            done = conn.read(view)
            if done is None:
                continue
            requests += 1
            body_bytes += done
            if time.perf_counter() < deadline:
                conn.ask()
            else:
                selector.unregister(conn.sock)
                conn.sock.close()
                open_conns -= 1
    results.put((requests, body_bytes, time.perf_counter() - start))


class Result:
    def __init__(self, requests, body_bytes, seconds):
        self.requests, self.bytes, self.seconds = requests, body_bytes, seconds
        self.per_second = requests / seconds
        self.mib_per_second = body_bytes / MIB / seconds


def run(port, path, size, span, connections, seconds, processes):
    """`connections` keep-alive connections over `processes` processes, each asking for random
    `span`-byte ranges (the whole file when span >= size) for `seconds`."""
    results = multiprocessing.Queue()
    per = [connections // processes + (1 if i < connections % processes else 0)
           for i in range(processes)]
    workers = [multiprocessing.Process(target=_worker, args=(port, path, size, span, n, seconds,
                                                             1000 + i, results))
               for i, n in enumerate(per) if n > 0]
    for w in workers:
        w.start()
    parts = [results.get(timeout=seconds + 120) for _ in workers]
    for w in workers:
        w.join()
    return Result(sum(p[0] for p in parts), sum(p[1] for p in parts), max(p[2] for p in parts))
