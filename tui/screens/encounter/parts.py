"""The parts of the GM's screen, each built the first time it is used.

A part (one per key group: :mod:`tui.screens.encounter.gm`, ``combat``,
``map_modes``, ...) is named on :class:`~tui.screens.encounter.screen.EncounterScreen`
by the dotted path of its class, the same path the key table gives as a
key's ``owner`` (:data:`tui.keys.ACTIONS`), so naming it costs no import:
its module (with the dialogs, menus, offers and notation it imports) loads
when the GM first presses one of its keys or another part hands over to
it, or when the App builds them all once the first frame is out
(:func:`build_all`, while the GM reads), not before the first frame.
"""

from __future__ import annotations

import importlib
from typing import Any


class Part:
    """``Part(owner, *needs)``, a class attribute of the screen: reading it
    on a screen builds ``owner(screen, *the parts named by needs)`` once
    (``owner`` a dotted ``module.Class`` path); later reads find that same
    object (it is kept in the screen's ``__dict__``, which this non-data
    descriptor gives way to)."""

    def __init__(self, owner: str, *needs: str) -> None:
        self.owner = owner
        self.needs = needs
        self.name = ""

    def __set_name__(self, owner_class: type, name: str) -> None:
        self.name = name

    def __get__(self, screen: Any, owner_class: type | None = None) -> Any:
        if screen is None:
            return self
        module, _, class_name = self.owner.rpartition(".")
        part_class = getattr(importlib.import_module(module), class_name)
        part = part_class(screen, *(getattr(screen, need) for need in self.needs))
        screen.__dict__[self.name] = part
        return part


def part_names(screen_class: type) -> dict[str, str]:
    """Owner path -> attribute name of every :class:`Part` of ``screen_class``."""
    return {value.owner: name for name, value in vars(screen_class).items() if isinstance(value, Part)}


def built(screen: Any, name: str) -> Any:
    """The part ``name`` of ``screen`` if something used it already, else
    ``None`` (reading ``screen.<name>`` would build it)."""
    return vars(screen).get(name)


def build_all(screen: Any) -> None:
    """Build every part of ``screen`` not built yet (their modules load now),
    so that the first key finds its part ready."""
    for name in part_names(type(screen)).values():
        getattr(screen, name)
