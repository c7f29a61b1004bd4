"""Subtitles (part `subtitles`, run by bench/playback.sh with `playback`): what a subtitle costs
the viewer, measured in headless Chromium against the release tglink on the simulator
(bench/subtitles_bench.mjs drives the page).

Per round (a fresh tglink), three 720p H.264/AAC MKVs, each with one subtitle track: SRT (shown
as WebVTT), ASS (drawn by libass, JASSUB) and PGS (drawn by libpgs; the track is written here:
FFmpeg has no PGS encoder). The file plays as it is; the viewer then picks the subtitle:
  - time to first subtitle: from the pick to the subtitle on screen (WebVTT: a cue active in the
    shown track; ASS and PGS: the renderer started with the job's script or stream), the new
    remux stream included;
  - what ASS rendering costs: a dense karaoke line (--subtitle-karaoke-events events at once, each
    of 40 syllables with \\kf, blur and border) played for --subtitle-play-seconds, the share of
    frames the browser dropped with JASSUB drawing it, against the same stream with JASSUB held
    off (WebAssembly removed from the page: the player shows the plain WebVTT copy instead),
    and the CPU the browser's processes use per second played in either case; side by side, as
    ratios, in one run.
Medians and spreads (min-max) over --subtitle-rounds rounds.
"""
import json
import os
import subprocess
import sys

import stats
from harness import Tglink

TOOLS = ("ffmpeg", "node")
SECONDS = 40
REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(REPOSITORY, "bench", "subtitles_bench.mjs")


def pgs_segment(seconds, kind, payload):
    """One PGS segment: "PG", PTS and DTS (90 kHz), type, size, payload."""
    pts = int(seconds * 90000)
    return b"PG" + pts.to_bytes(4, "big") + bytes(4) + bytes([kind]) + \
        len(payload).to_bytes(2, "big") + payload


def pgs_display_set(seconds, number, rect):
    """A composition showing a white rectangle (x, y, w, h) on 1280x720, or clearing (None)."""
    x, y, w, h = rect or (0, 0, 8, 8)
    shown = rect is not None
    composition = (1280).to_bytes(2, "big") + (720).to_bytes(2, "big") + b"\x10" + \
        number.to_bytes(2, "big") + (b"\x80" if shown else b"\x00") + b"\x00\x00" + \
        (b"\x01" + bytes(2) + b"\x00\x00" + x.to_bytes(2, "big") + y.to_bytes(2, "big")
         if shown else b"\x00")
    window = b"\x01\x00" + x.to_bytes(2, "big") + y.to_bytes(2, "big") + \
        w.to_bytes(2, "big") + h.to_bytes(2, "big")
    out = pgs_segment(seconds, 0x16, composition) + pgs_segment(seconds, 0x17, window)
    if shown:
        line = b"\x00" + (0xC000 | w).to_bytes(2, "big") + b"\x01" + b"\x00\x00"
        lines = line * h
        palette = b"\x00\x00\x01\xeb\x80\x80\xff"
        obj = bytes(2) + b"\x00\xc0" + (len(lines) + 4).to_bytes(3, "big") + \
            w.to_bytes(2, "big") + h.to_bytes(2, "big") + lines
        out += pgs_segment(seconds, 0x14, palette) + pgs_segment(seconds, 0x15, obj)
    return out + pgs_segment(seconds, 0x80, b"")


def write_pgs(path):
    with open(path, "wb") as out:
        out.write(pgs_display_set(0, 0, None) + pgs_display_set(1, 1, (100, 560, 1080, 80)) +
                  pgs_display_set(SECONDS - 1, 2, None))


def write_srt(path):
    with open(path, "w") as out:
        out.write("1\n00:00:00,000 --> 00:00:%02d,000\nA line at the bottom\n" % (SECONDS - 1))


ASS_HEADER = """[Script Info]
ScriptType: v4.00+
PlayResX: 1280
PlayResY: 720

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Karaoke,Liberation Sans,28,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,3,2,7,10,10,10,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
"""


