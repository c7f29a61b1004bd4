"""What every benchmark part runs and measures against: tglink on the TDLib simulator, nginx, link
tokens, files of random bytes and the HTTP fetches. It imports nothing else of bench/, so every
part can import it.
"""
import base64
import contextlib
import hashlib
import hmac
import http.client
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time

SECRET_KEY = "benchmark-link-key-0123456789abcdef"
LOG_CHANNEL = -1001000000001
MAIN_BOT = "1000000001:SIMtoken_main_bot_for_the_benchmarks"
EXTRA_BOTS = ["100000000%d:SIMtoken_extra_bot_for_the_benchmarks" % i for i in range(2, 9)]
MIB = 1024 * 1024


# --- link tokens (links/link_token.hpp), so the bench needs no chat side ---

def varint(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def mint_token(message_id):
    mask = (1 << 64) - 1
    packed = ((message_id >> 20) | (message_id << 44)) & mask
    body = bytes([1]) + varint(packed) + varint(0)
    tag = hmac.new(SECRET_KEY.encode(), body, hashlib.sha256).digest()[:12]
    return base64.urlsafe_b64encode(body + tag).decode().rstrip("=")


def int_list(text):
    """An option's comma-separated numbers: "1,2,4" -> [1, 2, 4]."""
    return [int(n) for n in text.split(",")]


# --- files ---

def make_file(path, size):
    block = os.urandom(16 * MIB)
    with open(path, "wb") as f:
        left = size
        while left > 0:
            f.write(block[: min(left, len(block))])
            left -= len(block)


def nginx_readable_file(work, folder, size):
    """A file of `size` random bytes in work/folder, readable by nginx's worker, which may run
    as another user (nobody, when started as root); answers (folder's path, file's path)."""
    root = os.path.join(work, folder)
    os.makedirs(root)
    os.chmod(work, 0o755)
    os.chmod(root, 0o755)
    path = os.path.join(root, "hot.bin")
    make_file(path, size)
    os.chmod(path, 0o644)
    return root, path


def proc_status_kib(pid, field):
    """A memory figure of /proc/PID/status (VmRSS:, VmHWM:), in KiB."""
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith(field):
                return int(line.split()[1])
    return 0


# --- processes ---

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SimControl:
    """The simulator's control socket: one JSON request per line, one answer per line."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(path)
        self.buffer = b""

    def call(self, **request):
        self.sock.sendall(json.dumps(request).encode() + b"\n")
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("simulator closed the control socket")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        answer = json.loads(line)
        if not answer.get("ok"):
            raise RuntimeError("simulator: %s" % answer.get("error"))
        return answer


class Tglink:
    """The release tglink on the simulator, with `bots` bots, in a directory of its own under
    `work`; ready (every bot logged in, /api/info answering) when the constructor returns."""

    def __init__(self, build, work, bots=1, extra_env=None):
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="tglink-", dir=work)
        self.socket_path = os.path.join(self.dir, "sim.sock")
        env = dict(os.environ)
        env.update({
            "BOT_TOKEN": MAIN_BOT, "API_ID": "1", "API_HASH": "0" * 32,
            "LOG_CHANNEL": str(LOG_CHANNEL),
            "TDJSON_PATH": os.path.join(build, "sim", "libtdjson.so"),
            "TGLINK_SIM_SOCKET": self.socket_path, "SECRET_KEY": SECRET_KEY,
            "BIND_ADDRESS": "127.0.0.1", "PORT": str(self.port),
            "BASE_URL": "http://127.0.0.1:%d" % self.port,
            "DATA_DIR": os.path.join(self.dir, "data"), "LOG_LEVEL": "WARNING",
            "RATE_LIMIT_PER_MINUTE": "1000000", "RATE_LIMIT_BURST": "100000",
            "BANDWIDTH_LIMIT_GB": "0", "CACHE_MAX_GB": "8",
        })
        if bots > 1:
            env["ADDITIONAL_BOT_TOKENS"] = ",".join(EXTRA_BOTS[: bots - 1])
        env.update(extra_env or {})
        self.log = open(os.path.join(self.dir, "tglink.log"), "wb")
        self.proc = subprocess.Popen([os.path.join(build, "tglink")], env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT)
        self.wait_ready(bots)

    def wait_ready(self, bots):
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("tglink exited; see %s/tglink.log" % self.dir)
            try:
                self.sim = SimControl(self.socket_path)
                if len(self.sim.call(op="bots")["bots"]) >= bots and self.status() == 200:
                    return
            except (OSError, RuntimeError, KeyError):
                pass
            time.sleep(0.2)
        raise RuntimeError("tglink did not become ready; see %s/tglink.log" % self.dir)

    def status(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        conn.request("GET", "/api/info")
        response = conn.getresponse()
        response.read()
        return response.status

    def bots(self):
        return self.sim.call(op="bots")["bots"]

    def post_token(self, path, kind="document", mime_type="application/octet-stream", **fields):
        """Posts the file into the log channel through the simulator; answers its link token."""
        answer = self.sim.call(op="send_file", chat_id=LOG_CHANNEL, path=path, kind=kind,
                               file_name=os.path.basename(path), mime_type=mime_type, **fields)
        return mint_token(answer["message_id"])

    def post(self, path):
        """Posts the file; answers its download path, /dl/<token>."""
        return "/dl/" + self.post_token(path)

    def telegram_bytes(self):
        """Bytes every bot has downloaded from the simulator's Telegram so far."""
        bots = self.sim.call(op="counters")["bots"]
        return sum(bot.get("bytes_downloaded", 0) for bot in bots.values())

    def rss_kib(self):
        return proc_status_kib(self.proc.pid, "VmRSS:")

    def peak_rss_kib(self):
        return proc_status_kib(self.proc.pid, "VmHWM:")

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


class Nginx:
    """nginx from the system serving `root` on a loopback port, with a generated config: one
    worker, sendfile, no access log."""

    def __init__(self, work, root):
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="nginx-", dir=work)
        conf = os.path.join(self.dir, "nginx.conf")
        with open(conf, "w") as f:
            f.write("""worker_processes 1;
daemon off;
pid %(d)s/nginx.pid;
error_log %(d)s/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path %(d)s/body;
  proxy_temp_path %(d)s/proxy;
  fastcgi_temp_path %(d)s/fastcgi;
  uwsgi_temp_path %(d)s/uwsgi;
  scgi_temp_path %(d)s/scgi;
  server { listen 127.0.0.1:%(p)d; root %(r)s; }
}
""" % {"d": self.dir, "p": self.port, "r": root})
        self.proc = subprocess.Popen([nginx_binary(), "-c", conf, "-p", self.dir],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("nginx did not start; see %s/error.log" % self.dir)

    def stop(self):
        self.proc.terminate()
        self.proc.wait()


@contextlib.contextmanager
def served_by_both(build, work, folder, size):
    """tglink and nginx serving the same `size` random bytes, already in TDLib's cache (fetched
    once); yields (tglink, its /dl path, nginx, nginx's path), and stops both afterwards."""
    root, path = nginx_readable_file(work, folder, size)
    tg = Tglink(build, work)
    try:
        ng = Nginx(work, root)
        try:
            target = tg.post(path)
            fetch(tg.port, target)
            yield tg, target, ng, "/" + os.path.basename(path)
        finally:
            ng.stop()
    finally:
        tg.stop()
        os.remove(path)


def nginx_binary():
    """Debian installs nginx in /usr/sbin, which is not on every user's PATH."""
    return shutil.which("nginx") or "/usr/sbin/nginx"


def missing_tools(tools):
    """Those of the named programs found neither on PATH nor in /usr/sbin."""
    return [tool for tool in tools
            if not shutil.which(tool) and not os.access("/usr/sbin/" + tool, os.X_OK)]


# --- fetches ---

def fetch(port, target, headers=None, sink_size=1 << 20):
    """GET, reading the body into a reused buffer; returns the byte count."""
    return timed_fetch(port, target, headers, sink_size).bytes


class Fetched:
    def __init__(self, body_bytes, seconds, first_byte, longest_gap):
        self.bytes = body_bytes
        self.seconds = seconds
        self.first_byte = first_byte
        self.longest_gap = longest_gap

    @property
    def mib_per_second(self):
        return self.bytes / MIB / self.seconds


def timed_fetch(port, target, headers=None, sink_size=256 * 1024, timeout=300):
    """GET, reading the body into a reused buffer; answers the bytes, the seconds, the seconds to
    the first byte and the longest pause between two reads."""
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    conn.request("GET", target, headers=headers or {})
    response = conn.getresponse()
    view = memoryview(bytearray(sink_size))
    total, first, last, gap = 0, None, None, 0.0
    while True:
        n = response.readinto(view)
        if not n:
            break
        now = time.perf_counter()
        if first is None:
            first = now - start
        if last is not None:
            gap = max(gap, now - last)
        last = now
        total += n
    conn.close()
    if response.status not in (200, 206):
        raise RuntimeError("GET %s: %d" % (target, response.status))
    return Fetched(total, time.perf_counter() - start, first or 0.0, gap)
