"""Where everything sits on the page: the seats round the table, the hands, the trick's
cards, the talon and the discard, at a table of three or four.

Shared by the diagrams and the replay page (which places its seats and its talon card
by the same rules).
"""

from __future__ import annotations

from dataclasses import dataclass

from pfn.render.look import Style
from pfn.rules.replay import PlayedTrick, Replay
from pfn.seats import Seat

PLACES = ("bottom", "left", "top", "right")


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
    return {Seat((bottom.index + i) % players): ring[i] for i in range(players)}


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
