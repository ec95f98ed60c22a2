#!/usr/bin/env python3
"""Import circles between the modules of each crate of the workspace.

Every `crate::…`, `super::…` and `self::…` path in a crate's sources (in `use`
trees, braces included, and inline) is an edge from the module that writes it to
the deepest module the path names. An edge between a module and one of its own
ancestors is left out (a child reading its parent's items, a parent re-exporting
its children's); every other edge is lifted to the two sibling modules under the
lowest common ancestor, and the strongly connected components of more than one
sibling are the circles. Test modules (`mod tests`, `tests.rs`) and every item
under `#[cfg(test)]` are skipped.

The sources are read by a small lexer, not by regular expressions: comments
(nested ones too), strings (escaped quotes, lines continued with a backslash, raw
strings with any number of `#`, byte and C strings), char literals such as `'"'`,
lifetimes and raw identifiers such as `r#move` are each taken as Rust takes them,
so that no path is lost inside a literal that was misread, nor found inside one.
scripts/test_module_cycles.py tests it on small synthetic crates.

    python3 scripts/module_cycles.py            # every crate under crates/
    python3 scripts/module_cycles.py crates/kibitz-py

Exit status 1 when there is a circle, 0 otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path

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


# --- a small lexer: Rust tokens without comments, strings and char literals --------------


def tokens(text: str) -> list[str]:
    """The tokens of Rust source that paths are made of: identifiers (raw ones
    such as `r#move` without their `r#`), `::`, and every other punctuation
    character alone. Comments (nested block comments too), string literals
    (escaped, continued over lines, raw with any number of `#`, byte and C
    strings), char and byte literals and lifetimes are dropped; numbers are
    kept as identifiers, harmlessly.

    >>> tokens('use crate::a::{b, c}; // crate::x')
    ['use', 'crate', '::', 'a', '::', '{', 'b', ',', 'c', '}', ';']
    """
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            i = _block_comment(text, i)
        elif c == '"':
            i = _string(text, i + 1)
        elif c == "'":
            i = _quote(text, i)
        elif c.isalnum() or c == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            word = text[i:j]
            if word in ("r", "br", "cr") and j < n and text[j] in '#"':
                k = j
                while k < n and text[k] == "#":
                    k += 1
                if k < n and text[k] == '"':  # a raw string: r"…", r#"…"#, br##"…"##
                    close = '"' + "#" * (k - j)
                    end = text.find(close, k + 1)
                    i = n if end < 0 else end + len(close)
                    continue
                if word == "r" and k == j + 1 and k < n and (text[k].isalnum() or text[k] == "_"):
                    i = j + 1  # a raw identifier: r#move is the identifier `move`
                    continue
            if word in ("b", "c") and j < n and text[j] == '"':
                i = _string(text, j + 1)
                continue
            if word == "b" and j < n and text[j] == "'":
                i = _quote(text, j)
                continue
            out.append(word)
            i = j
        elif text.startswith("::", i):
            out.append("::")
            i += 2
        else:
            out.append(c)
            i += 1
    return out


def _block_comment(text: str, i: int) -> int:
    """The end of the block comment that opens at `i` (they nest in Rust)."""
    depth, i = 0, i
    while i < len(text):
        if text.startswith("/*", i):
            depth, i = depth + 1, i + 2
        elif text.startswith("*/", i):
            depth, i = depth - 1, i + 2
            if depth == 0:
                return i
        else:
            i += 1
    return i


def _string(text: str, i: int) -> int:
    """The end of a string whose body starts at `i`: a backslash escapes the next
    character, a newline among them (a continued line)."""
    while i < len(text):
        if text[i] == "\\":
            i += 2
        elif text[i] == '"':
            return i + 1
        else:
            i += 1
    return i


def _quote(text: str, i: int) -> int:
    """Past the char literal (`'x'`, `'\\n'`, `'\\u{1F600}'`, `'"'`) or lifetime or
    label (`'a`, `'static`) that starts with the quote at `i`."""
    if text.startswith("\\", i + 1):  # an escape: a char literal to its closing quote
        end = text.find("'", i + 3)
        return len(text) if end < 0 else end + 1
    if i + 2 < len(text) and text[i + 2] == "'":  # one character between quotes
        return i + 3
    j = i + 1  # a lifetime or label: the quote and the identifier
    while j < len(text) and (text[j].isalnum() or text[j] == "_"):
        j += 1
    return j


def without_test_items(toks: list[str]) -> list[str]:
    """The tokens less every item under `#[cfg(test)]`, wherever it stands in the
    file: its attributes, then the item to its `;` or its closing brace.

    >>> without_test_items(tokens('a; #[cfg(test)] #[allow(x)] mod t { b { } } c;'))
    ['a', ';', 'c', ';']
    """
    out: list[str] = []
    i = 0
    while i < len(toks):
        if toks[i : i + 7] != ["#", "[", "cfg", "(", "test", ")", "]"]:
            out.append(toks[i])
            i += 1
            continue
        i += 7
        while i < len(toks) and toks[i] == "#":  # further attributes
            i = _past(toks, i + 1)
        i = _past(toks, i, item=True)
    return out


def _past(toks: list[str], i: int, item: bool = False) -> int:
    """Past the bracketed group that opens at `i` (an attribute's `[…]`), or with
    `item`, past the item that starts at `i`: to its `;` or its closing brace."""
    depth = 0
    while i < len(toks):
        t = toks[i]
        i += 1
        if t in ("{", "[", "("):
            depth += 1
        elif t in ("}", "]", ")"):
            depth -= 1
            if depth == 0 and (not item or t == "}"):
                break
        elif item and t == ";" and depth == 0:
            break
    return i


def use_paths(toks: list[str], i: int, prefix: list[str]) -> tuple[list[str], int]:
    """The paths of the `use` tree that starts at token `i` (such as
    `crate::{a::b, c::{self, d as e}}`) and the index past it.

    >>> use_paths(tokens('crate::{a::b, c::{self, d as e, *}};'), 0, [])[0]
    ['crate::a::b', 'crate::c::self', 'crate::c::d', 'crate::c']
    """
    path = list(prefix)
    out: list[str] = []
    while i < len(toks):
        t = toks[i]
        if t == "::":
            i += 1
        elif t == "{":
            i += 1
            while i < len(toks) and toks[i] != "}":
                inner, i = use_paths(toks, i, path)
                out.extend(inner)
                if i < len(toks) and toks[i] == ",":
                    i += 1
            return out, i + 1
        elif t == "*":
            out.append("::".join(path))
            return out, i + 1
        elif t == "as":
            i += 2
        elif t in (",", "}", ";"):
            break
        else:
            path.append(t)
            i += 1
    if len(path) > len(prefix):
        out.append("::".join(path))
    return out, i


def references(text: str) -> list[str]:
    """Every module-relative path (from `crate`, `super` or `self`) the source
    names, in `use` trees and inline, outside comments, strings and test items.

    >>> references('use super::{a, b::c}; fn f() { crate::x::y(); }')
    ['super::a', 'super::b::c', 'crate::x::y']
    """
    toks = without_test_items(tokens(text))
    paths: list[str] = []
    i = 0
    while i < len(toks):
        if toks[i] == "use":
            found, i = use_paths(toks, i + 1, [])
            paths.extend(found)
        elif toks[i] in ("crate", "super", "self") and (i == 0 or toks[i - 1] != "::"):
            j = i + 1
            while j + 1 < len(toks) and toks[j] == "::" and _ident(toks[j + 1]):
                j += 2
            if j > i + 1:
                paths.append("::".join(toks[i:j:2]))
            i = j
        else:
            i += 1
    return [p for p in paths if p.split("::")[0] in ("crate", "super", "self")]


def _ident(token: str) -> bool:
    return token[:1].isalpha() or token[:1] == "_"


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
        for ref in references(path.read_text(encoding="utf-8")):
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
