"""Deal diagrams: one position of the play drawn with matplotlib, ready for print.

:func:`deal_figure` returns a :class:`matplotlib.figure.Figure` built with the
object-oriented API (no pyplot state); saving is the caller's choice.  Seats sit
around the table in the variant's playing direction, the declarer at the bottom by
default; the talon and the discard stand in the empty fourth place; the trick on the
table is in the middle, each card pushed toward its player, the leader marked and the
winner framed.  Text stays text in SVG and PDF (DejaVu Sans, which has the suits).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, Polygon
from matplotlib.text import Text
from matplotlib.transforms import ScaledTranslation

from pfn.cards import SUITS, Card, cards_of
from pfn.diagnostics import printable
from pfn.model import CardRef, Record
from pfn.render.bidi import isolate
from pfn.render.fit import FLOOR, extent_of, fit, left_of, renderer_of, wrap
from pfn.render.heading import draw_heading, heading_lines, heading_steps, text_line
from pfn.render.look import BACK, BLACK, GREY, HIGHLIGHT, Style, suit_colour, typeset
from pfn.render.picture import extent, svg_text, tighten
from pfn.render.position import (
    Scene,
    card_text,
    deal_line,
    discard_unknown,
    moment,
    named_trick_line,
    outcome,
    position,
    positions,
    short_name,
    tally,
    talon_cards,
    title,
)
from pfn.render.seating import (
    TALON_AT,
    Layout,
    empty_place,
    layout,
    places,
    talon_card_place,
)
from pfn.render.words import Words, words_for
from pfn.rules.replay import PlayedTrick, Replay
from pfn.seats import Seat


def _name(replay: Replay, seat: Seat) -> str:
    names = replay.record.names
    if seat.index < len(names) and names[seat] and names[seat] != str(seat):
        return printable(f"{isolate(names[seat])} ({seat})")  # a record's text: no control codes
    return str(seat)


def _hand(ax: Axes, pos: Scene, seat: Seat, x: float, y: float, style: Style,
          size: float, words: Words, marks: dict[Card, tuple[int, bool]] | None = None
          ) -> None:
    """The cards ``seat`` holds, one line per suit, from (x, y) downward; ``marks``: a
    small value written after each of those cards, and whether it is a best card (the
    double-dummy marks)."""
    if not pos.known(seat):  # a card back, under the tally, beside the word
        points = _points(ax)
        top = y - size * 0.25 * points
        high = size * 1.45 * points
        ax.add_patch(FancyBboxPatch((x, top - high), 0.05, high, boxstyle="round,pad=0.004",
                                    facecolor="#dde4ee", edgecolor="#7a8aa3", linewidth=0.6,
                                    gid=f"back-{seat}"))
        ax.text(x + 0.07, top - high / 2, words.hidden, fontsize=size * 0.8,
                color="#55627a", va="center", style="italic", gid=f"hidden-{seat}")
        return
    held = pos.held.get(seat, 0)
    played = pos.played.get(seat, 0)
    # after the play, the hands as dealt, every card grey (nothing is left to hold)
    grey = style.played == "grey" or (pos.trick is None and pos.number > 0)
    # Offsets in points, not axes units, so a small diagram in a strip keeps its spacing.
    for row, suit in enumerate(SUITS):
        down = -row * size * 1.45
        ax.annotate(suit.symbol, xy=(x, y), xytext=(0, down), textcoords="offset points",
                    fontsize=size, color=suit_colour(suit, style), va="top")
        mine = held & suit.mask
        gone = played & suit.mask if grey else 0
        if not (gone or marks) or not mine | gone:  # the cards held, as one text
            ranks = " ".join(words.rank(c.rank.printed)
                             for c in sorted(cards_of(mine), reverse=True))
            ax.annotate(ranks or "—", xy=(x, y), xytext=(size * 1.05, down),
                        textcoords="offset points", fontsize=size, color=BLACK,
                        va="top", gid=f"hand-{seat}-{suit.letter}")
            continue
        # held and played in one row, high to low, each card where it was, the played
        # ones grey
        previous = None
        for card in sorted(cards_of(mine | gone), reverse=True):
            kind = "hand" if mine >> card & 1 else "played"
            options = {"fontsize": size, "va": "top",
                       "color": BLACK if kind == "hand" else GREY,
                       "gid": f"{kind}-{seat}-{suit.letter}-{card.rank.letter}"}
            if previous is None:
                previous = ax.annotate(words.rank(card.rank.printed), xy=(x, y),
                                       xytext=(size * 1.05, down), textcoords="offset points",
                                       **options)  # type: ignore[arg-type]
            else:
                previous = ax.annotate(words.rank(card.rank.printed), xy=(1, 1),
                                       xycoords=previous,
                                       xytext=(size * 0.3, 0), textcoords="offset points",
                                       **options)  # type: ignore[arg-type]
            if marks and card in marks:  # its value, raised and small, after it
                value, best = marks[card]
                previous = ax.annotate(
                    str(value), xy=(1, 1), xycoords=previous, xytext=(size * 0.08, 0),
                    textcoords="offset points", fontsize=max(FLOOR, size * 0.62),
                    va="top", color=HIGHLIGHT if best else "#9a3b3b",
                    gid=f"dd-{seat}-{suit.letter}-{card.rank.letter}")


def _points(ax: Axes) -> float:
    """One point, in the axes' units along y."""
    figure = ax.get_figure(root=True)
    assert isinstance(figure, Figure)
    return float(1 / (ax.get_position().height * figure.get_size_inches()[1] * 72))


