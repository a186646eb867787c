"""Where the peers' builds are: ../shared/peers beside the checkout, or beside the folder of worktrees
the checkout sits in (../shared/peers/README.md says how each was built and the command that matches
our rules)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PEERS = next(
    (folder / "shared" / "peers" for folder in ROOT.parents if (folder / "shared" / "peers").is_dir()),
    ROOT.parent / "shared" / "peers",
)
"""The folder holding the peers' builds (it may not exist: a benchmark then skips the peer)."""
