"""Work the frame loop must not wait for (SQLite writes, odds computations) runs on worker threads.

A `Worker` is one daemon thread taking jobs in order; `submit` returns a `Job` the scenes
poll each frame (`done`, `value`, `error`) and never block on. Only tests, the fixed-step
capture loop and the shutdown `flush` wait. Nothing here touches pygame.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Job(Generic[T]):
    """The future result of a function run on a worker."""

    def __init__(self, work: Callable[[], T], name: str = "") -> None:
        self.work = work
        self.name = name
        self.cancelled = False
        self._finished = threading.Event()
        self._value: T | None = None
        self._error: BaseException | None = None

    def run(self) -> None:
        """Run the work (on the worker thread) and keep its value or its error."""
        if not self.cancelled:
            try:
                self._value = self.work()
            except BaseException as error:  # kept for the frame loop to show
                self._error = error
        self._finished.set()

    def done(self) -> bool:
        """Whether the work has finished (or was cancelled before it began)."""
        return self._finished.is_set()

    @property
    def ok(self) -> bool:
        """Whether the work finished without an error."""
        return self.done() and self._error is None and not self.cancelled

    @property
    def error(self) -> BaseException | None:
        """The error the work raised, once done."""
        return self._error

    @property
    def value(self) -> T | None:
        """The result once finished without an error, else None (never waits)."""
        return self._value if self.ok else None

    def result(self, timeout: float | None = None) -> T:
        """Wait for the result (tests and shutdown only); re-raises the work's error.

        Raises TimeoutError when it is not done in time.
        """
        if not self._finished.wait(timeout):
            raise TimeoutError(f"{self.name or 'background work'} did not finish in {timeout} s")
        if self._error is not None:
            raise self._error
        if self.cancelled:
            raise RuntimeError(f"{self.name or 'background work'} was cancelled")
        return self._value  # type: ignore[return-value]

    def cancel(self) -> None:
        """Skip the work if it has not begun."""
        self.cancelled = True


class Worker:
    """One thread that runs submitted jobs one after another, started on the first job."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._queue: queue.Queue[Job[object] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._pending = 0
        self._lock = threading.Lock()

    def submit(self, work: Callable[[], T], name: str = "") -> Job[T]:
        """Queue a function; returns its Job at once."""
        job: Job[T] = Job(work, name)
        with self._lock:
            self._pending += 1
        self._queue.put(job)  # type: ignore[arg-type]
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
            self._thread.start()
        return job

    @property
    def busy(self) -> bool:
        """Whether jobs are queued or running."""
        return self._pending > 0

    def _loop(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            try:
                job.run()
            finally:
                with self._lock:
                    self._pending -= 1

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every queued job has run; return whether they all did in time."""
        marker = self.submit(lambda: None, "flush")
        return marker._finished.wait(timeout)

    def stop(self) -> None:
        """Let the thread end after the queued jobs."""
        if self._thread is not None:
            self._queue.put(None)
