"""Text that keeps to its room: shrink it, then shorten it with "…".

Measured with the figure's own renderer (the figures of :mod:`pfn.render` are made
with an Agg canvas for that), so a long name, board or match id never runs past the
edge of the picture or into its neighbour.
"""

from __future__ import annotations

from collections.abc import Callable
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


def wrap(ax: Axes, text: str, room: float, breaking: bool = False, **look: Any
         ) -> list[str]:
    """``text`` broken into lines that each fit ``room`` (axes units along x) in the
    type ``look`` gives (``fontsize``, ``style``, …), measured, so that every line is
    set in one size (no line is shrunk to fit: a long word alone is cut by :func:`fit`
    later, or with ``breaking`` broken over lines, where every letter must be read)."""
    renderer = renderer_of(ax)
    if renderer is None or not text:
        return [text] if text else []
    probe = ax.text(0, 0, "", **look)
    to_data = ax.transData.inverted()

    def width(line: str) -> float:
        probe.set_text(line)
        box = probe.get_window_extent(renderer).transformed(to_data)
        return float(box.x1 - box.x0)

    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split(" "):
            tried = f"{current} {word}" if current else word
            if current and width(tried) > room:
                lines.append(current)
                current = word
            else:
                current = tried
            while breaking and width(current) > room and len(current) > 1:
                cut = _longest_beginning(current[:LONGEST], lambda s: width(s) <= room)
                lines.append(current[:cut])
                current = current[cut:]
        lines.append(current)
    probe.remove()
    return lines


def _longest_beginning(text: str, fits: Callable[[str], bool]) -> int:
    """The length of the longest beginning of ``text`` that ``fits`` (at least one
    character), found in a few measurements."""
    low, high = 1, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if fits(text[:middle]):
            low = middle
        else:
            high = middle - 1
    return low


def coloured(ax: Axes, x: float, y: float, text: str, colours: dict[str, str],
             ha: str = "left", **look: Any) -> list[Text]:
    """``text`` drawn at (x, y) as one line whose characters in ``colours`` (the red
    suits) are in their colour, the rest in ``look``'s: a run of texts one after the
    other, aligned as a whole (``ha``)."""
    runs: list[tuple[str, str | None]] = []
    for char in text:
        colour = colours.get(char)
        if runs and runs[-1][1] == colour:
            runs[-1] = (runs[-1][0] + char, colour)
        else:
            runs.append((char, colour))
    gid = look.pop("gid", None)
    base = look.pop("color", None)
    va = look.pop("va", "baseline")
    drawn: list[Text] = []
    for index, (part, colour) in enumerate(runs):
        options: dict[str, Any] = {**look, "color": colour or base}
        if gid:
            options["gid"] = f"{gid}/{index}" if index else gid  # runs of one line
        if not drawn:
            drawn.append(ax.text(x, y, part, va=va, **options))
        else:  # the next run begins where the last ends, on its line
            drawn.append(ax.annotate(part, xy=(1, 0), xycoords=drawn[-1], va="bottom",
                                     **options))
    renderer = renderer_of(ax)
    if drawn and ha != "left" and renderer is not None:
        to_data = ax.transData.inverted()
        left = drawn[0].get_window_extent(renderer).transformed(to_data).x0
        right = drawn[-1].get_window_extent(renderer).transformed(to_data).x1
        shift = (right - left) * (0.5 if ha == "center" else 1.0)
        drawn[0].set_x(x - shift)
    return drawn
