"""Each key's behaviour is found from the key table in one step (issue 12
item 1): every action of tui/keys.py names the class whose ``action_<name>``
runs it, and that class is part of the screen (or, for ``app.`` actions, the
App) that binds the key."""

from __future__ import annotations

import importlib

from tui.app import EncounterApp
from tui.keys import ACTIONS, bindings
from tui.screens.encounter.screen import EncounterScreen
from tui.screens.players import PlayerScreen


def _owner(path: str) -> type:
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


def test_every_action_is_implemented_by_the_class_the_table_names():
    for action in ACTIONS:
        owner = _owner(action.owner)
        namespace, _, name = action.action.rpartition(".")
        assert f"action_{name}" in vars(owner), f"{action.id}: {action.owner} has no action_{name}"
        holder = EncounterApp if namespace == "app" else EncounterScreen
        assert owner in holder.__mro__, f"{action.id}: {action.owner} is not part of {holder.__name__}"


def test_the_encounter_screen_binds_the_table_and_the_app_only_ctrl_c():
    screen_keys = {b.id for b in EncounterScreen.BINDINGS}
    assert screen_keys == {a.id for a in ACTIONS} == {b.id for b in bindings()}
    assert [b.id for b in EncounterApp.BINDINGS] == ["interrupt-quit"]


def test_the_player_screen_has_none_of_the_gm_action_classes():
    gm_classes = {_owner(a.owner) for a in ACTIONS if not a.action.startswith("app.")} - {EncounterScreen}
    assert not gm_classes & set(PlayerScreen.__mro__)
    assert not {a.id for a in ACTIONS} & {b.id for b in PlayerScreen.BINDINGS}
