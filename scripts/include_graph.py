#!/usr/bin/env python3
"""The include graph of src/ by folder, and the import graph of bench/ by module, as text.

  scripts/include_graph.py            # the graphs, each edge with its count
  scripts/include_graph.py --check    # exits 1, naming them, when a folder loop or an
                                      # import circle exists

Three graphs: src/'s first-level folders; inside src/chat/, its rooms (chat/commands,
chat/uploads, chat/messages) and each of its root files; and bench/'s modules. An edge A -> B
says some file of A includes a header of B (`#include "B/..."`, written from src/ as every
include is), or imports B. Parts are listed floor by floor, from the top down: a part's floor is
one above the highest floor it includes, so an include never runs up a floor unless it is part
of a circle, which is named.
"""
import argparse
import ast
import os
import re
import sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def folder_of(path):
    """The first-level folder of a path relative to src/: 'chat/uploads/x.hpp' -> 'chat'."""
    parts = path.split("/")
    return parts[0] if len(parts) > 1 else None


def room_of(path):
    """Inside chat/, the room of a path relative to src/ ('chat/uploads/x.hpp' ->
    'chat/uploads'), or a file at chat/'s root without its ending ('chat/chat_service.hpp' ->
    'chat/chat_service'): the root holds both the top of the chat side and what every room is
    given, so its files are placed one by one. None outside chat/."""
    parts = path.split("/")
    if parts[0] != "chat" or len(parts) < 2:
        return None
    return "chat/" + (parts[1] if len(parts) > 2 else os.path.splitext(parts[1])[0])


def src_edges(part_of=folder_of):
    src = os.path.join(ROOT, "src")
    edges = defaultdict(int)
    folders = set()
    for directory, _, files in os.walk(src):
        for name in files:
            if not name.endswith((".cpp", ".hpp", ".h", ".inc")):
                continue
            path = os.path.join(directory, name)
            here = part_of(os.path.relpath(path, src))
            if here is None:
                continue
            folders.add(here)
            with open(path, encoding="utf-8", errors="replace") as f:
                for target in INCLUDE.findall(f.read()):
                    there = part_of(target)
                    if there and there != here and os.path.exists(os.path.join(src, target)):
                        edges[(here, there)] += 1
    return folders, edges


def bench_edges():
    bench = os.path.join(ROOT, "bench")
    modules = {name[:-3] for name in os.listdir(bench) if name.endswith(".py")}
    edges = defaultdict(int)
    for module in modules:
        with open(os.path.join(bench, module + ".py"), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):  # imports inside functions count as much as those on top
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name in modules and name != module:
                    edges[(module, name)] += 1
    return modules, edges


def circles(nodes, edges):
    """The strongly connected groups of more than one node (Tarjan)."""
    out = defaultdict(list)
    for a, b in edges:
        out[a].append(b)
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in out[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(nodes):
        if node not in index:
            visit(node)
    return found


def floors(nodes, edges):
    """node -> floor (1 = the ground), ignoring edges inside a circle."""
    looped = {n for group in circles(nodes, edges) for n in group}
    below = defaultdict(set)
    for a, b in edges:
        if not (a in looped and b in looped):
            below[a].add(b)
    floor = {}

    def height(node, seen=()):
        if node not in floor:
            floor[node] = 1 + max((height(b, seen + (node,)) for b in below[node]
                                   if b not in seen), default=0)
        return floor[node]

    for node in nodes:
        height(node)
    return floor


def report(title, nodes, edges):
    floor = floors(nodes, edges)
    print("== %s: %d parts, %d edges" % (title, len(nodes), len(edges)))
    for level in range(max(floor.values()), 0, -1):
        for node in sorted(n for n in nodes if floor[n] == level):
            targets = sorted((b for (a, b) in edges if a == node), key=lambda b: (-floor[b], b))
            print("floor %d  %-16s -> %s" % (level, node, ", ".join(
                "%s (%d)" % (b, edges[(node, b)]) for b in targets) or "-"))
    found = circles(nodes, edges)
    for group in found:
        print("circle: " + ", ".join(group))
    print()
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="exit 1 when there is a circle")
    args = parser.parse_args()
    found = report("src/ includes, by folder", *src_edges())
    found += report("src/chat/ includes, by room and root file", *src_edges(room_of))
    found += report("bench/ imports, by module", *bench_edges())
    if args.check and found:
        sys.exit("include graph: %d circle(s)" % len(found))


if __name__ == "__main__":
    main()
