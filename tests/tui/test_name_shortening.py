"""One shortening of names for narrow columns (the tracker, the players'
view, the battle screen): the part that tells creatures apart stays
(``Char… 1``, not ``Chara…er 1``, which lost the number at 80x24)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tui.rendering.text import shorten


def test_the_number_of_a_numbered_name_stays_whole():
    assert shorten("Character 1", 7) == "Char\u2026 1"
    assert shorten("Character 12", 8) == "Char\u2026 12"
    assert shorten("Dire Wolf 3", 9) == "Dire W\u2026 3"
    assert shorten("Wolf 1", 3) == "W\u20261"


def test_a_name_that_fits_is_kept_and_one_word_is_cut_at_the_end():
    assert shorten("Boar", 10) == "Boar"
    assert shorten("Hobgoblinking", 6) == "Hobgo\u2026"


@given(st.text(st.characters(whitelist_categories=("L",)), min_size=1, max_size=20), st.integers(1, 999), st.integers(1, 999), st.integers(6, 30))
def test_two_names_numbered_apart_stay_apart(base, first, second, width):
    a, b = f"{base} {first}", f"{base} {second}"
    short_a, short_b = shorten(a, width), shorten(b, width)
    assert len(short_a) <= width and len(short_b) <= width
    if first != second:
        assert short_a != short_b
