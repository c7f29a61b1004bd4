#!/usr/bin/env python3
"""tglink benchmarks (bench/run.sh): the parts named, or the default ones, in one run.

Every figure is printed next to its reference measured in the same run, as a ratio, so the
numbers mean something on any machine. Nothing here is a pass/fail test.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import cold_bench
import confinement_bench
import curl_bench
import dav_bench
import download_manager_bench
import hot_bench
import info_bench
import load_bench
import memory_bench
import playback_bench
import spread_bench
import store_bench
import subtitles_bench
from harness import missing_tools

PARTS = {
    "hot": hot_bench,
    "cold": cold_bench,
    "memory": memory_bench,
    "spread": spread_bench,
    "dlm": download_manager_bench,
    "dav": dav_bench,
    "store": store_bench,
    "info": info_bench,
    "curl": curl_bench,
    "load": load_bench,
    "playback": playback_bench,
    "confinement": confinement_bench,
    "subtitles": subtitles_bench,
}
# `load` holds 12,000 connections, `playback`, `confinement` and `subtitles` encode clips: each is
# run when named.
DEFAULT_PARTS = ["hot", "cold", "memory", "spread", "dlm", "dav", "store", "info", "curl"]


class HelpFormat(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """The description as written, and every option's default."""


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=HelpFormat,
        epilog="parts: %s; without one, %s." % (" ".join(PARTS), " ".join(DEFAULT_PARTS)))
    parser.add_argument("parts", nargs="*", metavar="PART", help="the parts to run, in order")
    parser.add_argument("--build", default="build", help="the release build with sim/libtdjson.so")
    parser.add_argument("--rounds", type=int, default=5,
                        help="rounds of alternating measurements (hot, store, curl)")
    parser.add_argument("--round-seconds", type=int, default=5,
                        help="seconds of load per measurement")
    parser.add_argument("--client-processes", type=int, default=2,
                        help="processes of the load client, bench/range_client.py")
    for name, part in PARTS.items():
        if hasattr(part, "add_arguments"):  # curl has none: it measures with hot's file and rounds
            part.add_arguments(parser.add_argument_group("part %s" % name))
    args = parser.parse_intermixed_args(argv)
    unknown = [name for name in args.parts if name not in PARTS]
    if unknown:
        parser.error("no part named %s; the parts: %s" % (", ".join(unknown), " ".join(PARTS)))
    args.parts = args.parts or DEFAULT_PARTS
    args.build = os.path.abspath(args.build)
    return args


def ensure_build(build):
    """The release build with the simulator; `make build` makes the repository's own build/
    when it is missing. Another build directory must be there already."""
    needed = [os.path.join(build, "tglink"), os.path.join(build, "sim", "libtdjson.so")]
    if all(os.path.exists(path) for path in needed):
        return
    repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if build != os.path.join(repository, "build"):
        sys.exit("bench: %s missing; build it first" % " or ".join(needed))
    print("bench: %s missing; building it (make build)" % " or ".join(needed), file=sys.stderr)
    subprocess.run(["make", "--no-print-directory", "build"], cwd=repository, check=True)


def main(argv):
    args = parse_arguments(argv)
    missing = missing_tools(sorted({tool for name in args.parts for tool in PARTS[name].TOOLS}))
    if missing:
        sys.exit("bench: %s missing; run scripts/install-deps.sh --bench" % ", ".join(missing))
    ensure_build(args.build)
    work = tempfile.mkdtemp(prefix="tglink-bench-")
    try:
        print("tglink benchmarks, %s, %d CPUs, parts: %s" % (
            time.strftime("%Y-%m-%d %H:%M"), os.cpu_count(), " ".join(args.parts)))
        for name in args.parts:
            PARTS[name].run(args, work)
        print("\nload average at the end: %.1f %.1f %.1f" % os.getloadavg())
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
