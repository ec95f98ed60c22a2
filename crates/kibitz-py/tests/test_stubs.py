"""python/kibitz/__init__.pyi names exactly what the module exports, with matching
parameters."""

import ast
import inspect
from pathlib import Path

import kibitz

STUB = Path(__file__).resolve().parents[1] / 'python' / 'kibitz' / '__init__.pyi'


def stub_tree():
    return ast.parse(STUB.read_text(encoding='utf-8'))


def public(obj):
    return {n for n in dir(obj) if not n.startswith('_')}


def test_stub_names_match_the_module():
    tree = stub_tree()
    names = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    # Constants are declared with a type (`MATE_COLUMNS: dict[str, str]`); a plain
    # assignment is a type alias of the stubs only.
    names |= {n.target.id for n in tree.body if isinstance(n, ast.AnnAssign)}
    # Submodules (kibitz.dask, once imported) have stubs of their own, or none.
    module = {n for n in public(kibitz) if not inspect.ismodule(getattr(kibitz, n))}
    assert names == module


def test_stub_methods_match_the_classes():
    for node in stub_tree().body:
        if isinstance(node, ast.ClassDef):
            methods = {n.name for n in node.body if isinstance(n, ast.FunctionDef) and not n.name.startswith('_')}
            assert methods == public(getattr(kibitz, node.name)), node.name


def test_stub_function_parameters_match():
    for node in stub_tree().body:
        if isinstance(node, ast.FunctionDef):
            stub = [a.arg for a in node.args.args + node.args.kwonlyargs]
            real = list(inspect.signature(getattr(kibitz, node.name)).parameters)
            assert stub == real, node.name


def test_stub_method_parameters_match():
    for node in stub_tree().body:
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(kibitz, node.name)
        for method in node.body:
            if not isinstance(method, ast.FunctionDef) or method.name.startswith('_'):
                continue
            if any(isinstance(d, ast.Name) and d.id == 'property' for d in method.decorator_list):
                continue
            stub = [a.arg for a in method.args.args + method.args.kwonlyargs if a.arg != 'self']
            try:
                real = list(inspect.signature(getattr(cls, method.name)).parameters)
            except (TypeError, ValueError):
                continue  # a slot wrapper without a text signature
            real = [p for p in real if p not in ('self', '$self')]
            assert stub == real, f'{node.name}.{method.name}'


PYFFISH_STUB = STUB.with_name('pyffish.pyi')


def test_pyffish_stub_matches_the_module():
    import kibitz.pyffish as sf

    tree = ast.parse(PYFFISH_STUB.read_text(encoding='utf-8'))
    names = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    names |= {n.target.id for n in tree.body if isinstance(n, ast.AnnAssign)}
    assert names == set(sf.__all__)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            stub = [a.arg for a in node.args.posonlyargs + node.args.args]
            assert stub == list(inspect.signature(getattr(sf, node.name)).parameters), node.name
