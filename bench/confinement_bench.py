"""What the children's confinement costs a conversion's first segment: ffprobe, then ffmpeg up to
its segment 0, with the Landlock rules and the system-call filter tglink gives its children, and
without them (the limits, the environment, the closed descriptors stay), in alternating rounds.

The clips are bench/playback_bench.py's (720p x264 + AC-3 in MKV for remux, HEVC + AAC in MP4 for
transcode), read over loopback HTTP from nginx as tglink's children read their source from
tglink. The program that runs one first segment, build/confinement_bench, runs the same code as
tglink (bench/confinement_bench.cpp); this part builds it (-DTGLINK_BENCH=ON) when missing.
Measuring it without tglink's server, the simulator and the player keeps their noise out of a
figure that is a few percent at most.

Printed per figure: median (min-max) of each side, the median of the round-by-round ratios, and
`fastest`, the fastest confined run over the fastest one without: on a shared machine noise only
ever adds time, so the fastest runs are the closest to what each costs by itself.
"""
import json
import os
import shutil
import subprocess
import tempfile

import playback_bench
import stats
from harness import Nginx

TOOLS = ("ffmpeg", "ffprobe", "nginx")
FIGURES = (("probe_s", "ffprobe (s)"), ("first_segment_s", "first segment (s)"),
           ("cpu_s", "children's CPU (s)"))


def add_arguments(parser):
    parser.add_argument("--confinement-rounds", type=int, default=15,
                        help="alternating rounds, each a confined and an unconfined first segment "
                             "of a remux and of a transcode")
    parser.add_argument("--confinement-seconds", type=int, default=30, help="length of each clip")


def ensure_program(build):
    program = os.path.join(build, "confinement_bench")
    if not os.path.exists(program):
        subprocess.run(["cmake", "-S", os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "-B", build, "-DTGLINK_BENCH=ON"], check=True, stdout=subprocess.DEVNULL)
        subprocess.run(["cmake", "--build", build, "--target", "confinement_bench"], check=True)
    return program


def one_first_segment(program, url, mode, confined, work):
    folder = tempfile.mkdtemp(prefix="job-", dir=work)
    try:
        out = subprocess.run([program, "--url", url, "--mode", mode, "--confined",
                              "yes" if confined else "no", "--dir", folder],
                             check=True, capture_output=True, text=True).stdout
        return json.loads(out)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run(args, work):
    program = ensure_program(args.build)
    root = os.path.join(work, "clips")
    os.makedirs(root)
    os.chmod(work, 0o755)
    os.chmod(root, 0o755)
    clips = playback_bench.make_clips(root, args.confinement_seconds)
    for path, twin in clips.values():
        os.chmod(path, 0o644)
        os.chmod(twin, 0o644)
    nginx = Nginx(work, root)
    try:
        in_force = one_first_segment(program, "http://127.0.0.1:%d/%s" % (
            nginx.port, os.path.basename(clips["remux"][0])), "remux", True, work)["in_force"]
        print("\n== Confinement: a first segment with the children confined (%s) and without, "
              "%d alternating rounds, %d s clips" % (in_force, args.confinement_rounds,
                                                     args.confinement_seconds))
        print("%-34s %20s %20s %20s %8s" % ("figure", "confined", "without", "ratio",
                                             "fastest"))
        for mode in ("remux", "transcode"):
            url = "http://127.0.0.1:%d/%s" % (nginx.port, os.path.basename(clips[mode][0]))
            one_first_segment(program, url, mode, True, work)  # warms the page cache and nginx
            figures = stats.alternate({
                True: lambda u=url, m=mode: one_first_segment(program, u, m, True, work),
                False: lambda u=url, m=mode: one_first_segment(program, u, m, False, work),
            }, args.confinement_rounds, alternate_order=True)
            for key, label in FIGURES:
                ours = [r[key] for r in figures[True]]
                theirs = [r[key] for r in figures[False]]
                print("%-34s %20s %20s %20s %8.3f" % (
                    "%s, %s" % (mode, label), stats.summary(ours, 3), stats.summary(theirs, 3),
                    stats.summary(stats.ratios(ours, theirs), 3), min(ours) / min(theirs)))
    finally:
        nginx.stop()
