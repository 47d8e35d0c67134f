"""The lab on a ``dask.distributed`` cluster (issue #32): ``selfplay --scheduler local:N``.

One process, ``--jobs 2`` and a local cluster of two workers give the same JSON; a run cut off on a
cluster resumes in one process from its log; a worker that dies mid-game loses no game and the log
counts every game once; Dask stays an optional extra that the core and the browser's wheel never
import. The local clusters listen on 127.0.0.1 only and have no dashboard.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from petteia_core import PetteiaError, get_rules
from petteia_core.lab import run_games
from petteia_core.lab.run import Task, play_task, read_log, run_key
from petteia_core.selfplay_cli import statistics

pytestmark = pytest.mark.no_pyodide  # processes, sockets, files

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def dask_installed() -> None:
    pytest.importorskip("distributed")


def args(ruleset: str, *, games: int, level: int = 1, seed: int = 5, jobs: int = 1,
         scheduler: str | None = None, max_plies: int = 40) -> argparse.Namespace:
    return argparse.Namespace(ruleset=ruleset, option=[], games=games, level=level, seed=seed, jobs=jobs,
                              max_plies=max_plies, records=None, log=None, json=True, scheduler=scheduler)


def as_json(result: tuple) -> str:
    return json.dumps(result, ensure_ascii=False)


@pytest.mark.parametrize("ruleset", ["kubeia", "vagi"])
def test_one_process_two_processes_and_a_local_cluster_give_the_same_json(ruleset):
    one = as_json(statistics(args(ruleset, games=6)))
    two = as_json(statistics(args(ruleset, games=6, jobs=2)))
    cluster = as_json(statistics(args(ruleset, games=6, scheduler="local:2")))
    assert one == two == cluster


def test_a_running_cluster_given_by_its_address_plays_the_same_games():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", scheduler_port=0,
                      dashboard_address=None, silence_logs=40,
                      scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"}) as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        remote = as_json(statistics(args("tournament", games=4, scheduler=address)))
    assert remote == as_json(statistics(args("tournament", games=4)))


def test_a_run_cut_off_on_a_cluster_resumes_in_one_process(tmp_path):
    log = tmp_path / "run.jsonl"
    rules = get_rules("tournament")
    first = run_games(rules, 1, 3, seed=4, max_plies=40, log=log, scheduler="local:2")
    assert len(log.read_text().splitlines()) == 3
    played: list[int] = []
    again = run_games(rules, 1, 5, seed=4, max_plies=40, log=log, progress=lambda r: played.append(r.index))
    assert sorted(played) == [3, 4]  # only the games the cluster had not played
    assert again[:3] == first and again == run_games(rules, 1, 5, seed=4, max_plies=40)
    assert len(log.read_text().splitlines()) == 5


def die_once(flag: str, index: int, task: Task):
    """Play ``task``; the first attempt at game ``index`` kills its worker process instead."""
    if task[3] == index and not os.path.exists(flag):
        Path(flag).write_text(str(os.getpid()))
        os._exit(1)
    return play_task(task)


def test_a_worker_that_dies_mid_run_loses_no_game_and_the_log_counts_each_game_once(tmp_path):
    log = tmp_path / "run.jsonl"
    flag = tmp_path / "died"
    rules = get_rules("kubeia")
    rows = run_games(rules, 1, 6, seed=8, max_plies=30, log=log, scheduler="local:2",
                     play=functools.partial(die_once, str(flag), 2))
    assert flag.exists() and int(flag.read_text()) != os.getpid()  # a worker died, not this process
    assert [r.index for r in rows] == list(range(6))
    assert rows == run_games(rules, 1, 6, seed=8, max_plies=30)
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(item["row"]["index"] for item in lines) == list(range(6))
    assert read_log(log, run_key(rules, 1, 8, 30)) == {r.index: r for r in rows}


def test_a_game_logged_twice_counts_once(tmp_path):
    log = tmp_path / "run.jsonl"
    rules = get_rules("vagi")
    rows = run_games(rules, 1, 2, seed=3, max_plies=20, log=log)
    text = log.read_text()
    log.write_text(text + text.splitlines()[0] + "\n")  # e.g. two runs sharing one log
    assert run_games(rules, 1, 2, seed=3, max_plies=20, log=log) == rows
    assert len(read_log(log, run_key(rules, 1, 3, 20))) == 2


def test_a_malformed_scheduler_is_one_clear_error():
    for bad, message in (("local:0", "1 or more"), ("local:two", "number of workers"), ("localhost", "local:N")):
        with pytest.raises(PetteiaError, match=message):
            statistics(args("classic", games=2, scheduler=bad))


def test_without_dask_the_error_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    with pytest.raises(PetteiaError, match=r"pip install 'petteia_core\[lab\]'"):
        run_games(get_rules("classic"), 1, 2, seed=1, max_plies=10, scheduler="local:2")


def test_the_core_never_imports_dask_and_the_wheel_needs_nothing():
    code = ("import sys, petteia_core, petteia_core.lab, petteia_core.selfplay_cli, petteia_core.cli; "
            "print(sorted(m for m in ('distributed', 'dask', 'tornado') if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert run.returncode == 0 and run.stdout.strip() == "[]", run.stderr


def test_the_browser_wheel_has_no_dependency_only_the_lab_extra(tmp_path):
    from site_scripts.build.build_wheel import build_wheel

    with zipfile.ZipFile(build_wheel(tmp_path)) as zf:
        meta = zf.read("petteia_core-0.1.0.dist-info/METADATA").decode()
    requires = [line for line in meta.splitlines() if line.startswith("Requires-Dist:")]
    assert requires and all(line.endswith('; extra == "lab"') for line in requires)
    assert "Provides-Extra: lab" in meta


def test_a_local_cluster_listens_on_loopback_only():
    import psutil

    from petteia_core.lab.cluster import connect

    with connect("local:2") as client:
        assert client.scheduler.address.startswith("tcp://127.0.0.1:")
        pids = {os.getpid(), *client.run(os.getpid).values()}
        pids |= {psutil.Process(p).ppid() for p in pids}  # the workers' nannies
        listening = [c.laddr for p in pids for c in psutil.Process(p).net_connections(kind="inet")
                     if c.status == psutil.CONN_LISTEN]
    assert len(listening) >= 5  # scheduler, its health routes, two nannies, two workers
    assert {addr.ip for addr in listening} == {"127.0.0.1"}
