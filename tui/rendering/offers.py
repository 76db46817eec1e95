"""How an offer (:class:`core.offers.offer.Offer`) reads in a menu: the
words the ``.`` menu, the key panel and the trackers' menus list it by."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.rendering.text import clean

if TYPE_CHECKING:
    from core.offers.offer import Offer


def offer_label(offer: Offer) -> str:
    """``Label (RULE)``, and ``— why not`` when it is refused now."""
    label = clean(offer.label) + (f" ({offer.rule})" if offer.rule else "")
    if offer.refusal is not None:
        label += f" \u2014 not now: {clean(offer.refusal)}"
    return label
