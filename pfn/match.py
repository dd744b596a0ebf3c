"""Checking records against the rules, match by match.

Each record is replayed and scored (:mod:`pfn.deal`); its entries are written on the
match's sheet (closing the pool, help, refe), and whatever the record states — its
Score entries, the running Sheet, the Settlement — is compared with what the rules
give.  Consecutive records with the same ``[Match]`` share a
sheet; the dealer must rotate as the variant says and the match's variant, rules,
target and players may not change within it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction

from pfn import codes
from pfn.deal import replay, score, variant_of
from pfn.diagnostics import Diagnostic, Fix, OptionError, Problem, UnknownVariant, text_lines
from pfn.messages import Text, msg
from pfn.model import MATCH_TAGS, Amount, Pos, Record, format_amount
from pfn.rules.replay import DealContext, Replay
from pfn.scoring.ledger import (
    Key,
    LedgerEntry,
    Scored,
    entry_label,
    key_order,
    reasons,
    totals,
)
from pfn.scoring.sheet import Sheet
from pfn.seats import Seat
from pfn.variants import Variant


@dataclass
class MatchState:
    """One match (or one independent record) in progress."""

    id: str | None
    variant: Variant
    sheet: Sheet
    header: dict[str, str]
    dealer: Seat | None = None
    allpass_streak: int = 0
    deals: int = 0
    reliable: bool = True
    """The running sheet is known exactly (every deal so far was scored)."""
    refa_open: dict[Seat, int] = field(default_factory=dict)


def _new_state(record: Record, overrides: tuple[tuple[str, str], ...]) -> MatchState | None:
    try:
        variant = variant_of(record, overrides)
    except UnknownVariant:
        return None
    # a single deal with a Target starts from it as the same deal in a match would
    sheet = variant.sheet(record.players, record.target)
    sheet.start()
    return MatchState(record.match, variant, sheet, _header(record))


def _header(record: Record) -> dict[str, str]:
    """The match-wide tags a record gives, in canonical form."""
    found = {t.name for t in record.tags}
    return {name: _header_value(record, name) for name in MATCH_TAGS if name in found}


def _header_value(record: Record, name: str) -> str:
    if name == "Variant":
        return record.variant
    if name == "Rules":
        return "; ".join(f"{k}={v}" for k, v in record.rules)
    if name == "Target":
        return str(record.target) if record.target is not None else (
            record.tag("Target") or "").strip()
    return "; ".join(record.names)  # Players


class MatchChecker:
    """Replays records and the running sheet of each match."""

    def __init__(self, rules: tuple[tuple[str, str], ...] = ()) -> None:
        self.rules = rules
        self.state: MatchState | None = None
        self.last: Replay | None = None
        self.scored: Scored | None = None
        """What the last deal's scorer answered."""
        self.written: list[LedgerEntry] | None = None
        """What the last deal wrote on the sheet (after closing and help)."""
        self._expected_dealer: Seat | None = None
        """Who should have dealt the record being checked, when its Dealer tag is wrong."""

    def check(self, record: Record, sound: bool) -> list[Diagnostic]:
        """Diagnostics for one record as it arrives (``sound``: no structural error)."""
        out: list[Diagnostic] = []
        state = self._state_for(record, out)
        if state is None:
            return out
        is_deal = record.contract is not None or record.auction is not None or \
            record.play is not None or record.deal is not None
        if is_deal:
            self._dealer(record, state, out)
            if state.sheet.finished and state.id is not None and state.deals:
                out.append(Problem(codes.E803, msg("match {id} is over: every pool was already"
                                                  " closed", id=repr(state.id)),
                                   msg("start a new [Match] for a new pool")
                                   ).at(_at(record, "Match")))
        if not sound:
            out.append(Problem(codes.I001, msg("not checked: {what}", what=msg(
                "the rules (fix the errors above first)"))).at(_at(record)))
            state.reliable = False
            return out
        written: list[LedgerEntry] | None = None
        self.written = None
        if is_deal:
            context = DealContext(state.allpass_streak, dict(state.refa_open))
            result = replay(record, rules=self.rules, context=context, on_error="collect")
            expected = self._expected_dealer
            if expected is not None and any(d.is_error for d in result.diagnostics):
                # after a wrong Dealer (E802), the deal as the record shows it, or as the
                # rotation has it dealt, whichever it agrees with: one mistake, one error
                dealt = replay(replace(record, dealer=expected), rules=self.rules,
                               context=context, on_error="collect")
                if _errors(dealt) < _errors(result):
                    result, state.dealer = dealt, expected
            self.last = result
            out += result.diagnostics
            scored = self.scored = score(result)
            out += self._unscored(record, result, scored)
            state.deals += 1
            if result.contract is not None and scored.complete:
                written = state.sheet.write(scored.entries)
                self.written = written
                self._after_deal(result, written, state)
                if scored.uncertain:  # an entry not fixed: the sheet after it is not known
                    state.reliable = False
            else:
                state.reliable = False
                if record.score is not None or record.sheet is not None:
                    out.append(Problem(codes.I001, msg("not checked: {what}", what=msg(
                        "the score (the deal could not be scored from what is given)"))).at(
                                           _at(record, "Score" if record.score else "Sheet")))
        if written is not None and record.score is not None and self.scored is not None:
            out += self._compare_score(record, written, state, self.scored.uncertain)
        if record.sheet is not None:
            out += self._compare_sheet(record, state, is_deal)
        if record.settlement is not None:
            out += self._compare_settlement(record, state)
        return out

    def finish(self) -> Iterator[tuple[Record, list[Diagnostic]]]:
        """Diagnostics that only the end of the input reveals (none so far)."""
        return iter(())

    # -- match bookkeeping ----------------------------------------------------

    def _state_for(self, record: Record, out: list[Diagnostic]) -> MatchState | None:
        state = self.state
        if state is not None and record.match is not None and record.match == state.id:
            for name, value in _header(record).items():
                if name in state.header and value != state.header[name]:
                    out.append(Problem(codes.E804, msg("{name} changes within match {id}:"
                                                      " {before} before, {value} here",
                                                      name=name, id=repr(state.id),
                                                      before=repr(state.header[name]),
                                                      value=repr(value))
                                       ).at(_value_at(record, name), value))
            return state
        try:
            new = _new_state(record, self.rules)
        except OptionError as error:  # a house rule that does not exist or a bad value
            out.append(Problem(codes.E116, error.said,
                               msg("pfn rules lists every option and its values")
                               ).at(_at(record, "Rules")))
            self.state = None
            return None
        if new is None:
            self.state = None
            return None
        self.state = new
        return new

    def _dealer(self, record: Record, state: MatchState, out: list[Diagnostic]) -> None:
        dealer = record.dealer
        self._expected_dealer = None
        if state.id is not None and state.dealer is not None and dealer is not None:
            expected = self.next_dealer(state)
            if expected is not None and dealer != expected:
                self._expected_dealer = expected
                out.append(Problem(codes.E802, msg("{expected} deals this board, not {dealer}",
                                                  expected=expected, dealer=dealer),
                                   msg("the deal passes to the next player in playing order")
                                   ).at(_value_at(record, "Dealer"), str(dealer)))
        if dealer is not None:
            state.dealer = dealer

    @staticmethod
    def _unscored(record: Record, result: Replay, scored: Scored) -> list[Diagnostic]:
        """A note for each thing the scorer could not decide."""
        pos = _at(record, "Score") if record.score is not None else _at(record)
        said = {str(what) for what in result.unchecked}
        return [Problem(codes.I001, msg("not checked: {what}", what=what)).at(pos)
                for what in dict.fromkeys(scored.unchecked) if str(what) not in said]

    def next_dealer(self, state: MatchState) -> Seat | None:
        """Who deals the next board of the match."""
        if state.dealer is None:
            return None
        players = state.sheet.players
        last = self.last
        mode = state.variant.rules.allpass_dealer
        if last is not None and last.contract is not None and last.contract.allpass and (
                mode == "stay" or (mode == "stay-3" and 0 < state.allpass_streak < 3)):
            return state.dealer
        return state.dealer.next(players)

    def _after_deal(self, result: Replay, written: list[LedgerEntry],
                    state: MatchState) -> None:
        contract = result.contract
        if contract is not None and contract.allpass:
            state.allpass_streak += 1
            if state.variant.rules.allpass_dealer == "stay-3" and state.allpass_streak >= 3:
                state.allpass_streak = 0  # seed 000: after three the deal passes on, count anew
        else:
            state.allpass_streak = 0
        for e in written:
            if e.column == "refa":
                state.refa_open[e.seat] = state.refa_open.get(e.seat, 0) + int(e.value)

    # -- comparisons ------------------------------------------------------------

    def _compare_score(self, record: Record, written: list[LedgerEntry],
                       state: MatchState, uncertain: dict[Key, set[Amount]]
                       ) -> list[Diagnostic]:
        out: list[Diagnostic] = []
        stated = totals(record.score or ())
        computed = totals(written)
        for key, possible in uncertain.items():
            base = computed.pop(key, 0)
            given = stated.pop(key, 0)
            allowed = sorted(base + p for p in possible)
            if given not in allowed:
                out.append(Problem(
                    codes.E701, msg("{label}: stated {have}, but what is known allows only"
                                   " {allowed}", label=entry_label(key),
                                   have=format_amount(given),
                                   allowed=", ".join(format_amount(a) for a in allowed))
                ).at(*_entry_at(record, "Score", key)))
        if stated == computed:  # the usual case: every entry right
            return out
        why = reasons(written)
        variant: Text = msg(state.variant.title) if state.variant.title else state.variant.name
        for key in sorted(set(stated) | set(computed), key=key_order):
            have, want = stated.get(key), computed.get(key)
            if have == want:
                continue
            label = entry_label(key)
            pos, text = _entry_at(record, "Score", key)
            if have is None:
                entry = label + format_amount(want or 0, True)
                end = _value_end(record, "Score")
                out.append(Problem(codes.E702, msg("{label} missing: the rules write {want} —"
                                                  " {why}", label=label,
                                                  want=format_amount(want or 0, True),
                                                  why=why.get(key, variant)),
                                   msg("add {text} to the Score tag", text=entry),
                                   Fix(" " + entry, (*end, *end)) if end else None).at(pos))
            elif want is None:
                out.append(Problem(codes.E703, msg("{label}: stated {have}, but the rules write"
                                                  " nothing there ({variant})", label=label,
                                                  have=format_amount(have, True),
                                                  variant=variant)).at(pos, text))
            else:
                right = label + format_amount(want, True)
                out.append(Problem(codes.E701, msg("{label}: stated {have}, computed {want} —"
                                                  " {why}", label=label,
                                                  have=format_amount(have),
                                                  want=format_amount(want),
                                                  why=why.get(key, variant)),
                                   msg("write {text}", text=right), Fix(right)
                                   ).at(pos, text))
        return out

    def _compare_sheet(self, record: Record, state: MatchState, is_deal: bool
                       ) -> list[Diagnostic]:
        stated = {(e.seat, e.column, e.against): e.value for e in record.sheet or ()}
        if not is_deal and not state.deals:
            # a published sheet without its deals: take it as the sheet
            state.sheet.values = {k: v for k, v in stated.items()}
            return []
        if not state.reliable:
            return [Problem(codes.I001, msg("not checked: {what}", what=msg(
                "the running sheet (an earlier deal could not be scored)"))
                            ).at(_at(record, "Sheet"))]
        out: list[Diagnostic] = []
        seats = {k[0] for k in stated}
        keys = set(stated) | {k for k, v in state.sheet.values.items() if k[0] in seats and v}
        for key in sorted(keys, key=key_order):
            have = stated.get(key, 0)
            want = state.sheet.values.get(key, 0)
            if have != want:
                label = entry_label(key)
                out.append(Problem(codes.E801, msg("Sheet {label}: stated {have}, the match so"
                                                  " far gives {want}", label=label,
                                                  have=format_amount(have),
                                                  want=format_amount(want))
                                   ).at(*_entry_at(record, "Sheet", key)))
        return out

    def _compare_settlement(self, record: Record, state: MatchState) -> list[Diagnostic]:
        out: list[Diagnostic] = []
        stated = dict(record.settlement or ())
        total = sum(stated.values(), Fraction(0))
        pos = _at(record, "Settlement")
        if len(stated) == state.sheet.players and total != 0:
            out.append(Problem(codes.E705, msg("the settlement sums to {total}, not zero",
                                              total=format_amount(total)),
                               msg("what one player wins the others lose")).at(pos))
        if not state.reliable:
            return [*out, Problem(codes.I001, msg("not checked: {what}", what=msg(
                "the settlement (an earlier deal could not be scored)"))).at(pos)]
        computed = state.sheet.settle()
        method = state.sheet.describe()
        for seat in sorted(stated):
            want = computed.get(seat)
            if want is not None and stated[seat] != want:
                out.append(Problem(
                    codes.E704, msg("settlement {seat}: stated {have}, the sheet gives {want}"
                                   " ({method})", seat=seat,
                                   have=format_amount(stated[seat], True),
                                   want=format_amount(want, True), method=method)
                ).at(*_entry_at(record, "Settlement", (seat, "", None))))
        return out


