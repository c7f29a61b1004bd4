"""The cold path (part `cold`): one stream of a file no bot has downloaded, with 1, 2 and 4 bots,
while the simulator holds each bot to --cold-limit-mib. One stream is spread over every bot, so
the ceiling it is divided by is N x the per-bot limit.
"""
import os

from harness import MIB, Tglink, int_list, make_file, timed_fetch

TOOLS = ()


def add_arguments(parser):
    parser.add_argument("--cold-mib", type=int, default=256)
    parser.add_argument("--cold-limit-mib", type=int, default=64)
    parser.add_argument("--cold-bots", type=int_list, default=[1, 2, 4],
                        help="bot counts to measure, comma-separated")


def run(args, work):
    limit = args.cold_limit_mib * MIB
    print("\n== Cold path: one stream of a %d MiB file, simulator limit %d MiB/s per bot"
          % (args.cold_mib, args.cold_limit_mib))
    path = os.path.join(work, "cold.bin")
    size = args.cold_mib * MIB
    make_file(path, size)
    print("%-10s %14s %14s %8s" % ("bots", "MiB/s", "N x limit", "ratio"))
    for bots in args.cold_bots:
        tg = Tglink(args.build, work, bots)
        try:
            for bot in tg.bots():
                tg.sim.call(op="set_bot", bot_id=bot, bytes_per_second=limit)
            fetched = timed_fetch(tg.port, tg.post(path))
            if fetched.bytes != size:
                raise RuntimeError("short body: %d of %d" % (fetched.bytes, size))
            rate = fetched.mib_per_second
            print("%-10d %14.1f %14.1f %8.2f" % (bots, rate, bots * args.cold_limit_mib,
                                                 rate / (bots * args.cold_limit_mib)))
        finally:
            tg.stop()
    os.remove(path)
