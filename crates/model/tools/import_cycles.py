#!/usr/bin/env python3
"""Lists import cycles among the model's top-level modules (crates/model/src).

Every `crate::<module>` path (in `use` lines or inline) and, in a module's own files,
`super::` from a nested file count as an edge from the importing top-level module to
the imported one. Test code (`#[cfg(test)] mod tests` to the end of a file) is skipped:
tests may reach anywhere. Prints each strongly connected group of two or more modules and
exits 1 if there is one; prints "no cycles" and exits 0 otherwise.
"""
import pathlib
import re
import sys

SRC = pathlib.Path(__file__).resolve().parent.parent / "src"


def top_module(path):
    rel = path.relative_to(SRC).parts
    name = rel[0]
    return name[:-3] if name.endswith(".rs") else name


def edges():
    graph = {}
    for path in SRC.rglob("*.rs"):
        me = top_module(path)
        if me in ("lib", "main"):
            continue
        text = path.read_text()
        cut = text.find("#[cfg(test)]\nmod tests")
        if cut >= 0:
            text = text[:cut]
        text = re.sub(r"//.*", "", text)
        deps = graph.setdefault(me, set())
        for m in re.finditer(r"\bcrate::(\w+)", text):
            deps.add(m.group(1))
        # `use crate::{a, b::c}` groups
        for m in re.finditer(r"\bcrate::\{([^}]*)\}", text):
            for item in m.group(1).split(","):
                item = item.strip().split("::")[0]
                if item:
                    deps.add(item)
        deps.discard(me)
    modules = set(graph)
    return {m: {d for d in ds if d in modules} for m, ds in graph.items()}


def cycles(graph):
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


if __name__ == "__main__":
    g = edges()
    found = cycles(g)
    for group in found:
        print("cycle among:", ", ".join(group))
        for m in group:
            print(f"  {m} -> {', '.join(sorted(d for d in g[m] if d in group))}")
    if not found:
        print(f"no cycles among {len(g)} top-level modules")
    sys.exit(1 if found else 0)
