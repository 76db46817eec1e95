"""The screen's key actions from the one key table: each GM key that a part
owns (:data:`tui.keys.ACTIONS`, its ``owner`` a dotted path) becomes an
``action_<name>`` of the screen that runs the same method of that part.
"""

from __future__ import annotations

from tui.keys import ACTIONS, SCREEN


def _delegate(action: str, owner: str):
    """``action_<action>`` of the screen: runs the same method of the part the key table names."""

    def run(self) -> None:
        getattr(self.part(owner), f"action_{action}")()

    run.__name__ = run.__qualname__ = f"action_{action}"
    run.__doc__ = f"Key action: :meth:`{owner}.action_{action}`."
    return run


def add_key_actions(screen_class: type) -> None:
    """Give ``screen_class`` an ``action_<name>`` for every key of a part
    (its ``part(owner)`` gives the part); keys of the screen itself and the
    App's (``app.``) are left to them."""
    for action in ACTIONS:
        if action.owner != SCREEN and not action.action.startswith("app."):
            setattr(screen_class, f"action_{action.action}", _delegate(action.action, action.owner))
