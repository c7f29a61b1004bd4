#!/usr/bin/env bash
# The benchmarks (`make bench`, `make bench-load`): bench/run.sh [PART...] [OPTION...]
#   hot       a cached 1 GiB file, whole and as 64 concurrent 1 MiB ranges, tglink vs nginx;
#   cold      one stream on the simulator against its set limit, 1/2/4 bots;
#   memory    peak RSS of tglink with 500 concurrent slow readers;
#   spread    one stream over several bots on the realistic profile: 1-8 bots, 16 concurrent
#             streams, a seek, a second viewer, a 20 s flood wait on one bot;
#   dlm       download managers on a cold file: aria2c -x1/-x4/-x8/-x16 beside one curl
#             connection, 4 bots, with the simulator's counters (bytes fetched twice);
#   dav       a cached file through a user's WebDAV folder and through /dl, side by side;
#   store     the database a few ms away: cached ranges/s and the longest pause of a running
#             download while PostgreSQL is held, vs SQLite;
#   info      /api/info's latency (p50, p99) while 500 connections fetch cached ranges;
#   curl      the hot path timed from outside, by curl;
#   load      10,000 idle keep-alive + 2,000 slowloris connections (run only when named);
#   playback  first segment, seeks and conversion cost of direct play, remux and transcode
#             (run only when named);
#   confinement  a conversion's first segment with the children's Landlock rules and
#             system-call filter and without them, side by side (run only when named;
#             bench/playback.sh runs it after playback);
#   subtitles in headless Chromium: time to first subtitle after picking it (WebVTT, ASS,
#             PGS) and frames dropped during a dense karaoke line with and without JASSUB (run
#             only when named; bench/playback.sh runs it after playback).
# Without a part, the first nine. Servers compared are measured in alternating rounds
# (--rounds) with the median and spread printed. --help lists every option and its default.
# Uses the release build (build/, made by `make build` when missing, once the arguments are
# found good; TGLINK_BENCH_BUILD names another) and the TDLib simulator (build/sim/libtdjson.so);
# nothing reaches Telegram. Never part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 bench/run.py --build "${TGLINK_BENCH_BUILD:-build}" "$@"
