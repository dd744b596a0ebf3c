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
from collections.abc import Sequence
from typing import Any, TypeVar

from pfn import codes
from pfn.contract import Contract
from pfn.diagnostics import Diagnostic, text_lines
from pfn.messages import msg
from pfn.model import (
    MATCH_TAGS,
    Deal,
    Record,
    Section,
    Source,
    Tag,
)
from pfn.notation import values
from pfn.notation.canonical import sorted_entries
from pfn.notation.sections import (
    MAX_NESTING,
    SectionReader,
    TagEntry,
    TooDeep,
    _raw_lines,
    _RawVariation,
    unescape,
)
from pfn.notation.words import family_names, family_words
from pfn.seats import Seat
from pfn.vocabulary import RUSSIAN, Vocabulary

T = TypeVar("T")

KNOWN_TAGS: tuple[str, ...] = (
    "Event", "Site", "Date", "Round", "Match", "Variant", "Rules", "Target", "Players",
    "Board", "Dealer", "Deal", "Start", "Declarer", "Contract", "Result", "Auction", "Talon",
    "Discard", "Defence", "Play", "Score", "Sheet", "Settlement", "Note",
)
"""Tag names pfn knows, in the canonical (export) order; see spec, section 4."""

_TAG_NAMES = {name.casefold(): name for name in KNOWN_TAGS} | {"defense": "Defence"}
_ORDERED = frozenset(KNOWN_TAGS)
_RANK = {name: i for i, name in enumerate(KNOWN_TAGS)}
SECTION_TAGS = frozenset({"Auction", "Defence", "Play", "Sheet"})
MOST_TAGS = 10_000
"""Tag pairs read in one record (the roster has about thirty; a hand-made file a few
dozen more): beyond, ``PFN-E122`` and the rest are not kept."""


class MatchHeader:
    """The match-wide tags (``MATCH_TAGS``: Variant, Rules, Target, Players) of the match
    being read: given once, they hold for the match's later records that leave them out,
    so that a pool is replayed under one set of rules (a record that names another is
    ``E804``, :mod:`pfn.match`)."""

    __slots__ = ("id", "values")

    def __init__(self) -> None:
        self.id: str | None = None
        self.values: dict[str, str] = {}

    def imply(self, entries: list[TagEntry]) -> None:
        """Add to a record's tag entries the header's tags it leaves out, if it belongs
        to the same match."""
        if self.id is None:
            return
        given = {entry.name for entry in entries}
        match = next((entry.value for entry in entries if entry.name == "Match"), None)
        if match is None or match.strip() != self.id:
            return
        for name in MATCH_TAGS:
            if name not in given and name in self.values:
                entries.append(TagEntry(name, self.values[name], implied=True))

    def update(self, record: Record) -> None:
        """Take in a record just read: a new match starts a new header."""
        if not record.syntax_ok:
            return  # a record that did not parse does not end the match
        match = record.match
        if match is None:
            self.id, self.values = None, {}
            return
        if match.strip() != self.id:
            self.id, self.values = match.strip(), {}
        for tag in record.tags:
            if tag.name in MATCH_TAGS and not tag.implied:
                self.values.setdefault(tag.name, tag.value)


SESSION_TAGS = frozenset({"Event", "Site", "Date", "Round", "Match", "Variant", "Rules",
                          "Target", "Players"})
"""Tags whose value may be ``#``: the same as in the previous record (as in PBN)."""
REPEATABLE_TAGS = frozenset({"Note"})

# (possessive: a long value is matched without a backtracking record per character)
_TAG_RE = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]*"([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"'
                     r'[ \t]*\][ \t]*(\r?\n)?')
"""One tag pair of a TAG token (a run of tag pairs), with the line end after it."""


def _tokens(elements: Sequence[Any]) -> list[Any]:
    """The tokens of a section's elements, variations opened up (their parentheses are
    not tokens, so the text between the first and the last token is what counts)."""
    out: list[Any] = []
    for element in elements:
        if isinstance(element, _RawVariation):
            out += _tokens(list(element))
        else:
            out.append(element)
    return out


def _tag_parts(m: re.Match[str]) -> tuple[str, str, int]:
    """Canonical name, value and the value's offset of one tag pair."""
    raw_name = m.group(1)
    return (_TAG_NAMES.get(raw_name.casefold(), raw_name), unescape(m.group(2)),
            m.start(2) - m.start())


_SECTION_TAGS = frozenset({"Auction", "Defence", "Play", "Sheet"})
"""Tags that open a section pfn reads, even when it is empty."""

@functools.lru_cache(maxsize=512)
def _contract(token: str) -> Contract | None:
    return Contract.try_parse(token)



_TAG_CACHE: dict[str, tuple[str, str, int]] = {}
"""Tag texts already taken apart (most tags repeat from record to record)."""


