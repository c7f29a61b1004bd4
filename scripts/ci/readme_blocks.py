#!/usr/bin/env python3
"""The README's deploy blocks, so the deploy test runs them exactly as they are written.

A block is a ```sh fence right after a line `<!-- deploy-test: NAME -->`.

  readme_blocks.py show NAME          print the block NAME
  readme_blocks.py check NAME...      fail unless every ```sh block of the "## Deploy" section
                                      is marked and the marked names are exactly NAME...
                                      (the blocks the deploy test runs)
  readme_blocks.py check-script PATH  the same, with the names of PATH's readme_blocks=(...) line
                                      (scripts/ci/deploy-test.sh; CTest runs this)
README.md is read from the repository root (this file's ../..), or from README=path.
"""
import os
import re
import sys

MARKER = re.compile(r"^<!-- deploy-test: ([a-z0-9-]+) -->$")


def readme_lines():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    path = os.environ.get("README", os.path.join(root, "README.md"))
    with open(path, encoding="utf-8") as f:
        return f.read().split("\n")


def blocks(lines):
    """(name or None, section, text) of every ```sh block, in order."""
    found = []
    section = ""
    pending = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("## "):
            section = line[3:].strip()
        marker = MARKER.match(line)
        if marker:
            pending = marker.group(1)
        elif line.startswith("```"):
            fence_lang = line[3:].strip()
            body = []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            if fence_lang == "sh":
                found.append((pending, section, "\n".join(body) + "\n"))
            pending = None
        elif line.strip():
            pending = None
        i += 1
    return found


def main(argv):
    if len(argv) == 3 and argv[1] == "check-script":
        with open(argv[2], encoding="utf-8") as f:
            listed = re.search(r"^readme_blocks=\(([^)]*)\)", f.read(), re.M)
        if not listed:
            sys.stderr.write(f"readme_blocks: no readme_blocks=(...) line in {argv[2]}\n")
            return 1
        argv = [argv[0], "check"] + listed.group(1).split()
    if len(argv) < 2 or argv[1] not in ("show", "check"):
        sys.stderr.write(__doc__)
        return 2
    found = blocks(readme_lines())
    if argv[1] == "show":
        if len(argv) != 3:
            sys.stderr.write(__doc__)
            return 2
        texts = [text for name, _, text in found if name == argv[2]]
        if len(texts) != 1:
            sys.stderr.write(f"readme_blocks: {len(texts)} blocks named {argv[2]} in README.md\n")
            return 1
        sys.stdout.write(texts[0])
        return 0
    deploy = [(name, text) for name, section, text in found if section == "Deploy"]
    problems = []
    for name, text in deploy:
        if name is None:
            first = text.strip().split("\n")[0]
            problems.append(f'a ```sh block in "Deploy" has no deploy-test marker: {first}')
    marked = [name for name, _ in deploy if name]
    run = argv[2:]
    for name in marked:
        if name not in run:
            problems.append(f"README block {name} is not run by the deploy test")
    for name in run:
        if name not in marked:
            problems.append(f'the deploy test runs {name}, which is not a block in "Deploy"')
    if len(set(marked)) != len(marked):
        problems.append("two README blocks carry the same deploy-test name")
    for problem in problems:
        sys.stderr.write(f"readme_blocks: {problem}\n")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
