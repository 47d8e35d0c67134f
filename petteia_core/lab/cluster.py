"""Self-play on a ``dask.distributed`` cluster: ``selfplay --scheduler ADDRESS`` or ``local:N``.

Dask is not a dependency of petteia_core: it is the optional extra ``lab``
(``pip install 'petteia_core[lab]'``, or ``pip install distributed``), imported only here, and only
when a run asks for a scheduler. The browser's wheel never imports this module.

Every game is one task whose arguments are ``(rules, level, seed, index, max_plies)``: the game's
seed comes from the run's seed and the game's index (:func:`.play.game_seed`), never from the
worker that plays it, so a cluster plays the same games as one process. Results come back as they
finish; :func:`.run.run_games` logs and orders them by index. A worker that dies mid-game loses
nothing: the scheduler gives its task to another worker (Dask's ``allowed-failures``), and the run
receives each game's row exactly once.

``local:N`` starts a cluster of N single-threaded worker processes on this machine, listening on
127.0.0.1 only, without a dashboard. Any other value is the address of a running scheduler
(``tcp://HOST:8786``), started with Dask's own commands (``dask scheduler``, ``dask worker ADDRESS``);
its workers need the same petteia_core sources (a hash of them is checked before the run starts).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..errors import PetteiaError

#: The optional extra that installs Dask.
EXTRA = "lab"

MISSING = (f"--scheduler needs dask.distributed, an optional extra of petteia_core: "
           f"pip install 'petteia_core[{EXTRA}]' (or: pip install distributed)")


def _distributed() -> Any:
    """The ``distributed`` module, or a PetteiaError naming the extra that installs it."""
    try:
        import distributed
    except ImportError as exc:
        raise PetteiaError(MISSING) from exc
    return distributed


def local_workers(scheduler: str) -> int | None:
    """N for ``local:N``; None for the address of a running scheduler (PetteiaError if malformed)."""
    if not scheduler.startswith("local:"):
        if not scheduler or scheduler.startswith("local"):
            raise PetteiaError(f"--scheduler is local:N or a scheduler's address, not {scheduler!r}")
        return None
    text = scheduler.removeprefix("local:")
    if not text.isdigit() or int(text) < 1:
        raise PetteiaError(f"--scheduler local:N needs a number of workers of 1 or more, not {text!r}")
    return int(text)


@contextlib.contextmanager
def connect(scheduler: str) -> Iterator[Any]:
    """A ``distributed.Client`` for ``scheduler`` (``local:N`` or an address), closed on exit."""
    n = local_workers(scheduler)
    dd = _distributed()
    if n is None:
        with dd.Client(scheduler, timeout="30s") as client:
            _check_versions(client)
            yield client
        return
    with dd.LocalCluster(n_workers=n, threads_per_worker=1, processes=True, host="127.0.0.1",
                         scheduler_port=0, dashboard_address=None, worker_dashboard_address=None,
                         # no dashboard; the scheduler's health routes on any free loopback port
                         scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
                         silence_logs=40) as cluster, dd.Client(cluster) as client:
        yield client


def source_fingerprint() -> str:
    """A hash of petteia_core's Python sources: equal on two machines that play the same games."""
    import hashlib
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _check_versions(client: Any) -> None:
    """Refuse a cluster whose workers run another petteia_core than this process (other games)."""
    mine = source_fingerprint()
    try:
        theirs = client.run(source_fingerprint)
    except Exception as exc:  # a worker without petteia_core
        raise PetteiaError(f"the cluster's workers cannot run petteia_core ({exc}); install it there") from exc
    other = {w: v for w, v in theirs.items() if v != mine}
    if other:
        raise PetteiaError(f"workers run another petteia_core than this process ({mine}): {other}")


def play_on_cluster(scheduler: Any, play: Callable[[Any], Any], tasks: Sequence[Any]) -> Iterator[Any]:
    """``play(task)`` for every task on the cluster, yielded as they finish (in no set order).

    ``scheduler`` is ``local:N``, an address, or a connected ``distributed.Client`` (from
    :func:`connect`: one cluster for many runs, as ``site_scripts/generate/lab_data.py`` does).
    """
    if not tasks:
        return
    if isinstance(scheduler, str):
        with connect(scheduler) as client:
            yield from play_on_cluster(client, play, tasks)
        return
    dd = _distributed()
    futures = scheduler.map(play, list(tasks), pure=False)
    try:
        for future in dd.as_completed(futures):
            yield future.result()
    finally:
        scheduler.cancel(futures)