def _card_row(ax: Axes, x: float, y: float, kind: str, label: str,
              cards: list[Card | CardRef | None] | None, style: Style, size: float,
              words: Words) -> tuple[Text, Text]:
    """``talon ♦8 ♥8``: a label, then each card in its suit's colour (``None``: face
    down); ``kind`` (``talon``, ``discard``) names the texts.  The row's first text
    and its last."""
    first = previous = ax.text(x, y, label, fontsize=size, va="top", color="#666666",
                               style="italic", gid=f"label-{kind}")
    for index, card in enumerate(cards if cards is not None else [None, None]):
        if cards is None:  # face down: a small card back
            previous = ax.annotate("\u2002", xy=(1, 0), xycoords=previous, va="bottom",
                                   xytext=(size * (0.75 if index == 0 else 0.85), 0),
                                   textcoords="offset points",
                                   fontsize=size, gid=f"{kind}-back-{index}",
                                   bbox={"boxstyle": "round,pad=0.3", "facecolor": BACK,
                                         "edgecolor": "#1c2f55", "linewidth": 0.6,
                                         "hatch": "////"})
            continue
        colour = (suit_colour(card >> 3, style) if isinstance(card, Card) else BLACK)
        previous = ax.annotate(card_text(card, words), xy=(1, 0), xycoords=previous,
                               va="bottom",
                               xytext=(size * 0.45, 0), textcoords="offset points",
                               fontsize=size, color=colour,
                               gid=f"{kind}-{index}")
    return first, previous


EDGE = 0.99
"""Where a line of the diagram ends at the latest (its axes run the figure's width)."""


def _moved_in(ax: Axes, rows: list[tuple[Text, Text]]) -> None:
    """Rows that run past the picture's edge (the talon in a narrow corner) moved in
    together, as far as the longest needs."""
    ends = [extent_of(ax, last) for _, last in rows]
    over = max((end.x1 - EDGE for end in ends if end is not None), default=0.0)
    if over > 0:
        for first, _ in rows:
            first.set_x(first.get_position()[0] - over)


