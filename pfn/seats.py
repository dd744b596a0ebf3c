"""Seats: ``A B C`` (and ``D`` with four players) in playing order."""

from __future__ import annotations

from enum import Enum


class Seat(Enum):
    """A seat at the table; seats are lettered in playing order, whatever the direction.

    A seat is not a number: ``Seat.A == Card.S7`` is false and neither stands for the
    other as a key.  ``seat.index`` (or ``int(seat)``) is its place in playing order,
    and a seat indexes a sequence directly (``hands[seat]``).

    >>> from pfn import Card, Seat
    >>> Seat.C.next(3), Seat.C.next(4), str(Seat.B), Seat.B.index
    (Seat.A, Seat.D, 'B', 1)
    >>> Seat.A == Card.S7, ("A", "B", "C")[Seat.B]
    (False, 'B')
    """

    A = 0
    B = 1
    C = 2
    D = 3

    _value_: int

    # seats are singletons, so equality is identity (no __eq__: the fast default); the
    # hash is the index, so sets and dicts of seats keep playing order as before
    def __hash__(self) -> int:
        return self._value_

    @property
    def index(self) -> int:
        """The seat's place in playing order: 0 for ``A`` to 3 for ``D``."""
        return self._value_

    def __index__(self) -> int:
        return self._value_

    def __int__(self) -> int:
        return self._value_

    # seats are ordered among themselves (playing order), never against numbers
    def __lt__(self, other: Seat) -> bool:
        return self._value_ < other._value_ if isinstance(other, Seat) else NotImplemented

    def __le__(self, other: Seat) -> bool:
        return self._value_ <= other._value_ if isinstance(other, Seat) else NotImplemented

    def __gt__(self, other: Seat) -> bool:
        return self._value_ > other._value_ if isinstance(other, Seat) else NotImplemented

    def __ge__(self, other: Seat) -> bool:
        return self._value_ >= other._value_ if isinstance(other, Seat) else NotImplemented

    def __str__(self) -> str:
        return self._name_

    def __repr__(self) -> str:
        return f"Seat.{self._name_}"

    def next(self, players: int) -> Seat:
        """The seat after this one in playing order, at a table of ``players``."""
        return SEATS[(self._value_ + 1) % players]

    def prev(self, players: int) -> Seat:
        """The seat before this one in playing order."""
        return SEATS[(self._value_ - 1) % players]


SEATS: tuple[Seat, ...] = tuple(Seat)
SEAT_BY_NAME: dict[str, Seat] = {seat.name: seat for seat in Seat}


def seats(players: int) -> tuple[Seat, ...]:
    """The seats of a table of ``players`` (3 or 4)."""
    return SEATS[:players]
