#!/usr/bin/env python3
"""Structure rules of issue 8, checked on the source tree (CI runs this before the build).

1. No circular imports between the files of a crate: the graph whose nodes are a crate's module
   files and whose edges are its `crate::a::b` / `super::x` / `self::x` paths (resolved to the
   deepest module file that exists) has no cycle. A module's references to its own ancestors or
   descendants (a `mod.rs` re-exporting a child, a child using its parent's items) are the module
   tree itself, not imports, and are left out; so are comments and `#[cfg(test)] mod tests` (also `pub(crate) mod tests`, whose helpers other test modules share).
2. No function longer than 120 lines in igo-tsumego (issue 8's acceptance).
3. Every file under `crates/igo/src/commands/` is under 400 lines.

The parse is lexical (Rust has no module graph tool in the toolchain that CI installs); it errs on
the side of reporting: a path in a string literal would count as an edge. Exit status 1 and a
list of the violations when a rule is broken.

Usage: python3 scripts/check_structure.py [REPO_ROOT]
"""

import os
import re
import sys

FN_LIMIT = 120
COMMAND_FILE_LIMIT = 400


def module_files(src):
    """Module path (tuple) -> file, for the library or binary rooted at `src`."""
    mods = {}
    for dirpath, _, files in os.walk(src):
        for f in files:
            if not f.endswith(".rs"):
                continue
            path = os.path.join(dirpath, f)
            rel = os.path.relpath(path, src)[:-3].split(os.sep)
            if rel[0] == "bin":
                continue
            if rel[-1] in ("lib", "main", "mod"):
                rel = rel[:-1]
            mods[tuple(rel)] = path
    return mods


def code_of(path):
    text = open(path, encoding="utf-8").read()
    cut = re.search(r"#\[cfg\(test\)\]\s*(?:pub(?:\(crate\))?\s+)?mod tests", text)
    if cut:
        text = text[: cut.start()]
    return "\n".join(line.split("//")[0] for line in text.split("\n"))


def resolve(mods, path):
    path = tuple(path)
    for k in range(len(path), -1, -1):
        if path[:k] in mods:
            return path[:k]
    return ()


def related(a, b):
    """Whether one module is the other's ancestor (or the same)."""
    n = min(len(a), len(b))
    return a[:n] == b[:n]


def import_graph(src):
    mods = module_files(src)
    graph = {m: {} for m in mods}
    for m, path in mods.items():
        for hit in re.finditer(r"\b((?:crate|super|self)(?:::\w+)+)", code_of(path)):
            parts = hit.group(1).split("::")
            if parts[0] == "crate":
                target = parts[1:]
            else:
                base = list(m)
                while parts and parts[0] in ("super", "self"):
                    if parts[0] == "super":
                        base = base[:-1]
                    parts = parts[1:]
                target = base + parts
            t = resolve(mods, target)
            if not related(m, t):
                graph[m].setdefault(t, hit.group(1))
    return graph


def cycles(graph):
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = [0]
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(graph[w])))
                    advanced = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(comp)
    return out


def strip_literals(line):
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    line = re.sub(r"'(\\.|[^'\\])'", "' '", line)
    return line.split("//")[0]


def long_functions(src, limit):
    found = []
    for dirpath, _, files in os.walk(src):
        for f in files:
            if not f.endswith(".rs"):
                continue
            path = os.path.join(dirpath, f)
            lines = open(path, encoding="utf-8").read().split("\n")
            for i, line in enumerate(lines):
                m = re.match(r"\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)", line)
                if not m:
                    continue
                depth, started, j = 0, False, i
                while j < len(lines):
                    s = strip_literals(lines[j])
                    if not started and ";" in s and "{" not in s:
                        break
                    for ch in s:
                        if ch == "{":
                            depth += 1
                            started = True
                        elif ch == "}":
                            depth -= 1
                    if started and depth == 0:
                        break
                    j += 1
                if started and j - i + 1 > limit:
                    found.append(f"{path}:{i + 1}: fn {m.group(6)} is {j - i + 1} lines (limit {limit})")
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    crates = os.path.join(root, "crates")
    problems = []
    for crate in sorted(os.listdir(crates)):
        src = os.path.join(crates, crate, "src")
        if not os.path.isdir(src):
            continue
        graph = import_graph(src)
        for comp in cycles(graph):
            names = sorted("::".join(m) or "(root)" for m in comp)
            edges = [
                f"{'::'.join(a)} -> {'::'.join(b)} ({via})"
                for a in comp
                for b, via in graph[a].items()
                if b in comp
            ]
            problems.append(f"{crate}: import circle between {', '.join(names)}: " + "; ".join(edges))
    problems += long_functions(os.path.join(crates, "igo-tsumego", "src"), FN_LIMIT)
    commands = os.path.join(crates, "igo", "src", "commands")
    for dirpath, _, files in os.walk(commands):
        for f in files:
            if f.endswith(".rs"):
                path = os.path.join(dirpath, f)
                n = sum(1 for _ in open(path, encoding="utf-8"))
                if n >= COMMAND_FILE_LIMIT:
                    problems.append(f"{path}: {n} lines (limit {COMMAND_FILE_LIMIT})")
    for p in problems:
        print(p)
    if problems:
        print(f"check_structure: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print("check_structure: no import circles, igo-tsumego functions and igo commands within limits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