def draw_position(ax: Axes, pos: Scene, style: Style = Style(), size: float | None = None,
                  heading: bool = True, table_cards: bool = True) -> None:
    """Draw one position on ``ax`` (unit square, axis off); ``size``: the style's;
    without ``heading`` only the moment is named (a panel of a strip, a figure without
    title), without ``table_cards`` no talon and discard (shown once in a strip)."""
    size = style.size if size is None else size
    replay = pos.replay
    where = places(replay, style)
    table = layout(replay, where)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_axis_off()
    record = replay.record
    words = words_for(style.lang, replay.variant.language)
    if heading and style.title:
        corner = ax.text(0.98, 0.985, moment(pos, words), fontsize=size * 0.85, va="top",
                         ha="right", color="#333333", gid="trick-label")
        text_line(ax, 0.02, 0.985, title(replay, words), style, high=left_of(ax, corner) - 0.02,
              fontsize=size * 1.05, fontweight="bold", va="top", color=BLACK, gid="title")
        text_line(ax, 0.02, 0.945, deal_line(replay, words), style, high=0.98,
              fontsize=size * 0.85, va="top", color="#333333", gid="deal-line")
    elif not heading:  # a panel: its trick's number in the table's corner
        tx0, ty0, _, th = table.table
        ax.text(tx0 + 0.012, ty0 + th - 0.012, str(pos.number) if pos.trick else
                moment(pos, words), fontsize=size * 0.85, va="top", ha="left",
                fontweight="bold", color="#6b7a63", gid="trick-label", zorder=3)
    # talon and discard in the empty place (top), or a corner at a table of four
    empty = empty_place(where)
    tx, ty = TALON_AT[empty] if empty is not None else (0.74, 0.9)
    rows: list[tuple[str, str, list[Card | CardRef | None] | None]] = []
    talon = talon_cards(replay)
    if talon:  # turned face up for all to see, in every variant
        rows.append(("talon", words.talon, talon))
    if record.discard:
        shown = record.discard_public or replay.declarer not in pos.hidden
        rows.append(("discard", words.discard, list(record.discard) if shown else None))
    elif discard_unknown(replay):
        rows.append(("discard", words.no_discard, []))
    _moved_in(ax, [_card_row(ax, tx, ty - i * 0.05, kind, label, cards, style, size * 0.85,
                             words)
                   for i, (kind, label, cards) in enumerate(rows if table_cards else [])])
    dd = double_dummy(pos, words) if style.dd else None
    if style.dd:  # what the marks count, or why there are none
        noted = dd[2] if dd is not None else words.dd_over
        fit(ax, ax.text(0.98, 0.02, noted, fontsize=size * 0.75, ha="right", va="bottom",
                        color="#555555", gid="dd-note"), low=0.02)
    # the players
    for seat, place in where.items():
        x, y = table.anchors[place]
        marks = []
        if seat == replay.declarer:
            marks.append(words.declarer)
        if seat == replay.dealer:
            marks.append(words.deals)
        hand_x = x - 0.12 if place in ("bottom", "top") else x
        # the name, then the tally, above the hand: spaced in points, so that a short
        # figure (the book style) keeps them apart
        lift = size * 0.35
        name = ax.annotate("", xy=(hand_x, y), xytext=(0, lift + size * 0.75 * 1.25),
                           textcoords="offset points", fontsize=size * 0.9,
                           fontweight="bold", va="bottom", ha="left",
                           color=BLACK, gid=f"name-{seat}")
        # a name keeps clear of the table in the middle and of the picture's edge: the
        # player's name is shortened first, his seat and role are kept
        high = {"left": table.table[0] - 0.01,
                "top": 0.72 if replay.players == 4 else 0.99}.get(place, 0.99)
        moved = _seat_label(ax, name, replay, seat, f" · {', '.join(marks)}" if marks else "",
                            high)
        # the line below the name: the tally (a dealer who sits out has none), and the
        # role when it did not fit beside the name
        below = [", ".join(marks)] if moved else []
        if not pos.sits_out(seat) or pos.takes_talon_tricks(seat):
            below.append(tally(pos, seat, words))
        if below:
            fit(ax, ax.annotate(" · ".join(below), xy=(hand_x, y), xytext=(0, lift),
                                textcoords="offset points", fontsize=size * 0.75,
                                va="bottom", ha="left", color="#555555",
                                gid=f"tricks-{seat}"), high=high)
        if not pos.sits_out(seat):
            _hand(ax, pos, seat, hand_x, y, style, size, words,
                  dd[1] if dd is not None and dd[0] == seat else None)
    # the trick on the table; after the play, its result
    trick = pos.trick
    said = outcome(replay, words) if trick is None and pos.number > 0 else None
    if said is not None:
        _result(ax, said, table, style, size, words)
    if trick is not None:
        _trick(ax, trick, replay, where, table, style, size, words)


