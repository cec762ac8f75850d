"""Playing a batch on a Ray cluster (``asobi simulate … --cluster ADDRESS``).

Ray is an optional dependency (``pip install 'asobi[cluster]'``) and is imported only here, only
when a cluster is asked for. The cluster plays the same :class:`~asobi.sim.batch.Job` list as
local processes would, in chunks, and the results are read back in game order, so a batch gives
the same results on a cluster as on one process.

``ADDRESS`` is what ``ray.init(address=…)`` takes: ``auto`` (the cluster this machine belongs
to), ``HOST:PORT`` or ``ray://HOST:PORT``; ``local`` starts a private Ray instance on this
machine (with ``--jobs`` CPUs) and stops it afterwards. On a remote cluster the ``asobi``
package is shipped with the job (Ray ``runtime_env`` ``py_modules``), so the nodes play this
checkout's rules; they need asobi's dependencies installed (``pip install 'asobi[cluster]'``).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from ..core.errors import AsobiError

Job = TypeVar("Job")
Result = TypeVar("Result")

LOCAL = "local"
INSTALL_HINT = "pip install 'asobi[cluster]' (or pip install 'ray[default]')"


def import_ray() -> Any:
    """The ``ray`` module, or a clear error telling how to install it."""
    try:
        import ray
    except ImportError:
        raise AsobiError(f"--cluster needs Ray, which is not installed: {INSTALL_HINT}") from None
    return ray


def connect(address: str, cpus: int | None = None) -> bool:
    """Start (``local``) or join a Ray cluster; True if this call did it (and should shut it down)."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray = import_ray()
    if ray.is_initialized():
        return False
    quiet: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False, "include_dashboard": False}
    try:
        if address == LOCAL:
            # address "local": a new private instance even when RAY_ADDRESS names a cluster
            ray.init(address=LOCAL, num_cpus=cpus or os.cpu_count() or 1, object_store_memory=128 * 1024**2, **quiet)
        else:
            package = str(Path(__file__).resolve().parent.parent)
            ray.init(address=address, runtime_env={"py_modules": [package]}, **quiet)
    except Exception as e:  # Ray raises ConnectionError, RuntimeError, ValueError… for a bad address
        raise AsobiError(f"cannot start or reach the Ray cluster {address!r}: {e}") from None
    return True


def ray_map(
    jobs: Sequence[Job],
    address: str,
    cpus: int | None,
    play_chunk: Callable[[list[Job]], list[Result]],
    chunk_size: Callable[[int, int], int],
) -> Iterator[Result]:
    """Play ``jobs`` on the Ray cluster at ``address`` and yield the results in job order.

    ``play_chunk`` plays a list of jobs (run remotely); ``chunk_size(jobs, workers)`` says how many
    go in one task. The batch module passes both (its jobs and results), so this module needs
    nothing of it.
    """
    ray = import_ray()
    started = connect(address, cpus)
    try:
        workers = int(ray.cluster_resources().get("CPU", 1))
        size = chunk_size(len(jobs), workers)
        task = ray.remote(play_chunk)
        refs = [task.remote(list(jobs[i : i + size])) for i in range(0, len(jobs), size)]
        for ref in refs:
            yield from ray.get(ref)
    finally:
        if started:
            ray.shutdown()
