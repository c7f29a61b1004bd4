"""wrk (Debian's package, scripts/install-deps.sh --bench) as a second opinion on the hot path.

wrk is printed beside bench/range_client.py's figure, not used for the ratios: for 1 MiB bodies
it reads 8 KiB per system call and gets a third of what nginx serves on two cores (the module
docstring of range_client.py has the figures).
"""
import os
import shutil
import subprocess
import tempfile

MIB = 1024 * 1024

_RANGES_LUA = """
local size = %(size)d
local span = %(span)d
local path = "%(path)s"
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("seed", counter)
end
function init(args)
  math.randomseed(seed * 7919)
end
function request()
  local first = math.random(0, size - span - 1)
  return wrk.format("GET", path, {["Range"] = "bytes=" .. first .. "-" .. (first + span - 1)})
end
%(done)s
"""

_DONE_LUA = """
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("TGLINK_WRK %d %d %d %d\\n", summary.requests, summary.bytes,
           summary.duration, e.connect + e.read + e.write + e.status + e.timeout))
end
"""


def wrk_binary():
    binary = shutil.which("wrk")
    if not binary:
        raise RuntimeError("wrk is missing; run scripts/install-deps.sh --bench")
    return binary


class WrkResult:
    def __init__(self, requests, body_bytes, seconds, errors):
        self.requests = requests
        self.bytes = body_bytes
        self.seconds = seconds
        self.errors = errors

    @property
    def per_second(self):
        return self.requests / self.seconds

    @property
    def mib_per_second(self):
        return self.bytes / MIB / self.seconds


def _script(work, text):
    fd, path = tempfile.mkstemp(suffix=".lua", dir=work)
    with os.fdopen(fd, "w") as f:
        f.write(text)
    return path


def _parse(output):
    for line in output.splitlines():
        if line.startswith("TGLINK_WRK "):
            requests, body_bytes, micros, errors = (int(n) for n in line.split()[1:])
            return WrkResult(requests, body_bytes, micros / 1e6, errors)
    raise RuntimeError("wrk printed no summary:\n" + output)


def ranges(work, port, path, size, connections, seconds, span=MIB, threads=2):
    """Random `span`-byte ranges of `path`, `connections` at a time, for `seconds`."""
    script = _script(work, _RANGES_LUA % {"size": size, "span": span, "path": path,
                                           "done": _DONE_LUA})
    output = subprocess.run(
        [wrk_binary(), "-t%d" % threads, "-c%d" % connections, "-d%ds" % seconds,
         "--timeout", "30s", "-s", script, "http://127.0.0.1:%d%s" % (port, path)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
    result = _parse(output)
    if result.errors:
        raise RuntimeError("wrk saw %d errors:\n%s" % (result.errors, output))
    return result
