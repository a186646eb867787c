"""The store's exception: one BlackjackError subclass for everything persistence can refuse."""

from __future__ import annotations

from engine.errors import BlackjackError


class StoreError(BlackjackError):
    """The history database cannot do what was asked: a bad name, a newer schema, a busy or broken file."""
