"""The words of the game: canonical PFN tokens and the aliases accepted on import.

Import format is lenient (spec, section 5): any case, Unicode suit symbols,
``10`` for a ten, Russian rank letters (Т К Д В), and the local words players
actually say.  Aliases and numbers mean different things in different rule
families (``dva``/``2`` is 6♣ on the Russian one-to-five ladder but pik in
Serbian), so each family has its own :class:`Vocabulary` and a record's words are
resolved only once its variant is known.

Matching is on a *folded* form: case-folded, accents removed, suit symbols turned
into letters and the separators ``- _ / .`` and spaces dropped, so ``Igra-Betl``,
``igra betl`` and ``igrabetl`` are one word.  Cyrillic and Latin look-alikes are
never folded together (Cyrillic Т is an ace, Latin T a ten).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from pfn.cards import without_selectors

# ---------------------------------------------------------------------------
# Folding

_SUIT_SYMBOLS = {"♠": "s", "♤": "s", "♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h"}
_FOLD_DROP = str.maketrans({c: None for c in "-_/. \t"})


def fold(word: str) -> str:
    """The form aliases are matched on (see the module docstring)."""
    word = word.casefold()
    if not word.isascii():
        word = without_selectors(word)
        word = "".join(_SUIT_SYMBOLS.get(ch, ch) for ch in word)
        decomposed = unicodedata.normalize("NFD", word)
        # drop accents (č→c, š→s, ё→е) but keep Cyrillic й and Serbian đ whole
        word = unicodedata.normalize(
            "NFC", "".join(ch for ch in decomposed if not unicodedata.combining(ch)
                           or ch == "\u0306"))
    return word.translate(_FOLD_DROP)


# ---------------------------------------------------------------------------
# Calls and contracts

STRAINS = ("S", "C", "D", "H", "NT")
LEVELS = (6, 7, 8, 9, 10)
HAND = "-hand"
"""Suffix of a game without the talon ("без прикупа", "iz ruke", Britannica's "-hand")."""

CONTRACT_RE = re.compile(r"^(?:(6|7|8|9|10)(S|C|D|H|NT)|mis)(-hand|-open|-pref)?$|^pass$")
"""Canonical contract tokens: ``7S``, ``6NT``, ``9H-hand``, ``mis``, ``mis-hand``,
``mis-open`` (Britannica's misère ouvert), ``10H-pref`` (seed 000's "Preferans" hand)
and ``pass`` (all-pass)."""

DEFENCE_CALLS = ("whist", "pass", "half", "open", "closed", "together", "own", "return",
                 "check", "kontra", "rekontra", "subkontra", "mortkontra")
"""Canonical defence tokens, the same in every variant (spec, section 6.6)."""

_STRAIN_WORDS: dict[str, tuple[str, ...]] = {
    "S": ("s", "пики", "пик", "пика", "pik", "spades", "spade"),
    "C": ("c", "трефы", "треф", "трефа", "крести", "tref", "clubs", "club"),
    "D": ("d", "бубны", "бубен", "бубна", "буби", "karo", "diamonds", "diamond"),
    "H": ("h", "червы", "черви", "червей", "черва", "черв", "herc", "hearts", "heart"),
    "NT": ("nt", "n", "бк", "безкозыря", "бескозырка", "bezaduta", "sans", "notrump", "notrumps"),
}
_WITHOUT_TALON = ("hand", "бп", "безприкупа", "bezkupovine", "izruke", "withouttalon")
_MISERE = ("mis", "misere", "мизер", "mizer", "betl")
_PASS = ("pass", "пас", "pas", "dalje")
_HOLD = ("hold", "здесь", "ovde", "moje", "here")
_LEVEL_WORDS: dict[int, tuple[str, ...]] = {
    6: ("6", "шесть", "sest"), 7: ("7", "семь", "sedam"), 8: ("8", "восемь", "osam"),
    9: ("9", "девять", "devet"), 10: ("10", "десять", "deset"),
}

_DEFENCE_ALIASES: dict[str, tuple[str, ...]] = {
    "whist": ("вист", "vist", "idem", "pratim", "prati", "dodjem", "dođem", "agree"),
    "pass": ("пас", "pas", "dalje", "neidem", "nepratim", "drop"),
    "half": ("halfwhist", "полвиста", "polvista", "половина"),
    "open": ("открыто", "открытая", "лёжа", "лежа", "otvoreno", "ouvert"),
    "closed": ("закрыто", "закрытая", "стоя", "zatvoreno", "close"),
    "together": ("вместе", "zajedno", "call", "poziv", "pozivam", "zovem", "insist"),
    "own": ("засвои", "zasvoje", "svoje"),
    "return": ("возврат", "возвратный", "povratni", "povratnivist", "vracam"),
    "check": ("проверка", "проверяю", "proveravam", "provera"),
    "kontra": ("контра", "double"),
    "rekontra": ("реконтра", "redouble"),
    "subkontra": ("субконтра",),
    "mortkontra": ("морконтра", "мортконтра"),
}


LEVEL_WORDS, STRAIN_WORDS, WITHOUT_TALON = _LEVEL_WORDS, _STRAIN_WORDS, _WITHOUT_TALON
"""The parts a contract's spellings are made of (level, strain, without the talon): the
TextMate grammar is built from them."""


def _table(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    table: dict[str, str] = {}
    for alias, token in pairs:
        table.setdefault(fold(alias), token)
    return table


@functools.cache
def _russian_contracts() -> dict[str, str]:
    pairs: list[tuple[str, str]] = []
    for level, level_words in _LEVEL_WORDS.items():
        for strain, strain_words in _STRAIN_WORDS.items():
            token = f"{level}{strain}"
            for lw in level_words:
                for sw in strain_words:
                    pairs.append((lw + sw, token))
                    for wt in _WITHOUT_TALON:
                        if wt != sw:
                            pairs.append((lw + sw + wt, token + HAND))
    for word in _MISERE:
        pairs.append((word, "mis"))
        for wt in (*_WITHOUT_TALON, "veliki", "bolshoi"):
            pairs.append((word + wt, "mis" + HAND))
            pairs.append((wt + word, "mis" + HAND))
    pairs += [("misopen", "mis-open"), ("misereover", "mis-open"), ("misouvert", "mis-open")]
    for strain, strain_words in _STRAIN_WORDS.items():
        for sw in strain_words:
            for word in ("preferans", "преферанс", "pref"):
                pairs += [(word + sw, f"10{strain}-pref"), (f"10{sw}{word}", f"10{strain}-pref")]
    pairs += [(w, "pass") for w in ("pass", "allpass", "пас", "pas", "распас", "распасы",
                                    "распасовка", "raspasovka", "raspasy", "refa")]
    return _table(pairs)


Tables = tuple[dict[str, str], dict[str, str], dict[str, str], dict[str, str]]
"""Alias tables: calls, contracts, defence calls, score columns."""


@dataclass(frozen=True)
class Vocabulary:
    """How one rule family spells auction calls, defence calls and contracts.

    Each alias table maps a folded alias to a canonical token.  Canonical tokens are
    recognised from small sets first, and the alias tables (thousands of spellings)
    are built only when a record first uses a word that is not canonical, so reading
    canonical files starts fast.
    """

    name: str
    make: Callable[[], Tables] = field(repr=False, compare=False)
    canonical_calls: frozenset[str] = frozenset()
    canonical_columns: frozenset[str] = frozenset()

    @functools.cached_property
    def tables(self) -> Tables:
        """The alias tables, built on first use."""
        return self.make()

    @property
    def calls(self) -> Mapping[str, str]:
        """Auction calls: folded alias → canonical token."""
        return self.tables[0]

    @property
    def contracts(self) -> Mapping[str, str]:
        """Contract tag values: folded alias → canonical token."""
        return self.tables[1]

    @property
    def defence(self) -> Mapping[str, str]:
        """Defence calls: folded alias → canonical token."""
        return self.tables[2]

    @property
    def columns(self) -> Mapping[str, str]:
        """Score-sheet column names: folded alias → canonical name."""
        return self.tables[3]

    def call(self, word: str) -> str | None:
        """The canonical auction token for ``word``, or ``None``."""
        if word in self.canonical_calls:
            return word
        calls = self.calls
        token = calls.get(word)
        return token if token is not None else calls.get(fold(word))

    def contract(self, text: str) -> str | None:
        """The canonical contract token for a Contract tag value, or ``None``."""
        if text in CANONICAL_CONTRACTS:
            return text
        token = self.contracts.get(text)
        return token if token is not None else self.contracts.get(fold(text))

    def defence_call(self, word: str) -> str | None:
        """The canonical defence token for ``word``, or ``None``."""
        if word in _DEFENCE_SET:
            return word
        token = self.defence.get(word)
        return token if token is not None else self.defence.get(fold(word))

    def column(self, name: str) -> str | None:
        """The canonical score column for ``name``, or ``None``."""
        if name in self.canonical_columns:
            return name
        return self.columns.get(fold(name))


def _defence_table(extra: Mapping[str, tuple[str, ...]] = {}) -> dict[str, str]:
    pairs = [(t, t) for t in DEFENCE_CALLS]
    for table in (_DEFENCE_ALIASES, extra):
        pairs += [(alias, token) for token, aliases in table.items() for alias in aliases]
    return _table(pairs)


_RUSSIAN_COLUMNS = _table([
    *((w, "pool") for w in ("pool", "пуля", "пулька", "pulya", "pulja", "meta")),
    *((w, "mountain") for w in ("mountain", "гора", "gora")),
    *((w, "whist") for w in ("whist", "whists", "вист", "висты", "vist", "supa", "supe")),
])
_BRITANNICA_COLUMNS = _table([(w, "chips") for w in ("chips", "units", "фишки", "chip")])
_SERBIAN_COLUMNS = _table([
    *((w, "bule") for w in ("bule", "bula", "bulle")),
    *((w, "supe") for w in ("supe", "supa", "supu", "whist")),
    *((w, "refa") for w in ("refa", "refe", "рефа")),
])


def _canonical_identity(tokens: Iterable[str]) -> list[tuple[str, str]]:
    return [(t, t) for t in tokens]


_BIDS = [f"{level}{strain}" for level in LEVELS for strain in STRAINS]
CANONICAL_CONTRACTS = frozenset([*_BIDS, *(b + HAND for b in _BIDS), "mis", "mis-hand",
                                 "mis-open", *(f"10{s}-pref" for s in STRAINS), "pass"])
_DEFENCE_SET = frozenset(DEFENCE_CALLS)


def _russian() -> Tables:
    pairs = _canonical_identity([*_BIDS, *(b + HAND for b in _BIDS), "mis", "mis-hand",
                                 "pass", "hold"])
    pairs += list(_russian_contracts().items())
    # "one … five": the Russian ladder at six, spoken by its order (seed 000, seed 002)
    for i, words in enumerate((("1", "раз", "один", "первая", "prva", "jedan", "jedna"),
                               ("2", "два", "вторая", "dva", "druga"),
                               ("3", "три", "третья", "tri", "treca"),
                               ("4", "четыре", "четвёртая", "cetiri", "cetvrta"),
                               ("5", "пять", "пятая", "pet", "peta"))):
        pairs += [(w, f"6{STRAINS[i]}") for w in words]
    # "seven of the firsts" (Sedam-Prvih) and so on
    for level, level_words in _LEVEL_WORDS.items():
        for i, order in enumerate(("prvih", "drugih", "trecih", "cetvrtih", "petih")):
            pairs += [(lw + order, f"{level}{STRAINS[i]}") for lw in level_words]
    pairs += [(w, "pass") for w in _PASS] + [(w, "hold") for w in _HOLD]
    contracts = dict(_russian_contracts())
    contracts.update(_table(_canonical_identity(
        [*_BIDS, *(b + HAND for b in _BIDS), *(f"10{s}-pref" for s in STRAINS), "mis",
         "mis-hand", "mis-open", "pass"])))
    return _table(pairs), contracts, _defence_table(), _RUSSIAN_COLUMNS


def _serbian() -> Tables:
    games = {"pik": "6S", "karo": "6D", "herc": "6H", "tref": "6C", "betl": "mis", "sans": "6NT"}
    numbers = {"2": ("dva",), "3": ("tri",), "4": ("cetiri",), "5": ("pet",), "6": ("sest",),
               "7": ("sedam",)}
    pairs = _canonical_identity([*numbers, "pass", "hold", "hand", "mis-hand",
                                 *(f"6{s}{HAND}" for s in STRAINS)])
    pairs += [(w, n) for n, words in numbers.items() for w in words]
    pairs += [(w, "pass") for w in ("dalje", "pass", "pas", "nista")]
    pairs += [(w, "hold") for w in ("moje", "hold")]
    pairs += [(w, "hand") for w in ("igra", "hand", "izruke")]
    for name, token in games.items():
        hand = "mis-hand" if token == "mis" else token + HAND
        pairs += [("igra" + name, hand), (name + "izruke", hand), (name + "hand", hand)]
    contracts = [*_canonical_identity([*_BIDS, *(b + HAND for b in _BIDS), "mis", "mis-hand",
                                       "pass"]),
                 *((name, token) for name, token in games.items()),
                 *(("igra" + name, "mis-hand" if t == "mis" else t + HAND)
                   for name, t in games.items()),
                 *(("refa", "pass"), ("dalje", "pass"))]
    return (_table(pairs), {**_russian_contracts(), **_table(contracts)},
            _defence_table({"together": ("poziv", "zovem", "pozivam")}), _SERBIAN_COLUMNS)


def _britannica() -> Tables:
    # Britannica's numbered bids: One = clubs, Two = spades, Three = diamonds, Four = hearts
    order = {"one": "6C", "two": "6S", "three": "6D", "four": "6H"}
    pairs = _canonical_identity([*_BIDS, *(b + HAND for b in _BIDS), "mis", "mis-hand",
                                 "mis-open", "pass", "hold"])
    for i, (word, token) in enumerate(order.items(), start=1):
        pairs += [(word, token), (str(i), token), (word + "hand", token + HAND),
                  (word + "handed", token + HAND)]
    pairs += [("notrump", "6NT"), ("misere", "mis"), ("misereover", "mis-open"),
              ("miserehand", "mis-hand"), ("miserewithoutwidow", "mis-hand")]
    pairs += [(w, "pass") for w in _PASS] + [("hold", "hold")]
    contracts = dict(_russian_contracts())
    contracts.update(_table(pairs))
    return (_table(pairs), contracts,
            _defence_table({"whist": ("agree",), "pass": ("drop", "dropout")}),
            _BRITANNICA_COLUMNS)


_RUSSIAN_CALLS = frozenset([*_BIDS, *(b + HAND for b in _BIDS), "mis", "mis-hand", "pass",
                            "hold"])
RUSSIAN = Vocabulary("russian", _russian, _RUSSIAN_CALLS,
                     frozenset({"pool", "mountain", "whist"}))
SERBIAN = Vocabulary("serbian", _serbian, frozenset(
    ["2", "3", "4", "5", "6", "7", "pass", "hold", "hand", "mis-hand",
     *(f"6{s}{HAND}" for s in STRAINS)]), frozenset({"bule", "supe", "refa"}))
BRITANNICA = Vocabulary("britannica", _britannica, _RUSSIAN_CALLS | {"mis-open"},
                        frozenset({"chips"}))
VOCABULARIES: dict[str, Vocabulary] = {v.name: v for v in (RUSSIAN, SERBIAN, BRITANNICA)}


def is_contract_token(token: str) -> bool:
    """Whether ``token`` is a canonical contract token."""
    return CONTRACT_RE.match(token) is not None
