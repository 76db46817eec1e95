"""A compositor that renders, for a partial update, only the rows it writes.

Textual answers a partial update (a few changed lines in a few panes) by
rendering every visible widget that overlaps one box around all the changed
regions, each over its whole visible height, and then keeps only the
update's spans: on the GM's screen after ``n`` (the tracker's rows at the
top, the map's tokens on the right, the status line at the bottom) that box
is the whole screen, so all nine widgets (the screen and its two containers
included) give all their lines for about 25 that are written.

:class:`RowCompositor` fills the same pieces ("chops": a row's cells
between two widget edges) the same way, widget by widget from the front,
the first to cover a piece giving it, but asks a widget only for the rows
where it would give a piece that the update writes (a chop an update span
touches, as :class:`textual._compositor.ChopsUpdate` reads them) and no
widget in front has given: a container behind the panes, the footer and
the rows of a pane that did not change are not rendered. The update is the
same chop for chop wherever it is written; chops it never writes may stay
empty. Full updates (a layout, a resize) are Textual's own.
"""

from __future__ import annotations

from bisect import bisect_left

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region


class RowCompositor(Compositor):
    """:class:`textual._compositor.Compositor` whose partial updates render
    only the rows of each widget they write (see the module's docstring)."""

    def render_partial_update(self) -> ChopsUpdate | None:
        """As Textual's: the update's spans and their chops, ``None`` when
        nothing is dirty."""
        regions = self._dirty_regions.copy()
        self._dirty_regions.clear()
        if not regions:
            return None
        spans = list(self._regions_to_spans(regions))
        cuts = self.cuts
        chops: list[dict] = [dict.fromkeys(line_cuts[:-1]) for line_cuts in cuts]
        wanted: dict[int, list[tuple[int, int]]] = {}
        for y, x1, x2 in spans:
            wanted.setdefault(y, []).append((x1, x2))
        rows = sorted(wanted)
        for widget, (region, clip) in self.visible_widgets.items():
            visible = region.intersection(clip)
            if not visible:
                continue
            x, top, width, height = visible
            first = bisect_left(rows, top)
            needed = [y for y in rows[first:bisect_left(rows, top + height, first)]
                      if _gives_a_written_chop(cuts[y], chops[y], wanted[y], x, x + width)]
            for start, end in _runs(needed):
                strips = widget.render_lines(Region(x - region.x, start - region.y, width, end - start))
                for y, strip in zip(range(start, end), strips):
                    line_cuts = [cut for cut in cuts[y] if x + width >= cut >= x]  # as Textual's _render_chops
                    line = chops[y]
                    for cut, piece in zip(line_cuts, strip.divide([cut - x for cut in line_cuts[1:]])):
                        if line.get(cut) is None:
                            line[cut] = piece
        return ChopsUpdate(chops, spans, [line_cuts[1:] for line_cuts in cuts])


def _gives_a_written_chop(line_cuts: list[int], line: dict, spans: list[tuple[int, int]], left: int, right: int) -> bool:
    """Whether a widget covering columns ``left..right`` of a row would give
    a chop that is still empty and that one of the row's ``spans`` touches
    (``ChopsUpdate`` writes a chop unless it starts after the span's end or
    ends at or before its start)."""
    for cut, end in zip(line_cuts, line_cuts[1:]):
        if cut < left or cut >= right or line[cut] is not None:
            continue
        if any(not (cut > x2 or end <= x1) for x1, x2 in spans):
            return True
    return False


def _runs(rows: list[int]) -> list[tuple[int, int]]:
    """Sorted ``rows`` as runs of consecutive rows ``(first, end)``, end excluded."""
    runs: list[tuple[int, int]] = []
    for y in rows:
        if runs and runs[-1][1] == y:
            runs[-1] = (runs[-1][0], y + 1)
        else:
            runs.append((y, y + 1))
    return runs
