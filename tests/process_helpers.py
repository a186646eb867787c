"""Helpers for tests that start the command in a child process."""

from __future__ import annotations

import signal


def hear_ctrl_c() -> None:
    """Give the child the default Ctrl-C, whatever the test run inherited.

    A shell starts a background job (`cmd &`) with SIGINT ignored, and an ignored signal
    stays ignored across exec: Python then installs no KeyboardInterrupt handler, and a
    test that sends the child SIGINT would wait on it forever. (Pass as `preexec_fn`.)
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)
