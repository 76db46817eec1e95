"""Log line of a house rule changed in play (:class:`core.combat.house_rules.HouseRuleChanged`).

Registered on :func:`tui.rendering.lines.describe` when imported (by :mod:`tui.rendering.describe`, with the campaign tools' lines)."""

from __future__ import annotations

from rich.text import Text

from core.combat.house_rules import HouseRuleChanged
from tui.rendering.lines import describe
from tui.rendering.text import clean


@describe.register
def _(event: HouseRuleChanged) -> Text:
    return Text("House rule: ") + Text(clean(event.name), "bold") + Text(f" {clean(event.before)} -> {clean(event.after)}")
