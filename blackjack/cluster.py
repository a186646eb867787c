"""`blackjack simulate --cluster`: the same seeded chunks, played on a Dask distributed cluster.

Each chunk is one Dask task, `engine.simulate.run_chunk(plan, index)`: a pure function of
the plan and the chunk's index, so a worker anywhere plays exactly the rounds a local
worker would, and the tallies, merged exactly as the local run merges them, give the
identical result. Dask (`distributed`) is the optional extra `cluster`; nothing imports it
unless `--cluster` is given.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from blackjack.extras import require
from engine.errors import BlackjackError
from engine.simulate import Plan, Played, run_chunk, tasks

LOCAL = "local"
"""The `--cluster` address that starts a LocalCluster on this machine instead of connecting."""

CONNECT_SECONDS = 5.0
"""How long to try to reach a scheduler before giving up with a clear message."""

START_SECONDS = 60.0
"""How long a local worker process may take to start and join before the run gives up.

Generous, as a loaded machine is slow to start Python processes; without a limit, a worker
that never comes up would leave the command waiting for ever.
"""


class ClusterError(BlackjackError):
    """The cluster cannot be reached or started."""


@contextmanager
def connect(address: str, *, workers: int | None = None, timeout: float = CONNECT_SECONDS) -> Iterator[Any]:
    """A Dask client of the scheduler at `address`, or of a new LocalCluster for "local"; closed after.

    A LocalCluster gets `workers` worker processes (every core by default), one thread each.

    Raises MissingExtraError without Dask, ClusterError when the scheduler cannot be reached in time.
    """
    distributed = require("distributed", "cluster", "--cluster")
    cluster = _start_local_cluster(distributed, workers or os.cpu_count() or 1) if address == LOCAL else None
    try:
        client = distributed.Client(address if cluster is None else cluster, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as error:
        if cluster is not None:
            cluster.close()
        raise ClusterError(f"cannot reach the Dask scheduler at {address!r}: {error}") from None
    try:
        yield client
    finally:
        # Closing while cancelled tasks are still being reported makes the scheduler log
        # tracebacks about a client that has gone; the result is already in hand.
        _quiet_dask()
        client.close()
        if cluster is not None:
            cluster.close()


def _start_local_cluster(distributed: Any, workers: int) -> Any:
    """A LocalCluster of `workers` processes, one thread each, or ClusterError if one fails to start."""
    try:
        with _workers_ignore_ctrl_c():
            return distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=":0", silence_logs=logging.ERROR,  # any free port: never a clash
                death_timeout=START_SECONDS,
            )
    except Exception as error:  # Dask raises several kinds when a worker does not come up
        _quiet_dask()  # its own account of the stray worker it reaps would follow ours
        raise ClusterError(f"cannot start a local Dask cluster: {_why_not_started(error)}") from None


def _why_not_started(error: BaseException) -> str:
    """Dask's failure to start a worker, in words: a time-out if one lies anywhere in the chain."""
    chain: BaseException | None = error
    while chain is not None:
        if isinstance(chain, TimeoutError):
            return f"a worker did not start within {START_SECONDS:g} s"
        chain = chain.__cause__ or chain.__context__
    return f"a worker did not start ({type(error).__name__}: {error})"


def _quiet_dask() -> None:
    """Silence Dask's logging from here on: what it would say now, the command says better."""
    logging.getLogger("distributed").setLevel(logging.CRITICAL + 1)


@contextmanager
def _workers_ignore_ctrl_c() -> Iterator[None]:
    """Start worker processes with Ctrl-C ignored (inherited), so the parent alone stops them.

    A terminal's Ctrl-C reaches every process of the group; workers killed by it would
    lose their tasks under the parent while it gathers what finished.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def played_on(client: Any, plans: Sequence[Plan]) -> Played:
    """Every chunk of the plans as a task on the cluster; yields (plan index, tally) as tasks finish.

    Closing the generator early (Ctrl-C, an error) cancels the tasks still queued or running.
    """
    distributed = require("distributed", "cluster", "--cluster")
    futures: list[Any] = []
    try:
        shared = client.scatter(list(plans), broadcast=True)
        plan_of: dict[str, int] = {}
        for index, chunk in tasks(plans):
            future = client.submit(run_chunk, shared[index], chunk, pure=False)
            plan_of[future.key] = index
            futures.append(future)
        for future, tally in distributed.as_completed(futures, loop=client.loop, with_results=True):
            yield plan_of[future.key], tally
    finally:
        if futures:
            client.cancel(futures)
