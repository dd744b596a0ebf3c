"""Deal diagrams: one position of the play drawn with matplotlib, ready for print.

:func:`deal_figure` returns a :class:`matplotlib.figure.Figure` built with the
object-oriented API (no pyplot state); saving is the caller's choice.  Seats sit
around the table in the variant's playing direction, the declarer at the bottom by
default; the talon and the discard stand in the empty fourth place; the trick on the
table is in the middle, each card pushed toward its player, the leader marked and the
winner framed.  Text stays text in SVG and PDF (DejaVu Sans, which has the suits).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, Polygon
from matplotlib.transforms import ScaledTranslation

from pfn.cards import SUITS, Card, cards_of
from pfn.diagnostics import PfnError, printable
from pfn.model import CardRef, Record
from pfn.render.fit import FLOOR, fit, left_of
from pfn.render.position import (
    Position,
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
from pfn.render.words import Words, words_for
from pfn.rules.replay import PlayedTrick, Replay
from pfn.seats import Seat

FONT = "DejaVu Sans"
RED = "#c8102e"
BLACK = "#1a1a1a"
GREY = "#b5b5b5"
HIGHLIGHT = "#1f5fbf"
BACK = "#3d5f9e"
"""The back of a card lying face down."""
PLACES = ("bottom", "left", "top", "right")


@dataclass(frozen=True)
class Style:
    """How a diagram looks."""

    width: float = 4.8
    """Figure width in inches (a book column is about 3.4)."""
    height: float | None = None
    """Figure height in inches (default: 4.4 at a table of three, 5.6 at four)."""
    played: str = "hide"
    """Cards already played: ``hide`` them, or show them ``grey``."""
    four_colour: bool = False
    """Four suit colours (♠ black, ♣ green, ♦ orange, ♥ red) instead of two."""
    bottom: Seat | None = None
    """The seat drawn at the bottom (default: the declarer, else the eldest)."""
    size: float = 9.0
    """The type size of the hands, in points; everything else is set relative to it."""
    compact: bool = False
    """The compact book style (:meth:`book`)."""
    tricks: str = "none"
    """A numbered trick list under the diagram: ``none``, the tricks ``played`` up to
    the position, or ``all`` (one figure for the whole deal)."""
    lang: str | None = None
    """The labels' language: ``en``, ``ru`` or ``sr`` (default: the variant's,
    :func:`pfn.render.words.words_for`)."""
    dd: bool = False
    """Double-dummy marks: beside each card the player to move may play, its value with
    best play after it (:mod:`pfn.analysis`)."""

    @classmethod
    def book(cls, width: float = 8.5 / 2.54, **options: object) -> Style:
        """The compact style for a book column (default 8.5 cm): the cards in 8.7 pt,
        nothing under 6.5 pt, the hands closer to the table."""
        return cls(width=width, height=3.8, size=8.7, compact=True, **options)  # type: ignore[arg-type]


def suit_colour(suit_index: int, style: Style) -> str:
    """The print colour of a suit."""
    if style.four_colour:
        return ("#1a1a1a", "#1b7d2b", "#e07000", RED)[suit_index]
    return RED if suit_index >= 2 else BLACK


COMPASS = {"n": "top", "north": "top", "север": "top", "sjever": "top", "sever": "top",
           "e": "right", "east": "right", "восток": "right", "istok": "right",
           "s": "bottom", "south": "bottom", "юг": "bottom", "jug": "bottom",
           "w": "left", "west": "left", "запад": "left", "zapad": "left"}
"""Compass points as sources name their seats, and where each sits on the page."""


def compass(replay: Replay) -> dict[Seat, str] | None:
    """Where each seat sits when the record names its players by compass points
    (``North; East; West``, as problem collections and bridge-style sources do): North
    at the top, South at the bottom — provided the points go round the table in the
    variant's playing direction; otherwise ``None``."""
    names = replay.record.names
    if len(names) != replay.players:
        return None
    found = [COMPASS.get(name.strip().casefold()) for name in names]
    if None in found or len(set(found)) != len(found):
        return None
    where = {Seat(i): place for i, place in enumerate(found) if place is not None}
    ring = ["top", "right", "bottom", "left"]  # clockwise
    if replay.variant.counter_clockwise:
        ring.reverse()
    steps = [(ring.index(where[Seat((i + 1) % len(where))]) - ring.index(where[Seat(i)])) % 4
             for i in range(len(where))]
    return where if sum(steps) == 4 else None  # once round, in order


