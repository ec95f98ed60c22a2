#!/usr/bin/env python3
"""Import circles between the modules of each crate of the workspace.

Every `crate::…`, `super::…` and `self::…` path in a crate's sources (in `use`
trees, braces included, and inline) is an edge from the module that writes it to
the deepest module the path names. An edge between a module and one of its own
ancestors is left out (a child reading its parent's items, a parent re-exporting
its children's); every other edge is lifted to the two sibling modules under the
lowest common ancestor, and the strongly connected components of more than one
sibling are the circles. Test modules (`mod tests`, `tests.rs`) are skipped.

    python3 scripts/module_cycles.py            # every crate under crates/
    python3 scripts/module_cycles.py crates/kibitz-py

Exit status 1 when there is a circle, 0 otherwise.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def modules(src: Path) -> dict[tuple[str, ...], Path]:
    """Module path → file, for a crate's `src/` (lib.rs or main.rs is the root)."""
    found: dict[tuple[str, ...], Path] = {}
    for path in sorted(src.rglob("*.rs")):
        rel = path.relative_to(src).with_suffix("")
        parts = list(rel.parts)
        if parts in (["lib"], ["main"]):
            parts = []
        elif parts[-1] == "mod":
            parts = parts[:-1]
        if "tests" in parts or "bin" in parts[:1]:
            continue
        found[tuple(parts)] = path
    return found


def strip(text: str) -> str:
    """The source without comments, strings and `#[cfg(test)]` modules."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'r#*"(?:.|\n)*?"#*', '""', text)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    # A test module at the end of a file, as the house style writes them.
    cut = re.search(r"#\[cfg\(test\)\]\s*mod\s+" + IDENT + r"\s*\{", text)
    if cut:
        text = text[: cut.start()]
    return text


def use_paths(tree: str, prefix: str = "") -> list[str]:
    """The paths of a `use` tree such as `crate::{a::b, c::{d, e}}`."""
    tree = tree.strip()
    brace = tree.find("{")
    if brace < 0:
        return [prefix + tree.split(" as ")[0].strip()]
    head = prefix + tree[:brace]
    inner = tree[brace + 1 : tree.rfind("}")]
    parts, depth, start = [], 0, 0
    for i, c in enumerate(inner):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(inner[start:i])
            start = i + 1
    parts.append(inner[start:])
    out = []
    for part in parts:
        if part.strip():
            out.extend(use_paths(part, head))
    return out


def references(text: str) -> list[str]:
    """Every module-relative path the source names."""
    paths = []
    for tree in re.findall(r"\buse\s+([^;]+);", text):
        paths.extend(use_paths(tree))
    text = re.sub(r"\buse\s+[^;]+;", "", text)
    paths.extend(re.findall(r"\b(?:crate|super|self)(?:::" + IDENT + r")+", text))
    return [p for p in paths if p.split("::")[0] in ("crate", "super", "self")]


def resolve(
    here: tuple[str, ...], path: str, known: dict[tuple[str, ...], Path]
) -> tuple[str, ...] | None:
    """The deepest known module that `path`, written in module `here`, names."""
    parts = path.split("::")
    if parts[0] == "crate":
        base: tuple[str, ...] = ()
        parts = parts[1:]
    else:
        base = here
        while parts and parts[0] in ("super", "self"):
            if parts[0] == "super":
                base = base[:-1]
            parts = parts[1:]
    best = base if base in known else None
    for i in range(1, len(parts) + 1):
        candidate = base + tuple(parts[:i])
        if candidate in known:
            best = candidate
        else:
            break
    return best


def circles(src: Path) -> list[list[str]]:
    known = modules(src)
    edges: dict[tuple[str, ...], set[tuple[str, ...]]] = {}
    for module, path in known.items():
        for ref in references(strip(path.read_text(encoding="utf-8"))):
            target = resolve(module, ref, known)
            if target is None or target == module:
                continue
            # A module and its own ancestors: no circle of siblings.
            if module[: len(target)] == target or target[: len(module)] == module:
                continue
            common = 0
            while module[common] == target[common]:
                common += 1
            a, b = module[: common + 1], target[: common + 1]
            edges.setdefault(a, set()).add(b)
    return [
        sorted("::".join(m) for m in scc)
        for scc in strongly_connected(edges)
        if len(scc) > 1
    ]


def strongly_connected(edges):
    """Tarjan's algorithm, iteratively written out for small graphs."""
    index, low, stack, on, out = {}, {}, [], set(), []
    nodes = set(edges) | {b for bs in edges.values() for b in bs}

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on.discard(w)
                scc.append(w)
                if w == v:
                    break
            out.append(scc)

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def main(argv: list[str]) -> int:
    root = Path(__file__).resolve().parent.parent
    crates = [Path(a) for a in argv] or sorted((root / "crates").iterdir())
    found = False
    for crate in crates:
        src = crate / "src"
        if not src.is_dir():
            continue
        result = circles(src)
        if result:
            found = True
            for scc in result:
                print(f"{crate.name}: circle between {', '.join(scc)}")
        else:
            print(f"{crate.name}: no circle ({len(modules(src))} modules)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
