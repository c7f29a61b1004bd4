"""The hot path measured from outside, by curl (part `curl`).

bench/range_client.py is our own client, so the hot-path figures are checked here with another
one, timed as whole processes: tglink and nginx serve the same cached --hot-mib file, and curl is
run --rounds times against each, in turn, after one warm-up run each:
  1. the whole file, to /dev/null;
  2. 512 random 1 MiB ranges (the same offsets for both), 64 at once (`curl -Z --parallel-max
     64`, one curl process).
The figure is each run's wall time; the ratio is nginx's time / tglink's, round by round, so
above 1 means tglink is faster. No figure here is a test.
"""

import os
import random
import subprocess
import time

import stats
from harness import MIB, served_by_both

TOOLS = ("nginx", "curl")
RANGES = 512
AT_ONCE = 64


def run(args, work):
    print("\n== The hot path timed from outside: curl against tglink and nginx, cached %d MiB "
          "file, %d rounds alternating" % (args.hot_mib, args.rounds))
    size = args.hot_mib * MIB
    with served_by_both(args.build, work, "curl-www", size) as (tg, target, ng, ng_target):
        urls = {"tglink": "http://127.0.0.1:%d%s" % (tg.port, target),
                "nginx": "http://127.0.0.1:%d%s" % (ng.port, ng_target)}
        configs = _range_configs(work, urls, size)
        rows = (("whole file, s", lambda name: ["curl", "-s", "-o", "/dev/null", urls[name]]),
                ("%d ranges of 1 MiB, %d at once, s" % (RANGES, AT_ONCE),
                 lambda name: ["curl", "-s", "-Z", "--parallel-max", str(AT_ONCE), "-K",
                               configs[name]]))
        print("%-36s %24s %24s %20s" % ("", "tglink", "nginx", "nginx / tglink"))
        for label, command in rows:
            for name in urls:
                _timed(command(name))  # warm-up
            times = stats.alternate({name: (lambda name=name: _timed(command(name)))
                                     for name in urls}, args.rounds)
            print("%-36s %24s %24s %20s" % (
                label, stats.summary(times["tglink"]), stats.summary(times["nginx"]),
                stats.summary(stats.ratios(times["nginx"], times["tglink"]))))


def _range_configs(work, urls, size):
    """A curl config per server asking the same random ranges; answers name -> its path."""
    rng = random.Random(7)
    firsts = [rng.randrange(0, size - MIB) for _ in range(RANGES)]
    configs = {}
    for name, url in urls.items():
        configs[name] = os.path.join(work, "curl-%s.cfg" % name)
        with open(configs[name], "w") as f:
            for first in firsts:
                f.write('url = "%s"\nrange = %d-%d\noutput = /dev/null\n'
                        % (url, first, first + MIB - 1))
    return configs


def _timed(command):
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start
