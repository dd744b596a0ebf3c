"""The Lark transformer that turns one parsed record into a :class:`~pfn.model.Record`.

It runs inline in the LALR parser (no parse tree is built).  ``entry`` and
``variation`` only collect their tokens; ``start`` builds the record: it reads
the tag values, resolves the words of the sections with the vocabulary of the
record's variant, attaches comments, suffixes, NAGs, notes and variations to the
move they follow, and cuts the Play section into tricks at line ends.  It checks
no rule: what it reports is notation (``PFN-E1xx``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from lark import Transformer

from pfn.cards import CARD_BY_NAME, Card
from pfn.contract import Contract
from pfn.diagnostics import Diagnostic
from pfn.model import (
    Annotation,
    Call,
    CallSection,
    CardRun,
    Deal,
    Play,
    Pos,
    Record,
    ScoreEntry,
    Section,
    Source,
    Tag,
    Variation,
)
from pfn.notation import values
from pfn.notation.canonical import sorted_entries
from pfn.notation.values import ValueProblem
from pfn.notation.words import family_names, family_words
from pfn.seats import SEAT_BY_NAME, Seat
from pfn.vocabulary import RUSSIAN, Vocabulary, parse_card

T = TypeVar("T")

KNOWN_TAGS: tuple[str, ...] = (
    "Event", "Site", "Date", "Round", "Match", "Variant", "Rules", "Target", "Players",
    "Board", "Dealer", "Deal", "Declarer", "Contract", "Result", "Auction", "Talon",
    "Discard", "Defence", "Play", "Score", "Sheet", "Settlement", "Note",
)
"""Tag names pfn knows, in the canonical (export) order; see spec, section 4."""

_TAG_NAMES = {name.casefold(): name for name in KNOWN_TAGS} | {"defense": "Defence"}
_ORDERED = frozenset(KNOWN_TAGS)
_RANK = {name: i for i, name in enumerate(KNOWN_TAGS)}
SECTION_TAGS = frozenset({"Auction", "Defence", "Play", "Sheet"})
SESSION_TAGS = frozenset({"Event", "Site", "Date", "Round", "Match", "Variant", "Rules",
                          "Target", "Players"})
"""Tags whose value may be ``#``: the same as in the previous record (as in PBN)."""
REPEATABLE_TAGS = frozenset({"Note"})

_TAG_RE = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]*"((?:[^"\\\n]|\\.)*)"[ \t]*\]'
                     r'[ \t]*(\r?\n)?')
"""One tag pair of a TAG token (a run of tag pairs), with the line end after it."""
_NOTE_REF_RE = re.compile(r"^=(\d+)=$")
_SUFFIX_CHARS = "!?"
_CLAIM = "*"


def normalize_comment(text: str) -> str:
    """Comment text as stored: white space folded to single spaces within a paragraph,
    paragraphs (separated by blank lines) kept."""
    paragraphs = re.split(r"\n[ \t\r]*\n", text)
    return "\n\n".join(" ".join(p.split()) for p in paragraphs if p.strip())


def unescape(value: str) -> str:
    """A tag value without its ``\\"`` and ``\\\\`` escapes."""
    return re.sub(r"\\(.)", r"\1", value) if "\\" in value else value


@dataclass
class _Ann:
    """A mutable annotation while a section is being read."""

    suffix: str = ""
    nags: list[int] = field(default_factory=list)
    notes: list[int] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    variations: list[Variation] = field(default_factory=list)

    def freeze(self) -> Annotation:
        return Annotation(self.suffix, tuple(self.nags), tuple(self.notes),
                          tuple(self.comments), tuple(self.variations))


@dataclass
class _Move:
    """A move (call, card, or the claim ``*``) while a section is being read."""

    value: Any
    seat: Seat | None
    pos: Pos
    text: str
    new_line: bool
    ann: _Ann | None = None

    def annotation(self) -> _Ann:
        if self.ann is None:
            self.ann = _Ann()
        return self.ann


MAX_NESTING = 64
"""Variations may nest this deep (spec, section 8); deeper input is refused whole."""


class TooDeep(Exception):
    """Variations nested deeper than :data:`MAX_NESTING`: the record is not read."""

    def __init__(self, token: Any) -> None:
        super().__init__(f"variations nested deeper than {MAX_NESTING}")
        self.token = token


class _RawVariation(list[Any]):
    """The tokens of a ``( … )`` group, before its section is known."""

    depth = 1