def write_ass(path, events):
    """`events` karaoke lines at once, stacked down the picture, for the whole clip."""
    syllables = "".join("{\\kf%d}ka" % (10 + i % 7) for i in range(40))
    with open(path, "w") as out:
        out.write(ASS_HEADER)
        for i in range(events):
            out.write("Dialogue: 0,0:00:00.00,0:00:%02d.00,Karaoke,,0,0,0,,{\\pos(20,%d)\\blur3}%s\n"
                      % (SECONDS - 1, 20 + i * 700 // max(1, events), syllables))


def make_files(work, karaoke_events):
    sources = {"webvtt": os.path.join(work, "subs.srt"), "ass": os.path.join(work, "subs.ass"),
               "pgs": os.path.join(work, "subs.sup")}
    write_srt(sources["webvtt"])
    write_ass(sources["ass"], karaoke_events)
    write_pgs(sources["pgs"])
    files = {}
    for kind, source in sources.items():
        path = os.path.join(work, "subtitle_%s.mkv" % kind)
        subprocess.run(["ffmpeg", "-nostdin", "-y", "-hide_banner", "-loglevel", "error",
                        "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=25",
                        "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
                        "-i", source, "-t", str(SECONDS), "-map", "0:v", "-map", "1:a", "-map", "2:s",
                        "-c:v", "libx264", "-preset", "veryfast", "-b:v", "2500k", "-pix_fmt",
                        "yuv420p", "-g", "50", "-c:a", "aac", "-c:s", "copy", path], check=True)
        files[kind] = path
    return files


def one_round(args, work, files):
    tglink = Tglink(args.build, work)
    try:
        plan = {"base_url": "http://127.0.0.1:%d" % tglink.port, "streams": {},
                "play_seconds": args.subtitle_play_seconds}
        for kind, path in files.items():
            token = tglink.post_token(path, kind="video", mime_type="video/x-matroska",
                                      duration=SECONDS, width=1280, height=720)
            plan["streams"][kind] = plan["base_url"] + "/stream/" + token
        plan_path = os.path.join(work, "subtitles_plan.json")
        with open(plan_path, "w") as out:
            json.dump(plan, out)
        done = subprocess.run(["node", SCRIPT, plan_path], cwd=REPOSITORY, check=True,
                              stdout=subprocess.PIPE, text=True)
        return json.loads(done.stdout.strip().splitlines()[-1])
    finally:
        tglink.stop()


def add_arguments(parser):
    parser.add_argument("--subtitle-rounds", type=int, default=3)
    parser.add_argument("--subtitle-play-seconds", type=int, default=15,
                        help="seconds of the karaoke line played, with and without JASSUB")
    parser.add_argument("--subtitle-karaoke-events", type=int, default=24,
                        help="karaoke lines drawn at once")


def run(args, work):
    print("\n== Subtitles in Chromium: time to first subtitle (WebVTT, ASS, PGS) and ASS rendering"
          " cost (%d karaoke lines at once), %d rounds" % (args.subtitle_karaoke_events,
                                                          args.subtitle_rounds))
    files = make_files(work, args.subtitle_karaoke_events)
    rounds = []
    for index in range(args.subtitle_rounds):
        rounds.append(one_round(args, work, files))
        print("round %d done" % (index + 1), file=sys.stderr)
    ratio = "dropped share with / without JASSUB"
    for figures in rounds:
        # A round that dropped nothing without the renderer has no ratio: its shares still show.
        if figures["dropped % without JASSUB"] > 0:
            figures[ratio] = figures["dropped % with JASSUB"] / figures["dropped % without JASSUB"]
    print("%-48s %24s" % ("figure", "median (min-max)"))
    for name in [name for name in rounds[0] if name != ratio] + [ratio]:
        if not any(name in r for r in rounds):
            print("%-48s %24s" % (name, "nothing dropped without"))
            continue
        print("%-48s %24s" % (name, stats.summary([r[name] for r in rounds if name in r])))
