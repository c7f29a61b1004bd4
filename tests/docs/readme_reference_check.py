#!/usr/bin/env python3
"""README.md's reference tables against the code's own lists, both ways.

  readme_reference_check.py SOURCE_DIR

- Settings: the names in the "Settings" table against every name src/config/ reads
  (env.get, env.get_either, load_*(env, ...)); for settings the code takes from a fixed list
  (kPresets, the log level names, PLAYER_CONVERT's words), every value of that list appears in
  the setting's row.
- Endpoints: each row's methods and path against the routes src/ registers (add_exact and
  add_prefix: GET, HEAD; add_post_prefix: POST; add_every_method_prefix, the WebDAV folder:
  OPTIONS, PROPFIND, GET, HEAD) and the self-test path; and the route label
  values of tglink_http_requests_total against the same routes.
- Errors: the (status, error_code) pairs of the errors table against every json_error(),
  ReadRejection{} and refuse() in src/ (connection refusals included).
- Metrics: names and label names against every registry.counter/gauge/gauge_from/counter_from
  and gauge_if_given.
- Commands: the commands, who may use them, and every argument form (`/ban <...> [...]`)
  against the ChatCommand{} of src/chat/commands/ and the usage texts there.
- .env.example: each "## Section" names a README heading, and each KEY= (commented or not) is
  a README setting or a variable compose.yaml reads.
Every list read from either side must be non-empty, so a parser that stops matching fails too.
"""
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
problems = []


def problem(text):
    problems.append(text)


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def sources(folder, exts=(".cpp", ".hpp")):
    found = {}
    for base, _, files in os.walk(os.path.join(ROOT, folder)):
        for name in files:
            if name.endswith(exts):
                path = os.path.join(base, name)
                with open(path, encoding="utf-8") as f:
                    found[os.path.relpath(path, ROOT)] = f.read()
    return found


SRC = {path: text for path, text in sources("src").items() if not path.startswith("src/sim/")}
README = read("README.md").split("\n")


def nonempty(what, items):
    if not items:
        problem(f"{what}: nothing found (has the format changed?)")
    return items


def section_tables(heading):
    """Tables (lists of rows of cells) from `heading` to the next heading of its level or above."""
    level = len(heading) - len(heading.lstrip("#"))
    tables, current, inside = [], None, False
    for line in README:
        if line.startswith("#"):
            line_level = len(line) - len(line.lstrip("#"))
            if line.strip() == heading:
                inside = True
                continue
            if inside and line_level <= level:
                break
        if not inside:
            continue
        if line.startswith("|"):
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
            if current is None:
                current = []
                tables.append(current)
            if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                current.append(cells)
        else:
            current = None
    return tables


def table(heading, first_header):
    for rows in section_tables(heading):
        if rows and rows[0][0].startswith(first_header):
            return nonempty(f"README {heading} table", rows[1:])
    problem(f'README: no table starting "{first_header}" under "{heading}"')
    return []


def ticked(cell):
    return re.findall(r"`([^`]+)`", cell)


def first_span_match(cell, pattern, whole=False):
    """`pattern` matched at the start of the cell's first code span (against all of it when
    `whole`); None when the cell has no code span or the span does not match."""
    spans = ticked(cell)
    if not spans:
        return None
    return (re.fullmatch if whole else re.match)(pattern, spans[0])


def compare(what, readme, code):
    for name in sorted(set(code) - set(readme)):
        problem(f"{what}: {name} is in the code, not in the README")
    for name in sorted(set(readme) - set(code)):
        problem(f"{what}: {name} is in the README, not in the code")


# --- settings --------------------------------------------------------------------------------
def code_settings():
    names = set()
    config = {p: t for p, t in SRC.items() if p.startswith("src/config/") and p.endswith(".cpp")}
    call = re.compile(
        r'(?:env\.get(?:_either)?\(|load_\w+\(\s*env\s*,)\s*"([A-Z][A-Z0-9_]*)"'
        r'(?:\s*,\s*"([A-Z][A-Z0-9_]*)")?')
    for text in config.values():
        names.update(re.findall(r'\.name\s*=\s*"([A-Z][A-Z0-9_]*)"', text))  # required settings
        for first, second in call.findall(text):
            names.add(first)
            if second:
                names.add(second)
    return nonempty("settings read in src/config", names)


def literal_list(path, name):
    text = SRC.get(path, "")
    m = re.search(name + r"\s*\{(.*?)\};", text, re.S)
    return re.findall(r'"([^"]+)"', m.group(1)) if m else []


