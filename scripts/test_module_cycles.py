#!/usr/bin/env python3
"""Self-test of scripts/module_cycles.py on small synthetic crates.

Each case writes a crate whose modules `a` and `b` name each other in one of the
ways Rust allows (or only seem to, inside a comment, a string or a test module),
and checks the circles found. Runs with the standard library alone:

    python3 scripts/test_module_cycles.py      # or: python3 -m pytest scripts/test_module_cycles.py
"""

import contextlib
import io
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import module_cycles  # noqa: E402

# `b` always reads `a` through a plain `use`; what `a` writes decides the circle.
B_USES_A = "use crate::a::f;\npub fn g() -> u8 { f() }\n"


def circles(files):
    """The circles module_cycles finds in a crate of these `src/` files."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        for name, text in files.items():
            path = src / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        return module_cycles.circles(src)


def ab(a_text, b_text=B_USES_A):
    return circles({"lib.rs": "mod a;\nmod b;\n", "a.rs": a_text, "b.rs": b_text})


class Circles(unittest.TestCase):
    def assert_circle(self, a_text, b_text=B_USES_A):
        self.assertEqual(ab(a_text, b_text), [["a", "b"]], a_text)

    def assert_no_circle(self, a_text, b_text=B_USES_A):
        self.assertEqual(ab(a_text, b_text), [], a_text)

    def test_a_use_both_ways(self):
        self.assert_circle("use crate::b::g;\npub fn f() -> u8 { 1 }\n")

    def test_an_inline_path(self):
        self.assert_circle("pub fn f() -> u8 { 1 }\nfn h() -> u8 { crate::b::g() }\n")

    def test_an_inline_path_through_super(self):
        self.assert_circle("pub fn f() -> u8 { 1 }\nfn h() -> u8 { super::b::g() }\n")

    def test_a_string_continued_over_lines_before_the_path(self):
        # The case that hid kibitz-py's fairy <-> position circle: a backslash at
        # the end of a line inside a string.
        self.assert_circle(
            'pub fn f() -> u8 { 1 }\nfn h() -> String {\n    format!("one \\\n     two {}", '
            'crate::b::g())\n}\nfn k() -> &\'static str { "x" }\n'
        )

    def test_a_string_ending_in_r_before_the_path(self):
        # `r"` at a string's end is no raw string.
        self.assert_circle(
            'pub fn f() -> u8 { 1 }\nfn h() -> u8 { let _w = "writer"; crate::b::g() }\n'
            'fn k() -> &\'static str { "x" }\n'
        )

    def test_raw_identifiers(self):
        self.assert_circle(
            "pub fn f() -> u8 { 1 }\n"
            "fn h(r#move: u8, r#type: &str) -> u8 { let _ = r#type; crate::b::g() + r#move }\n"
        )

    def test_char_literals_holding_quotes(self):
        self.assert_circle(
            "pub fn f() -> u8 { 1 }\n"
            "fn h(c: char) -> u8 { if c == '\"' || c == '\\'' || c == '\\\\' { crate::b::g() } else { 0 } }\n"
            'fn k() -> &\'static str { "x" }\n'
        )

    def test_lifetimes_are_not_char_literals(self):
        self.assert_circle(
            "pub fn f() -> u8 { 1 }\n"
            "fn h<'a>(x: &'a str) -> &'a str { crate::b::g(); 'outer: loop { break 'outer; } x }\n"
        )

    def test_byte_and_raw_strings_with_quotes_inside(self):
        self.assert_circle(
            "pub fn f() -> u8 { 1 }\n"
            'fn h() -> u8 { let _ = (b"\\"", br#"a " b"#, r##"x "# y"##, b\'"\'); crate::b::g() }\n'
        )

    def test_nested_use_trees(self):
        self.assert_circle(
            "use crate::{x as _, b::{self as bee, inner::{g as h}}};\npub fn f() -> u8 { 1 }\n",
            B_USES_A,
        )

    def test_nested_use_trees_deeper_module(self):
        found = circles({
            "lib.rs": "mod a;\nmod b;\n",
            "a.rs": "use crate::{b::{inner::{g as h, self}}};\npub fn f() -> u8 { 1 }\n",
            "b/mod.rs": "pub mod inner;\n",
            "b/inner.rs": "use crate::a::f;\npub fn g() -> u8 { f() }\n",
        })
        self.assertEqual(found, [["a", "b"]])

    def test_a_path_after_a_test_module_in_the_middle(self):
        for attributes in ["", "#[allow(unused)]\n"]:
            self.assert_circle(
                f"#[cfg(test)]\n{attributes}mod tests {{\n    fn t() {{ let _ = '}}'; }}\n}}\n"
                "pub fn f() -> u8 { 1 }\nfn h() -> u8 { crate::b::g() }\n"
            )

    def test_paths_in_test_items_comments_and_strings_are_not_edges(self):
        self.assert_no_circle(
            "pub fn f() -> u8 { 1 }\n"
            "// crate::b::g()\n"
            "/* outer /* use crate::b::g; */ crate::b::g() */\n"
            "/// use crate::b::g;\n"
            'fn h() -> &\'static str { "crate::b::g" }\n'
            'fn k() -> &\'static str { r#"use crate::b::g;"# }\n'
            "#[cfg(test)]\nuse crate::b::g;\n"
            "#[cfg(test)]\nmod tests {\n    use crate::b::g;\n}\n"
        )

    def test_a_parent_and_its_child_are_no_circle(self):
        found = circles({
            "lib.rs": "mod a;\npub fn top() -> u8 { a::f() }\n",
            "a.rs": "pub fn f() -> u8 { crate::top() }\n",
        })
        self.assertEqual(found, [])

    def test_three_siblings_in_a_ring(self):
        found = circles({
            "lib.rs": "mod a;\nmod b;\nmod c;\n",
            "a.rs": "use crate::b::g;\n",
            "b.rs": "pub fn g() { crate::c::h() }\n",
            "c.rs": "pub fn h() { super::a::f() }\n",
        })
        self.assertEqual(found, [["a", "b", "c"]])

    def test_exit_status_and_report(self):
        with tempfile.TemporaryDirectory() as tmp:
            crate = Path(tmp) / "ring"
            (crate / "src").mkdir(parents=True)
            (crate / "src" / "lib.rs").write_text("mod a;\nmod b;\n")
            (crate / "src" / "a.rs").write_text("fn h() { crate::b::g() }\n")
            (crate / "src" / "b.rs").write_text(B_USES_A)
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                status = module_cycles.main([str(crate)])
            self.assertEqual(status, 1)
            self.assertEqual(out.getvalue(), "ring: circle between a, b\n")
            (crate / "src" / "a.rs").write_text("pub fn f() -> u8 { 1 }\n")
            with contextlib.redirect_stdout(io.StringIO()):
                self.assertEqual(module_cycles.main([str(crate)]), 0)


if __name__ == "__main__":
    unittest.main()