def _seat_label(ax: Axes, text: Text, replay: Replay, seat: Seat, marks: str,
                high: float) -> bool:
    """``Boris (B) · deals``, cut to end before ``high``: a little smaller first, then
    the role moved to the line below (``True`` tells the caller to write it there) when
    the name fits without it; else the name shortened behind "…" (``Bo… (B) · deals``)."""
    full = _name(replay, seat)
    text.set_text(full + marks)
    if renderer_of(ax) is None:
        return False

    def fits() -> bool:
        box = extent_of(ax, text)
        return box is not None and bool(box.x1 <= high + 1e-9)

    if fits():
        return False
    size = float(text.get_fontsize())
    smallest = size
    for scale in (0.9, 0.82):
        if size * scale < FLOOR:
            break
        smallest = size * scale
        text.set_fontsize(smallest)
        if fits():
            return False
    if marks:  # a long role word (сдаёт, igrač) goes below, not the name cut
        text.set_fontsize(size)
        text.set_text(full)
        if fits():
            return True
        text.set_fontsize(smallest)
    name = short_name(replay, seat)
    kept = f" ({seat}){marks}" if full != str(seat) else marks
    low_n, high_n = 0, len(name) - 1
    while low_n < high_n:  # the longest beginning of the name that fits
        middle = (low_n + high_n + 1) // 2
        text.set_text(name[:middle].rstrip() + "…" + kept)
        if fits():
            low_n = middle
        else:
            high_n = middle - 1
    text.set_text((name[:low_n].rstrip() + "…" if low_n else "") + kept.lstrip())
    if not fits():  # the seat and role alone are still too long: cut them too
        fit(ax, text, high=high)
    return False


def _result(ax: Axes, said: str, table: Layout, style: Style, size: float,
            words: Words) -> None:
    """The deal's result in the middle of the table, line by line, each name kept with
    its count, the red suits red."""
    tx0, ty0, tw, th = table.table
    ax.add_patch(FancyBboxPatch((tx0, ty0), tw, th, boxstyle="round,pad=0.01",
                                facecolor="#eef3ea", edgecolor="#c5d1bd", linewidth=0.6))
    head, _, rest = said.partition(" ")
    if said.startswith(words.allpass + ":") or ": " in said:
        head, _, rest = said.partition(": ")
    # "Ana 2, Boris 3": a line never breaks between a name and its count
    rest = ", ".join(part.replace(" ", "\u00a0") for part in rest.split(", ")) \
        if said.startswith(words.allpass + ":") else rest
    look: dict[str, Any] = {"fontsize": size, "fontweight": "bold", "color": BLACK}
    lines = [head] + [line.replace("\u00a0", " ")
                      for line in wrap(ax, rest, tw * 0.94, **look)]
    step = size * 1.3 * _points(ax)
    top = ty0 + th / 2 + step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        text_line(ax, tx0 + tw / 2, top - i * step, line, style, low=tx0, high=tx0 + tw,
              ha="center", va="center", gid="outcome" if i == 0 else f"outcome-{i}", **look)


