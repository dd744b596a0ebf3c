"""The score sheet as players draw it: the pulka (three or four players) and the
Serbian three-column paper, with the settlement.

Drawn from a :class:`~pfn.report.MatchReport` (the figures the checker
computes), up to a chosen deal.  Running totals are written one after another,
"2.4.6.", each superseded total struck with a short slanted line, as on paper.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.patches import Circle, Rectangle

from pfn.diagnostics import printable
from pfn.model import Amount, format_amount
from pfn.render.bidi import isolate
from pfn.render.fit import FLOOR, fit, left_of, renderer_of
from pfn.render.look import Style, typeset
from pfn.render.picture import lengthen, tighten
from pfn.render.words import words_for
from pfn.report import DealRow, MatchReport
from pfn.scoring.ledger import Key
from pfn.seats import Seat

LINE = "#222222"


def history(rows: list[DealRow], key: Key) -> list[Amount]:
    """The successive totals of one figure, each time it changed."""
    out: list[Amount] = []
    for row in rows:
        value = row.sheet.get(key, 0)
        if value and (not out or out[-1] != value):
            out.append(value)
    return out


def printed(value: Amount, sign: bool = False) -> str:
    """An amount as typeset: a true minus sign (U+2212), not a hyphen."""
    return format_amount(value, sign).replace("-", "\u2212")


_PARTS = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾"}


def mixed(value: Fraction) -> str:
    """A settlement as players write it: ``−228⅔``, ``+37``, ``+12 3/7``."""
    sign = "+" if value > 0 else "\u2212" if value < 0 else ""
    whole, part = divmod(abs(value.numerator), value.denominator)
    if not part:
        return f"{sign}{whole}"
    glyph = _PARTS.get((part, value.denominator), f" {part}/{value.denominator}")
    return f"{sign}{whole or ''}{glyph}".replace(f"{sign} ", sign)


def pt(size: float) -> float:
    """A type size, never under :data:`~pfn.render.fit.FLOOR`."""
    return max(size, FLOOR)


def _measure(renderer: Any, text: str, size: float) -> tuple[float, float]:
    """The advance and height of ``text`` at ``size``, in display units."""
    width, height, _ = renderer.get_text_width_height_descent(
        text, FontProperties(size=size), ismath=False)
    return float(width), float(height)


def fitted(ax: Axes, x: float, y: float, values: list[Amount], length: float,
           size: float, rotation: float = 0, gid: str = "", final: bool = False) -> None:
    """Running totals written centred at (x, y) within ``length`` (axes units, along
    the text), as on paper: ``2.4.6.``, each superseded total struck with one short
    slanted stroke (a line over plain digits, so a PDF's text layer reads the numbers)
    and, with ``final``, the last one framed.  Smaller type if they do not fit, then the
    oldest struck ones left out behind ``…`` — never past the cell."""
    if not values:
        return
    renderer = renderer_of(ax)
    assert renderer is not None  # sheet_figure gives the figure an Agg canvas
    (x0, y0), (x1, y1) = ax.transData.transform([(0, 0), (length, length)])
    angle = math.radians(rotation)
    room = abs(math.cos(angle)) * (x1 - x0) + abs(math.sin(angle)) * (y1 - y0)
    smallest = max(min(size, FLOOR), size * 0.72)  # legible: never under 6.5 pt
    numbers = [printed(value) for value in values]
    tries = [(size, 0), (max(size * 0.85, smallest), 0), (smallest, 0),
             *((smallest, k) for k in range(1, len(values)))]
    measured: dict[tuple[str, float], tuple[float, float]] = {}  # each text once a size
    for font, start in tries:
        pieces = [("…", False)] if start else []
        for k in range(start, len(numbers)):
            if final and k == len(numbers) - 1 and k > start:
                pieces.append(("\u2009", False))  # room for the frame
            pieces += [(numbers[k], k < len(numbers) - 1), (".", False)]
        for text, _ in pieces:
            if (text, font) not in measured:
                measured[text, font] = _measure(renderer, text, font)
        widths = [measured[text, font] for text, _ in pieces]
        total = sum(w for w, _ in widths)
        if total <= room or (font, start) == tries[-1]:
            break
    _draw(ax, x, y, pieces, widths, total, font, rotation, gid, final)


def _draw(ax: Axes, x: float, y: float, pieces: list[tuple[str, bool]],
          widths: list[tuple[float, float]], total: float, font: float, rotation: float,
          gid: str, final: bool) -> None:
    """Lay ``pieces`` one after another along the text's direction, centred at (x, y)."""
    angle = math.radians(rotation)
    along = (math.cos(angle), math.sin(angle))
    across = (-along[1], along[0])
    cx, cy = ax.transData.transform((x, y))
    to_data = ax.transData.inverted()
    offset = -total / 2
    last = max(i for i, (text, _) in enumerate(pieces) if text[:1].isdigit() or
               text[:1] == "\u2212")
    for index, ((text, struck), (width, height)) in enumerate(zip(pieces, widths, strict=True)):
        middle = offset + width / 2
        px, py = cx + along[0] * middle, cy + along[1] * middle
        frame = {"boxstyle": "square,pad=0.15", "facecolor": "none", "edgecolor": LINE,
                 "linewidth": 0.6} if final and index == last else None
        dx, dy = to_data.transform((px, py))
        ax.text(dx, dy, text, fontsize=font, rotation=rotation,
                ha="center", va="center", rotation_mode="anchor",
                gid=f"{gid}/{index}" if gid else None, bbox=frame)
        if struck:  # one short stroke, rising across the figures (not the minus sign)
            minus = _measure(renderer_of(ax), "\u2212", font)[0] \
                if text.startswith("\u2212") else 0.0
            middle += minus / 2
            px, py = cx + along[0] * middle, cy + along[1] * middle
            half_w, half_h = (width - minus) * 0.45, height * 0.42
            ends = [(px - along[0] * half_w - across[0] * half_h,
                     py - along[1] * half_w - across[1] * half_h),
                    (px + along[0] * half_w + across[0] * half_h,
                     py + along[1] * half_w + across[1] * half_h)]
            (ax0, ay0), (ax1, ay1) = to_data.transform(ends)
            ax.plot([ax0, ax1], [ay0, ay1], color=LINE, linewidth=0.6,
                    solid_capstyle="round", gid=f"{gid}/strike-{index}" if gid else None)
        offset += width


_BOTTOM_NAME = (0.4, 0.6)
"""The room of the name under the pulka: clear of the settlement beside it (from 0.62)."""


def _name(report: MatchReport, seat: Seat) -> str:
    if seat.index < len(report.names) and report.names[seat] and report.names[seat] != str(seat):
        # a record's text, drawable; a right-to-left name isolated (pfn.render.bidi)
        return printable(f"{isolate(report.names[seat])} ({seat})")
    return str(seat)


def _headings(ax: Axes, columns: list[tuple[float, str, str]], y: float, room: float,
              size: float) -> None:
    """The columns' headings (centre, title, gid), each centred in its column, clear of
    the lines ``room`` apart around it by :data:`CLEAR` points, and all alike: capitals
    while every one fits, else small letters for all (``desno`` is narrower than
    ``DESNO``), else each one's initial; one type size, the smallest any needed."""
    clear = CLEAR / 72 / (ax.get_position().width *
                          ax.get_figure(root=True).get_size_inches()[0])  # type: ignore[union-attr]
    tiers = ("upper", "lower", "initial")
    for k, case in enumerate(tiers):
        texts = []
        for x, title, gid in columns:
            said = title.upper() if case == "upper" else title.lower() \
                if case == "lower" else title[:1].upper()
            text = ax.text(x, y, said, ha="center", va="top", fontsize=size,
                           color="#444444", gid=gid)
            fit(ax, text, x - room / 2 + clear, x + room / 2 - clear)
            texts.append((text, said))
        if all(text.get_text() == said for text, said in texts) or k == len(tiers) - 1:
            smallest = min(text.get_fontsize() for text, _ in texts)
            for text, _ in texts:
                text.set_fontsize(smallest)
            return
        for text, _ in texts:
            text.remove()


CLEAR = 1.0
"""The white kept between a heading and the lines of its column, in points."""


def _settlement(ax: Axes, report: MatchReport, x: float, y: float, size: float,
                heading: str) -> None:
    fit(ax, ax.text(x, y, heading, fontsize=pt(size), fontweight="bold", va="top",
                    gid="settlement-heading"), high=1.0)
    # a line a player: its framed figure and a little white under it, in points (the
    # type does not shrink with a narrow sheet below 7 pt, so neither may the line)
    step = max(0.035, pt(size * 0.9) * 1.75 / 72 / (
        ax.get_position().height * ax.get_figure(root=True).get_size_inches()[1]))  # type: ignore[union-attr]
    for i, (seat, value) in enumerate(sorted(report.settlement.items())):
        amount = mixed(Fraction(value))
        figure = ax.text(x + 0.3, y - (i + 1) * step, amount, fontsize=pt(size * 0.9),
                         va="top", ha="right", gid=f"settlement-{seat}",
                         bbox={"boxstyle": "round,pad=0.2", "facecolor": "none",
                               "edgecolor": LINE, "linewidth": 0.5})
        fit(ax, ax.text(x, y - (i + 1) * step, _name(report, seat), fontsize=pt(size * 0.9),
                        va="top", gid=f"settlement-name-{seat}"),
            high=left_of(ax, figure) - 0.02)


def _pulka3(ax: Axes, report: MatchReport, rows: list[DealRow], size: float,
            final: bool) -> None:
    """Three players: a circle, a line up, two lines down to the corners."""
    width, height = 1.0, 0.78
    bottom = 0.2
    cx, cy, radius = width / 2, bottom + height * 0.58, 0.045
    ax.add_patch(Rectangle((0, bottom), width, height, fill=False, linewidth=0.8,
                           edgecolor=LINE))
    ax.add_patch(Circle((cx, cy), radius, fill=False, linewidth=0.8, edgecolor=LINE))
    target = report.target
    ax.text(cx, cy, str(target) if target is not None else "∞", ha="center", va="center",
            fontsize=pt(size))
    ax.plot([cx, cx], [cy + radius, bottom + height], color=LINE, linewidth=0.8)
    for corner in (0.0, width):
        dx, dy = corner - cx, bottom - cy
        length = (dx * dx + dy * dy) ** 0.5
        ax.plot([cx + dx / length * radius, corner], [cy + dy / length * radius, bottom],
                color=LINE, linewidth=0.8)
    seats = [Seat(i) for i in range(3)]
    # the first seat sits at the bottom, the next ones left and right in playing order
    low, left, right = seats[0], seats[1], seats[2]
    whist, pool = 0.07, 0.06
    # bottom player: bands parallel to the bottom edge

    def span(y: float) -> tuple[float, float]:
        t = (y - bottom) / (cy - bottom)
        return cx * t, width - (width - cx) * t

    for depth in (whist, whist + pool):
        x0, x1 = span(bottom + depth)
        ax.plot([x0, x1], [bottom + depth, bottom + depth], color=LINE, linewidth=0.5)
    ax.plot([cx, cx], [bottom, bottom + whist], color=LINE, linewidth=0.5)
    font = pt(size * 0.8)
    fit(ax, ax.text(cx, bottom - 0.01, _name(report, low), ha="center", va="top",
                    fontsize=pt(size), fontweight="bold", gid=f"sheet-name-{low}"),
        *_BOTTOM_NAME)
    fitted(ax, cx * 0.55, bottom + whist / 2, history(rows, (low, "whist", left)), 0.4, font,
           gid=f"whist-{low}-{left}", final=final)
    fitted(ax, cx * 1.45, bottom + whist / 2, history(rows, (low, "whist", right)), 0.4, font,
           gid=f"whist-{low}-{right}", final=final)
    fitted(ax, cx, bottom + whist + pool / 2, history(rows, (low, "pool", None)), 0.72, font,
           gid=f"pool-{low}", final=final)
    fitted(ax, cx, bottom + whist + pool + 0.05, history(rows, (low, "mountain", None)), 0.6,
           font, gid=f"mountain-{low}", final=final)
    # side players: vertical bands from their edge inward; text turned to face them
    for seat, edge, sign, across in ((left, 0.0, 1, right), (right, width, -1, left)):
        for depth in (whist, whist + pool):
            x = edge + sign * depth
            y0 = bottom + (cy - bottom) * (abs(x - edge) / cx)
            ax.plot([x, x], [y0, bottom + height], color=LINE, linewidth=0.5)
        mid = (bottom + height + bottom + (cy - bottom) * whist / cx) / 2
        ax.plot([edge, edge + sign * whist], [mid, mid], color=LINE, linewidth=0.5)
        rotation = 90 if sign > 0 else -90
        fit(ax, ax.text(edge - sign * 0.012, bottom + height / 2, _name(report, seat),
                        rotation=rotation, ha="center", va="center", fontsize=pt(size),
                        fontweight="bold", gid=f"sheet-name-{seat}"),
            bottom, bottom + height, vertical=True)
        upper = bottom + height - mid
        lower = mid - (bottom + (cy - bottom) * whist / cx)
        fitted(ax, edge + sign * whist / 2, (mid + bottom + height) / 2,
               history(rows, (seat, "whist", across)), upper * 0.9, font, rotation,
               gid=f"whist-{seat}-{across}", final=final)
        fitted(ax, edge + sign * whist / 2, (mid + bottom + (cy - bottom) * whist / cx) / 2,
               history(rows, (seat, "whist", low)), lower * 0.9, font, rotation,
               gid=f"whist-{seat}-{low}", final=final)
        # pool and mountain columns: from the diagonal up to the top edge
        for depth, kind in ((whist + pool / 2, "pool"), (whist + pool + 0.06, "mountain")):
            start = bottom + (cy - bottom) * depth / cx
            fitted(ax, edge + sign * depth, (start + bottom + height) / 2,
                   history(rows, (seat, kind, None)), (bottom + height - start) * 0.9, font,
                   rotation, gid=f"{kind}-{seat}", final=final)


def _pulka4(ax: Axes, report: MatchReport, rows: list[DealRow], size: float,
            final: bool) -> None:
    """Four players: diagonals corner to corner, nested rectangles, the circle."""
    left, bottom, width, height = 0.0, 0.2, 1.0, 0.78
    cx, cy = left + width / 2, bottom + height / 2
    ax.add_patch(Rectangle((left, bottom), width, height, fill=False, linewidth=0.8,
                           edgecolor=LINE))
    whist, pool = 0.07, 0.06
    for inset in (whist, whist + pool):
        ax.add_patch(Rectangle((left + inset, bottom + inset * height / width),
                               width - 2 * inset, height - 2 * inset * height / width,
                               fill=False, linewidth=0.5, edgecolor=LINE))
    for (x0, y0), (x1, y1) in (((left, bottom), (left + width, bottom + height)),
                               ((left, bottom + height), (left + width, bottom))):
        ax.plot([x0, x1], [y0, y1], color=LINE, linewidth=0.8)
    ax.add_patch(Circle((cx, cy), 0.045, facecolor="white", edgecolor=LINE, linewidth=0.8,
                        zorder=3))
    target = report.target
    ax.text(cx, cy, str(target) if target is not None else "∞", ha="center", va="center",
            fontsize=pt(size), zorder=4)
    font = pt(size * 0.75)
    sides = [("bottom", 0), ("left", 90), ("top", 180), ("right", -90)]
    place = {Seat(i): side for i, (side, _) in enumerate(sides)}
    # along a band, the cell of each opponent lies toward where he sits
    along = {"left": 0.3, "bottom": 0.3, "top": 0.7, "right": 0.7}
    for i, (side, rotation) in enumerate(sides):
        seat = Seat(i)
        others = [Seat((i + k) % 4) for k in (1, 2, 3)]
        opposite = sides[(i + 2) % 4][0]
        cell = {o: 0.5 if place[o] == opposite else along[place[o]] for o in others}

        if side in ("bottom", "top"):
            edge_y = bottom if side == "bottom" else bottom + height
            step = 1 if side == "bottom" else -1
            depth = whist * height / width
            fit(ax, ax.text(cx, edge_y - step * 0.012, _name(report, seat), ha="center",
                            va="top" if side == "bottom" else "bottom", fontsize=pt(size),
                            fontweight="bold", rotation=0,
                            gid=f"sheet-name-{seat}"),
                *(_BOTTOM_NAME if side == "bottom" else (0.3, 0.7)))
            for k, divider in enumerate((0.4, 0.6)):
                x = left + width * divider
                ax.plot([x, x], [edge_y, edge_y + step * depth], color=LINE, linewidth=0.5,
                        gid=f"divider-{seat}-{k}")
            for other in others:
                fitted(ax, left + width * cell[other], edge_y + step * depth / 2,
                       history(rows, (seat, "whist", other)), 0.18, font, rotation,
                       f"whist-{seat}-{other}", final)
            fitted(ax, cx, edge_y + step * (whist + pool / 2) * height / width,
                   history(rows, (seat, "pool", None)), 0.6, font, rotation,
                   f"pool-{seat}", final)
            fitted(ax, cx, edge_y + step * (whist + pool + 0.04) * height / width,
                   history(rows, (seat, "mountain", None)), 0.5, font, rotation,
                   f"mountain-{seat}", final)
        else:
            edge_x = left if side == "left" else left + width
            step = 1 if side == "left" else -1
            fit(ax, ax.text(edge_x - step * 0.012, cy, _name(report, seat), ha="center",
                            va="center", fontsize=pt(size), fontweight="bold",
                            rotation=rotation, gid=f"sheet-name-{seat}"),
                bottom, bottom + height, vertical=True)
            for k, divider in enumerate((0.4, 0.6)):
                y = bottom + height * divider
                ax.plot([edge_x, edge_x + step * whist], [y, y], color=LINE, linewidth=0.5,
                        gid=f"divider-{seat}-{k}")
            for other in others:
                fitted(ax, edge_x + step * whist / 2, bottom + height * cell[other],
                       history(rows, (seat, "whist", other)), 0.18 * height, font, rotation,
                       f"whist-{seat}-{other}", final)
            fitted(ax, edge_x + step * (whist + pool / 2), cy,
                   history(rows, (seat, "pool", None)), 0.6 * height, font, rotation,
                   f"pool-{seat}", final)
            fitted(ax, edge_x + step * (whist + pool + 0.04), cy,
                   history(rows, (seat, "mountain", None)), 0.5 * height, font, rotation,
                   f"mountain-{seat}", final)


def _serbian(ax: Axes, report: MatchReport, rows: list[DealRow], size: float,
             final: bool) -> None:
    """Each player's three columns: supe on the left opponent | bule | supe on the right.

    Serbian play runs counter-clockwise ("udesno", seed 001): the next player in playing
    order sits on one's right, the previous one on the left."""
    players = report.players
    block = 1.0 / players
    top = 0.97
    for i in range(players):
        seat = Seat(i)
        left_of, right_of = Seat((i - 1) % players), Seat((i + 1) % players)
        x0 = i * block
        ax.add_patch(Rectangle((x0 + 0.01, 0.22), block - 0.02, top - 0.22, fill=False,
                               linewidth=0.8, edgecolor=LINE))
        fit(ax, ax.text(x0 + block / 2, top - 0.015, _name(report, seat), ha="center",
                        va="top", fontsize=pt(size), fontweight="bold",
                        gid=f"sheet-name-{seat}"), x0 + 0.015, x0 + block - 0.015)
        columns = (("LEVO", (seat, "supe", left_of)), ("BULE", (seat, "bule", None)),
                   ("DESNO", (seat, "supe", right_of)))
        centres = [x0 + 0.01 + (block - 0.02) * (k + 0.5) / 3 for k in range(3)]
        _headings(ax, [(cx, title, f"column-{seat}-{title}")
                       for cx, (title, _) in zip(centres, columns, strict=True)],
                  top - 0.065, (block - 0.02) / 3, pt(size * 0.7))
        for cx, (_, key) in zip(centres, columns, strict=True):
            values = history(rows, key)
            if key[1] == "bule" and report.target and values[:1] != [report.target]:
                values.insert(0, report.target)  # every player starts with the agreed bule
            # a long column is set closer and smaller, then begins with "…" and the
            # latest entries: it never runs out of its box
            room = top - 0.11 - 0.23
            step = min(0.04, room / max(len(values), 1))
            shown = list(enumerate(values))
            first = 0
            if step < 0.024:
                step = 0.024
                keep = int(room / step)
                shown = shown[len(shown) - keep + 1:]
                first = 1
                ax.text(cx, top - 0.11, "…", ha="center", va="top", fontsize=pt(size * 0.6),
                        gid=f"{key[1]}-{seat}-{key[2] or ''}-more")
            font = pt(size * 0.8 * max(step / 0.04, 0.75))
            renderer = renderer_of(ax)
            for row, (n, value) in enumerate(shown, start=first):
                pieces = [(printed(value), n < len(values) - 1)]
                if key[1] == "bule" and value < 0:
                    pieces.append((" ◠", False))  # šešir: under the hat
                widths = [_measure(renderer, text, font) for text, _ in pieces]
                # the row's top at the step, as the column's heading sets it
                half = ax.transData.inverted().transform((0, widths[0][1] / 2))[1] - \
                    ax.transData.inverted().transform((0, 0))[1]
                _draw(ax, cx, top - 0.11 - row * step - half, pieces, widths,
                      sum(w for w, _ in widths), font, 0, f"{key[1]}-{seat}-{key[2] or ''}-{n}",
                      final and n == len(values) - 1)
        for k in (1, 2):
            x = x0 + 0.01 + (block - 0.02) * k / 3
            ax.plot([x, x], [0.22, top - 0.05], color=LINE, linewidth=0.5)
        ax.plot([x0 + 0.01, x0 + block - 0.01], [top - 0.05, top - 0.05], color=LINE,
                linewidth=0.5)
        refe = rows[-1].sheet.get((seat, "refa", None), 0) if rows else 0
        if refe:
            ax.text(x0 + block / 2, 0.235, "refe " + "●" * int(refe), ha="center",
                    va="bottom", fontsize=pt(size * 0.8))


def sheet_figure(report: MatchReport, upto: int | None = None, size: float = 9.0,
                 width: float = 6.0, height: float = 5.2, lang: str | None = None,
                 style: Style = Style()) -> Figure:
    """The sheet of ``report`` after deal ``upto`` (1-based; default: the last), with
    the settlement below it (the report's: give one scored up to that deal); labels in
    ``lang`` (default: the variant's, :func:`pfn.render.words.words_for`); the face,
    the caption and the background as ``style`` says."""
    with typeset(style):
        figure = _sheet_figure(report, upto, size, width, height, lang, style)
        if style.tight:
            tighten(figure)
    if style.transparent:
        figure.patch.set_alpha(0)
    return figure


def _sheet_figure(report: MatchReport, upto: int | None, size: float, width: float,
                  height: float, lang: str | None, style: Style) -> Figure:
    from pfn.diagnostics import UnknownVariant
    from pfn.variants import find_variant

    try:
        words = words_for(lang, find_variant(report.variant).language)
    except UnknownVariant:
        words = words_for(lang)
    rows = report.rows[:upto] if upto is not None else report.rows
    figure = Figure(figsize=(width, height))
    FigureCanvasAgg(figure)  # a renderer to measure the totals by (see fitted)
    ax = figure.add_axes((0.03, 0.03, 0.94, 0.94))
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_axis_off()
    # the whole match: the figures the settlement is made from framed, as players close
    # a sheet (a sheet up to an earlier board is still open)
    final = upto is None or upto >= len(report.rows)
    if report.layout == "columns":
        _serbian(ax, report, rows, size, final)
    elif report.layout == "chips":
        _chips(ax, report, rows, size, final)
    elif report.players == 4:
        _pulka4(ax, report, rows, size, final)
    else:
        _pulka3(ax, report, rows, size, final)
    board = rows[-1].board if rows else "-"
    said = style.caption if style.caption is not None else \
        f"{report.id or 'deal'} · {report.variant} · " + words.after_board.format(board=board)
    caption = ax.text(0.0, 0.19 - 0.01, printable(said) if style.title else "",
                      fontsize=pt(size * 0.8), va="top", color="#444444",
                      gid="sheet-caption")
    names = [t for t in ax.texts if t.get_gid() == "sheet-name-A"] \
        if report.layout != "columns" else []  # the pulka's bottom name, on this line
    fit(ax, caption, high=(left_of(ax, names[0]) if names else 0.6) - 0.02)
    figure.set_label(caption.get_text() or printable(said))
    partial = upto is not None and upto < len(report.rows)
    _settlement(ax, report, 0.62, 0.175, size,
                words.settlement_after.format(board=board) if partial else words.settlement)
    lengthen(figure)  # a narrow sheet's settlement, in type that does not shrink below 7 pt
    return figure


def _chips(ax: Axes, report: MatchReport, rows: list[DealRow], size: float,
           final: bool) -> None:
    """The chips ledger (Britannica): a line a deal, what each player paid into the pot
    or took from it and what the pot holds after, the running chips at the foot."""
    players = report.players
    top, foot = 0.97, 0.24
    columns = players + 2  # the board, each player, the pot
    width = 1.0 / columns

    def cell(column: int) -> float:
        return width * (column + 0.5)

    ax.add_patch(Rectangle((0, 0.22), 1.0, top - 0.22, fill=False, linewidth=0.8,
                           edgecolor=LINE))
    heads = ["#", *(_name(report, Seat(i)) for i in range(players)), "pot"]
    for k, head in enumerate(heads):
        fit(ax, ax.text(cell(k), top - 0.015, head, ha="center", va="top", fontsize=pt(size),
                        fontweight="bold", gid=f"chips-head-{k}"),
            k * width + 0.005, (k + 1) * width - 0.005)
    ax.plot([0, 1], [top - 0.06] * 2, color=LINE, linewidth=0.6)
    # the latest deals, as many as the box holds (the first ones behind "…")
    room = top - 0.075 - (foot + 0.05)
    step = min(0.045, room / max(len(rows), 1))
    shown = rows
    if step < 0.03:
        step = 0.03
        shown = rows[len(rows) - int(room / step) + 1:]
        ax.text(cell(0), top - 0.075, "…", ha="center", va="top", fontsize=pt(size * 0.8),
                gid="chips-more")
    font = pt(size * 0.85 * max(step / 0.045, 0.8))
    y = top - 0.075 - (step if shown is not rows else 0)
    for row in shown:
        ax.text(cell(0), y, row.board, ha="center", va="top", fontsize=font, color="#444444",
                gid=f"chips-board-{row.board}")
        for i in range(players):
            paid = row.written.get((Seat(i), "chips", None), 0)
            if paid:
                ax.text(cell(i + 1), y, printed(paid, sign=True), ha="center", va="top",
                        fontsize=font, gid=f"chips-{row.board}-{Seat(i)}")
        pot = -sum(row.sheet.get((Seat(i), "chips", None), 0) for i in range(players))
        ax.text(cell(columns - 1), y, printed(pot), ha="center", va="top", fontsize=font,
                gid=f"chips-pot-{row.board}")
        y -= step
    # the foot: each player's chips after the last deal shown, framed once the pool ends
    ax.plot([0, 1], [foot + 0.045] * 2, color=LINE, linewidth=0.6)
    last = rows[-1].sheet if rows else {}
    frame = {"boxstyle": "square,pad=0.2", "facecolor": "none", "edgecolor": LINE,
             "linewidth": 0.6} if final else None
    ax.text(cell(0), foot + 0.02, "Σ", ha="center", va="center", fontsize=pt(size))
    for i in range(players):
        ax.text(cell(i + 1), foot + 0.02, printed(last.get((Seat(i), "chips", None), 0)),
                ha="center", va="center", fontsize=pt(size), fontweight="bold", bbox=frame,
                gid=f"chips-total-{Seat(i)}")
    pot = -sum(last.get((Seat(i), "chips", None), 0) for i in range(players))
    ax.text(cell(columns - 1), foot + 0.02, printed(pot), ha="center", va="center",
            fontsize=pt(size), gid="chips-total-pot")
