"""Playback (part `playback`): what the player's three ways of playing cost, measured side by
side in one run, over HTTP against the release tglink on the simulator.

Per round (a fresh tglink, so "cold" means from the simulator's Telegram), for a 720p clip of
each kind (direct: H.264/AAC MP4; remux: H.264/AC-3 MKV; transcode: HEVC/AAC MP4):
  - first segment: POST /api/playback as Chromium reports itself, then what the player fetches
    before its first frame (direct: the first 512 KiB of /stream; HLS: master, playlist,
    init.mp4, the first segment); cold, then warm (the same again: a second viewer);
  - the whole conversion fetched as fast as it comes: media seconds per wall second (from the
    POST), and the CPU of tglink's children (ffprobe, ffmpeg) per media second;
  - a far seek on a second copy of the clip: the segment at 80 % right after the first one (the
    job restarts there), then a segment already on disk;
  - Telegram bytes (simulator counters) per media byte for the whole conversion.
Medians and spreads (min-max) over --playback-rounds rounds of --playback-seconds clips. The player's own work (hls.js, decoding) is not
in these figures: the browser matrix (tests/browser/playback.test.mjs) covers correctness.

The allow-lists alone: ffprobe, and the first 4 s of each clip's conversion, run by hand on the
clip with the lists every run gets (`tglink media-formats`; the protocol list is `file` here,
the clip being local) and without them, in turn, each figure a ratio of the two.

With --playback-baseline BUILD, every round runs the same figures on a second release build
(another commit's, built apart), in alternating order, and prints each figure's ratio to it:
how a change to the converter (allow-lists, confinement, limits) moves time to first frame.
"""
import http.client
import json
import os
import subprocess
import sys
import time

import stats
from harness import Tglink

TOOLS = ("ffmpeg", "ffprobe")

CHROMIUM = {
    "containers": ["mp4", "webm", "mkv", "mov", "ogg"],
    "video": ["h264", "h264_10bit", "vp8", "vp9", "av1"],
    "audio": ["aac", "mp3", "opus", "vorbis", "flac", "pcm_s16le"],
    "hls": "mse",
    "hls_audio": ["aac", "opus", "flac"],
}

X264 = ["-c:v", "libx264", "-preset", "veryfast", "-b:v", "2500k", "-pix_fmt", "yuv420p", "-g", "50"]
CLIPS = {
    "direct": ("clip.mp4", X264 + ["-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart"]),
    "remux": ("clip.mkv", X264 + ["-c:a", "ac3", "-b:a", "384k"]),
    "transcode": ("clip_hevc.mp4", ["-c:v", "libx265", "-preset", "ultrafast", "-b:v", "2500k",
                                    "-x265-params", "log-level=error", "-tag:v", "hvc1",
                                    "-c:a", "aac", "-b:a", "128k"]),
}


def make_clips(work, seconds):
    paths = {}
    for mode, (name, codecs) in CLIPS.items():
        path = os.path.join(work, name)
        subprocess.run(["ffmpeg", "-nostdin", "-y", "-hide_banner", "-loglevel", "error",
                        "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=25",
                        "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
                        "-t", str(seconds)] + codecs + [path], check=True)
        # The same media with other bytes (a title), so that it is another file with a job of
        # its own.
        twin = os.path.join(work, "twin_" + name)
        subprocess.run(["ffmpeg", "-nostdin", "-y", "-hide_banner", "-loglevel", "error", "-i", path,
                        "-map", "0", "-c", "copy", "-metadata", "title=twin", twin], check=True)
        paths[mode] = (path, twin)
    return paths


