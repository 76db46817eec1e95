"""Entry costs and corner flags of one mover, read per cell or per window.

A :class:`CostView` answers ``costs[i]`` (the entry cost of flat index ``i``
for one cost table and footprint, with the mover's own changes: bodies that
cost double, SRD-MOV-15, and cells no one may enter) from the grid's rows,
without a whole-map list; :meth:`CostView.window` gives the bit masks of a
window of cells per cost (for :func:`core.board.movement.bitboard.reach_window`),
so the first reach on a big map reads only the cells its budget can reach.
:meth:`CostView.full` builds the whole-map list for the Dijkstra searches of
:mod:`core.board.movement.engine`. :class:`SolidView` does the same for the
corner rule's solid cells (SRD-MOV-3).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from operator import itemgetter

from core.board.movement.layout import OFF_MAP, TERRAIN_INDEX, Layout

#: One character per terrain index (``OFF_MAP`` last), for reading a row of
#: cells as a string and translating it to bits in one C call.
_CHAR = {tid: chr(65 + i) for tid, i in TERRAIN_INDEX.items()}
_OFF = chr(65 + OFF_MAP)
_EVERY_BYTE = bytes(range(256))


def _chars(ids: tuple[str, ...]) -> str:
    """The characters of terrain ``ids``, in order: more than one looked up
    in ``_CHAR`` by one ``itemgetter`` call (a C loop)."""
    if len(ids) > 1:
        return "".join(itemgetter(*ids)(_CHAR))
    return _CHAR[ids[0]] if ids else ""


def _window_text(lay: Layout, x0: int, y0: int, ww: int, wh: int) -> bytes:
    """The window's terrain as text, one character per bit of the window's
    masks (``ww`` columns and a guard column of ``OFF_MAP`` per row, ``wh``
    rows, from padded ``(x0, y0)``), first bit first. The last one is kept
    on the layout (the cost and the solid masks of one reach read it)."""
    key = ("text", x0, y0, ww, wh)
    last = lay.cache.get("window text")
    if last is not None and last[0] == key:
        return last[1]
    parts = []
    width, height = lay.width, lay.height
    lo, hi = max(x0 - 1, 0), min(x0 + ww - 1, width)  # grid columns inside the window
    left = _OFF * (lo - (x0 - 1))
    right = _OFF * (x0 + ww - 1 - hi + 1)  # columns past the map, and the guard
    blank = _OFF * (ww + 1)
    for y in range(y0, y0 + wh):
        if 1 <= y <= height:
            parts.append(left + _chars(lay.rows[y - 1][lo:hi]) + right)
        else:
            parts.append(blank)
    text = "".join(parts).encode("ascii")
    lay.cache["window text"] = (key, text)
    return text


_TRANSLATIONS: dict[tuple[tuple[object, ...], object], bytes] = {}


def _bits_of(values: tuple[object, ...], value: object) -> bytes:
    """The translation of window text to ``"1"`` where a terrain's entry of
    ``values`` equals ``value`` (``"solid"``: where it is true), else ``"0"``."""
    key = (values, value)
    hit = _TRANSLATIONS.get(key)
    if hit is None:
        if len(_TRANSLATIONS) > 256:
            _TRANSLATIONS.clear()
        ones = [bool(v) if value == "solid" else v is not None and v == value for v in values]
        hit = _TRANSLATIONS[key] = bytes.maketrans(_EVERY_BYTE[65 : 65 + len(ones)], bytes(b"01"[one] for one in ones))
    return hit


def _masks(text: bytes, values: tuple[int | None, ...], keep: int) -> dict[int, int]:
    """Per cost in ``values`` (indexed by terrain index) up to ``keep``, the
    int with a bit at each character of ``text`` whose terrain costs that
    (bit 0 first)."""
    out: dict[int, int] = {}
    for value in {v for v in values if v is not None and v <= keep}:
        mask = int(text.translate(_bits_of(values, value))[::-1], 2)
        if mask:
            out[value] = mask
    return out


class CostView:
    """``costs[i]``: entry cost of flat index ``i`` for ``table`` and
    ``footprint`` (:meth:`Layout.cost_at`), with ``overrides`` (flat index ->
    cost, ``None`` where no one may enter) on top."""

    def __init__(self, lay: Layout, table: tuple[int | None, ...], footprint: tuple[int, int],
                 overrides: Mapping[int, int | None] | None = None) -> None:
        self.lay = lay
        self.table = table
        self.footprint = footprint
        self.overrides: dict[int, int | None] = dict(overrides or {})
        self._full: list[int | None] | None = None

    def __getitem__(self, index: int) -> int | None:
        if self._full is not None:
            return self._full[index]
        if index in self.overrides:
            return self.overrides[index]
        return self.lay.cost_at(self.table, self.footprint, index)

    def __len__(self) -> int:
        return self.lay.size

    def __iter__(self) -> Iterator[int | None]:
        return iter(self.full())

    def with_overrides(self, overrides: Mapping[int, int | None]) -> CostView:
        """A view with ``overrides`` added to this one's."""
        return CostView(self.lay, self.table, self.footprint, {**self.overrides, **overrides})

    def full(self) -> list[int | None]:
        """The whole map's list (built once per view; the map's unchanged list
        is shared through the layout's cache)."""
        if self._full is None:
            base = self.lay.costs(self.table, self.footprint)
            if self.overrides:
                base = list(base)
                for i, c in self.overrides.items():
                    if 0 <= i < len(base):
                        base[i] = c
            self._full = base
        return self._full

    def window(self, x0: int, y0: int, ww: int, wh: int, budget: int) -> dict[int, int]:
        """Per entry cost up to ``budget``, the bit mask of the window's cells
        that cost exactly that (bit ``r * (ww + 1) + c`` for padded cell
        ``(x0 + c, y0 + r)``; the guard column stays 0)."""
        wide = ww + 1
        masks: dict[int, int]
        if self.footprint == (1, 1):
            masks = _masks(_window_text(self.lay, x0, y0, ww, wh), self.table, budget)
        else:
            masks = {}
            stride, cost_at = self.lay.stride, self.lay.cost_at
            for r in range(wh):
                row = (y0 + r) * stride + x0
                for col in range(ww):
                    c = cost_at(self.table, self.footprint, row + col)
                    if c is not None and c <= budget:
                        masks[c] = masks.get(c, 0) | 1 << (r * wide + col)
        stride = self.lay.stride
        for i, c in self.overrides.items():
            col, r = i % stride - x0, i // stride - y0
            if not (0 <= col < ww and 0 <= r < wh):
                continue
            bit = 1 << (r * wide + col)
            for k in masks:
                masks[k] &= ~bit
            if c is not None and c <= budget:
                masks[c] = masks.get(c, 0) | bit
        return {c: m for c, m in masks.items() if m}