def _trick(ax: Axes, trick: PlayedTrick, replay: Replay, where: dict[Seat, str],
           table: Layout, style: Style, size: float, words: Words) -> None:
    """The cards of the trick on the table, each toward its player, the lead marked and
    the winner framed; a talon card labelled, inside the table."""
    tx0, ty0, tw, th = table.table
    ax.add_patch(FancyBboxPatch((tx0, ty0), tw, th, boxstyle="round,pad=0.01",
                                facecolor="#eef3ea", edgecolor="#c5d1bd", linewidth=0.6))
    talon_place, talon_wins = talon_card_place(replay, trick, where)
    for index, (player, card) in enumerate(zip(trick.seats, trick.cards, strict=True)):
        place = talon_place if player is None else where.get(player, "top")
        cx, cy = table.spots[place]
        winner = player == trick.winner if player is not None else talon_wins
        if player is None:  # labelled on its outer side, clear of the other cards
            em = size * 1.15
            outward = -1 if place == "left" else 1
            gap = 1.7 if outward > 0 else 2.4  # on the left, beyond the lead marker
            label = ax.annotate(words.talon, xy=(cx, cy), xytext=(outward * gap * em, 0),
                                textcoords="offset points", fontsize=size * 0.75,
                                ha="left" if outward > 0 else "right", va="center",
                                color="#555555", style="italic", gid=f"talon-label-{index}")
            box = extent_of(ax, label)
            # no room beside it on the table: under the card
            if box is not None and (box.x0 < tx0 or box.x1 > tx0 + tw):
                label.set_position((0, -em * 1.05))
                label.set_horizontalalignment("center")
                label.set_verticalalignment("top")
        ax.text(cx, cy, card_text(card, words), fontsize=size * 1.15, ha="center",
                va="center", fontweight="bold" if winner else "normal",
                color=suit_colour(card >> 3, style) if card is not None else BLACK,
                gid=f"trick-{index}",
                bbox={"boxstyle": "round,pad=0.3", "facecolor": "white",
                      "edgecolor": HIGHLIGHT if winner else "#8a8a8a",
                      "linewidth": 1.6 if winner else 0.6})
        if index == 0:  # the lead: a triangle pointing at the card, left of its box
            em = size * 1.15 / 72  # the card's type size, in inches
            figure = ax.get_figure()
            assert figure is not None
            at = figure.dpi_scale_trans + ScaledTranslation(
                cx, cy, ax.transData)  # type: ignore[arg-type]  # any transform does
            ax.add_patch(Polygon([(-1.55 * em, 0), (-2.15 * em, 0.35 * em),
                                  (-2.15 * em, -0.35 * em)], closed=True, transform=at,
                                 color=HIGHLIGHT, linewidth=0, gid="lead-marker"))


def double_dummy(pos: Scene, words: Words
                 ) -> tuple[Seat | None, dict[Card, tuple[int, bool]], str] | None:
    """The marks of ``pos``: who plays next, each card he may play with its value and
    whether it is best, and a note saying what the numbers count (or why there are
    none); ``None`` once the play is over."""
    from pfn.analysis.position import NotAnalysable
    from pfn.analysis.solve import position_at, solve

    if pos.trick is None and pos.number > 0:
        return None
    if pos.hidden:  # marks worked out from the hidden cards would give them away
        return None, {}, words.dd_none.format(why=words.hidden)
    try:
        # before the lead: an ending's first trick; with a trick on the table: the next
        after = pos.replay.record.first_trick if pos.number == 0 else pos.number + 1
        solution = solve(position_at(pos.replay, after if after <= 10 else None))
    except NotAnalysable as problem:
        return None, {}, words.dd_none.format(why=problem)
    if solution.mover is None:
        return None
    best = set(solution.best)
    marks = {card: (value, card in best) for card, value in solution.cards.items()}
    counted = words.dd_declarer if solution.kind != "allpass" else \
        words.dd_paranoid.format(name=short_name(pos.replay, solution.mover))
    return solution.mover, marks, words.dd_note.format(counted=counted)


def deal_figure(replay: Replay, trick: int = 0, style: Style = Style(),
                hidden: Sequence[Seat] = ()) -> Figure:
    """The figure of one position: ``trick`` 0 before the lead, 1–10 with that trick on
    the table, past the last trick the end of the play."""
    with typeset(style):
        return _deal_figure(position(replay, trick, frozenset(hidden)), style)


