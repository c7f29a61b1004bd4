"""Serving with the database a few milliseconds away (part `store`).

tglink runs on SQLite in DATA_DIR, and on a PostgreSQL of its own (initdb and pg_ctl into a
temporary directory, like tests/support/postgres_server.cpp) reached through a small TCP proxy
that delays every chunk by --store-delay-ms in each direction, as a database on another machine
would. Two figures for each, side by side in one run:

  1. concurrent cached range requests per second (--store-concurrency clients, 1 MiB each);
  2. the longest pause in a download already under way while the proxy holds all database
     traffic for --store-stall-s seconds (a slow or cut database network).

With --store-baseline-build, the same rows are measured for that build too (for example the
commit before a change), so before and after are compared in the same run.
"""

import asyncio
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
import time

import range_client
import stats
from harness import MIB, Tglink, fetch, free_port, make_file

TOOLS = ()  # PostgreSQL's tools are not on PATH; Postgres() names what is missing
PG_USER = "tglink"
PG_PASSWORD = "bench-password"


def add_arguments(parser):
    parser.add_argument("--store-mib", type=int, default=256)
    parser.add_argument("--store-delay-ms", type=float, default=2.0)
    parser.add_argument("--store-concurrency", type=int, default=64)
    parser.add_argument("--store-stall-s", type=float, default=3.0)
    parser.add_argument("--store-baseline-build", default=None)


