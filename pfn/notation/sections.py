"""Reading the sections of a record: moves, their annotations, variations, tricks.

:class:`SectionReader` is the half of the record builder (:mod:`pfn.notation.build`)
that turns the words of the Auction, Defence, Play and Sheet sections into model
values: it resolves each word with the vocabulary of the record's variant, attaches
comments, suffixes, NAGs, note references and variations to the move they follow,
and cuts the Play section into tricks at line ends.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pfn import codes
from pfn.cards import CARD_BY_NAME, Card, parse_card
from pfn.codes import Code
from pfn.diagnostics import Diagnostic, NotationError
from pfn.messages import Text, msg
from pfn.model import (
    Annotation,
    Call,
    CallNode,
    CallSection,
    CardRun,
    Play,
    Pos,
    ScoreEntry,
    Variation,
)
from pfn.notation import values
from pfn.notation.canonical import sorted_entries
from pfn.notation.values import ValueProblem
from pfn.seats import SEAT_BY_NAME, Seat
from pfn.vocabulary import Vocabulary

T = TypeVar("T")

_NOTE_REF_RE = re.compile(r"^=(\d{1,4})=$")
MAX_NAG = 255
"""NAGs are PGN's: $0 … $255."""
_SUFFIX_CHARS = "!?"
_CLAIM = "*"
_CLAIM_MARK = object()


_PARAGRAPHS = re.compile(r"\n[ \t\r]*\n")


def normalize_comment(text: str) -> str:
    """Comment text as stored: white space folded to single spaces within a paragraph,
    paragraphs (separated by blank lines) kept."""
    if "\n" not in text:  # one line: one paragraph
        return " ".join(text.split())
    paragraphs = _PARAGRAPHS.split(text)
    return "\n\n".join(" ".join(p.split()) for p in paragraphs if p.strip())


_ESCAPE = re.compile(r'\\(["\\])')


def unescape(value: str) -> str:
    """A tag value without its escapes: ``\\"`` is a quote and ``\\\\`` a backslash; any
    other backslash is part of the value (``C:\\games``)."""
    return _ESCAPE.sub(r"\1", value) if "\\" in value else value


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


class TooDeep(NotationError):
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
    elements: Sequence[Any] = ()
    inherited: bool = False
    implied: bool = False


_MOST_WORDS = 64
"""Words of a plain trick line read: far more than any trick holds."""


