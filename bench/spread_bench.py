"""One stream spread over several bots (part `spread`).

Every bot gets the simulator's realistic network profile (`set_bot profile=realistic`: a round
trip of 50-150 ms per part, TDLib's 2 MiB of parts in flight per client, the newest download
first) and a bandwidth ceiling (--spread-ceiling-mib, 8 MiB/s as the profile's own). Each figure
is printed next to the reference it is divided by, measured in the same run.
"""

import os
import threading
import time

from harness import MIB, Tglink, int_list, make_file, timed_fetch

TOOLS = ()


def add_arguments(parser):
    parser.add_argument("--spread-mib", type=int, default=256,
                        help="the file of the seek, second viewer and flood-wait figures")
    parser.add_argument("--spread-sizes", type=int_list, default=[32, 96, 256, 1024],
                        help="MiB, comma-separated: one cold stream of each size")
    parser.add_argument("--spread-bots", type=int_list, default=[1, 2, 4, 8])
    parser.add_argument("--spread-timeline-mib", type=int, default=96)
    parser.add_argument("--spread-slow-mib", type=int, default=256)
    parser.add_argument("--spread-quick", action="store_true",
                        help="only the sizes, the timeline and the slow bot")
    parser.add_argument("--spread-concurrent-mib", type=int, default=32)
    parser.add_argument("--spread-ceiling-mib", type=int, default=8)


def set_profile(tg, args, ceiling_mib=None):
    """The simulator's realistic profile (50-150 ms per part, seeded jitter), at `ceiling`."""
    ceiling = ceiling_mib or args.spread_ceiling_mib
    for bot in tg.bots():
        tg.sim.call(op="set_bot", bot_id=bot, profile="realistic",
                    bytes_per_second=ceiling * MIB)


def one_stream_rate(args, work, path, bots, slow_bot_bytes_per_second=None,
                    timeline=None):
    """MiB/s of one cold stream of `path` on `bots` bots; with `slow_bot_bytes_per_second`, the
    second bot is held to that rate. With `timeline` (a list), samples each bot's downloaded bytes
    every 0.25 s into it."""
    tg = Tglink(args.build, work, bots)
    try:
        set_profile(tg, args)
        bot_ids = tg.bots()
        if slow_bot_bytes_per_second:
            tg.sim.call(op="set_bot", bot_id=bot_ids[1], profile="realistic",
                        bytes_per_second=slow_bot_bytes_per_second)
        target = tg.post(path)
        done = threading.Event()
        sampler = None
        if timeline is not None:
            def sample():
                start = time.perf_counter()
                while not done.is_set():
                    counters = tg.sim.call(op="counters")["bots"]
                    timeline.append((time.perf_counter() - start,
                                     [counters.get(str(b), {}).get("bytes_downloaded", 0)
                                      for b in bot_ids]))
                    time.sleep(0.25)
            sampler = threading.Thread(target=sample)
            sampler.start()
        try:
            return timed_fetch(tg.port, target).mib_per_second
        finally:
            done.set()
            if sampler:
                sampler.join()
    finally:
        tg.stop()


def one_stream(args, work):
    ceiling = args.spread_ceiling_mib
    bot_counts = args.spread_bots
    print("one cold stream: MiB/s and ratio to N x ceiling, by file size and bots")
    print("%-10s" % "size" + "".join("%18s" % ("%d bot%s" % (n, "s" if n > 1 else ""))
                                     for n in bot_counts))
    for mib in args.spread_sizes:
        path = os.path.join(work, "spread-%d.bin" % mib)
        make_file(path, mib * MIB)
        cells = []
        for bots in bot_counts:
            rate = one_stream_rate(args, work, path, bots)
            cells.append("%8.1f %5.2f    " % (rate, rate / (bots * ceiling)))
        print("%-10s" % ("%d MiB" % mib) + "".join("%18s" % c for c in cells))
        os.remove(path)