class SolidView:
    """``solid[i]``: 1 where the corner rule counts flat index ``i`` as a wall
    for ``footprint`` (:meth:`Layout.solid_at`)."""

    def __init__(self, lay: Layout, solid_terrain: tuple[bool, ...], footprint: tuple[int, int]) -> None:
        self.lay = lay
        self.solid_terrain = solid_terrain
        self.footprint = footprint

    def __getitem__(self, index: int) -> int:
        return self.lay.solid_at(self.solid_terrain, self.footprint, index)

    def __len__(self) -> int:
        return self.lay.size

    def full(self) -> bytearray:
        return self.lay.solid(self.solid_terrain, self.footprint)

    def window(self, x0: int, y0: int, ww: int, wh: int) -> int:
        """The bit mask of the window's solid cells (bits as in :meth:`CostView.window`)."""
        if self.footprint == (1, 1):
            text = _window_text(self.lay, x0, y0, ww, wh)
            return int(text.translate(_bits_of(self.solid_terrain, "solid"))[::-1], 2)
        mask, wide = 0, ww + 1
        stride, solid_at = self.lay.stride, self.lay.solid_at
        for r in range(wh):
            row = (y0 + r) * stride + x0
            for col in range(ww):
                if solid_at(self.solid_terrain, self.footprint, row + col):
                    mask |= 1 << (r * wide + col)
        return mask