def check_settings():
    rows = table("## Settings", "Setting")
    readme, row_of = set(), {}
    for row in rows:
        for name in ticked(row[0]):
            readme.add(name)
            row_of[name] = " | ".join(row)
    compare("Settings", readme, code_settings())
    fixed = {
        "TRANSCODE_PRESET": literal_list("src/config/playback_settings.cpp", "kPresets"),
        "LOG_LEVEL": re.findall(r'LogLevel::\w+, "([A-Z]+)"', SRC.get("src/logging/log_level.cpp", ""))
        + (["WARN"] if '"WARN"' in SRC.get("src/logging/log_level.cpp", "") else []),
        "PLAYER_CONVERT": literal_list("src/config/playback_settings.cpp", "kConvertModes"),
    }
    for name, values in fixed.items():
        for value in nonempty(f"accepted values of {name}", values):
            if f"`{value}`" not in row_of.get(name, ""):
                problem(f"Settings: {name} accepts `{value}`, which its README row does not name")


# --- endpoints -------------------------------------------------------------------------------
def string_constants():
    constants = {}
    for text in SRC.values():
        for name, value in re.findall(r'(k\w+)\s*(?:=|\{)\s*"(/[^"]*)"', text):
            constants[name] = value
    return constants


def code_routes():
    constants = string_constants()
    routes = {}
    pattern = re.compile(r"\b(add_exact|add_prefix|add_post_prefix|add_every_method_prefix)\(\s*"
                         r'(?:"(/[^"]*)"|std::string\((k\w+)\)|(k\w+))')
    for text in SRC.values():
        for kind, literal, wrapped, bare in pattern.findall(text):
            path = literal or constants.get(wrapped or bare)
            if path is None:
                problem(f"Endpoints: route constant {wrapped or bare} not found in src/")
                continue
            routes[path] = {"POST"} if kind == "add_post_prefix" else {"GET", "HEAD"}
            if kind == "add_every_method_prefix":  # WebDAV: the methods it answers, not 405
                routes[path] = {"OPTIONS", "PROPFIND", "GET", "HEAD"}
    nonempty("routes registered in src", routes)
    # Answered before routing, for any method: the README lists the GET a client makes.
    self_test = constants.get("kSelfTestPath")
    if self_test:
        routes[self_test] = {"GET"}
    else:
        problem("Endpoints: kSelfTestPath not found in src/")
    return routes


def route_key(path, registered):
    """The registered route a README path falls under: exact, or the longest prefix."""
    path = path.split("?")[0]
    if path in registered:
        return path
    prefixes = [r for r in registered if r.endswith("/") and path.startswith(r)]
    return max(prefixes, key=len) if prefixes else path


def check_endpoints():
    routes = code_routes()
    readme = {}
    for row in table("## HTTP endpoints", "Endpoint"):
        m = first_span_match(row[0], r"((?:[A-Z]+, )*[A-Z]+) (/.*)", whole=True)
        if not m:
            problem(f"Endpoints: row not of the form `METHODS /path`: {row[0]}")
            continue
        key = route_key(m.group(2), routes)
        readme[key] = set(m.group(1).split(", "))
    compare("Endpoints", readme.keys(), routes.keys())
    for path in sorted(set(readme) & set(routes)):
        if readme[path] != routes[path]:
            problem(f"Endpoints: {path} takes {sorted(routes[path])}, the README says {sorted(readme[path])}")
    labels = set()
    for row in table("## Metrics", "Metric"):
        if "`tglink_http_requests_total`" in row[0]:
            labels = {v for v in ticked(row[3]) if v.startswith("/") or v == "other"}
    code_labels = {p.rstrip("/") for p in routes if p != routes.get("kSelfTestPath")}
    code_labels.discard(string_constants().get("kSelfTestPath"))
    compare("Route labels of tglink_http_requests_total", nonempty("route labels in README", labels),
            code_labels | {"other"})


# --- errors ----------------------------------------------------------------------------------
def check_errors():
    code = set()
    for text in SRC.values():
        for status, name in re.findall(
                r'(?:json_error|ReadRejection|refuse)\s*[({]\s*([1-5]\d\d),\s*"([A-Z][A-Z0-9_]+)"', text):
            code.add((int(status), name))
    nonempty("error codes in src", code)
    readme = set()
    for row in table("## HTTP endpoints", "Status"):
        for name in ticked(row[1]):
            readme.add((int(row[0]), name))
    compare("Errors", {f"{s} {n}" for s, n in readme}, {f"{s} {n}" for s, n in code})