class RecordBuilder(SectionReader):
    """The grammar's callbacks (``start``, ``entry``, ``variation``) building one
    :class:`Record` per parse: called by Lark as an inline transformer, or by the fast
    path's scanner (:mod:`pfn.notation.scan`).

    Call :meth:`reset` before each parse with where the text comes from.
    """

    def __init__(self) -> None:
        self.reset(None, 1, 0, "")

    def reset(self, name: str | None, line: int, offset: int, text: str,
              directives: Sequence[str] = (), previous: dict[str, str] | None = None,
              header: MatchHeader | None = None) -> None:
        """Prepare for the record whose text starts at ``line`` of file ``name``
        (``previous``: the session tags before it, for ``#``; ``header``: the match's)."""
        self._name = name
        self._line0 = line - 1
        self._source = Source(name, line, offset, text)
        self._directives = tuple(directives)
        self._previous = previous if previous is not None else {}
        self._header = header
        self._cut = False
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
            if len(out) >= MOST_TAGS:  # memory bounded, whatever a record holds
                if not self._cut:
                    self._cut = True
                    self._problem(codes.E122, msg("more than {n} tags in one record: the rest are"
                                                     " not read", n=MOST_TAGS), (line, col),
                                  tag_text.rstrip()[:60])
                continue
            entry = TagEntry(name, value, (line, col), col + start)
            if value == "#" and name in SESSION_TAGS:
                if name in self._previous:
                    entry.value, entry.inherited = self._previous[name], True
                else:
                    self._problem(codes.E106, msg('{name}: "#" but no earlier record gives {name}',
                                                     name=name), (line, col), tag_text.rstrip())
            out.append(entry)
            if tag_text[-1] == "\n":
                line += 1
                line_start = at + len(tag_text)
        out[-1].elements = children[1:]

    # -- the record -------------------------------------------------------

    def _record(self, entries: list[TagEntry], lead_comments: list[str]) -> Record:
        if self._header is not None:
            self._header.imply(entries)
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
                tags.append(Tag(name, value, (), entry.inherited, entry.pos, entry.implied))
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
                unknown_sections.append((name, Section(tuple(self._verbatim(entry.elements)))))
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
                self._problem(codes.E112, msg("tag {name} given twice", name=entry.name), entry.pos,
                              f"[{entry.name}", msg("a record has each tag once (Note may repeat)"))
            else:
                by_name.setdefault(entry.name, entry)

        variant, vocabulary = self._variant(by_name.get("Variant"), bool(entries))
        names = by_name.get("Players")
        deal_entry = by_name.get("Deal")
        count = None
        if names is not None and names.value.strip() not in ("", "?"):
            count = len(names.value.split(";"))
            if count not in (3, 4):
                self._problem(codes.E209, msg("Players: {n} names; Preferans is played by 3 or 4",
                                             n=count), names.pos, None)
                count = None
        deal = self._typed(deal_entry, lambda v: values.deal(v, count))
        players = count or (deal.players if deal is not None else 3)
        if deal is not None and deal.players != players and deal_entry is not None:
            self._problem(codes.E209, msg("Deal has {seats} seats but Players names {n}",
                                         seats=deal.players, n=players), deal_entry.pos, None)
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
                values.score_entries(v, vocabulary.column, False, players,
                                     place=(by_name["Score"].pos[0],
                                            by_name["Score"].value_col))))),
            "settlement": self._typed(by_name.get("Settlement"), lambda v: tuple(sorted(
                values.settlement(v, players)))),
            "notes": tuple(notes),
            "rules": self._typed(by_name.get("Rules"), values.rules) or (),
            "target": self._typed(by_name.get("Target"), values.target),
            "start": self._typed(by_name.get("Start"), values.start),
        }

    def _verbatim(self, elements: Sequence[Any]) -> list[str]:
        """An unknown section as written: its lines from the source, indentation kept,
        trailing white space dropped."""
        tokens = [t for t in _tokens(elements) if t.type != "NL"]
        if not tokens:
            return []
        lines = text_lines(self._source.text)
        first, last = tokens[0], tokens[-1]
        body = last.value.rstrip()  # a run of words ends with the white space after it
        end_line = last.line + body.count("\n")
        end_col = len(body) - body.rfind("\n") if "\n" in body else last.column + len(body)
        out = lines[first.line - 1:end_line]
        if not out:
            return _raw_lines(elements)
        out[-1] = out[-1][:end_col - 1]
        head = out[0][:first.column - 1]
        if head.strip():  # the section starts on the tag's own line: from its first word
            out[0] = out[0][first.column - 1:]
        return [line.rstrip() for line in out]

    def _variant(self, entry: TagEntry | None, has_tags: bool) -> tuple[str, Vocabulary]:
        if entry is None or entry.value.strip() in ("", "?"):
            if has_tags:
                self._problem(codes.W001, msg("no Variant tag: read as sochi"),
                              (self._line0 + 1, 1), None,
                              msg('add [Variant "sochi"] (or the variant played)'))
            return "sochi", RUSSIAN
        found = family_words(entry.value)
        if found is None:
            self._problem(codes.E109, msg("unknown variant {text}", text=repr(entry.value)),
                          (entry.pos[0], entry.value_col), entry.value,
                          msg("known variants: {names}", names=", ".join(family_names())))
            return entry.value.strip().casefold(), RUSSIAN
        return found

    def _comments_only(self, entry: TagEntry) -> list[str]:
        """Comments after a tag that opens no section; words there are misplaced."""
        out: list[str] = []
        for element in entry.elements:
            if isinstance(element, _RawVariation):
                self._problem(codes.E105, msg("a variation after the {name} tag, outside any"
                                             " section", name=entry.name), entry.pos, None)
            elif element.type in ("COMMENT", "LINE_COMMENT"):
                out.append(self._comment(element.value))
            elif element.type == "WORDS":
                text = element.value.split("\n")[0].rstrip()
                self._problem(codes.E105, msg("{text} after the {name} tag, which opens no"
                                             " section", text=repr(text), name=entry.name),
                              self._pos(element), text,
                              msg("moves belong after [Auction], [Defence] or [Play]"))
        return out