def timeline_of(args, work, mib, bots):
    """Each bot's download rate over time for one cold stream: where a stream loses time."""
    path = os.path.join(work, "timeline.bin")
    make_file(path, mib * MIB)
    samples = []
    rate = one_stream_rate(args, work, path, bots, timeline=samples)
    os.remove(path)
    print("one cold stream of %d MiB on %d bots, %.1f MiB/s (%.2f of %d x ceiling); each bot's "
          "MiB/s per half second:" % (mib, bots, rate, rate / (bots * args.spread_ceiling_mib),
                                      bots))
    print("%-8s" % "t, s" + "".join("%8s" % ("bot %d" % (b + 1)) for b in range(bots)))
    for k in range(2, len(samples), 2):
        (t0, before), (t1, after) = samples[k - 2], samples[k]
        print("%-8.1f" % t1 + "".join("%8.1f" % ((a - b) / MIB / (t1 - t0))
                                      for a, b in zip(after, before)))


def slow_bot(args, work):
    """One of 4 bots held to 100 KiB/s: the stream against 3 x the ceiling of the others."""
    mib = args.spread_slow_mib
    path = os.path.join(work, "slow.bin")
    make_file(path, mib * MIB)
    rate = one_stream_rate(args, work, path, 4, slow_bot_bytes_per_second=100 * 1024)
    os.remove(path)
    print("one cold stream of %d MiB on 4 bots, one of them at 100 KiB/s: %.1f MiB/s, %.2f of "
          "3 x ceiling" % (mib, rate, rate / (3 * args.spread_ceiling_mib)))


def concurrent_streams(args, work):
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
            rates[i] = timed_fetch(tg.port, targets[i]).mib_per_second

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


def seek_and_second_viewer(args, work, path, size):
    tg = Tglink(args.build, work, 4)
    try:
        set_profile(tg, args)
        target = tg.post(path)
        offset = size * 8 // 10
        ttfb = timed_fetch(tg.port, target,
                           {"Range": "bytes=%d-%d" % (offset, offset + MIB - 1)}).first_byte
        part = 512 * 1024 / (args.spread_ceiling_mib * MIB)
        bound = 2 * 0.150 + part  # the profile's slowest round trip
        print("first byte after a seek to 80%%: %6.0f ms   2 round trips + one part %6.0f ms"
              "   ratio %5.2f" % (ttfb * 1000, bound * 1000, ttfb / bound))
        timed_fetch(tg.port, target)  # the first viewer: the whole file
        before = tg.telegram_bytes()
        timed_fetch(tg.port, target)
        print("second viewer of the cached file: %d Telegram bytes" % (tg.telegram_bytes() - before))
    finally:
        tg.stop()


def flood_gap(args, work, path):
    # 2 MiB/s per bot, so that the stream outlasts the flood wait.
    tg = Tglink(args.build, work, 4)
    try:
        set_profile(tg, args, 2)
        target = tg.post(path)
        victim = tg.bots()[1]
        result = {}

        def reader():
            result["read"] = timed_fetch(tg.port, target)

        t = threading.Thread(target=reader)
        t.start()
        time.sleep(1)
        tg.sim.call(op="fault", bot_id=victim, kind="flood", count=-1, retry_after=20)
        time.sleep(20)
        tg.sim.call(op="fault", bot_id=victim, kind="clear")
        t.join()
        fetched = result["read"]
        print("flood wait of 20 s on 1 of 4 bots: longest pause %5.2f s (target 3 s), "
              "stream %5.1f s" % (fetched.longest_gap, fetched.seconds))
    finally:
        tg.stop()


def run(args, work):
    print("\n== One stream over several bots: realistic profile, %d MiB/s per bot"
          % args.spread_ceiling_mib)
    one_stream(args, work)
    timeline_of(args, work, args.spread_timeline_mib, 4)
    slow_bot(args, work)
    if args.spread_quick:
        return
    path = os.path.join(work, "spread.bin")
    size = args.spread_mib * MIB
    make_file(path, size)
    concurrent_streams(args, work)
    seek_and_second_viewer(args, work, path, size)
    flood_gap(args, work, path)
    os.remove(path)
