"""The words printed on diagrams, sheets, pages and the terminal, in the language asked.

One :class:`Words` per language, its every label read from the message catalogs
(:mod:`pfn.i18n`), so that a picture never mixes languages and uses the glossary's
terms as the messages do.  Cards keep their suit symbols; Russian prints the court
cards as players write them (Т К Д В), Serbian keeps the international A K Q J its
cards carry.  Counts agree with their number (1 взятка, 2 взятки, 5 взяток; 1 štih, 2
štiha, 5 štihova).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from pfn.cards import Card
from pfn.i18n import current, ntr, ptr, tr, use

_COUNT = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
"""English count words: ``two down``; each language says them its own way (a Russian
undertrick count is in the genitive: без двух)."""



@dataclass(frozen=True)
class Words:
    """Every label a picture prints, in one language."""

    lang: str
    board: str
    talon: str
    discard: str
    before: str
    after: str
    trick: str
    """``trick {n}``."""
    hidden: str
    declarer: str
    deals: str
    leads: str
    plays: str
    and_: str
    open: str
    nobody: str
    allpass: str
    settlement: str
    settlement_after: str
    """``Settlement after board {board}``."""
    after_board: str
    """``after board {board}`` (the sheet's caption)."""
    dd_note: str
    """``small figures: {counted} with best play after the card``."""
    dd_declarer: str
    dd_paranoid: str
    """``{name}'s tricks, the others against him``."""
    dd_over: str
    dd_none: str
    no_discard: str = "discard not given"
    """Where the declarer's discard would be drawn, when the record does not say it."""
    before_trick: str = "before trick {n}, {leader} to lead"
    """An ending's first position (``[Start "N"]``)."""
    since: str = "from trick {n}"
    """What an ending's tallies count: the tricks before it are not known."""
    ending_result: str = "{name} takes {taken} from trick {n}"
    """An ending's result: its own tricks, not the deal's."""
    problem: str = "Problem {n}"
    answers: str = "Answers"
    solution: str = "Solution"
    no_solution: str = "the record gives no play"
    open_hands: str = "With the cards open: {value}; best {best}"
    """What best play with every hand seen makes, and the cards that keep it."""
    chances: str = "Chances from {seat}'s seat ({layouts}): {cards}"
    layouts_all: str = "all {n} layouts"
    layouts_some: str = "{k} of {n} layouts, sampled"
    makes: str = "makes {p}"
    stated: str = "as printed: {said}"
    ranks: dict[str, str] = field(default_factory=dict)
    """Printed ranks that differ from the international letters."""
    calls: dict[str, str] = field(default_factory=dict)
    whist_both: str = "whist"
    """``whist`` said by both defenders (Serbian conjugates: Boris i Ceca prate)."""
    """Defence calls (canonical tokens) as said in this language."""
    hold: str = "hold"
    """The auction's call that keeps the standing bid (Rostov's здесь, Serbian moje)."""
    undertricks: tuple[str, ...] = _COUNT
    """How many down (0-10), as the language says it after its word for "down" (без
    двух)."""
    contracts: dict[str, str] = field(default_factory=dict)
    """Words for contract tokens: ``NT``, ``mis``, ``hand`` and, where a language names
    them (Serbian), the games of the six level."""

    def rank(self, printed: str) -> str:
        """A rank as printed in this language (``A`` → ``Т``)."""
        return self.ranks.get(printed, printed)

    def card(self, card: Card) -> str:
        """``♥10``, ``♠Т``."""
        return card.suit.symbol + self.rank(card.rank.printed)

    def title(self, english: str) -> str:
        """A variant family's title (``Sochi (Сочинка)``) in this language."""
        with use(self.lang):
            return tr(english)

    def tricks(self, n: int) -> str:
        """``3 tricks``, ``3 взятки``, ``3 štiha``."""
        with use(self.lang):
            return ntr("{n} trick", "{n} tricks", n)

    def call(self, token: str, both: bool = False) -> str:
        """A defence call (``whist``) in this language, said by one defender or both."""
        if both and token == "whist":
            return self.whist_both
        return self.calls.get(token, token)

    def contract(self, token: str) -> str:
        """``7S`` → ``7♠``; ``mis`` → ``misère``/``мизер``/``betl``; Serbian games by
        name (``6H`` → ``herc``)."""
        if token == "hand":  # a game from the hand, not yet named
            return self.contracts["hand"].format("").strip()
        hand = token.endswith("-hand")
        base = token.removesuffix("-hand")
        if base in self.contracts:
            named = self.contracts[base]
        elif base.endswith("NT") and base[:-2].isdigit():
            named = base[:-2] + self.contracts["NT"]
        elif len(base) > 1 and base[:-1].isdigit() and base[-1] in "SCDH":
            named = base[:-1] + "♠♣♦♥"["SCDH".index(base[-1])]
        elif base == "pass":
            return self.allpass
        else:
            named = base
        if hand:
            return self.contracts["hand"].format(named)
        return named

    def outcome(self, contract: str, level: int, taken: int, misere: bool) -> str:
        """The result of a contract in words: ``7♠ made with an overtrick``, ``6NT two
        down``, ``misère caught for two``."""
        name = self.contract(contract)
        with use(self.lang):
            if misere:
                if taken == 0:  # the word for "made" agrees with misère's gender
                    return ptr("misère", "{name} made", name=name)
                # TRANSLATORS: {count} is the English word for the number (two)
                return ntr("{name} caught for one", "{name} caught for {count}", taken,
                           name=name, count=_COUNT[taken])
            if taken == level:
                return tr("{name} made", name=name)
            if taken > level:
                over = taken - level
                return ntr("{name} made with an overtrick", "{name} made with {count}"
                           " overtricks", over, name=name, count=_COUNT[over])
            under = level - taken
            # TRANSLATORS: {count} is "one", "two"… as said of undertricks ("без двух")
            return ntr("{name} one down", "{name} {count} down", under, name=name,
                       count=self.undertricks[under])


@cache
def _words(lang: str) -> Words:
    """The labels of ``lang``, read from its catalog."""
    with use(lang):
        return Words(
            lang=lang, board=tr("Board"), talon=tr("talon"), discard=tr("discard"),
            before=tr("before the lead"), after=tr("after the play"), trick=tr("trick {n}"),
            hidden=tr("hidden"), declarer=tr("declarer"), deals=tr("deals"),
            leads=tr("leads"), plays=tr("plays"), and_=tr("and"),
            open=ptr("defence", "open"), nobody=tr("nobody"), allpass=tr("all-pass"),
            settlement=tr("Settlement"),
            settlement_after=tr("Settlement after board {board}"),
            after_board=tr("after board {board}"),
            dd_note=tr("small figures: {counted} with best play after the card"),
            dd_declarer=tr("the declarer's tricks"),
            dd_paranoid=tr("{name}'s tricks, the others against him"),
            dd_over=tr("no marks of best play: the play is over"),
            dd_none=tr("no marks of best play: {why}"),
            no_discard=tr("discard not given"),
            before_trick=tr("before trick {n}, {leader} to lead"),
            since=tr("from trick {n}"), ending_result=tr("{name} takes {taken} from trick {n}"),
            problem=tr("Problem {n}"), answers=tr("Answers"), solution=tr("Solution"),
            no_solution=tr("the record gives no play"),
            open_hands=tr("With the cards open: {value}; best {best}"),
            chances=tr("Chances from {seat}'s seat ({layouts}): {cards}"),
            layouts_all=tr("all {n} layouts"), layouts_some=tr("{k} of {n} layouts, sampled"),
            makes=tr("makes {p}"), stated=tr("as printed: {said}"),
            undertricks=(ptr("undertricks", "no"), ptr("undertricks", "one"),
                         ptr("undertricks", "two"), ptr("undertricks", "three"),
                         ptr("undertricks", "four"), ptr("undertricks", "five"),
                         ptr("undertricks", "six"), ptr("undertricks", "seven"),
                         ptr("undertricks", "eight"), ptr("undertricks", "nine"),
                         ptr("undertricks", "ten")),
            hold=ptr("auction call", "hold"),
            ranks={"A": ptr("rank", "A"), "K": ptr("rank", "K"), "Q": ptr("rank", "Q"),
                   "J": ptr("rank", "J")},
            calls={"whist": ptr("defence call", "whist"), "pass": ptr("defence call", "pass"),
                   "half": ptr("defence call", "half"), "open": ptr("defence call", "open"),
                   "closed": ptr("defence call", "closed"),
                   "together": ptr("defence call", "together"),
                   "own": ptr("defence call", "own"),
                   "return": ptr("defence call", "return"),
                   "check": ptr("defence call", "check"),
                   "kontra": ptr("defence call", "kontra"),
                   "rekontra": ptr("defence call", "rekontra"),
                   "subkontra": ptr("defence call", "subkontra")},
            whist_both=ptr("defence call of both defenders", "whist"),
            contracts={"NT": ptr("contract", "NT"), "mis": ptr("contract", "misère"),
                       "hand": ptr("contract", "{} without talon"),
                       # a language that names the six-level games (Serbian: pik, sans)
                       **{game: named for game, named in (
                           ("6S", ptr("six-level game", "6S")),
                           ("6C", ptr("six-level game", "6C")),
                           ("6D", ptr("six-level game", "6D")),
                           ("6H", ptr("six-level game", "6H")),
                           ("6NT", ptr("six-level game", "6NT"))) if named != game}})


EN = _words("en")
"""The English words (the texts as the code writes them)."""


def words_for(lang: str | None, default: str | None = None) -> Words:
    """The words of ``lang`` (``en``, ``ru``, ``sr``, ``sr-Cyrl``); with none (or
    ``auto``) the language chosen for the run (``--lang``, ``PFN_LANG``, the locale)
    where one was, else the variant's own (``Variant.language``: Serbian for the
    Serbian family), else English."""
    if lang is None or lang == "auto":
        chosen = current()
        return _words(chosen if chosen != "en" else default or "en")
    return _words(lang)
