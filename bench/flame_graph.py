"""A flame graph of a perf recording, as a self-contained SVG: each box is a function, as wide as
the share of samples whose stack passed through it, above the function that called it. Hovering a
box shows its name and share.

    perf script -i perf.data | python3 bench/flame_graph.py --title "..." > flame.svg

Stacks are read from `perf script`'s default output (a header line per sample, then one frame per
line, innermost first, then a blank line). Frames are folded to their function name (offsets and
library paths dropped), so the same function from two call sites merges where its callers do.
"""
import argparse
import html
import re
import sys
from collections import defaultdict

WIDTH = 1200
ROW = 16
FONT = 11
MIN_WIDTH = 1.0  # boxes narrower than this many pixels are left out
CHAR_WIDTH = 6.2  # of an 11 px sans-serif glyph, on average


def frame_name(line):
    """`  ffffffff8123 tcp_sendmsg+0x1c ([kernel.kallsyms])` -> `tcp_sendmsg`."""
    parts = line.strip().split(None, 1)
    if len(parts) < 2:
        return None
    name = re.sub(r"\s*\([^()]*\)\s*$", "", parts[1])
    name = re.sub(r"\+0x[0-9a-f]+$", "", name)
    return name or "[unknown]"


def read_stacks(lines):
    """Folded stacks (outermost first) -> sample count."""
    counts = defaultdict(int)
    frames = []
    for line in lines:
        if not line.strip():
            if frames:
                counts[tuple(reversed(frames))] += 1
            frames = []
        elif line[0].isspace():
            name = frame_name(line)
            if name:
                frames.append(name)
    if frames:
        counts[tuple(reversed(frames))] += 1
    return counts


def build_tree(counts):
    """A tree of nodes {name: (count, children)} from the folded stacks."""
    root = {"count": 0, "children": {}}
    for stack, count in counts.items():
        root["count"] += count
        node = root
        for name in stack:
            child = node["children"].setdefault(name, {"count": 0, "children": {}})
            child["count"] += count
            node = child
    return root


def depth_of(node):
    return 1 + max((depth_of(child) for child in node["children"].values()), default=0)


def colour(name):
    """Warm colours, the kernel's redder: stable for a name, so two graphs compare by eye."""
    seed = sum(ord(c) for c in name)
    red = 200 + seed % 55
    green = (80 if name.startswith(("__", "tcp_", "sk", "ip_", "do_", "sys_")) else 120) + seed % 90
    return "rgb(%d,%d,%d)" % (red, green, 50 + seed % 40)


def boxes(node, x, depth, scale, total, out):
    for name, child in sorted(node["children"].items()):
        width = child["count"] * scale
        if width >= MIN_WIDTH:
            out.append((name, x, depth, width, child["count"] * 100.0 / total))
            boxes(child, x, depth + 1, scale, total, out)
        x += width


def render(tree, title):
    total = max(tree["count"], 1)
    rows = depth_of(tree)
    height = (rows + 2) * ROW + 30
    scale = (WIDTH - 20) / total
    found = []
    boxes(tree, 10.0, 0, scale, total, found)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="%d">' % (WIDTH, height, FONT),
           '<rect width="100%" height="100%" fill="#fdfdf6"/>',
           '<text x="%d" y="20" text-anchor="middle" font-size="14">%s</text>'
           % (WIDTH // 2, html.escape(title))]
    for name, x, depth, width, share in found:
        y = height - 10 - (depth + 1) * ROW
        fits = int((width - 4) / CHAR_WIDTH)
        label = name if len(name) <= fits else name[:max(0, fits - 2)] + ".."
        out.append('<g><title>%s (%.2f %%)</title><rect x="%.1f" y="%d" width="%.1f" height="%d" '
                   'fill="%s" rx="2"/>' % (html.escape(name), share, x, y, width, ROW - 1,
                                           colour(name)))
        if width > 3 * CHAR_WIDTH:
            out.append('<text x="%.1f" y="%d">%s</text>' % (x + 3, y + ROW - 4,
                                                            html.escape(label)))
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--title", default="flame graph")
    args = parser.parse_args()
    counts = read_stacks(sys.stdin)
    if not counts:
        sys.exit("flame_graph: no stacks on standard input (perf script's output expected)")
    sys.stdout.write(render(build_tree(counts), args.title))


if __name__ == "__main__":
    main()
