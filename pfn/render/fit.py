"""Text that keeps to its room: shrink it, then shorten it with "…".

Measured with the figure's own renderer (the figures of :mod:`pfn.render` are made
with an Agg canvas for that), so a long name, board or match id never runs past the
edge of the picture or into its neighbour.
"""

from __future__ import annotations

from typing import Any

from matplotlib.axes import Axes
from matplotlib.text import Text

SMALLEST = 0.75
"""The least a text is shrunk to (of its size) before it is shortened."""
FLOOR = 6.5
"""No text is shrunk below this size, in points (print stays legible)."""
LONGEST = 400
"""More characters than any line of a picture can show."""


def renderer_of(ax: Axes) -> Any:
    """The renderer of the figure ``ax`` is in, if its canvas has one (Agg's does)."""
    figure = ax.get_figure()
    get = getattr(figure.canvas, "get_renderer", None) if figure is not None else None
    return get() if get is not None else None


def fit(ax: Axes, text: Text, low: float | None = None, high: float | None = None,
        vertical: bool = False) -> None:
    """Make ``text`` lie between ``low`` and ``high`` (axes data units, along x, or
    along y when ``vertical``): smaller type down to :data:`SMALLEST`, then the end cut
    off behind "…"."""
    renderer = renderer_of(ax)
    if renderer is None:
        return
    to_data = ax.transData.inverted()

    def fits() -> bool:
        box = text.get_window_extent(renderer).transformed(to_data)
        start, end = (box.y0, box.y1) if vertical else (box.x0, box.x1)
        return (low is None or start >= low - 1e-9) and (high is None or end <= high + 1e-9)

    if fits():
        return
    size = float(text.get_fontsize())
    for scale in (0.9, 0.82, SMALLEST):
        if size * scale < FLOOR:
            break
        text.set_fontsize(size * scale)
        if fits():
            return
    # the longest beginning that fits, found in a few measurements (a binary search),
    # never one a character: a name of thousands of characters costs no more than a short
    # one; and no line of a picture holds more than LONGEST characters anyway
    words = text.get_text()[:LONGEST]
    low_n, high_n = 1, len(words) - 1  # low_n: a length that is tried last, if nothing fits
    while low_n < high_n:
        middle = (low_n + high_n + 1) // 2
        text.set_text(words[:middle].rstrip() + "…")
        if fits():
            low_n = middle
        else:
            high_n = middle - 1
    text.set_text(words[:max(low_n, 1)].rstrip() + "…")


def left_of(ax: Axes, text: Text) -> float:
    """Where a text begins along x, in the axes' units (0.6 when it cannot be told)."""
    renderer = renderer_of(ax)
    if renderer is None:
        return 0.6
    return float(text.get_window_extent(renderer).transformed(ax.transData.inverted()).x0)