def talon_card_place(replay: Replay, trick: PlayedTrick, where: dict[Seat, str]
                     ) -> tuple[str, bool]:
    """Where a talon card that opens an all-pass trick lies, and whether it takes the
    trick: in the place of nobody who plays this trick — the empty top place at three,
    the dealer's at four (he takes the tricks it wins)."""
    empty = empty_place(where)
    free = [p for s, p in where.items() if s not in trick.seats]
    dealer = replay.dealer
    place = empty if empty is not None else "top" if not free else \
        where[dealer] if dealer is not None and dealer not in trick.seats else free[0]
    return place, trick.winner is not None and trick.winner not in trick.seats


def empty_place(where: dict[Seat, str]) -> str | None:
    """The place nobody sits in (the talon and the discard lie there)."""
    free = [p for p in PLACES if p not in where.values()]
    return free[0] if free else None


def places(replay: Replay, style: Style) -> dict[Seat, str]:
    """Where each seat sits: ``bottom``, ``left``, ``top`` or ``right``: by compass
    points when the record names its seats so (:func:`compass`) and no ``bottom`` is
    asked for, else the chosen seat at the bottom and the others round the table."""
    players = replay.players
    if style.bottom is None:
        by_compass = compass(replay)
        if by_compass is not None:
            return by_compass
    bottom = style.bottom
    if bottom is None:
        bottom = replay.declarer if replay.declarer is not None else (
            replay.eldest if replay.eldest is not None else Seat.A)
    ring = ["bottom", "left", "top", "right"] if not replay.variant.counter_clockwise else [
        "bottom", "right", "top", "left"]
    if players == 3:
        ring.remove("top")  # the talon and the discard take the empty place
    return {Seat((bottom + i) % players): ring[i] for i in range(players)}


def _name(replay: Replay, seat: Seat) -> str:
    names = replay.record.names
    if seat < len(names) and names[seat] and names[seat] != str(seat):
        return printable(f"{names[seat]} ({seat})")  # a record's text: no control codes
    return str(seat)


def _hand(ax: Axes, pos: Position, seat: Seat, x: float, y: float, style: Style,
          size: float, words: Words, marks: dict[Card, tuple[int, bool]] | None = None
          ) -> None:
    """The cards ``seat`` holds, one line per suit, from (x, y) downward; ``marks``: a
    small value written after each of those cards, and whether it is a best card (the
    double-dummy marks)."""
    if not pos.known(seat):
        ax.add_patch(FancyBboxPatch((x, y - 0.06), 0.05, 0.07, boxstyle="round,pad=0.004",
                                    facecolor="#dde4ee", edgecolor="#7a8aa3", linewidth=0.6))
        ax.text(x + 0.07, y - 0.03, words.hidden, fontsize=size * 0.8, color="#55627a",
                family=FONT, va="center", style="italic", gid=f"hidden-{seat}")
        return
    held = pos.held.get(seat, 0)
    played = pos.played.get(seat, 0)
    # Offsets in points, not axes units, so a small diagram in a strip keeps its spacing.
    for row, suit in enumerate(SUITS):
        down = -row * size * 1.45
        ax.annotate(suit.symbol, xy=(x, y), xytext=(0, down), textcoords="offset points",
                    fontsize=size, color=suit_colour(suit, style), family=FONT, va="top")
        mine = held & suit.mask
        gone = played & suit.mask if style.played == "grey" else 0
        if not (gone or marks) or not mine | gone:  # the cards held, as one text
            ranks = " ".join(words.rank(c.rank.printed)
                             for c in sorted(cards_of(mine), reverse=True))
            ax.annotate(ranks or "—", xy=(x, y), xytext=(size * 1.05, down),
                        textcoords="offset points", fontsize=size, color=BLACK, family=FONT,
                        va="top", gid=f"hand-{seat}-{suit.letter}")
            continue
        # held and played in one row, high to low, each card where it was, the played
        # ones grey
        previous = None
        for card in sorted(cards_of(mine | gone), reverse=True):
            kind = "hand" if mine >> card & 1 else "played"
            options = {"fontsize": size, "family": FONT, "va": "top",
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
                    family=FONT, va="top", color=HIGHLIGHT if best else "#9a3b3b",
                    gid=f"dd-{seat}-{suit.letter}-{card.rank.letter}")


