"""The words printed on diagrams and sheets, in English, Russian and Serbian.

One :class:`Words` per language; the renderers ask it for every label, so a picture
never mixes languages.  Cards keep their suit symbols; Russian prints the court cards
as players write them (Т К Д В), Serbian keeps the international A K Q J its cards
carry.  Counts agree with their number (1 взятка, 2 взятки, 5 взяток; 1 štih, 2 štiha,
5 štihova).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pfn.cards import Card


def _slavic(n: int, one: str, few: str, many: str) -> str:
    """The noun form after ``n`` in Russian and Serbian."""
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


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
    """Defence calls (canonical tokens) as said in this language."""
    contracts: dict[str, str] = field(default_factory=dict)
    """Words for contract tokens: ``NT``, ``mis``, ``hand`` and, for Serbian, the games."""

    def rank(self, printed: str) -> str:
        """A rank as printed in this language (``A`` → ``Т``)."""
        return self.ranks.get(printed, printed)

    def card(self, card: Card) -> str:
        """``♥10``, ``♠Т``."""
        return card.suit.symbol + self.rank(card.rank.printed)

    def tricks(self, n: int) -> str:
        """``3 tricks``, ``3 взятки``, ``3 štiha``."""
        if self.lang == "ru":
            return f"{n} {_slavic(n, 'взятка', 'взятки', 'взяток')}"
        if self.lang == "sr":
            return f"{n} {_slavic(n, 'štih', 'štiha', 'štihova')}"
        return f"{n} trick{'s' * (n != 1)}"

    def call(self, token: str) -> str:
        """A defence call (``whist``) in this language."""
        return self.calls.get(token, token)

    def contract(self, token: str) -> str:
        """``7S`` → ``7♠``; ``mis`` → ``misère``/``мизер``/``betl``; Serbian games by
        name (``6H`` → ``herc``)."""
        if token == "hand":  # a game from the hand, not yet named
            return self.contracts.get("hand", "{} without talon").format("").strip()
        hand = token.endswith("-hand")
        base = token.removesuffix("-hand")
        if base in self.contracts:
            named = self.contracts[base]
        elif base.endswith("NT") and base[:-2].isdigit():
            named = base[:-2] + self.contracts.get("NT", "NT")
        elif len(base) > 1 and base[:-1].isdigit() and base[-1] in "SCDH":
            named = base[:-1] + "♠♣♦♥"["SCDH".index(base[-1])]
        elif base == "pass":
            return self.allpass
        else:
            named = base
        if hand:
            return self.contracts.get("hand", "{} without talon").format(named)
        return named

    def outcome(self, contract: str, level: int, taken: int, misere: bool) -> str:
        """The result of a contract in words."""
        name = self.contract(contract)
        if self.lang == "ru":
            if misere:
                return "мизер сыгран" if taken == 0 else f"мизер пойман: {self.tricks(taken)}"
            if taken == level:
                return f"{name}: сыграно"
            if taken > level:
                return f"{name}: сыграно +{taken - level}"
            return f"{name}: без {_GENITIVE[level - taken]}"
        if self.lang == "sr":
            if misere:
                return f"{name} prošao" if taken == 0 else f"{name} pao: {self.tricks(taken)}"
            if taken == level:
                return f"{name}: prošla"
            if taken > level:
                return f"{name}: prošla, {self.tricks(taken - level)} više"
            return f"{name}: pala za {self.tricks(level - taken)}"
        if misere:
            return "misère made" if taken == 0 else f"misère caught for {_COUNT[taken]}"
        if taken == level:
            return f"{name} made"
        if taken > level:
            over = taken - level
            return f"{name} made with " + ("an overtrick" if over == 1 else
                                           f"{_COUNT[over]} overtricks")
        return f"{name} {_COUNT[level - taken]} down"


_GENITIVE = ("", "одной", "двух", "трёх", "четырёх", "пяти", "шести", "семи", "восьми",
             "девяти", "десяти")
_COUNT = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

EN = Words(
    lang="en", board="Board", talon="talon", discard="discard", before="before the lead",
    after="after the play", trick="trick {n}", hidden="hidden", declarer="declarer",
    deals="deals", leads="leads", plays="plays", and_="and", open="open", nobody="nobody",
    allpass="all-pass", settlement="Settlement", settlement_after="Settlement after board {board}",
    after_board="after board {board}",
    dd_note="small figures: {counted} with best play after the card",
    dd_declarer="the declarer's tricks", dd_paranoid="{name}'s tricks, the others against him",
    dd_over="no double-dummy marks: the play is over", dd_none="no double-dummy marks: {why}",
    contracts={"mis": "misère", "hand": "{} without talon"})

RU = Words(
    lang="ru", board="Сдача", talon="прикуп", discard="снос", before="до первого хода",
    after="после розыгрыша", trick="взятка {n}", hidden="закрыто", declarer="играет",
    deals="сдаёт", leads="ходит", plays="играет", and_="и", open="в открытую",
    nobody="никто", allpass="распасы", settlement="Расчёт",
    settlement_after="Расчёт после сдачи {board}", after_board="после сдачи {board}",
    dd_note="малые цифры: {counted} при лучшей игре после этой карты",
    dd_declarer="взятки играющего", dd_paranoid="взятки: {name} против двоих",
    dd_over="без оценок: розыгрыш окончен", dd_none="без оценок: {why}",
    no_discard="снос не указан", before_trick="до взятки {n}, ходит {leader}",
    since="со взятки {n}",
    ending_result="{name}: {taken} со взятки {n}",
    problem="Задача {n}", answers="Ответы", solution="Решение",
    no_solution="розыгрыш не записан",
    open_hands="В открытую: {value}; лучшие {best}",
    chances="Шансы с места {seat} ({layouts}): {cards}",
    layouts_all="все {n} раскладов", layouts_some="{k} из {n} раскладов, выборка",
    makes="выигрыш {p}", stated="в источнике: {said}",
    ranks={"A": "Т", "K": "К", "Q": "Д", "J": "В"},
    calls={"whist": "вист", "pass": "пас", "half": "полвиста", "open": "открыто",
           "closed": "закрыто", "together": "вместе", "own": "за свои",
           "return": "возврат", "check": "проверка", "kontra": "контра"},
    contracts={"NT": "БК", "mis": "мизер", "hand": "{} без прикупа"})

SR = Words(
    lang="sr", board="Deljenje", talon="talon", discard="škart", before="pre prvog štiha",
    after="posle igre", trick="štih {n}", hidden="skriveno", declarer="igra", deals="deli",
    leads="otvara", plays="igra", and_="i", open="otvoreno", nobody="niko",
    allpass="svi dalje", settlement="Obračun", settlement_after="Obračun posle deljenja {board}",
    after_board="posle deljenja {board}",
    dd_note="male brojke: {counted} uz najbolju igru posle te karte",
    dd_declarer="štihovi igrača", dd_paranoid="štihovi: {name} protiv dvojice",
    dd_over="bez ocena: igra je gotova", dd_none="bez ocena: {why}",
    no_discard="škart nije dat", before_trick="pre štiha {n}, otvara {leader}",
    since="od štiha {n}",
    ending_result="{name}: {taken} od štiha {n}",
    problem="Problem {n}", answers="Rešenja", solution="Rešenje",
    no_solution="igra nije zapisana",
    open_hands="Otvorenih karata: {value}; najbolje {best}",
    chances="Šanse sa mesta {seat} ({layouts}): {cards}",
    layouts_all="svih {n} rasporeda", layouts_some="{k} od {n} rasporeda, uzorak",
    makes="prolazi {p}", stated="u izvoru: {said}",
    calls={"whist": "prati", "pass": "dalje", "kontra": "kontra", "rekontra": "rekontra",
           "subkontra": "subkontra", "together": "zajedno", "half": "pola"},
    contracts={"6S": "pik", "6D": "karo", "6H": "herc", "6C": "tref", "6NT": "sans",
               "NT": " sans", "mis": "betl", "hand": "igra {}"})

LANGUAGES = {"en": EN, "ru": RU, "sr": SR}


def words_for(lang: str | None, default: str | None = None) -> Words:
    """The words of ``lang`` (``en``, ``ru``, ``sr``); with none (or ``auto``) the
    variant's own language (``Variant.language``: Serbian for the Serbian family),
    else English."""
    if lang is None or lang == "auto":
        return LANGUAGES.get(default or "en", EN)
    return LANGUAGES[lang]
