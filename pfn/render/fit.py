"""Text that keeps to its room: shrink it, then shorten it with "…".

Measured as wide as it is drawn in any of the picture's outputs (:func:`extent_of`):
the glyphs' hinting sets small type up to 7% wider at one resolution than at another,
so a text is measured at the figure's own resolution (a screen), at the PNG's
(:func:`drawn_at`) and in its outlines (PDF, SVG), and the widest is taken.  The
figures of :mod:`pfn.render` are made with an Agg canvas for that; so a long name,
board or match id never runs past the edge of the picture or into its neighbour.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.text import Text
from matplotlib.transforms import Bbox

SMALLEST = 0.75
"""The least a text is shrunk to (of its size) before it is shortened."""
FLOOR = 6.5
"""No text is shrunk below this size, in points (print stays legible)."""
LONGEST = 400
"""More characters than any line of a picture can show."""


PNG_DPI = 200
"""The resolution a PNG is drawn at unless told (``pfn render --dpi``)."""
_drawn_at: ContextVar[float] = ContextVar("drawn_at", default=PNG_DPI)


@contextmanager
def drawn_at(dpi: float) -> Iterator[None]:
    """While figures are made for a PNG (or an animation's frames) of ``dpi``: their
    text is measured at that resolution too."""
    token = _drawn_at.set(dpi)
    try:
        yield
    finally:
        _drawn_at.reset(token)


def renderer_of(ax: Axes) -> Any:
    """The renderer of the figure ``ax`` is in, if its canvas has one (Agg's does)."""
    figure = ax.get_figure()
    get = getattr(figure.canvas, "get_renderer", None) if figure is not None else None
    return get() if get is not None else None


def extent_of(ax: Axes, text: Artist) -> Bbox | None:
    """Where ``text`` lies, in ``ax``'s data units, as wide as it is drawn anywhere: the
    union of its boxes in the PDF's and SVG's outlines, at the PNG's resolution and at
    the figure's own (``None`` when the figure has no renderer to measure with)."""
    renderer = renderer_of(ax)
    figure = ax.get_figure(root=True)
    if renderer is None or figure is None:
        return None
    own = figure.dpi
    boxes = []
    try:
        for dpi, measure in ((72, _outlines()), (_drawn_at.get(), _raster(_drawn_at.get()))):
            if dpi == own:
                continue
            figure.dpi = dpi  # the layout of the whole figure at that resolution
            boxes.append(Bbox(text.get_window_extent(measure).get_points() * (own / dpi)))
    finally:
        figure.dpi = own
    # the figure's own renderer last: the text keeps it for what is asked of it after
    boxes.append(text.get_window_extent(renderer))
    return Bbox.union(boxes).transformed(ax.transData.inverted())


@lru_cache(maxsize=4)
def _raster(dpi: float) -> Any:
    """An Agg renderer measuring as a PNG of ``dpi`` is drawn (it draws nothing)."""
    from matplotlib.backends.backend_agg import RendererAgg

    return RendererAgg(1, 1, dpi)  # type: ignore[no-untyped-call]


@lru_cache(maxsize=1)
def _outlines() -> Any:
    """A PDF renderer, measuring in the glyphs' outlines, unhinted, as PDF and SVG set
    them (it draws nothing)."""
    from matplotlib.backends.backend_pdf import PdfFile, RendererPdf

    return RendererPdf(PdfFile(io.BytesIO()), 72, 1, 1)  # type: ignore[no-untyped-call]


def fit(ax: Axes, text: Text, low: float | None = None, high: float | None = None,
        vertical: bool = False) -> None:
    """Make ``text`` lie between ``low`` and ``high`` (axes data units, along x, or
    along y when ``vertical``): smaller type down to :data:`SMALLEST`, then the end cut
    off behind "…"."""
    if renderer_of(ax) is None:
        return

    def fits() -> bool:
        box = extent_of(ax, text)
        assert box is not None
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
    box = extent_of(ax, text)
    return 0.6 if box is None else float(box.x0)


def wrap(ax: Axes, text: str, room: float, breaking: bool = False, **look: Any
         ) -> list[str]:
    """``text`` broken into lines that each fit ``room`` (axes units along x) in the
    type ``look`` gives (``fontsize``, ``style``, …), measured, so that every line is
    set in one size (no line is shrunk to fit: a long word alone is cut by :func:`fit`
    later, or with ``breaking`` broken over lines, where every letter must be read)."""
    if renderer_of(ax) is None or not text:
        return [text] if text else []
    probe = ax.text(0, 0, "", **look)

    def width(line: str) -> float:
        probe.set_text(line)
        return measured_width(ax, probe)

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


def measured_width(ax: Axes, text: Text) -> float:
    """How wide ``text`` is drawn at its widest (:func:`extent_of`), in ``ax``'s data
    units along x (0 when it cannot be measured)."""
    box = extent_of(ax, text)
    return 0.0 if box is None else float(box.x1 - box.x0)


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
    first, last = (extent_of(ax, drawn[0]), extent_of(ax, drawn[-1])) if drawn else (None, None)
    if ha != "left" and first is not None and last is not None:
        left, right = first.x0, last.x1
        shift = (right - left) * (0.5 if ha == "center" else 1.0)
        drawn[0].set_x(x - shift)
    return drawn
