"""Adapter for the GM screen's hit-point dialogs, which still pass the
session's encounter: the preview itself is :func:`core.offers.base.would_do`
(apply on a throwaway copy, its hooks included). Delete this module when
those callers call the core directly."""

from __future__ import annotations

from core.combat import commands as cmd
from core.combat.encounter import Encounter
from core.offers.base import would_do as _would_do


def would_do(encounter: Encounter, command: cmd.Command) -> tuple:
    """:func:`core.offers.base.would_do` on ``encounter``'s state and ruleset."""
    return _would_do(encounter.state, encounter.ruleset, command)
