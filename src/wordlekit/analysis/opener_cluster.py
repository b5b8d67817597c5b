"""Sending batches of words to Dask: the client (a local cluster of one process per core, or
the scheduler at an address) and the scatter, map and gather of one ranking run.

The only module that talks to ``distributed``: its settings (the profiler off, glibc's
allocator thresholds) and its partially typed API stay here, away from the methods
(:mod:`wordlekit.analysis.opener_methods`) that the workers run.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from wordlekit.analysis.opener_methods import Ranked, Settings, compute_batch, warm_worker
from wordlekit.core.words import WordList
from wordlekit.errors import RankError


def run_batches(
    client: Any,
    wordlist: WordList,
    batches: list[list[str]],
    settings: Settings,
    land: Callable[[list[Ranked], float], None],
) -> None:
    """Value every batch on the cluster; ``land(results, seconds)`` gets each batch's results
    as it finishes (in any order) with the seconds since the workers were ready."""
    from distributed import as_completed

    lists = (wordlist.answers, wordlist.allowed, wordlist.name)
    # Every worker loads the lists' matrix and the compiled kernels before the first task, so
    # set-up is not charged to the work (or to one unlucky batch).
    client.run(warm_worker, lists, settings.method)
    t0 = time.perf_counter()  # rates count from here: the cluster is up and warm
    # The word lists go to every worker once (scattered); tasks carry only a reference.
    shared = client.scatter(lists, broadcast=True, hash=False)
    futures = client.map(compute_batch, batches, settings=settings, lists=shared, pure=False)
    for fut in as_completed(futures):
        land(fut.result(), time.perf_counter() - t0)


#: How long a scheduler given by its address has to answer (Dask retries a refused
#: connection until then).
CONNECT_TIMEOUT = "10s"


class DaskClient:
    """A Dask client: the cluster at ``scheduler``, or a local one (a process per core)."""

    def __init__(self, scheduler: str | None, workers: int | None) -> None:
        self.scheduler = scheduler
        self.workers = workers
        self.cluster: Any = None
        self.client: Any = None

    def __enter__(self) -> Any:
        import dask
        from distributed import Client, LocalCluster

        if self.scheduler:
            if not self.scheduler.startswith(("tcp://", "tls://", "inproc://", "ucx://")):
                raise RankError(f"bad scheduler address {self.scheduler!r}: use tcp://HOST:PORT")
            try:
                self.client = Client(self.scheduler, timeout=CONNECT_TIMEOUT)
            except (OSError, TimeoutError) as e:
                raise RankError(
                    f"cannot reach the Dask scheduler at {self.scheduler}: {e}"
                ) from None
            return self.client
        n = self.workers or os.cpu_count() or 1
        # Dask's workers sample every task's stack 100 times a second for their profiler; for
        # these Python-heavy tasks that cost ~45% of the time (measured: 15 entropy benchmarks
        # in 6.8 s on one worker against 3.6 s in a plain process), so it is switched off.
        dask.config.set(
            {
                "distributed.worker.profile.enabled": False,
                "distributed.worker.profile.interval": "10s",
                "distributed.worker.profile.cycle": "100s",
                # Dask starts workers with MALLOC_TRIM_THRESHOLD_=65536, which also freezes
                # glibc's mmap threshold at 128 KiB: every larger numpy block (a set's rows of
                # the transposed matrix) became an mmap, page faults and an munmap.
                "distributed.nanny.pre-spawn-environ": {
                    "MALLOC_TRIM_THRESHOLD_": str(256 * 2**20),
                    "MALLOC_MMAP_THRESHOLD_": str(64 * 2**20),
                },
            }
        )
        self.cluster = LocalCluster(
            n_workers=n,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=50,
        )
        self.client = Client(self.cluster)
        return self.client

    def __exit__(self, *exc: object) -> None:
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