def _card_row(ax: Axes, x: float, y: float, kind: str, label: str,
              cards: list[Card | CardRef | None] | None, style: Style, size: float,
              words: Words) -> None:
    """``talon ♦8 ♥8``: a label, then each card in its suit's colour (``None``: face
    down); ``kind`` (``talon``, ``discard``) names the texts."""
    previous = ax.text(x, y, label, fontsize=size, family=FONT, va="top", color="#666666",
                       style="italic", gid=f"label-{kind}")
    for index, card in enumerate(cards if cards is not None else [None, None]):
        if cards is None:  # face down: a small card back
            previous = ax.annotate("\u2002", xy=(1, 0), xycoords=previous, va="bottom",
                                   xytext=(size * (0.75 if index == 0 else 0.85), 0),
                                   textcoords="offset points",
                                   fontsize=size, family=FONT, gid=f"{kind}-back-{index}",
                                   bbox={"boxstyle": "round,pad=0.3", "facecolor": BACK,
                                         "edgecolor": "#1c2f55", "linewidth": 0.6,
                                         "hatch": "////"})
            continue
        colour = (suit_colour(card >> 3, style) if isinstance(card, Card) else BLACK)
        previous = ax.annotate(card_text(card, words), xy=(1, 0), xycoords=previous,
                               va="bottom",
                               xytext=(size * 0.45, 0), textcoords="offset points",
                               fontsize=size, family=FONT, color=colour,
                               gid=f"{kind}-{index}")


@dataclass(frozen=True)
class Layout:
    """Where things go on the unit square, for three or four seats."""

    height: float
    anchors: dict[str, tuple[float, float]]
    """Top-left of each place's hand (the name and trick count sit above it)."""
    spots: dict[str, tuple[float, float]]
    """Centre of each place's card in the trick."""
    table: tuple[float, float, float, float]
    """The trick area: x, y, width, height."""


THREE = Layout(4.4, {"bottom": (0.5, 0.32), "left": (0.04, 0.66), "top": (0.5, 0.9),
                     "right": (0.73, 0.66)},
               {"bottom": (0.5, 0.45), "left": (0.43, 0.535), "top": (0.5, 0.62),
                "right": (0.57, 0.535)}, (0.38, 0.42, 0.24, 0.23))
FOUR = Layout(5.6, {"bottom": (0.5, 0.36), "left": (0.04, 0.6), "top": (0.5, 0.84),
                    "right": (0.73, 0.6)},
              {"bottom": (0.5, 0.485), "left": (0.43, 0.55), "top": (0.5, 0.615),
               "right": (0.57, 0.55)}, (0.38, 0.45, 0.24, 0.2))


def layout(replay: Replay, where: dict[Seat, str] | None = None) -> Layout:
    """The layout for the number of seats at the table (at three with the empty place
    not at the top, the four-place one)."""
    if replay.players == 4 or (where is not None and empty_place(where) != "top"):
        return FOUR
    return THREE


TALON_AT = {"top": (0.41, 0.875), "bottom": (0.41, 0.3), "left": (0.04, 0.6),
            "right": (0.73, 0.6)}
"""Where the talon and discard rows start when a place is empty."""