def position_figure(pos: Scene, style: Style = Style()) -> Figure:
    """The figure of a position made by the caller (a card of a trick, for animation)."""
    with typeset(style):
        return _deal_figure(pos, style)


def _deal_figure(pos: Scene, style: Style) -> Figure:
    replay = pos.replay
    words = words_for(style.lang, replay.variant.language)
    # the trick list: the tricks played up to this position, or all of them
    listed = [t for t in replay.tricks if style.tricks == "all" or
              (style.tricks == "played" and ((pos.trick is None and pos.number > 0) or
                                            t.number <= pos.number))]
    font = style.size * 0.85
    height = style.height or layout(replay, places(replay, style)).height
    figure = Figure(figsize=(style.width, height))
    FigureCanvasAgg(figure)  # a renderer to measure text by (pfn.render.fit)
    # under the diagram, each line in one size: the author's caption, before the lead
    # the record's comment (a problem's statement), with a trick the comment on it, and
    # the trick list
    probe = figure.add_axes((0, 0, 1, 1))
    probe.set_xlim(0, 1)
    texts: list[tuple[str, str, dict[str, Any]]] = []
    italic: dict[str, Any] = {"style": "italic", "color": "#333333"}
    plain: dict[str, Any] = {"color": BLACK}
    quiet: dict[str, Any] = {"color": "#333333"}  # upright: ⩲ has no italic here
    said = [printable(c) for c in replay.record.comments] if pos.number == 0 else []
    if pos.caption:
        said.append(pos.caption)
    for kind, paragraphs, look in (("caption", [printable(style.caption)] if style.caption
                                    else [], plain),
                                   ("statement" if pos.number == 0 else "comment", said,
                                    italic if pos.number == 0 else quiet)):
        lines = [line for text in paragraphs
                 for line in wrap(probe, text, 0.96, fontsize=font, **look)]
        texts += [(line, f"{kind}-{i}", look) for i, line in enumerate(lines)]
    texts += [(named_trick_line(replay, t, words), f"list-{t.number}", dict(plain))
              for t in listed]
    heading = heading_lines(probe, pos, style, words) if style.title else None
    figure.delaxes(probe)
    line = font * 1.45 / 72  # inches a line
    extra = (len(texts) + 0.8) * line if texts else 0.0
    ax = figure.add_axes((0, 0, 1, 1))
    # a heading that needs more than the diagram's own two lines gets a band of its own
    # above the diagram, as tall as its lines (the moment beside the title when it fits)
    draw_position(ax, pos, style if heading is None else replace(style, title=False))
    steps, above = heading_steps(heading or [])
    # tight: the diagram's axes cut to what is drawn (no band of white above the side
    # hands or under the bottom one); one unit keeps its inches, so nothing moves
    low, high = extent(ax) if style.tight else (0.0, 1.0)
    drawing = height * (high - low)
    ax.set_ylim(low, high)
    total = drawing + extra + above
    figure.set_size_inches(style.width, total)
    ax.set_position((0, extra / total, 1, drawing / total))
    if heading:
        draw_heading(figure, heading, style, steps, (extra + drawing) / total, above / total)
    figure.set_label(" · ".join(p for p in (title(replay, words), deal_line(replay, words),
                                             moment(pos, words)) if p))
    if texts:
        under = figure.add_axes((0, 0, 1, extra / (drawing + extra)))
        under.set_xlim(0, 1)
        under.set_ylim(0, 1)
        under.set_axis_off()
        for i, (text, gid, look) in enumerate(texts):
            text_line(under, 0.02, 1 - (i + 0.5) / (len(texts) + 0.8), text, style, high=0.98,
                  fontsize=font, va="center", gid=gid, **look)
    _finish(figure, style)
    return figure


def _finish(figure: Figure, style: Style) -> None:
    """The box made tight and the background dropped, as the style asks."""
    if style.tight:
        tighten(figure)
    if style.transparent:
        figure.patch.set_alpha(0)


