"""Worker processes that leave Ctrl-C to the process that started them, and end quietly with it.

A terminal's Ctrl-C goes to every process of the foreground group, children included. The
parent decides what an interrupt means (the simulator prints what it has, the game quits);
a child that took it too would print a KeyboardInterrupt traceback of its own, in the middle
of starting (importing, unpickling its task) or of waiting for work. So children are
started inside `ctrl_c_held()`, which blocks SIGINT for the thread that starts them: a
child inherits that signal mask at its birth (fork and exec keep it) and never sees a
Ctrl-C, while the parent gets its own the moment the block ends. CPython's own
`multiprocessing.resource_tracker` starts its process the same way.

A child's first call, `become_worker(lifeline)`, makes that permanent and ties the child to
its parent: it ends, quietly, as soon as the parent is gone (even killed), rather than
print a BrokenPipeError writing its result or wait for work for ever.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from multiprocessing.connection import Connection


@contextmanager
def ctrl_c_held() -> Iterator[None]:
    """Start child processes inside this, on any thread: they are born with Ctrl-C blocked.

    A Ctrl-C that comes meanwhile waits, and reaches this process when the block ends.
    Where there are no signal masks (Windows), this does nothing; `become_worker` then
    ignores Ctrl-C from the child's first call on.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    from multiprocessing import resource_tracker

    # Every spawned child starts the resource tracker first if it is not running, and that start
    # ends by unblocking SIGINT in the calling thread (CPython 3.11): it must happen before our block.
    resource_tracker.ensure_running()
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def lifeline() -> tuple[Connection, Connection]:
    """A pipe to tie workers to this process: give them the first end, keep the second while they work.

    The second end never leaves this process (workers are spawned, never forked), so the
    first reads end-of-file exactly when this process closes it or ends.
    """
    import multiprocessing

    return multiprocessing.Pipe(duplex=False)


def become_worker(lifeline: Connection) -> None:
    """A worker process's first call (a pool's initializer): Ctrl-C is the parent's, its end is ours.

    Ctrl-C is ignored from here on; a write to a parent that has gone ends the process
    silently (SIGPIPE, as for any Unix filter) instead of raising BrokenPipeError; and a
    thread waits on `lifeline` and ends the process the moment the parent has gone.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)

    def wait_for_the_end() -> None:
        from multiprocessing.connection import wait

        wait([lifeline])  # readable only at end of file: the parent has closed its end, or ended
        os._exit(0)

    threading.Thread(target=wait_for_the_end, name="lifeline", daemon=True).start()