def draw_position(ax: Axes, pos: Position, style: Style = Style(), size: float | None = None
                  ) -> None:
    """Draw one position on ``ax`` (unit square, axis off); ``size``: the style's."""
    size = style.size if size is None else size
    replay = pos.replay
    where = places(replay, style)
    table = layout(replay, where)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_axis_off()
    # header
    record = replay.record
    words = words_for(style.lang, replay.variant.language)
    trick_label = moment(pos, words)
    corner = ax.text(0.98, 0.985, trick_label, fontsize=size * 0.85, family=FONT, va="top",
                     ha="right", color="#333333", gid="trick-label")
    heading = ax.text(0.02, 0.985, title(replay, words), fontsize=size * 1.05, fontweight="bold",
                      family=FONT, va="top", color=BLACK, gid="title")
    fit(ax, heading, high=left_of(ax, corner) - 0.02)
    fit(ax, ax.text(0.02, 0.945, deal_line(replay, words), fontsize=size * 0.85, family=FONT,
                    va="top", color="#333333", gid="deal-line"), high=0.98)
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
    for i, (kind, label, cards) in enumerate(rows):
        _card_row(ax, tx, ty - i * 0.05, kind, label, cards, style, size * 0.85, words)
    dd = double_dummy(pos, words) if style.dd else None
    if style.dd:  # what the marks count, or why there are none
        noted = dd[2] if dd is not None else words.dd_over
        fit(ax, ax.text(0.98, 0.02 if not pos.caption else 0.06, noted, fontsize=size * 0.75,
                        family=FONT, ha="right", va="bottom", color="#555555",
                        gid="dd-note"), low=0.02)
    # the players
    for seat, place in where.items():
        x, y = table.anchors[place]
        label = _name(replay, seat)
        marks = []
        if seat == replay.declarer:
            marks.append(words.declarer)
        if seat == replay.dealer:
            marks.append(words.deals)
        hand_x = x - 0.12 if place in ("bottom", "top") else x
        # the name, then the tally, above the hand: spaced in points, so that a short
        # figure (the book style) keeps them apart
        lift = size * 0.35
        name = ax.annotate(label + (f" · {', '.join(marks)}" if marks else ""),
                           xy=(hand_x, y), xytext=(0, lift + size * 0.75 * 1.25),
                           textcoords="offset points", fontsize=size * 0.9,
                           fontweight="bold", family=FONT, va="bottom", ha="left",
                           color=BLACK, gid=f"name-{seat}")
        # a name keeps clear of the table in the middle and of the picture's edge
        fit(ax, name, high={"left": table.table[0] - 0.01,
                            "top": 0.72 if replay.players == 4 else 0.99}.get(place, 0.99))
        if not pos.sits_out(seat) or pos.takes_talon_tricks(seat):
            ax.annotate(tally(pos, seat, words), xy=(hand_x, y),
                        xytext=(0, lift), textcoords="offset points", fontsize=size * 0.75,
                        family=FONT, va="bottom", ha="left", color="#555555",
                        gid=f"tricks-{seat}")
        if not pos.sits_out(seat):
            _hand(ax, pos, seat, hand_x, y, style, size, words,
                  dd[1] if dd is not None and dd[0] == seat else None)
    # the trick on the table; after the play, its result
    trick = pos.trick
    said = outcome(replay, words) if trick is None and pos.number > 0 else None
    if said is not None:
        tx0, ty0, tw, th = table.table
        ax.add_patch(FancyBboxPatch((tx0, ty0), tw, th, boxstyle="round,pad=0.01",
                                    facecolor="#eef3ea", edgecolor="#c5d1bd", linewidth=0.6))
        head, _, rest = said.partition(" ")
        if said.startswith(words.allpass + ":") or ": " in said:
            head, _, rest = said.partition(": ")
        written = ax.text(tx0 + tw / 2, ty0 + th / 2, head + "\n" + textwrap.fill(rest, 14),
                        fontsize=size, family=FONT, ha="center", va="center",
                        fontweight="bold", color=BLACK, gid="outcome", linespacing=1.3)
        fit(ax, written, tx0, tx0 + tw)
    if trick is not None:
        tx0, ty0, tw, th = table.table
        centre = FancyBboxPatch((tx0, ty0), tw, th, boxstyle="round,pad=0.01",
                                facecolor="#eef3ea", edgecolor="#c5d1bd", linewidth=0.6)
        ax.add_patch(centre)
        talon_place, talon_wins = talon_card_place(replay, trick, where)
        for index, (player, card) in enumerate(zip(trick.seats, trick.cards, strict=True)):
            place = talon_place if player is None else where.get(player, "top")
            cx, cy = table.spots[place]
            winner = player == trick.winner if player is not None else talon_wins
            if player is None:  # labelled on its outer side, clear of the other cards
                em = size * 1.15
                outward = -1 if place == "left" else 1
                gap = 1.7 if outward > 0 else 2.4  # on the left, beyond the lead marker
                ax.annotate(words.talon, xy=(cx, cy), xytext=(outward * gap * em, 0),
                            textcoords="offset points", fontsize=size * 0.75, family=FONT,
                            ha="left" if outward > 0 else "right", va="center",
                            color="#555555", style="italic", gid=f"talon-label-{index}")
            ax.text(cx, cy, card_text(card, words), fontsize=size * 1.15, family=FONT, ha="center",
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
    if pos.caption:
        ax.text(0.02, 0.02, pos.caption, fontsize=size * 0.8, family=FONT, va="bottom",
                ha="left", color="#333333", style="italic", wrap=True)


def double_dummy(pos: Position, words: Words
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
    pos = position(replay, trick, frozenset(hidden))
    # the trick list: the tricks played up to this position, or all of them
    listed = [t for t in replay.tricks if style.tricks == "all" or
              (style.tricks == "played" and ((pos.trick is None and pos.number > 0) or
                                            t.number <= pos.number))]
    # before the lead, the record's own comment: a problem's statement
    font = style.size * 0.85
    chars = max(20, int(style.width * 72 / (font * 0.55)))
    statement = [line for comment in replay.record.comments
                 for line in textwrap.wrap(printable(comment), chars)] if pos.number == 0 \
        else []
    below: list[tuple[str, str, dict[str, str]]] = [
        (line, f"statement-{i}", {"style": "italic", "color": "#333333"})
        for i, line in enumerate(statement)]
    words = words_for(style.lang, replay.variant.language)
    below += [(named_trick_line(replay, t, words), f"list-{t.number}", {"color": BLACK})
              for t in listed]
    line = font * 1.45 / 72  # inches a line
    extra = (len(below) + 0.8) * line if below else 0.0
    height = style.height or layout(replay, places(replay, style)).height
    figure = Figure(figsize=(style.width, height + extra))
    FigureCanvasAgg(figure)  # a renderer to measure text by (pfn.render.fit)
    ax = figure.add_axes((0, extra / (height + extra), 1, height / (height + extra)))
    draw_position(ax, pos, style)
    figure.set_label(" · ".join(p for p in (title(replay, words), deal_line(replay, words),
                                             moment(pos, words)) if p))
    if below:
        under = figure.add_axes((0, 0, 1, extra / (height + extra)))
        under.set_xlim(0, 1)
        under.set_ylim(0, 1)
        under.set_axis_off()
        for i, (text, gid, look) in enumerate(below):
            fit(under, under.text(0.02, 1 - (i + 0.4) / (len(below) + 0.8), text,
                                  fontsize=font, family=FONT, va="center", gid=gid,
                                  **look),  # type: ignore[arg-type]
                high=0.98)
    return figure


def strip_figure(replay: Replay, style: Style = Style(), hidden: Sequence[Seat] = (),
                 columns: int = 4) -> Figure:
    """Every trick of the play in one grid, for a page that shows the whole deal."""
    found = [p for p in positions(replay, frozenset(hidden)) if p.trick is not None]
    if not found:
        found = positions(replay, frozenset(hidden))[:1]
    rows = (len(found) + columns - 1) // columns
    scale = 0.62
    height = style.height or layout(replay, places(replay, style)).height
    figure = Figure(figsize=(style.width * scale * columns, height * scale * rows))
    FigureCanvasAgg(figure)
    words = words_for(style.lang, replay.variant.language)
    figure.set_label(" · ".join(p for p in (title(replay, words), deal_line(replay, words))
                                if p))
    for index, pos in enumerate(found):
        ax = figure.add_subplot(rows, columns, index + 1)
        draw_position(ax, pos, style, size=style.size * scale)
    figure.subplots_adjust(left=0.01, right=0.99, top=0.99, bottom=0.01, wspace=0.04,
                           hspace=0.04)
    return figure


def svg_text(figure: Figure) -> str:
    """A figure as SVG with its text kept as text (searchable, selectable)."""
    import io

    from matplotlib import rc_context

    buffer = io.StringIO()
    with rc_context(PRINT):
        figure.savefig(buffer, format="svg", metadata=reproducible("svg", figure))
    return finish_svg(buffer.getvalue())


def record_svg(record: Record) -> str | None:
    """The diagram a notebook shows for a record (see :func:`notebook_svg`)."""
    from pfn.deal import replay

    return notebook_svg(replay(record, on_error="collect"))


def notebook_svg(replay: Replay) -> str | None:
    """The diagram a notebook shows for a replay: the hands before the lead, or ``None``
    when the record has no deal to draw (the notebook then prints the text)."""
    if replay.record.deal is None and replay.contract is None:
        return None
    return svg_text(deal_figure(replay, 0))


MOST_PIXELS = 100_000_000
"""The largest PNG drawn (about 400 MB while it is drawn)."""


class PictureTooLarge(PfnError):
    """A PNG larger than :data:`MOST_PIXELS` was asked for."""


def save(figure: Figure, path: str, fmt: str | None = None, dpi: int = 200) -> None:
    """Save with print settings (SVG text as text, fonts embedded in PDF), all at once:
    a failure leaves no partial file (:func:`pfn.files.write_atomic`)."""
    import io

    from matplotlib import rc_context

    from pfn.files import write_atomic

    buffer = io.BytesIO()
    kind = fmt or path.rsplit(".", 1)[-1]
    if kind == "png":  # a bitmap is held whole in memory while it is drawn
        wide, high = (round(side * dpi) for side in figure.get_size_inches())
        if wide * high > MOST_PIXELS or max(wide, high) > 1 << 15:
            raise PictureTooLarge(f"cannot draw {path}: {wide} × {high} pixels is more than a"
                                  f" picture may have ({MOST_PIXELS // 10**6} million pixels,"
                                  " 32768 a side): lower --dpi or --width")
    with rc_context(PRINT):
        figure.savefig(buffer, format=kind, dpi=dpi, metadata=reproducible(kind, figure))
    data = buffer.getvalue()
    if kind == "svg":
        data = finish_svg(data.decode("utf-8")).encode("utf-8")
    write_atomic(path, data)


FALLBACK = ("'DejaVu Sans', 'Bitstream Vera Sans', 'Noto Sans', 'Segoe UI Symbol', "
            "'Arial Unicode MS', sans-serif")
"""The fonts an SVG asks for: DejaVu Sans (which the layout was measured in), then
fonts that also have the suit symbols, then any sans-serif."""


def finish_svg(svg: str) -> str:
    """An SVG with a font fallback list for viewers without DejaVu Sans (its
    ``<title>`` comes from the figure's label, :func:`reproducible`), and the control
    characters a record's text may hold — which XML does not allow — shown as ``\x1b``:
    the file stays well-formed."""
    svg = _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}", svg)
    return svg.replace("font-family: 'DejaVu Sans'", f"font-family: {FALLBACK}")


_NOT_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
"""Characters XML 1.0 forbids (the SVG's own markup holds none)."""


PRINT: dict[Any, Any] = {"svg.fonttype": "none", "pdf.fonttype": 42, "svg.hashsalt": "pfn"}
"""Text kept as text in SVG, fonts embedded in PDF, and the SVG's ids the same from
one run to the next."""


def reproducible(kind: str, figure: Figure | None = None) -> dict[str, str | None] | None:
    """File metadata with no date and no tool version: the same input gives the same
    bytes (so that a regenerated gallery changes only what changed); the figure's label
    as the document's title (an SVG's ``<title>``, a PDF's Title)."""
    title = str(figure.get_label()) if figure is not None else ""
    if kind == "svg":
        return {"Date": None, "Creator": "pfn", **({"Title": title} if title else {})}
    if kind == "pdf":
        return {"CreationDate": None, "ModDate": None, "Creator": "pfn", "Producer": "pfn",
                **({"Title": title} if title else {})}
    if kind == "png":
        return {"Software": "pfn"}
    return None
