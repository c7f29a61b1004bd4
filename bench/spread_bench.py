"""Part 4 of bench/tglink_bench.py: one stream spread over several bots (issue 11).

Every bot gets the simulator's realistic network profile (`set_bot profile=realistic`: a round
trip of 50-150 ms per part, TDLib's 2 MiB of parts in flight per client, the newest download
first) and a bandwidth ceiling (--spread-ceiling-mib, 8 MiB/s as the profile's own). Each figure is printed next to
the reference it is divided by, measured in the same run.
"""

import http.client
import os
import threading
import time

MIB = 1024 * 1024


def set_profile(tg, args, ceiling_mib=None):
    """The simulator's realistic profile (50-150 ms per part, seeded jitter), at `ceiling`."""
    ceiling = ceiling_mib or args.spread_ceiling_mib
    for bot in tg.sim.call(op="bots")["bots"]:
        tg.sim.call(op="set_bot", bot_id=bot, profile="realistic",
                    bytes_per_second=ceiling * MIB)


def telegram_bytes(tg):
    return sum(bot["bytes_downloaded"] for bot in tg.sim.call(op="counters")["bots"].values())


def timed_read(port, target, headers=None, on_gap=None):
    """GET; returns (bytes, seconds, seconds to the first byte, longest pause between reads)."""
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    conn.request("GET", target, headers=headers or {})
    response = conn.getresponse()
    buffer = bytearray(256 * 1024)
    view = memoryview(buffer)
    total, first, last, gap = 0, None, None, 0.0
    while True:
        n = response.readinto(view)
        if not n:
            break
        now = time.perf_counter()
        if first is None:
            first = now - start
        if last is not None:
            gap = max(gap, now - last)
        last = now
        total += n
    conn.close()
    if response.status not in (200, 206):
        raise RuntimeError("GET %s: %d" % (target, response.status))
    return total, time.perf_counter() - start, first or 0.0, gap


def one_stream(args, work, make_file, Tglink, path, size):
    ceiling = args.spread_ceiling_mib
    print("one cold stream of %d MiB" % (size // MIB))
    print("%-10s %14s %16s %8s" % ("bots", "MiB/s", "N x ceiling", "ratio"))
    for bots in (1, 2, 4, 8):
        tg = Tglink(args.build, work, bots)
        try:
            set_profile(tg, args)
            target = tg.post(path)
            got, seconds, _, _ = timed_read(tg.port, target)
            rate = got / MIB / seconds
            print("%-10d %14.1f %16.1f %8.2f" % (bots, rate, bots * ceiling,
                                                 rate / (bots * ceiling)))
        finally:
            tg.stop()


def concurrent_streams(args, work, make_file, Tglink):
    streams, bots, ceiling = 16, 4, args.spread_ceiling_mib
    size = args.spread_concurrent_mib * MIB
    tg = Tglink(args.build, work, bots)
    try:
        set_profile(tg, args)
        targets = []
        for i in range(streams):
            path = os.path.join(work, "c%d.bin" % i)
            make_file(path, size)
            targets.append(tg.post(path))
        rates = [0.0] * streams

        def reader(i):
            got, seconds, _, _ = timed_read(tg.port, targets[i])
            rates[i] = got / MIB / seconds

        start = time.perf_counter()
        threads = [threading.Thread(target=reader, args=(i,)) for i in range(streams)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        aggregate = streams * size / MIB / (time.perf_counter() - start)
        fair = bots * ceiling / streams
        print("%d cold streams of %d MiB on %d bots" % (streams, size // MIB, bots))
        print("aggregate MiB/s %8.1f   4 x ceiling %8.1f   ratio %5.2f"
              % (aggregate, bots * ceiling, aggregate / (bots * ceiling)))
        print("slowest MiB/s   %8.1f   fair share  %8.1f   ratio %5.2f"
              % (min(rates), fair, min(rates) / fair))
    finally:
        tg.stop()


def seek_and_second_viewer(args, work, Tglink, path, size):
    tg = Tglink(args.build, work, 4)
    try:
        set_profile(tg, args)
        target = tg.post(path)
        offset = size * 8 // 10
        _, _, ttfb, _ = timed_read(tg.port, target, {"Range": "bytes=%d-%d" % (offset,
                                                                               offset + MIB - 1)})
        part = 512 * 1024 / (args.spread_ceiling_mib * MIB)
        bound = 2 * 0.150 + part  # the profile's slowest round trip
        print("first byte after a seek to 80%%: %6.0f ms   2 round trips + one part %6.0f ms"
              "   ratio %5.2f" % (ttfb * 1000, bound * 1000, ttfb / bound))
        timed_read(tg.port, target)  # the first viewer: the whole file
        before = telegram_bytes(tg)
        timed_read(tg.port, target)
        print("second viewer of the cached file: %d Telegram bytes" % (telegram_bytes(tg) - before))
    finally:
        tg.stop()


def flood_gap(args, work, Tglink, path):
    # 2 MiB/s per bot, so that the stream outlasts the flood wait.
    tg = Tglink(args.build, work, 4)
    try:
        set_profile(tg, args, 2)
        target = tg.post(path)
        victim = tg.sim.call(op="bots")["bots"][1]
        result = {}

        def reader():
            result["read"] = timed_read(tg.port, target)

        t = threading.Thread(target=reader)
        t.start()
        time.sleep(1)
        tg.sim.call(op="fault", bot_id=victim, kind="flood", count=-1, retry_after=20)
        time.sleep(20)
        tg.sim.call(op="fault", bot_id=victim, kind="clear")
        t.join()
        _, seconds, _, gap = result["read"]
        print("flood wait of 20 s on 1 of 4 bots: longest pause %5.2f s (target 3 s), "
              "stream %5.1f s" % (gap, seconds))
    finally:
        tg.stop()


def spread(args, work, make_file, Tglink):
    print("\n== 4. One stream over several bots: realistic profile, %d MiB/s per bot"
          % args.spread_ceiling_mib)
    path = os.path.join(work, "spread.bin")
    size = args.spread_mib * MIB
    make_file(path, size)
    one_stream(args, work, make_file, Tglink, path, size)
    concurrent_streams(args, work, make_file, Tglink)
    seek_and_second_viewer(args, work, Tglink, path, size)
    flood_gap(args, work, Tglink, path)
    os.remove(path)


def add_arguments(parser):
    parser.add_argument("--spread-mib", type=int, default=256)
    parser.add_argument("--spread-concurrent-mib", type=int, default=32)
    parser.add_argument("--spread-ceiling-mib", type=int, default=8)