class Client:
    def __init__(self, port):
        self.port = port

    def request(self, method, target, body=None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        conn.request(method, target, body=body, headers=headers or {})
        response = conn.getresponse()
        data = response.read()
        conn.close()
        return response.status, data

    def decide(self, token):
        status, data = self.request("POST", "/api/playback/" + token, json.dumps(CHROMIUM),
                                    {"Content-Type": "application/json"})
        if status != 200:
            raise RuntimeError("POST /api/playback: %d %s" % (status, data[:200]))
        return json.loads(data)

    def segment(self, base, name):
        # A segment still converting waits up to 20 s on the server; 503 means ask again.
        for _ in range(60):
            status, data = self.request("GET", base + name)
            if status == 200:
                return data
            if status != 503:
                raise RuntimeError("GET %s%s: %d %s" % (base, name, status, data[:200]))
            time.sleep(1)
        raise RuntimeError("GET %s%s: still not ready" % (base, name))


def playlist_segments(text):
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def first_frame(client, token):
    """Seconds until the player has what it needs for its first frame; the decision."""
    start = time.perf_counter()
    decision = client.decide(token)
    if decision["method"] == "direct":
        client.request("GET", "/stream/" + token, headers={"Range": "bytes=0-524287"})
        return time.perf_counter() - start, decision, None, []
    url = decision["url"]
    base = url[: url.rfind("/") + 1]
    client.request("GET", url)
    status, playlist = client.request("GET", base + "video.m3u8")
    segments = playlist_segments(playlist.decode())
    client.segment(base, "init.mp4")
    client.segment(base, segments[0])
    return time.perf_counter() - start, decision, base, segments


def children_cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[13]) + int(fields[14])) / ticks  # cutime, cstime: reaped children


