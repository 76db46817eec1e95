"""Each key's behaviour is found from the key table in one step: every
action of tui/keys.py names the class whose ``action_<name>`` runs it, and
that class is a part of the screen that binds the key (or the screen
itself, or, for ``app.`` actions, a class of the App)."""

from __future__ import annotations

import importlib

from tui.app import EncounterApp
from tui.keys import ACTIONS, bindings
from tui.screens.encounter.screen import PART_NAMES, EncounterScreen
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
        parts = holder.__mro__ if namespace == "app" else (EncounterScreen, *map(_owner, PART_NAMES))
        assert owner in parts, f"{action.id}: {action.owner} is not part of {holder.__name__}"
        assert callable(getattr(holder, f"action_{name}", None)), f"{action.id}: {holder.__name__} does not run action_{name}"


def test_the_encounter_screen_binds_the_table_and_the_app_only_ctrl_c():
    screen_keys = {b.id for b in EncounterScreen.BINDINGS}
    assert screen_keys == {a.id for a in ACTIONS} == {b.id for b in bindings()}
    assert [b.id for b in EncounterApp.BINDINGS] == ["interrupt-quit"]


def test_the_player_screen_has_none_of_the_gm_action_classes():
    gm_classes = {_owner(a.owner) for a in ACTIONS if not a.action.startswith("app.")} - {EncounterScreen}
    assert not gm_classes & set(PlayerScreen.__mro__)
    assert not {a.id for a in ACTIONS} & {b.id for b in PlayerScreen.BINDINGS}


def test_the_screen_owns_one_part_of_each_class_the_table_names(tmp_path):
    from tests.tui.helpers import demo_app

    app = demo_app(tmp_path / "demo.json")
    screen = app.encounter_screen
    owners = {a.owner for a in ACTIONS if not a.action.startswith("app.")} - {f"{EncounterScreen.__module__}.EncounterScreen"}
    assert owners <= set(PART_NAMES)
    for owner in owners:
        assert type(screen.part(owner)) is _owner(owner)
    app.presenter.session.campaign.close()