class SectionReader:
    """Reads sections for a record builder: the builder sets the source's name and first
    line and the list its diagnostics go to."""

    _name: str | None
    _line0: int
    _diagnostics: list[Diagnostic]

    def _pos(self, token: Any) -> Pos:
        return (token.line + self._line0, token.column)

    def _problem(self, code: Code, message: Text, pos: Pos, text: str | None = None,
                 hint: Text | None = None) -> None:
        self._diagnostics.append(Diagnostic(code, message, self._name, pos[0], pos[1], text, hint))

    def _value_problem(self, entry: TagEntry, problem: ValueProblem) -> None:
        col = entry.value_col + problem.start
        text = entry.value[problem.start:problem.start + problem.length] or None
        self._problem(problem.code, entry.name + ": " + problem.message, (entry.pos[0], col), text,
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

    # -- sections ---------------------------------------------------------

    def _moves(self, elements: Sequence[Any], lead: list[str], resolve: Callable[[str], Any],
               section: str, players: int) -> list[_Move]:
        """The moves of a section or variation, with everything attached to them."""
        moves: list[_Move] = []
        new_line = False
        for element in elements:
            if isinstance(element, _RawVariation):
                if not moves:
                    self._problem(codes.E115, msg("a variation must follow the move it replaces"),
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
            # (ASCII digits only: '²' is a digit to str.isdigit, not to int)
            if not (word[1:].isascii() and word[1:].isdigit()) or len(word) > 4 or \
                    int(word[1:]) > MAX_NAG:
                self._problem(codes.E111, msg("NAG {text} is not $0 … ${n}", text=repr(word),
                                                 n=MAX_NAG), pos, word,
                              msg("a NAG is $ and a number, as in PGN"))
            elif moves:
                moves[-1].annotation().nags.append(int(word[1:]))
            else:
                self._problem(codes.E114, msg("NAG {text} before any move", text=word), pos, word)
            return
        if word[0] == "=":
            m = _NOTE_REF_RE.match(word)
            if m is None:
                self._problem(codes.E113, msg("note reference {text} is not =n=", text=repr(word)),
                              pos, word, msg("notes are numbered 1 … 9999"))
            elif moves:
                moves[-1].annotation().notes.append(int(m.group(1)))
            else:
                self._problem(codes.E114, msg("note reference {text} before any move", text=word),
                              pos, word)
            return
        body = word.rstrip(_SUFFIX_CHARS) if word[-1] in _SUFFIX_CHARS else word
        suffix = word[len(body):]
        if section == "play" and not body and word.startswith("?"):
            body, suffix = word, ""  # a lone "?" is not a card
        if not body:
            if moves:
                moves[-1].annotation().suffix += suffix
            else:
                self._problem(codes.E114, msg("annotation {text} before any move", text=repr(word)),
                              pos, word)
            return
        seat: Seat | None = None
        if section != "play" and len(body) > 2 and body[1] == ":":
            seat = SEAT_BY_NAME.get(body[0].upper())
            if seat is None or seat.index >= players:
                self._problem(codes.E110, msg("invalid seat {seat} in {text}", seat=repr(body[0]),
                                                 text=repr(word)), pos, word)
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
            self._problem(codes.E107, msg("unknown card {text}", text=repr(word)), pos, word,
                          msg("cards are a suit letter S C D H and a rank A K Q J T 9 8 7 (SA,"
                             " HT); - is an unknown card, * claims the rest"))
        elif section == "auction":
            self._problem(codes.E108, msg("unknown call {text}", text=repr(word)), pos, word,
                          msg("calls are bids such as `6S` `7NT` `mis`, `pass` and `hold` (spec,"
                             " section 6)"))
        else:
            self._problem(codes.E108, msg("unknown defence call {text}", text=repr(word)), pos,
                          word, msg("defence calls are `whist`, `pass`, `half`, `open`,"
                                   " `closed`, `together`, `own`, `return`, `check`, `kontra` …"))

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
    def _call(move: _Move) -> CallNode:
        ann = move.ann.freeze() if move.ann is not None else None
        return CallNode(Call(move.value, move.seat), ann, move.pos, move.text)

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
            calls: list[CallNode] = []
            for line, col, text in plain:
                index = 0
                for word in text.split():
                    if resolve(word) != word:  # an alias, a prefix or an annotation
                        break
                    index = text.find(word, index)
                    calls.append(CallNode(Call(word), None, (line, col + index), word))
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
                self._problem(codes.E101, msg("{text} after the claim *", text=repr(move.text)),
                              move.pos, move.text,
                              msg("* ends the play: the rest was claimed or not recorded"))
            cards.append(move.value)
            anns.append(move.ann.freeze() if move.ann is not None else None)
            positions.append(move.pos)
            texts.append(move.text)
        return CardRun(tuple(cards), tuple(anns) if any(anns) else None, claim,
                       tuple(positions), tuple(texts))

    def _plain_play(self, entry: TagEntry) -> tuple[CardRun, ...] | None:
        """The tricks of a Play section of plain canonical cards, one trick a line, with
        perhaps a comment after a trick (the fast path: machine-written and annotated
        records); anything else goes the general way."""
        runs: list[CardRun] = []
        notes: dict[int, list[str]] = {}  # run -> comments after its last card
        cards_by_name = CARD_BY_NAME
        last_line = 0
        for element in entry.elements:
            if isinstance(element, _RawVariation):
                return None
            kind = element.type
            if kind == "NL":
                continue
            if kind != "WORDS":  # a comment: after the trick before it on its line
                if not runs:
                    return None
                notes.setdefault(len(runs) - 1, []).append(self._comment(element.value))
                continue
            line, col = element.line + self._line0, element.column
            if line == last_line:
                return None  # a trick goes on after a comment: the general path
            for offset, text in enumerate(element.value.split("\n")):
                if not text or text.isspace():
                    continue
                # a trick has five cards at most: a longer line is wrong whatever its
                # length, so its first words tell it (memory stays bounded per line)
                words = text.split(None, _MOST_WORDS)[:_MOST_WORDS]
                cards = tuple(map(cards_by_name.get, words))
                if None in cards and not all(c is not None or w == "-"
                                             for c, w in zip(cards, words, strict=True)):
                    return None  # aliases, claims, annotations: the general path
                runs.append(CardRun(cards, None, None,
                                    origin=(line + offset, col if not offset else 1, text)))
                last_line = line + offset
        for index, said in notes.items():
            run = runs[index]
            anns: list[Annotation | None] = [None] * len(run.cards)
            anns[-1] = Annotation(comments=tuple(said))
            run.anns = tuple(anns)  # the reader's own new run: nobody has seen it yet
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
        """The Sheet section: a line per player, ``A pool=10 mountain=4 whist/B=12`` (a long
        one may go on over several lines, each starting with the seat again); a comment
        may stand anywhere in a line."""
        out: list[ScoreEntry] = []
        last: tuple[int, Seat | None] = (0, None)  # the line read last, and its seat
        for element in entry.elements:
            if isinstance(element, _RawVariation):
                self._problem(codes.E105, msg("a variation in the Sheet section"),
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
                prefix: Seat | None = last[1] if last[0] == line else None
                start = 0
                if len(words[0]) == 1:
                    try:
                        prefix = values.seat(words[0], players)
                    except ValueProblem as problem:
                        self._problem(problem.code, "Sheet: " + problem.message, (line, col),
                                      words[0], problem.hint)
                        continue
                    start = text.find(words[0]) + 1
                last = (line, prefix)
                try:
                    found = values.score_entries(text[start:], vocabulary.column, True,
                                                 players, start, prefix, (line, col))
                    for e in found:
                        if any(e.key == seen.key for seen in out):
                            self._problem(codes.E120, "Sheet: " + msg("{text} is given twice",
                                                                      text=e.label()),
                                          e.pos, e.label(),
                                          msg("give each figure of the sheet once"))
                        else:
                            out.append(e)
                except ValueProblem as problem:
                    self._problem(problem.code, "Sheet: " + problem.message,
                                  (line, col + problem.start),
                                  text[problem.start:problem.start + problem.length],
                                  problem.hint)
        return tuple(sorted_entries(out))


def _raw_lines(elements: Sequence[Any]) -> list[str]:
    """An unknown section's text, line by line, for verbatim round-trips."""
    lines: list[str] = []
    current: list[str] = []

    def flush() -> None:
        if current:
            lines.append(" ".join(current))
            current.clear()

    def add(items: Sequence[Any]) -> None:
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