def wait_for_jobs_to_end(tglink, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline:
        children = []
        for task in os.listdir("/proc/%d/task" % tglink.proc.pid):
            try:
                with open("/proc/%d/task/%s/children" % (tglink.proc.pid, task)) as f:
                    children += f.read().split()
            except OSError:
                pass
        if not children:
            return
        time.sleep(0.2)


def post(tglink, path, seconds):
    return tglink.post_token(path, kind="video", mime_type="video/mp4", duration=seconds,
                             width=1280, height=720)


def one_round(build, work, clips, seconds):
    figures = {}
    tglink = Tglink(build, work)
    try:
        client = Client(tglink.port)
        for mode, (path, twin) in clips.items():
            # The whole file: first segment, then every segment as fast as the job makes them.
            token = post(tglink, path, seconds)
            tglink.sim.call(op="reset_counters")
            cpu_before = children_cpu_seconds(tglink.proc.pid)
            start = time.perf_counter()
            cold, decision, base, segments = first_frame(client, token)
            if decision["method"] != mode:
                raise RuntimeError("%s clip answered %s (%s)" % (mode, decision["method"],
                                                                decision["reasons"]))
            figures[mode + " first segment cold s"] = cold
            if base is None:
                figures[mode + " first segment warm s"] = first_frame(client, token)[0]
                continue
            for name in segments:
                client.segment(base, name)
            figures[mode + " x real time (whole file)"] = seconds / (time.perf_counter() - start)
            wait_for_jobs_to_end(tglink)
            figures[mode + " core-s per media-s"] = \
                (children_cpu_seconds(tglink.proc.pid) - cpu_before) / seconds
            figures[mode + " Telegram bytes / media bytes"] = \
                tglink.telegram_bytes() / os.path.getsize(path)
            figures[mode + " first segment warm s"] = first_frame(client, token)[0]
            # Its twin (same media, other bytes, so a job of its own): a far seek right after
            # the first segment restarts the job at 80 %; then a segment already on disk.
            _, _, base, segments = first_frame(client, post(tglink, twin, seconds))
            t = time.perf_counter()
            client.segment(base, segments[int(len(segments) * 0.8)])
            figures[mode + " seek beyond the job s"] = time.perf_counter() - t
            t = time.perf_counter()
            client.segment(base, segments[0])
            figures[mode + " seek to a converted segment s"] = time.perf_counter() - t
    finally:
        tglink.stop()
    return figures


def allow_list_options(build):
    """The demuxer and decoder lists as the build's ffmpeg runs get them."""
    lines = subprocess.run([os.path.join(build, "tglink"), "media-formats"], check=True,
                           capture_output=True, text=True).stdout.splitlines()
    lists = dict(line.split(" ", 1) for line in lines)
    return ["-format_whitelist", lists["format_whitelist"],
            "-codec_whitelist", lists["codec_whitelist"], "-protocol_whitelist", "file"]


def timed(argv):
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def allow_list_cost(build, clips, rounds):
    """Per clip: ffprobe and a 4 s conversion with the lists over the same without them."""
    lists = allow_list_options(build)
    measures = {}
    for mode, (path, _) in clips.items():
        probe = ["ffprobe", "-v", "error", "-show_streams", "-show_format", "-of", "json"]
        convert = ["ffmpeg", "-nostdin", "-v", "error", "-t", "4"]
        video = ["-c:v", "copy"] if mode == "remux" else ["-c:v", "libx264", "-preset", "veryfast"]
        output = video + ["-c:a", "aac", "-f", "null", "-"]
        measures[mode + " ffprobe, with the lists"] = lambda a=probe + lists + [path]: timed(a)
        measures[mode + " ffprobe, without"] = lambda a=probe + [path]: timed(a)
        measures[mode + " 4 s converted, with the lists"] = \
            lambda a=convert + lists + ["-i", path] + output: timed(a)
        measures[mode + " 4 s converted, without"] = \
            lambda a=convert + ["-i", path] + output: timed(a)
    figures = stats.alternate(measures, rounds)
    print("\n%-44s %20s %20s %20s" % ("allow-lists", "with (s)", "without (s)", "ratio"))
    names = [name[: -len(", with the lists")] for name in figures if name.endswith("with the lists")]
    for name in names:
        ours, theirs = figures[name + ", with the lists"], figures[name + ", without"]
        print("%-44s %20s %20s %20s" % (name, stats.summary(ours), stats.summary(theirs),
                                        stats.summary(stats.ratios(ours, theirs))))


def add_arguments(parser):
    parser.add_argument("--playback-rounds", type=int, default=3)
    parser.add_argument("--playback-seconds", type=int, default=60, help="length of each clip")
    parser.add_argument("--playback-baseline", metavar="BUILD",
                        help="a second release build to run side by side; ratios are this "
                             "build's figure over the baseline's")


def print_side_by_side(rounds, baseline_rounds):
    print("%-40s %20s %20s %20s" % ("figure", "this build", "baseline", "ratio"))
    for name in rounds[0]:
        pairs = [(r[name], b[name]) for r, b in zip(rounds, baseline_rounds)
                 if name in r and name in b]
        if not pairs:
            continue
        ours, theirs = [p[0] for p in pairs], [p[1] for p in pairs]
        print("%-40s %20s %20s %20s" % (name, stats.summary(ours), stats.summary(theirs),
                                        stats.summary(stats.ratios(ours, theirs))))


def run(args, work):
    seconds = args.playback_seconds
    print("\n== Playback: direct play, remux and transcode of %d s 720p clips, %d rounds"
          % (seconds, args.playback_rounds))
    clips = make_clips(work, seconds)
    allow_list_cost(args.build, clips, max(5, args.playback_rounds * 3))
    builds = {"this build": args.build}
    if args.playback_baseline:
        builds["baseline"] = args.playback_baseline
        print("baseline: %s" % args.playback_baseline)
    rounds = {name: [] for name in builds}
    for index in range(args.playback_rounds):
        # Alternate which build goes first, so neither always meets a warmer machine.
        order = list(builds.items()) if index % 2 == 0 else list(reversed(builds.items()))
        for name, build in order:
            rounds[name].append(one_round(build, work, clips, seconds))
        print("round %d done" % (index + 1), file=sys.stderr)
    if args.playback_baseline:
        print_side_by_side(rounds["this build"], rounds["baseline"])
        return
    ours = rounds["this build"]
    print("%-48s %24s" % ("figure", "median (min-max)"))
    for name in ours[0]:
        print("%-48s %24s" % (name, stats.summary([r[name] for r in ours if name in r])))