@dataclass(slots=True)
class TagEntry:
    """A tag pair and the tokens after it, as read."""

    name: str
    value: str
    pos: Pos = (0, 0)
    value_col: int = 0
    elements: list[Any] = field(default_factory=list)
    inherited: bool = False


def _tag_parts(m: re.Match[str]) -> tuple[str, str, int]:
    """Canonical name, value and the value's offset of one tag pair."""
    raw_name = m.group(1)
    return (_TAG_NAMES.get(raw_name.casefold(), raw_name), unescape(m.group(2)),
            m.start(2) - m.start())


_SECTION_TAGS = frozenset({"Auction", "Defence", "Play", "Sheet"})
"""Tags that open a section pfn reads, even when it is empty."""

_CLAIM_MARK = object()


@functools.lru_cache(maxsize=512)
def _contract(token: str) -> Contract | None:
    return Contract.parse(token)



_TAG_CACHE: dict[str, tuple[str, str, int]] = {}
"""Tag texts already taken apart (most tags repeat from record to record)."""


class RecordBuilder(Transformer[Any, Record]):
    """Inline Lark transformer building one :class:`Record` per parse.

    Call :meth:`reset` before each parse with where the text comes from.
    """

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.reset(None, 1, 0, "")

    def reset(self, name: str | None, line: int, offset: int, text: str,
              directives: Sequence[str] = (), previous: dict[str, str] | None = None) -> None:
        """Prepare for the record whose text starts at ``line`` of file ``name``."""
        self._name = name
        self._line0 = line - 1
        self._source = Source(name, line, offset, text)
        self._directives = tuple(directives)
        self._previous = previous if previous is not None else {}
        self._diagnostics: list[Diagnostic] = []

    # -- grammar callbacks ------------------------------------------------

    def variation(self, children: list[Any]) -> _RawVariation:
        raw = _RawVariation(children)
        inner = [c.depth for c in children if isinstance(c, _RawVariation)]
        if inner:
            raw.depth = max(inner) + 1
            if raw.depth > MAX_NESTING:  # stop before recursion over it can overflow
                raise TooDeep(next((c for c in children if not isinstance(c, list)), None))
        return raw

    def entry(self, children: list[Any]) -> list[Any]:
        return children

    def start(self, children: list[Any]) -> Record:
        lead_comments: list[str] = []
        entries: list[TagEntry] = []
        for child in children:
            if isinstance(child, list):
                self._entries(child, entries)
            elif child.type != "NL":
                lead_comments.append(self._comment(child.value))
        return self._record(entries, lead_comments)

    # -- helpers ----------------------------------------------------------

    def _pos(self, token: Any) -> Pos:
        return (token.line + self._line0, token.column)

    def _problem(self, code: str, message: str, pos: Pos, text: str | None = None,
                 hint: str | None = None) -> None:
        self._diagnostics.append(Diagnostic(code, message, self._name, pos[0], pos[1], text, hint))

    def _value_problem(self, entry: TagEntry, problem: ValueProblem) -> None:
        col = entry.value_col + problem.start
        text = entry.value[problem.start:problem.start + problem.length] or None
        self._problem(problem.code, f"{entry.name}: {problem.message}", (entry.pos[0], col), text,
                      problem.hint)

    def _typed(self, entry: TagEntry | None, parse: Callable[[str], T]) -> T | None:
        if entry is None or entry.value.strip() in ("", "?"):
            return None
        try:
            return parse(entry.value)
        except ValueProblem as problem:
            self._value_problem(entry, problem)
            return None

    @staticmethod
    def _comment(text: str) -> str:
        return normalize_comment(text[1:-1] if text[0] == "{" else text[1:])

    def _entries(self, children: list[Any], out: list[TagEntry]) -> None:
        """The tag pairs of a TAG token; the tokens after it belong to the last pair."""
        token = children[0]
        text = token.value
        line = token.line + self._line0
        line_start = -token.column + 1  # so that col = offset - line_start + 1
        cache = _TAG_CACHE
        for m in _TAG_RE.finditer(text):
            tag_text = m.group()
            known = cache.get(tag_text)
            if known is None:
                known = _tag_parts(m)
                if len(cache) > 4096:
                    cache.clear()
                cache[tag_text] = known
            name, value, start = known
            at = m.start()
            col = at - line_start + 1
            entry = TagEntry(name, value, (line, col), col + start)
            if value == "#" and name in SESSION_TAGS:
                if name in self._previous:
                    entry.value, entry.inherited = self._previous[name], True
                else:
                    self._problem("PFN-E106", f'{name}: "#" but no earlier record gives'
                                  f" {name}", (line, col), tag_text.rstrip())
            out.append(entry)
            if tag_text[-1] == "\n":
                line += 1
                line_start = at + len(tag_text)
        out[-1].elements = children[1:]

    # -- the record -------------------------------------------------------

    def _record(self, entries: list[TagEntry], lead_comments: list[str]) -> Record:
        fields = self.tag_fields(entries)
        vocabulary: Vocabulary = fields.pop("vocabulary")
        players: int = fields["players"]
        tags: list[Tag] = []
        unknown_sections: list[tuple[str, Section]] = []
        for entry in entries:
            name = entry.name
            if not entry.elements and name not in _SECTION_TAGS:  # most tags: nothing after
                value = entry.value
                if name == "Players":  # names are content: keep them in their export spelling
                    value = "; ".join(n.strip() for n in value.split(";"))
                tags.append(Tag(name, value, (), entry.inherited, entry.pos))
                continue
            comments: list[str] = []
            if name == "Auction":
                fields["auction"] = self._calls(entry, comments, vocabulary.call, players)
            elif name == "Defence":
                fields["defence"] = self._calls(entry, comments, vocabulary.defence_call, players)
            elif name == "Play":
                fields["play"] = self._play(entry, comments, players)
            elif name == "Sheet":
                fields["sheet"] = self._sheet(entry, comments, vocabulary, players)
            elif name not in _ORDERED and any(
                    isinstance(e, _RawVariation) or e.type == "WORDS" for e in entry.elements):
                unknown_sections.append((name, Section(tuple(_raw_lines(entry.elements)))))
            else:
                comments += self._comments_only(entry)
            value = entry.value
            if name == "Players":  # names are content: keep them in their export spelling
                value = "; ".join(n.strip() for n in value.split(";"))
            tags.append(Tag(name, value, tuple(comments), entry.inherited, entry.pos))
        tags.sort(key=lambda t: _RANK.get(t.name, len(_RANK)))  # export order; stable for others
        return Record(tags=tuple(tags), sections=tuple(unknown_sections),
                      comments=tuple(lead_comments), directives=self._directives,
                      source=self._source, diagnostics=tuple(self._diagnostics), **fields)

    def tag_fields(self, entries: Sequence[TagEntry]) -> dict[str, Any]:
        """The typed values of the known tags (and the vocabulary, under ``vocabulary``).

        Shared by the text reader and the JSON reader, so both read tag values alike.
        """
        by_name: dict[str, TagEntry] = {}
        notes: list[tuple[int, str]] = []
        for entry in entries:
            if entry.name == "Note":
                parsed_note = self._typed(entry, values.note)
                if parsed_note is not None:
                    notes.append(parsed_note)
            elif entry.name in by_name and entry.name in _ORDERED:
                self._problem("PFN-E112", f"tag {entry.name} given twice", entry.pos,
                              f"[{entry.name}", "a record has each tag once (Note may repeat)")
            else:
                by_name.setdefault(entry.name, entry)

        variant, vocabulary = self._variant(by_name.get("Variant"), bool(entries))
        names = by_name.get("Players")
        deal_entry = by_name.get("Deal")
        count = None
        if names is not None and names.value.strip() not in ("", "?"):
            count = len(names.value.split(";"))
            if count not in (3, 4):
                self._problem("PFN-E209", f"Players: {count} names; Preferans is played by"
                              " 3 or 4", names.pos, None)
                count = None
        deal = self._typed(deal_entry, lambda v: values.deal(v, count))
        players = count or (deal.players if deal is not None else 3)
        if deal is not None and deal.players != players and deal_entry is not None:
            self._problem("PFN-E209", f"Deal has {deal.players} seats but Players names"
                          f" {players}", deal_entry.pos, None)
            deal = Deal(tuple(deal.hands[:players]) + (None,) * (players - deal.players),
                        deal.talon)

        def seat_of(name: str) -> Seat | None:
            return self._typed(by_name.get(name), lambda v: values.seat(v, players))

        contract = self._typed(by_name.get("Contract"), lambda v: values.contract(v, vocabulary))
        talon = self._typed(by_name.get("Talon"), values.cards)
        discard_entry = by_name.get("Discard")
        public = discard_entry is not None and values.is_public_discard(discard_entry.value)
        if public:  # seed 000: the talon thrown away face up, as revealed
            if talon is None and deal is not None and deal.talon is not None:
                talon = tuple(deal.talon) or None
            discard = talon
        else:
            discard = self._typed(discard_entry, values.cards)
        return {
            "vocabulary": vocabulary,
            "variant": variant,
            "players": players,
            "dealer": seat_of("Dealer"),
            "deal": deal,
            "declarer": seat_of("Declarer"),
            "contract": _contract(contract) if contract else None,
            "talon": talon,
            "discard": discard,
            "discard_public": public,
            "result": self._typed(by_name.get("Result"), lambda v: tuple(sorted(
                values.result(v, players)))),
            "score": self._typed(by_name.get("Score"), lambda v: tuple(sorted_entries(
                values.score_entries(v, vocabulary.column, False, players)))),
            "settlement": self._typed(by_name.get("Settlement"), lambda v: tuple(sorted(
                values.settlement(v, players)))),
            "notes": tuple(notes),
            "rules": self._typed(by_name.get("Rules"), values.rules) or (),
        }

    def _variant(self, entry: TagEntry | None, has_tags: bool) -> tuple[str, Vocabulary]:
        if entry is None or entry.value.strip() in ("", "?"):
            if has_tags:
                self._problem("PFN-W001", "no Variant tag: read as sochi", (self._line0 + 1, 1),
                              None, 'add [Variant "sochi"] (or the variant played)')
            return "sochi", RUSSIAN
        found = family_words(entry.value)
        if found is None:
            self._problem("PFN-E109", f"unknown variant {entry.value!r}",
                          (entry.pos[0], entry.value_col), entry.value,
                          "known variants: " + ", ".join(family_names()))
            return entry.value.strip().casefold(), RUSSIAN
        return found

    def _comments_only(self, entry: TagEntry) -> list[str]:
        """Comments after a tag that opens no section; words there are misplaced."""
        out: list[str] = []
        for element in entry.elements:
            if isinstance(element, _RawVariation):
                self._problem("PFN-E105", f"a variation after the {entry.name} tag, outside any"
                              " section", entry.pos, None)
            elif element.type in ("COMMENT", "LINE_COMMENT"):
                out.append(self._comment(element.value))
            elif element.type == "WORDS":
                text = element.value.split("\n")[0].rstrip()
                self._problem("PFN-E105", f"{text!r} after the {entry.name} tag, which"
                              " opens no section", self._pos(element), text,
                              "moves belong after [Auction], [Defence] or [Play]")
        return out

    # -- sections ---------------------------------------------------------

    def _moves(self, elements: list[Any], lead: list[str], resolve: Callable[[str], Any],
               section: str, players: int) -> list[_Move]:
        """The moves of a section or variation, with everything attached to them."""
        moves: list[_Move] = []
        new_line = False
        for element in elements:
            if isinstance(element, _RawVariation):
                if not moves:
                    self._problem("PFN-E115", "a variation must follow the move it replaces",
                                  self._first_pos(element), "(")
                    continue
                moves[-1].annotation().variations.append(
                    self._variation(element, resolve, section, players))
                continue
            kind = element.type
            if kind == "NL":
                new_line = True
                continue
            if kind != "WORDS":
                text = self._comment(element.value)
                if moves:
                    moves[-1].annotation().comments.append(text)
                else:
                    lead.append(text)
                continue
            line, col = self._pos(element)
            for offset, text in enumerate(element.value.split("\n")):
                if offset:
                    new_line, col = True, 1  # the token runs on over line ends
                index = 0
                for word in text.split():
                    index = text.find(word, index)
                    pos = (line + offset, col + index)
                    index += len(word)
                    self._word(word, pos, moves, resolve, section, players, new_line)
                    new_line = False
        return moves

    def _word(self, word: str, pos: Pos, moves: list[_Move], resolve: Callable[[str], Any],
              section: str, players: int, new_line: bool) -> None:
        if word[0] == "$":
            if not word[1:].isdigit():
                self._problem("PFN-E111", f"NAG {word!r} is not $ and a number", pos, word)
            elif moves:
                moves[-1].annotation().nags.append(int(word[1:]))
            else:
                self._problem("PFN-E114", f"NAG {word} before any move", pos, word)
            return
        if word[0] == "=":
            m = _NOTE_REF_RE.match(word)
            if m is None:
                self._problem("PFN-E113", f"note reference {word!r} is not =n=", pos, word)
            elif moves:
                moves[-1].annotation().notes.append(int(m.group(1)))
            else:
                self._problem("PFN-E114", f"note reference {word} before any move", pos, word)
            return
        body = word.rstrip(_SUFFIX_CHARS) if word[-1] in _SUFFIX_CHARS else word
        suffix = word[len(body):]
        if section == "play" and not body and word.startswith("?"):
            body, suffix = word, ""  # a lone "?" is not a card
        if not body:
            if moves:
                moves[-1].annotation().suffix += suffix
            else:
                self._problem("PFN-E114", f"annotation {word!r} before any move", pos, word)
            return
        seat: Seat | None = None
        if section != "play" and len(body) > 2 and body[1] == ":":
            seat = SEAT_BY_NAME.get(body[0].upper())
            if seat is None or seat >= players:
                self._problem("PFN-E110", f"invalid seat {body[0]!r} in {word!r}", pos, word)
                return
            body = body[2:]
        value: Any
        if section == "play":
            if body == _CLAIM:
                value = _CLAIM_MARK
            elif body == "-":
                value = None
            else:
                value = parse_card(body)
                if value is None:
                    self._unknown_word(body, pos, section)
                    return
        else:
            value = resolve(body)
            if value is None:
                self._unknown_word(body, pos, section)
                return
        move = _Move(value, seat, pos, word, new_line)
        if suffix:
            move.annotation().suffix = suffix
        moves.append(move)

    def _unknown_word(self, word: str, pos: Pos, section: str) -> None:
        if section == "play":
            self._problem("PFN-E107", f"unknown card {word!r}", pos, word,
                          "cards are a suit letter S C D H and a rank A K Q J T 9 8 7 (SA, HT);"
                          " - is an unknown card, * claims the rest")
        elif section == "auction":
            self._problem("PFN-E108", f"unknown call {word!r}", pos, word,
                          "calls are bids such as 6S 7NT mis, pass and hold (spec, section 6)")
        else:
            self._problem("PFN-E108", f"unknown defence call {word!r}", pos, word,
                          "defence calls are whist, pass, half, open, closed, together, own,"
                          " return, check, kontra …")

    def _first_pos(self, raw: _RawVariation) -> Pos:
        for element in raw:
            if not isinstance(element, _RawVariation):
                return self._pos(element)
        return (0, 0)

    def _variation(self, raw: _RawVariation, resolve: Callable[[str], Any], section: str,
                   players: int) -> Variation:
        lead: list[str] = []
        moves = self._moves(list(raw), lead, resolve, section, players)
        if section == "play":
            return Variation(self._run(moves), tuple(lead))
        return Variation(tuple(self._call(m) for m in moves), tuple(lead))

    @staticmethod
    def _call(move: _Move) -> Call:
        ann = move.ann.freeze() if move.ann is not None else None
        return Call(move.value, move.seat, ann, move.pos, move.text)

    def _section_seat(self, entry: TagEntry, players: int) -> Seat | None:
        return self._typed(entry, lambda v: values.seat(v, players))

    def _plain_words(self, entry: TagEntry) -> list[tuple[int, int, str]] | None:
        """``(line, col, line text)`` of a section made only of words (no comments,
        variations or other tokens), else ``None``: the fast path for machine-written
        records."""
        out = []
        for element in entry.elements:
            if isinstance(element, _RawVariation) or element.type != "WORDS":
                if isinstance(element, _RawVariation) or element.type != "NL":
                    return None
                continue
            line, col = element.line + self._line0, element.column
            for offset, text in enumerate(element.value.split("\n")):
                if text and not text.isspace():
                    out.append((line + offset, col if not offset else 1, text))
        return out

    def _calls(self, entry: TagEntry, comments: list[str], resolve: Callable[[str], str | None],
               players: int) -> CallSection:
        section = "auction" if entry.name == "Auction" else "defence"
        plain = self._plain_words(entry)
        if plain is not None:
            calls: list[Call] = []
            for line, col, text in plain:
                index = 0
                for word in text.split():
                    if resolve(word) != word:  # an alias, a prefix or an annotation
                        break
                    index = text.find(word, index)
                    calls.append(Call(word, None, None, (line, col + index), word))
                    index += len(word)
                else:
                    continue
                break
            else:
                return CallSection(self._section_seat(entry, players), tuple(calls))
        moves = self._moves(entry.elements, comments, resolve, section, players)
        return CallSection(self._section_seat(entry, players),
                           tuple(self._call(m) for m in moves))

    def _run(self, moves: list[_Move]) -> CardRun:
        cards: list[Card | None] = []
        anns: list[Annotation | None] = []
        positions: list[Pos] = []
        texts: list[str] = []
        claim: Annotation | None = None
        for move in moves:
            if move.value is _CLAIM_MARK:
                claim = move.ann.freeze() if move.ann is not None else Annotation()
                continue
            if claim is not None:
                self._problem("PFN-E101", f"{move.text!r} after the claim *", move.pos, move.text,
                              "* ends the play: the rest was claimed or not recorded")
            cards.append(move.value)
            anns.append(move.ann.freeze() if move.ann is not None else None)
            positions.append(move.pos)
            texts.append(move.text)
        return CardRun(tuple(cards), tuple(anns) if any(anns) else None, claim,
                       tuple(positions), tuple(texts))

    def _plain_play(self, entry: TagEntry) -> tuple[CardRun, ...] | None:
        """The tricks of a Play section of plain canonical cards (the fast path)."""
        plain = self._plain_words(entry)
        if plain is None:
            return None
        runs = []
        cards_by_name = CARD_BY_NAME
        for line, col, text in plain:
            cards = tuple(map(cards_by_name.get, text.split()))
            if None in cards and not all(c is not None or w == "-"
                                         for c, w in zip(cards, text.split(), strict=True)):
                return None  # aliases, claims, annotations: the general path
            runs.append(CardRun(cards, None, None, origin=(line, col, text)))
        return tuple(runs)

    def _play(self, entry: TagEntry, comments: list[str], players: int) -> Play:
        plain = self._plain_play(entry)
        if plain is not None:
            return Play(self._section_seat(entry, players), plain)
        moves = self._moves(entry.elements, comments, parse_card, "play", players)
        runs: list[list[_Move]] = []
        for move in moves:
            if move.new_line or not runs:
                if move.value is _CLAIM_MARK and runs:  # a "*" on its own line ends the last trick
                    runs[-1].append(move)
                    continue
                runs.append([])
            runs[-1].append(move)
        return Play(self._section_seat(entry, players), tuple(self._run(r) for r in runs))

    def _sheet(self, entry: TagEntry, comments: list[str], vocabulary: Vocabulary,
               players: int) -> tuple[ScoreEntry, ...] | None:
        """The Sheet section: one line per player, ``A pool=10 mountain=4 whist/B=12``."""
        out: list[ScoreEntry] = []
        for element in entry.elements:
            if isinstance(element, _RawVariation):
                self._problem("PFN-E105", "a variation in the Sheet section",
                              self._first_pos(element), "(")
                continue
            if element.type in ("COMMENT", "LINE_COMMENT"):
                comments.append(self._comment(element.value))
                continue
            if element.type != "WORDS":
                continue
            first_line, first_col = self._pos(element)
            for offset, raw in enumerate(element.value.split("\n")):
                text = raw.rstrip()
                words = text.split()
                if not words:
                    continue
                line, col = first_line + offset, (first_col if not offset else 1)
                prefix: Seat | None = None
                start = 0
                if len(words[0]) == 1:
                    try:
                        prefix = values.seat(words[0], players)
                    except ValueProblem as problem:
                        self._problem(problem.code, f"Sheet: {problem.message}", (line, col),
                                      words[0], problem.hint)
                        continue
                    start = text.find(words[0]) + 1
                try:
                    out += values.score_entries(text[start:], vocabulary.column, True,
                                                players, start, prefix)
                except ValueProblem as problem:
                    self._problem(problem.code, f"Sheet: {problem.message}",
                                  (line, col + problem.start),
                                  text[problem.start:problem.start + problem.length],
                                  problem.hint)
        return tuple(sorted_entries(out))


def _raw_lines(elements: list[Any]) -> list[str]:
    """An unknown section's text, line by line, for verbatim round-trips."""
    lines: list[str] = []
    current: list[str] = []

    def flush() -> None:
        if current:
            lines.append(" ".join(current))
            current.clear()

    def add(items: list[Any]) -> None:
        for element in items:
            if isinstance(element, _RawVariation):
                current.append("(")
                add(list(element))
                current.append(")")
            elif element.type == "NL":
                flush()
            elif element.type == "COMMENT":
                current.append("{ " + normalize_comment(element.value[1:-1]) + " }")
            elif element.type == "LINE_COMMENT":
                current.append(element.value.rstrip())
                flush()
            else:
                parts = element.value.split("\n")
                for number, part in enumerate(parts):
                    if number:
                        flush()
                    if part.strip():
                        current.append(part.strip())

    add(elements)
    flush()
    return lines
