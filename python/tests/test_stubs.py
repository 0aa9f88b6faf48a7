# SPDX-License-Identifier: MIT
"""The stubs (dominoes/_dominoes.pyi, written by python/stubgen.py after each build and shipped in
the wheel): they parse, name every public name of the module, and agree with a fresh run."""
import ast
import importlib.util
import os
import pathlib

import pytest

import dominoes
import dominoes._dominoes as mod

# The sanitized build writes no stubs (python/CMakeLists.txt): its python_asan run skips these.
pytestmark = pytest.mark.skipif(os.environ.get("DOMINOES_SANITIZED_BUILD") == "1",
                                reason="the sanitized build writes no stubs; the release build's python test checks them")

STUBS = pathlib.Path(mod.__file__).with_name("_dominoes.pyi")
STUBGEN = pathlib.Path(__file__).resolve().parents[1] / "stubgen.py"


def test_stubs_name_every_public_name():
    tree = ast.parse(STUBS.read_text(encoding="utf-8"))
    named = {n.name for n in tree.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    named |= {n.target.id for n in tree.body if isinstance(n, ast.AnnAssign)}
    public = {name for name in vars(mod) if not name.startswith("_")} | {"__version__"}
    assert public - named == set()
    match = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Match")
    methods = {n.name for n in match.body if isinstance(n, ast.FunctionDef)}
    assert {"legal_actions", "observation_tensor", "play", "in_round", "chance_outcomes", "is_chance_node"} <= methods
    computer = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Computer")
    assert {"seed", "name", "decide", "__getstate__", "__setstate__"} <= {n.name for n in computer.body if isinstance(n, ast.FunctionDef)}
    observation = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Observation")
    assert {"__eq__", "__getstate__", "__setstate__"} <= {n.name for n in observation.body if isinstance(n, ast.FunctionDef)}
    chance = next(n for n in match.body if isinstance(n, ast.FunctionDef) and n.name == "chance_outcomes")
    assert "chance node" in (ast.get_docstring(chance) or "")  # each one's docstring, first line
    assert (STUBS.parent / "py.typed").exists() and dominoes.__file__


def test_stubs_agree_with_a_fresh_run():
    if not STUBGEN.exists():  # the wheel's test copies only python/tests
        return
    spec = importlib.util.spec_from_file_location("stubgen", STUBGEN)
    stubgen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(stubgen)
    assert stubgen.generate() == STUBS.read_text(encoding="utf-8"), \
        f"{STUBS} is stale: rebuild pydominoes ({os.path.basename(str(STUBGEN))} runs after each build)"