# --- metrics ---------------------------------------------------------------------------------
def check_metrics():
    code = {}
    pattern = re.compile(r'\.(?:counter|gauge|gauge_from|counter_from)\(\s*"([a-z_]+)"\s*,\s*'
                         r'(?:"(?:[^"\\]|\\.)*"\s*)+(?:,\s*\{([^}]*)\})?', re.S)
    # An unlabelled gauge registered only when its figure is given (metrics/service_metrics.cpp).
    given = re.compile(r'gauge_if_given\(\s*registry,\s*"([a-z_]+)"')
    for text in SRC.values():
        for name, labels in pattern.findall(text):
            code[name] = set(re.findall(r'"([a-z_]+)"', labels or ""))
        for name in given.findall(text):
            code[name] = set()
    nonempty("metrics registered in src", code)
    readme = {}
    for row in table("## Metrics", "Metric"):
        labels = set(ticked(row[2]))
        for name in ticked(row[0]):
            readme[name] = labels
    compare("Metrics", readme.keys(), code.keys())
    for name in sorted(set(readme) & set(code)):
        # A row of several metrics lists the labels any of them has.
        if not code[name] <= readme[name]:
            problem(f"Metrics: {name} has labels {sorted(code[name])}, the README row {sorted(readme[name])}")
    for row in table("## Metrics", "Metric"):
        names, labels = ticked(row[0]), set(ticked(row[2]))
        used = set().union(*(code.get(n, set()) for n in names)) if names else set()
        if labels - used:
            problem(f"Metrics: README labels {sorted(labels - used)} belong to none of {names}")


# --- commands --------------------------------------------------------------------------------
def check_commands():
    commands = {}
    texts = {}
    pattern = re.compile(r'ChatCommand\{\s*"([a-z]+)",\s*"((?:[^"\\]|\\.)*)",\s*Audience::(\w+)')
    for path, text in SRC.items():
        if not path.startswith("src/chat/commands/"):
            continue
        strings = " ".join(re.findall(r'"((?:[^"\\]|\\.)*)"', text))
        for name, description, audience in pattern.findall(text):
            commands[name] = audience
            texts[name] = texts.get(name, "") + " " + description + " " + strings
    nonempty("commands in src/chat/commands", commands)
    readme_who, readme_forms = {}, {}
    for row in table("## Commands", "Command"):
        m = first_span_match(row[0], r"/([a-z]+)")
        if not m:
            problem(f"Commands: row without a /command: {row[0]}")
            continue
        name = m.group(1)
        readme_who.setdefault(name, set()).update(w.strip() for w in row[1].split("/"))
        for span in ticked(" ".join(row)):
            if re.match(rf"/{name}\s+[<\[]", span):
                readme_forms.setdefault(name, set()).add(span)
    compare("Commands", readme_who.keys(), commands.keys())
    for name, audience in commands.items():
        if name in readme_who and audience not in readme_who[name]:
            problem(f"Commands: /{name} is for {audience}, the README says {sorted(readme_who[name])}")
        glued = re.sub(r'"\s*"', "", texts.get(name, ""))
        forms = set(re.findall(rf"/{name}(?:\s+(?:<[^>]+>|\[[^\]]+\]))+", glued))
        compare(f"Commands: the arguments of /{name}", readme_forms.get(name, set()), forms)


# --- .env.example ----------------------------------------------------------------------------
def check_env_example():
    example = read(".env.example")
    headings = {line.lstrip("#").strip() for line in README if line.startswith("#")}
    for section in nonempty(".env.example sections", re.findall(r"^## (.+)$", example, re.M)):
        if section.strip() not in headings:
            problem(f'.env.example: section "{section}" is not a README heading')
    settings = set()
    for row in table("## Settings", "Setting"):
        settings.update(ticked(row[0]))
    compose = set(re.findall(r"\$\{([A-Z_]+)", read("compose.yaml")))
    for key in nonempty(".env.example keys", re.findall(r"^#?([A-Z][A-Z0-9_]+)=", example, re.M)):
        if key not in settings and key not in compose:
            problem(f".env.example: {key} is neither a README setting nor read by compose.yaml")


for check in (check_settings, check_endpoints, check_errors, check_metrics, check_commands,
              check_env_example):
    check()
for text in problems:
    print(f"README reference: {text}")
if problems:
    print(f"README reference: {len(problems)} differences between README.md and the code")
    sys.exit(1)
print("README reference: settings, endpoints, errors, metrics, commands and .env.example agree with the code")
