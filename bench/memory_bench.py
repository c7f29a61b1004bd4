"""Memory (part `memory`): tglink's peak RSS while --readers connections read a cached file
slowly (4 KiB every 50 ms, small receive buffers), with each of --memory-bots bot counts (with 2
or more bots each reader is a stream spread over the bots' files).
"""
import os
import socket
import threading
import time

from harness import MIB, Tglink, fetch, int_list, make_file

TOOLS = ()


def add_arguments(parser):
    parser.add_argument("--readers", type=int, default=500)
    parser.add_argument("--memory-mib", type=int, default=256)
    parser.add_argument("--memory-seconds", type=float, default=10)
    parser.add_argument("--memory-bots", type=int_list, default=[1, 4],
                        help="bot counts to measure, comma-separated")


def run(args, work):
    print("\n== Memory: %d concurrent slow readers of a cached %d MiB file"
          % (args.readers, args.memory_mib))
    path = os.path.join(work, "mem.bin")
    make_file(path, args.memory_mib * MIB)
    for bots in args.memory_bots:
        with_bots(args, work, path, bots)
    os.remove(path)


def with_bots(args, work, path, bots):
    """Peak RSS with `bots` bots: after one fetch that puts the file on disk, and with the slow
    readers."""
    tg = Tglink(args.build, work, bots)
    try:
        target = tg.post(path)
        fetch(tg.port, target)
        idle = tg.peak_rss_kib()
        stop = threading.Event()
        threads = [threading.Thread(target=slow_reader, args=(tg.port, target, stop), daemon=True)
                   for _ in range(args.readers)]
        for t in threads:
            t.start()
        time.sleep(args.memory_seconds)
        peak = tg.peak_rss_kib()
        stop.set()
        for t in threads:
            t.join(timeout=5)
        print("%d bot(s)" % bots)
        print("peak RSS idle (after one cached fetch): %8.1f MiB" % (idle / 1024))
        print("peak RSS with %d slow readers:         %8.1f MiB" % (args.readers, peak / 1024))
        print("per reader:                             %8.1f KiB" % ((peak - idle) / args.readers))
    finally:
        tg.stop()


def slow_reader(port, target, stop):
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
    sock.sendall(("GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % target).encode())
    while not stop.is_set():
        if not sock.recv(4096):
            break
        time.sleep(0.05)
    sock.close()
