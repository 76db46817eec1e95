"""Shared fixtures: no test touches the user's real data folder."""

from __future__ import annotations

import random

import pytest


@pytest.fixture(autouse=True)
def encounter_home(tmp_path, monkeypatch):
    """Point ENCOUNTER_HOME at a temporary folder for every test."""
    home = tmp_path / "home"
    monkeypatch.setenv("ENCOUNTER_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def folds_between_frames():
    """Every test starts with no key's frame due (:data:`saves.fold_plan.between_frames`
    set, as without a UI): an app a test left mid-key must not slow the next test's folds."""
    from saves import fold_plan

    fold_plan.between_frames.set()
    yield


@pytest.fixture
def rng() -> random.Random:
    return random.Random(1234)


# CI runs are derandomized so a failure is reproducible from the log.
import os  # noqa: E402

from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, deadline=None)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
