"""Helpers for tests that start the command in a child process."""

from __future__ import annotations

import os
import signal
import subprocess


def hear_ctrl_c() -> None:
    """Give the child the default Ctrl-C, whatever the test run inherited.

    A shell starts a background job (`cmd &`) with SIGINT ignored, and an ignored signal
    stays ignored across exec: Python then installs no KeyboardInterrupt handler, and a
    test that sends the child SIGINT would wait on it forever. (Pass as `preexec_fn`.)
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_on_a_terminal(
    args: list[str], *, cwd: str | os.PathLike[str], env: dict[str, str], timeout: float
) -> tuple[subprocess.CompletedProcess[str], str]:
    """Run a command whose standard error is a 100-column terminal (tqdm draws only on one).

    Returns the finished process (its standard output captured) and what it drew on the terminal.
    """
    import fcntl
    import pty
    import struct
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    done = subprocess.run(args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=follower, text=True,
                          timeout=timeout)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other end is closed: all read
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    return done, b"".join(chunks).decode(errors="replace")
