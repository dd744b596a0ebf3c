"""The heading of a diagram when it needs more than the diagram's own two lines: the
title, the moment shown ("before the lead") and the deal line (contract and calls),
measured as wide as any output draws it and given a band of its own above the
diagram, so that nothing in it is cut or runs into its neighbour (a table of four in
a narrow column)."""

from __future__ import annotations

from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from pfn.cards import SUITS
from pfn.render.fit import coloured, fit, measured_width, renderer_of, wrap
from pfn.render.look import BLACK, Style, suit_colour
from pfn.render.position import Scene, deal_line, moment, title
from pfn.render.words import Words


def text_line(ax: Axes, x: float, y: float, text: str, theme: Style, low: float | None = None,
              high: float | None = None, ha: str = "left", **look: Any) -> None:
    """One line of text, fitted between ``low`` and ``high``, its red suits red."""
    probe = ax.text(x, y, text, ha=ha, **look)
    fit(ax, probe, low, high)
    size, said = probe.get_fontsize(), probe.get_text()
    probe.remove()
    options = {**look, "fontsize": size}
    coloured(ax, x, y, said, suit_colours(theme), ha=ha, **options)


def suit_colours(style: Style) -> dict[str, str]:
    """The colour of each suit symbol drawn in colour (the red suits)."""
    return {suit.symbol: suit_colour(suit, style) for suit in SUITS
            if suit_colour(suit, style) != BLACK}


def heading_lines(probe: Axes, pos: Scene, style: Style, words: Words
             ) -> list[tuple[str, str, float]] | None:
    """The heading's lines (kind, text, type size) when it does not fit the diagram's own
    two lines: a title too long to share its line with the moment ("before the lead")
    puts the moment on the next line, and a deal line too long for one line is wrapped
    (never cut).  ``None`` when both fit as they are.  Each line is measured as wide as
    any output draws it (:func:`pfn.render.fit.extent_of`)."""
    if renderer_of(probe) is None:
        return None
    size = style.size
    replay = pos.replay
    named, when, line = title(replay, words), moment(pos, words), deal_line(replay, words)

    def width(text: str, **look: Any) -> float:
        drawn = probe.text(0, 0, text, **look)
        found = measured_width(probe, drawn)
        drawn.remove()
        return found

    deal_look: dict[str, Any] = {"fontsize": size * 0.85}
    shared = 0.02 + width(named, fontsize=size * 1.05, fontweight="bold") + 0.04 + \
        width(when, **deal_look) <= 0.98
    dealt = wrap(probe, line, 0.96, **deal_look)
    if shared and len(dealt) <= 1:
        return None
    lines = [("title", named, size * 1.05)]
    lines += [("title+moment" if shared else "moment", when, size * 0.85)]
    lines += [("deal-line", text, size * 0.85) for text in dealt]
    return lines


def heading_steps(lines: list[tuple[str, str, float]]) -> tuple[list[float], float]:
    """Where each line hangs, in inches down from the band's top, and the band's height
    (the moment beside the title shares its line)."""
    steps: list[float] = []
    above = 0.0
    for kind, _, size in lines:
        if kind != "title+moment":
            steps.append(above)
            above += size * (1.3 if kind == "title" else 1.45) / 72
        else:
            steps.append(steps[-1])
    return steps, above + (0.06 if lines else 0.0)


def draw_heading(figure: Figure, lines: list[tuple[str, str, float]], style: Style,
                 steps: list[float], bottom: float, height: float) -> None:
    """The heading's band across ``figure`` from ``bottom`` up ``height`` (figure
    fractions), each line fitted as it was measured."""
    inches = height * figure.get_size_inches()[1]
    band = figure.add_axes((0, bottom, 1, height))
    band.set_xlim(0, 1)
    band.set_ylim(-inches, 0)  # in inches down from the top
    band.set_axis_off()
    _draw_lines(band, lines, style, [-0.04 - y for y in steps])


def _draw_lines(ax: Axes, lines: list[tuple[str, str, float]], style: Style,
                  steps: list[float]) -> None:
    """The heading's lines on ``ax`` (the band above the diagram), line ``i`` hanging
    from ``steps[i]``: the title on the left, the moment on the right."""
    dealt = 0
    for (kind, text, size), y in zip(lines, steps, strict=True):
        if kind == "title":
            text_line(ax, 0.02, y, text, style, high=0.98, fontsize=size,
                  fontweight="bold", va="top", color=BLACK, gid="title")
        elif kind in ("moment", "title+moment"):
            fit(ax, ax.text(0.98, y, text, fontsize=size, va="top", ha="right",
                            color="#333333", gid="trick-label"), low=0.02)
        else:
            text_line(ax, 0.02, y, text, style, high=0.98, fontsize=size, va="top",
                  color="#333333", gid="deal-line" + (f"-{dealt}" if dealt else ""))
            dealt += 1
