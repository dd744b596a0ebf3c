"""Seats: ``A B C`` (and ``D`` with four players) in playing order."""

from __future__ import annotations

from enum import IntEnum


class Seat(IntEnum):
    """A seat at the table; seats are lettered in playing order, whatever the direction.

    >>> from pfn import Seat
    >>> Seat.C.next(3), Seat.C.next(4), str(Seat.B)
    (Seat.A, Seat.D, 'B')
    """

    def __bool__(self) -> bool:
        return True  # Seat.A, Suit.SPADES and Card.S7 are 0 but never "nothing"

    A = 0
    B = 1
    C = 2
    D = 3

    def __str__(self) -> str:
        return "ABCD"[self]

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    def next(self, players: int) -> Seat:
        """The seat after this one in playing order, at a table of ``players``."""
        return SEATS[(self + 1) % players]

    def prev(self, players: int) -> Seat:
        """The seat before this one in playing order."""
        return SEATS[(self - 1) % players]


SEATS: tuple[Seat, ...] = tuple(Seat)
SEAT_BY_NAME: dict[str, Seat] = {seat.name: seat for seat in Seat}


def seats(players: int) -> tuple[Seat, ...]:
    """The seats of a table of ``players`` (3 or 4)."""
    return SEATS[:players]
