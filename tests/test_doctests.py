"""The examples in petteia_core's docstrings run and give what they show (doctest)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import petteia_core

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(petteia_core.__path__, "petteia_core.")
    if info.name.rpartition(".")[2] not in ("__main__",)
)

#: The main entry points: each must carry at least one example.
ENTRY_POINTS = {
    "petteia_core.game": "Game",
    "petteia_core.custodian": "Position",
    "petteia_core.notation": "parse_move",
    "petteia_core.ai": "choose_move",
    "petteia_core.duodecim.game": "DuodecimGame",
    "petteia_core.render.position": "position_svg",
}


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    failed, _attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert failed == 0, f"{failed} doctest example(s) of {name} failed (run python -m doctest -v)"


@pytest.mark.parametrize("name, entry", sorted(ENTRY_POINTS.items()))
def test_main_entry_points_have_examples(name, entry):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder()
    examples = [t for t in finder.find(module) if t.name.split(".")[-1] == entry and t.examples]
    assert examples, f"{name}.{entry} has no doctest example"
