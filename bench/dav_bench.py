"""WebDAV against /dl (part `dav`): the same cached file, read through a user's WebDAV folder
(/dav/{token}/{name}) and through its /dl link, as 64 concurrent 1 MiB ranges and whole, in
alternating rounds.

The folder answers GET from the same counted, zero-copy path as /dl; what it adds per request is
the folder token's check and finding the name among the user's files. The file gets there as a
user's would: sent to the bot, whose reply gives the /dl link, then /davlink gives the folder.
"""
import http.client
import os
import re
import time

import range_client
import stats
from harness import MIB, Tglink, fetch, make_file

TOOLS = ()
USER = 424242
FILE_NAME = "dav-bench.bin"


def add_arguments(parser):
    parser.add_argument("--dav-mib", type=int, default=512)


def run(args, work):
    rounds, seconds = args.rounds, args.round_seconds
    print("\n== WebDAV: a cached %d MiB file through the user's folder and through /dl, "
          "%d rounds alternating, %d s each" % (args.dav_mib, rounds, seconds))
    size = args.dav_mib * MIB
    path = os.path.join(work, FILE_NAME)
    make_file(path, size)
    tg = Tglink(args.build, work, extra_env={"LOG_LEVEL": "WARNING"})
    try:
        dl, dav = user_links(tg, path)
        fetch(tg.port, dl)
        if fetch(tg.port, dav) != size:
            raise RuntimeError("the folder served another size than the file's")
        targets = {"dav": dav, "dl": dl}
        procs = args.client_processes
        ranges = stats.alternate({
            name: (lambda target=target: range_client.run(
                tg.port, target, size, MIB, 64, seconds, procs).per_second)
            for name, target in targets.items()}, rounds)
        whole = stats.alternate({
            name: (lambda target=target: range_client.run(
                tg.port, target, size, size, 1, seconds, 1).mib_per_second)
            for name, target in targets.items()}, rounds)
        print("median (min-max) of %d rounds; client: %d processes (bench/range_client.py)"
              % (rounds, procs))
        print("%-34s %24s %24s %20s" % ("", "/dav/", "/dl/", "ratio"))
        for name, figures in (("64 concurrent 1 MiB ranges, req/s", ranges),
                              ("whole file, MiB/s", whole)):
            print("%-34s %24s %24s %20s" % (
                name, stats.summary(figures["dav"]), stats.summary(figures["dl"]),
                stats.summary(stats.ratios(figures["dav"], figures["dl"]))))
    finally:
        tg.stop()
        os.remove(path)


def user_links(tg, path):
    """Sends the file as a user; answers its /dl path and its path in the user's folder."""
    tg.sim.call(op="create_user", user_id=USER, first_name="Bench", username="",
                is_premium=False)
    reply = ask(tg, lambda: tg.sim.call(
        op="send_file", user_id=USER, path=path, kind="document", caption="", duration=0,
        width=0, height=0, file_name=FILE_NAME, mime_type="application/octet-stream"))
    dl = link_in(reply, r"/dl/[A-Za-z0-9_-]+")
    folder = link_in(ask(tg, lambda: tg.sim.call(op="send_text", user_id=USER, text="/davlink")),
                     r"/dav/[A-Za-z0-9_-]+/")
    listing = propfind(tg.port, folder)
    if ("<D:href>%s%s</D:href>" % (folder, FILE_NAME)) not in listing:
        raise RuntimeError("the folder does not list %s: %s" % (FILE_NAME, listing[:500]))
    return dl, folder + FILE_NAME


def ask(tg, send):
    """Does `send` and answers the text of the bot's next message to the user."""
    before = len(tg.sim.call(op="messages", chat_id=USER)["messages"])
    send()
    deadline = time.time() + 30
    while time.time() < deadline:
        messages = tg.sim.call(op="wait_messages", chat_id=USER, count=before + 1,
                               timeout_ms=5000)["messages"]
        if len(messages) > before:
            return messages[-1]["text"]
    raise RuntimeError("the bot did not answer the user")


def link_in(text, pattern):
    found = re.search(pattern, text)
    if not found:
        raise RuntimeError("no %s in the bot's reply: %s" % (pattern, text))
    return found.group(0)


def propfind(port, target):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("PROPFIND", target, headers={"Depth": "1"})
    response = conn.getresponse()
    body = response.read().decode()
    conn.close()
    if response.status != 207:
        raise RuntimeError("PROPFIND %s: %d" % (target, response.status))
    return body