def _errors(result: Replay) -> int:
    return sum(d.is_error for d in result.diagnostics)


def _at(record: Record, name: str | None = None) -> Pos:
    """Where tag ``name`` stands in the record, else where the record starts."""
    for tag in record.tags:
        if tag.name == name and tag.pos[0]:
            return tag.pos
    if record.tags and record.tags[0].pos[0]:
        return record.tags[0].pos
    return (record.source.line, 1) if record.source is not None else (0, 0)


def _entry_at(record: Record, name: str, key: Key) -> tuple[Pos, str]:
    """Where the entry about ``key`` is written in the Score tag, the Sheet or the
    Settlement (the tag itself if the record does not state it), and its text."""
    label = entry_label(key)
    if name == "Settlement":
        return _settlement_at(record, key[0]) or (_at(record, name), str(key[0]))
    entries = record.score if name == "Score" else record.sheet
    for e in entries or ():
        if e.key == key and e.pos[0]:
            return (e.pos, label)
    return (_at(record, name), label)


def _settlement_at(record: Record, seat: Seat) -> tuple[Pos, str] | None:
    """Where ``seat``'s amount is written in the Settlement tag, and the word itself."""
    line, col = _value_at(record, "Settlement")
    for tag in record.tags:
        if tag.name == "Settlement" and line:
            for m in re.finditer(r"\S+", tag.value):
                if m.group().upper().startswith(f"{seat}:"):
                    return ((line, col + m.start()), m.group())
    return None


def _value_end(record: Record, name: str) -> Pos | None:
    """Where the value of tag ``name`` ends (at its closing quote), if the record has it
    on one line."""
    line, col = _value_at(record, name)
    source = record.source
    if source is None or not line or not any(t.name == name for t in record.tags):
        return None
    lines = text_lines(source.text)
    index = line - source.line
    if 0 <= index < len(lines):
        close = lines[index].rfind('"')
        if close >= col - 1:
            return (line, close + 1)
    return None


def _value_at(record: Record, name: str) -> Pos:
    """Where the value of tag ``name`` starts (just inside its quotes)."""
    line, col = _at(record, name)
    source = record.source
    if source is None or not line or not any(t.name == name for t in record.tags):
        return (line, col)
    lines = text_lines(source.text)
    index = line - source.line
    if 0 <= index < len(lines):
        quote = lines[index].find('"', col - 1)
        if quote >= 0:
            return (line, quote + 2)
    return (line, col)
