"""Subscriptions for the sources screens render: the GM's presenter
(:mod:`tui.presenter`) and a players' view's file follower
(:mod:`tui.player_source`). Outside Textual: imports neither textual nor rich."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Publisher(Generic[T]):
    """Calls each subscriber with every value published, in the order they subscribed."""

    def __init__(self) -> None:
        self._subscribers: list[Callable[[T], None]] = []

    def subscribe(self, callback: Callable[[T], None]) -> Callable[[], None]:
        """Call ``callback(value)`` after each change; returns the function that unsubscribes it."""
        self._subscribers.append(callback)
        return lambda: self.unsubscribe(callback)

    def unsubscribe(self, callback: Callable[[T], None]) -> None:
        """Stop calling ``callback`` (nothing happens if it was not subscribed)."""
        if callback in self._subscribers:
            self._subscribers.remove(callback)

    def _publish(self, value: T) -> None:
        for callback in list(self._subscribers):  # a subscriber may unsubscribe while called
            callback(value)
