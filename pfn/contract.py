"""Contracts: what the declarer undertakes (``7S``, ``6NT``, ``mis``, ``9H-hand``, ``pass``)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from pfn.cards import Suit
from pfn.diagnostics import PfnError
from pfn.i18n import tr
from pfn.vocabulary import CONTRACT_RE


class InvalidContract(PfnError):
    """A text that is not a contract (:meth:`Contract.parse`)."""


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract, as the Contract tag states it.

    ``level`` is the number of tricks the declarer undertakes (6–10), 0 for
    misère and all-pass.  ``trump`` is ``None`` for no-trumps, misère and
    all-pass.

    >>> from pfn import Contract
    >>> seven = Contract.parse("7S")
    >>> seven, str(seven), seven.level, seven.trump, seven.strain
    (Contract.parse('7S'), '7S', 7, <Suit.SPADES: 0>, 'S')
    >>> Contract.parse("mis-hand").misere, Contract.parse("6NT").notrump
    (True, True)
    >>> Contract.try_parse("11S") is None
    True
    >>> Contract.parse("11S")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    pfn.contract.InvalidContract: not a contract: 11S (contracts are written 7S, ...)
    """

    level: int
    trump: Suit | None
    misere: bool = False
    allpass: bool = False
    hand: bool = False
    """Played without the talon (без прикупа, iz ruke)."""
    open: bool = False
    """The declarer's hand is played face up (Britannica's misère over)."""
    pref: bool = False
    """Seed 000's "Preferans": twelve cards that cannot lose a trick; wins the match."""

    @classmethod
    def parse(cls, token: str) -> Contract:
        """The contract of a canonical token (:class:`InvalidContract` if it is not
        one)."""
        found = cls.try_parse(token)
        if found is None:
            raise InvalidContract(tr("not a contract: {token} (contracts are written 7S, 6NT,"
                                     " mis, 9H-hand)", token=token))
        return found

    @classmethod
    def try_parse(cls, token: str) -> Contract | None:
        """The contract of a canonical token, or ``None`` if it is not one."""
        return _parse(token) if cls is Contract else cls._parse(token)

    @classmethod
    def _parse(cls, token: str) -> Contract | None:
        match = CONTRACT_RE.match(token)
        if match is None:
            return None
        if token == "pass":
            return cls(0, None, allpass=True)
        level, strain, suffix = match.groups()
        hand, opened, pref = suffix == "-hand", suffix == "-open", suffix == "-pref"
        if level is None:
            return None if pref else cls(0, None, misere=True, hand=hand or opened, open=opened)
        if pref and level != "10":
            return None
        trump = None if strain == "NT" else Suit("SCDH".index(strain))
        return cls(int(level), trump, hand=hand, open=opened, pref=pref)

    @property
    def notrump(self) -> bool:
        """A game for tricks without trumps."""
        return self.trump is None and not self.misere and not self.allpass

    @property
    def strain(self) -> str:
        """``S C D H NT`` for games for tricks, ``mis`` or ``pass`` otherwise."""
        if self.allpass:
            return "pass"
        if self.misere:
            return "mis"
        return "NT" if self.trump is None else self.trump.letter

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"

    def __str__(self) -> str:
        if self.allpass:
            return "pass"
        base = "mis" if self.misere else f"{self.level}{self.strain}"
        if self.open:
            return base + "-open"
        if self.pref:
            return base + "-pref"
        return base + "-hand" if self.hand else base


@functools.lru_cache(maxsize=1024)
def _parse(token: str) -> Contract | None:
    """Contracts are immutable values: each token is parsed once."""
    return Contract._parse(token)