class Postgres:
    """A throw-away PostgreSQL server; as root it runs as the `postgres` user."""

    def __init__(self):
        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                      key=lambda p: int(p.split("/")[4]))
        if not bins:
            raise RuntimeError("no /usr/lib/postgresql/*/bin/pg_ctl: scripts/install-deps.sh --test")
        self.bin = os.path.dirname(bins[-1])
        self.user = pwd.getpwnam("postgres") if os.geteuid() == 0 else None
        self.dir = tempfile.mkdtemp(prefix="tglink-bench-pg-", dir="/tmp")
        self.port = free_port()
        password_file = os.path.join(self.dir, "password")
        with open(password_file, "w") as f:
            f.write(PG_PASSWORD + "\n")
        if self.user:
            for path in (self.dir, password_file):
                os.chown(path, self.user.pw_uid, self.user.pw_gid)
        self.run("initdb", "-D", self.data(), "-U", PG_USER, "--pwfile=" + password_file,
                 "--auth-host=scram-sha-256", "--auth-local=trust", "-E", "UTF8",
                 "--locale=C", "--no-sync")
        options = ("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off" % (self.port, self.dir))
        self.run("pg_ctl", "-D", self.data(), "-l", os.path.join(self.dir, "server.log"), "-w",
                 "-t", "60", "-o", options, "start")

    def data(self):
        return os.path.join(self.dir, "data")

    def run(self, tool, *args):
        def become_postgres():
            if self.user:
                os.setgroups([])
                os.setgid(self.user.pw_gid)
                os.setuid(self.user.pw_uid)
        subprocess.run([os.path.join(self.bin, tool), *args], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                       preexec_fn=become_postgres)

    def url(self, port, database):
        return "postgresql://%s:%s@127.0.0.1:%d/%s" % (PG_USER, PG_PASSWORD, port, database)

    def create_database(self, name):
        self.run("psql", "-h", self.dir, "-p", str(self.port), "-U", PG_USER, "-d", "postgres",
                 "-q", "-c", "CREATE DATABASE %s" % name)

    def stop(self):
        try:
            self.run("pg_ctl", "-D", self.data(), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


class DelayProxy:
    """TCP proxy to the database: every chunk arrives `delay_s` after it was sent, in order, in
    both directions; hold() stops all traffic until flow()."""

    def __init__(self, target_port, delay_s):
        self.target_port = target_port
        self.delay_s = delay_s
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        started = threading.Event()
        self.thread = threading.Thread(target=self.serve, args=(started,), daemon=True)
        self.thread.start()
        started.wait(10)

    def serve(self, started):
        asyncio.set_event_loop(self.loop)
        self.flowing = asyncio.Event()
        self.flowing.set()
        self.server = self.loop.run_until_complete(
            asyncio.start_server(self.connection, "127.0.0.1", self.port))
        started.set()
        self.loop.run_forever()

    async def connection(self, client_reader, client_writer):
        try:
            server_reader, server_writer = await asyncio.open_connection(
                "127.0.0.1", self.target_port)
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(self.pipe(client_reader, server_writer),
                             self.pipe(server_reader, client_writer),
                             return_exceptions=True)

    async def pipe(self, reader, writer):
        queue = asyncio.Queue()

        async def deliver():
            while True:
                due, data = await queue.get()
                if data is None:
                    writer.close()
                    return
                await asyncio.sleep(max(0.0, due - time.monotonic()))
                await self.flowing.wait()
                writer.write(data)
                await writer.drain()

        delivering = asyncio.ensure_future(deliver())
        try:
            while True:
                data = await reader.read(65536)
                await queue.put((time.monotonic() + self.delay_s, data or None))
                if not data:
                    break
        finally:
            await delivering

    def hold(self):
        self.loop.call_soon_threadsafe(self.flowing.clear)

    def flow(self):
        self.loop.call_soon_threadsafe(self.flowing.set)

    def stop(self):
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def longest_pause_during_stall(port, target, proxy, stall_s):
    """Reads the file at a steady pace; one second in, holds the database for stall_s. Returns
    the longest pause between two reads, in seconds."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
    sock.sendall(("GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" % target).encode())
    timers = []
    if proxy:
        timers = [threading.Timer(1.0, proxy.hold), threading.Timer(1.0 + stall_s, proxy.flow)]
        for timer in timers:
            timer.start()
    longest = 0.0
    last = time.monotonic()
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            now = time.monotonic()
            longest = max(longest, now - last)
            last = now
            time.sleep(0.01)  # a steady viewer, not a flood: the body lasts through the stall
    finally:
        for timer in timers:
            timer.join()
        sock.close()
    return longest


def run(args, work):
    print("\n== The database %.1f ms away each way: %d concurrent cached 1 MiB ranges "
          "(bench/range_client.py, %d rounds alternating, %d s each), and the longest pause of "
          "a running download while the database is held %.0f s"
          % (args.store_delay_ms, args.store_concurrency, args.rounds, args.round_seconds,
             args.store_stall_s))
    path = os.path.join(work, "store.bin")
    size = args.store_mib * MIB
    make_file(path, size)
    builds = [("this build", args.build)]
    if args.store_baseline_build:
        builds.insert(0, ("baseline", os.path.abspath(args.store_baseline_build)))
    pg = Postgres()
    proxy = DelayProxy(pg.port, args.store_delay_ms / 1000.0)
    instances = {}  # (build label, store) -> (tglink, target)
    try:
        for number, (label, build) in enumerate(builds):
            database = "bench%d" % number
            pg.create_database(database)
            for store, env in (("SQLite", {}),
                               ("PostgreSQL +%.1f ms" % args.store_delay_ms,
                                {"DATABASE_URL": pg.url(proxy.port, database)})):
                tg = Tglink(build, work, extra_env=env)
                instances[(label, store)] = (tg, None)
                target = tg.post(path)
                fetch(tg.port, target)  # the cold fetch that puts the file in the cache
                instances[(label, store)] = (tg, target)
        rates = stats.alternate({
            key: (lambda tg=tg, target=target: range_client.run(
                tg.port, target, size, MIB, args.store_concurrency, args.round_seconds,
                args.client_processes).per_second)
            for key, (tg, target) in instances.items()}, args.rounds)
        pauses = {key: longest_pause_during_stall(tg.port, target,
                                                  None if key[1] == "SQLite" else proxy,
                                                  args.store_stall_s)
                  for key, (tg, target) in instances.items()}
    finally:
        for tg, _ in instances.values():
            tg.stop()
        proxy.stop()
        pg.stop()
        os.remove(path)
    print("median (min-max) of %d rounds; the ratio is taken round by round" % args.rounds)
    print("%-12s %-22s %24s %20s %22s" % ("build", "store", "ranges/s", "vs SQLite",
                                          "longest pause, s"))
    for (label, store), figures in rates.items():
        sqlite = rates[(label, "SQLite")]
        stall = "%.3f" % pauses[(label, store)] + (" (db held)" if store != "SQLite"
                                                  else " (no stall)")
        print("%-12s %-22s %24s %20s %22s" % (label, store, stats.summary(figures),
                                              stats.summary(stats.ratios(figures, sqlite)),
                                              stall))
