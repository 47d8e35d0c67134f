"""pytest hooks and fixtures of the test suite; the shared helpers live in tests/support.py."""

from __future__ import annotations

import json
import re

import pytest
from support import board

def pytest_configure(config):
    config.addinivalue_line(
        "markers", "slow: a long-running check (still runs by default; deselect with -m 'not slow')"
    )
    config.addinivalue_line(
        "markers",
        "no_pyodide: a core test that cannot run inside Pyodide (subprocess, files); "
        "skipped by tests/pyodide/run_core_tests.mjs",
    )


@pytest.fixture
def show():
    """``show(p)`` returns the diagram (use in assertion messages)."""
    return board


@pytest.fixture
def bid(request):
    """A board id used by this test alone, closed after it: the facade's registries are global,
    so a shared id could let one test's board stand in for another's."""
    name = "b-" + re.sub(r"[^A-Za-z0-9]+", "-", request.node.name).strip("-")
    yield name
    from petteia_core import web

    for board_id in (name, name + "-2"):
        for op in ("close",):
            web.call(json.dumps({"op": op, "args": {"board_id": board_id}}))  # replies, never raises


@pytest.fixture
def fresh_sessions():
    """The facade's registry of boards, empty before and after the test (no board leaks between tests)."""
    from petteia_core import web

    web.sessions.clear()
    yield web.sessions
    web.sessions.clear()