def strip_figure(replay: Replay, style: Style = Style(), hidden: Sequence[Seat] = (),
                 columns: int = 4) -> Figure:
    """Every trick of the play in one grid, for a page that shows the whole deal: the
    heading, the talon and the discard once, above the grid; each panel its trick."""
    found = [p for p in positions(replay, frozenset(hidden)) if p.trick is not None]
    if not found:
        found = positions(replay, frozenset(hidden))[:1]
    rows = (len(found) + columns - 1) // columns
    scale = 0.62
    height = style.height or layout(replay, places(replay, style)).height
    words = words_for(style.lang, replay.variant.language)
    head = 0.5 if style.title else 0.0  # inches for the heading
    with typeset(style):
        figure = Figure(figsize=(style.width * scale * columns, height * scale * rows + head))
        FigureCanvasAgg(figure)
        figure.set_label(" · ".join(p for p in (title(replay, words),
                                                 deal_line(replay, words)) if p))
        total = height * scale * rows + head
        if style.title:
            top = figure.add_axes((0, 1 - head / total, 1, head / total))
            top.set_xlim(0, 1)
            top.set_ylim(0, 1)
            top.set_axis_off()
            text_line(top, 0.01, 0.9, title(replay, words), style, high=0.99,
                  fontsize=style.size * 1.05, fontweight="bold", va="top", color=BLACK,
                  gid="title")
            line = " · ".join(p for p in (deal_line(replay, words),
                                          _table_cards(replay, words, hidden)) if p)
            text_line(top, 0.01, 0.42, line, style, high=0.99, fontsize=style.size * 0.85,
                  va="top", color="#333333", gid="deal-line")
        panel_w, panel_h = style.width * scale, height * scale
        panels = []
        for pos in found:
            ax = figure.add_axes((0, 0, 1 / columns, panel_h / total))
            draw_position(ax, pos, style, size=style.size * scale, heading=False,
                          table_cards=False)
            panels.append(ax)
        # every panel cut to the same band, the one their drawings need together
        low, high = (0.0, 1.0)
        if style.tight and panels:
            bands = [extent(ax) for ax in panels]
            low, high = min(b[0] for b in bands), max(b[1] for b in bands)
        panel_h *= high - low
        gap = 0.06
        total = rows * panel_h + (rows - 1) * gap + head
        figure.set_size_inches(panel_w * columns, total)
        for index, ax in enumerate(panels):
            row, column = divmod(index, columns)
            ax.set_ylim(low, high)
            bottom = total - head - (row + 1) * panel_h - row * gap
            ax.set_position((column / columns, bottom / total, 1 / columns, panel_h / total))
        if style.title:
            top.set_position((0, 1 - head / total, 1, head / total))
    if style.transparent:
        figure.patch.set_alpha(0)
    return figure


def _table_cards(replay: Replay, words: Words, hidden: Sequence[Seat]) -> str:
    """``talon ♦8 ♥8 · discard ♣7 ♣8``: what lies on the table, for a strip's heading."""
    parts = []
    talon = talon_cards(replay)
    if talon:
        parts.append(f"{words.talon} " + " ".join(card_text(c, words) for c in talon))
    record = replay.record
    if record.discard and (record.discard_public or replay.declarer not in hidden):
        parts.append(f"{words.discard} " + " ".join(card_text(c, words)
                                                    for c in record.discard))
    return " · ".join(parts)


def record_svg(record: Record) -> str | None:
    """The diagram a notebook shows for a record (see :func:`notebook_svg`)."""
    from pfn.deal import replay

    return notebook_svg(replay(record, on_error="collect"))


def diagram_svg(replay: Replay, trick: int) -> str:
    """The diagram of ``replay`` at ``trick`` as SVG text (a board in a notebook)."""
    return svg_text(deal_figure(replay, trick))


def notebook_svg(replay: Replay) -> str | None:
    """The diagram a notebook shows for a replay: the hands before the lead, or ``None``
    when the record has no deal to draw (the notebook then prints the text)."""
    if replay.record.deal is None and replay.contract is None:
        return None
    return svg_text(deal_figure(replay, 0))
