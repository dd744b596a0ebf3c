"""``pfn fmt --fill``: the figures a record leaves out, written from the rules.

A record typed at the table often gives the cards but not the Result, or the Result
but not what the deal writes on the sheet.  Each record is replayed and scored in its
match, as ``pfn check`` does it (:class:`pfn.match.MatchChecker`); then:

- a missing ``Result`` is written from a complete play (or a claim that settles it);
- a missing ``Score`` is written from the entries the family's scorer wrote (when they
  are all known: a record without its Defence section may leave some open);
- with ``sheet``, the last deal of each match gets the running ``Sheet`` after it.

Nothing the record states is ever changed: a stated figure the rules contradict is
reported (the check's own diagnostic), and the record is written as it was given.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from pfn import codes
from pfn.diagnostics import Diagnostic, Severity
from pfn.match import MatchChecker
from pfn.model import Record, ScoreEntry, Tag
from pfn.rules.replay import Replay
from pfn.scoring.ledger import key_order, totals
from pfn.seats import Seat

CONTRADICTED = (codes.E701, codes.E702, codes.E703, codes.E801)
"""A stated figure the rules do not give: reported, never overwritten."""


@dataclass
class Filled:
    """One record after filling: the record to write, what was added, and what was
    found wrong in it (left as it is)."""

    record: Record
    added: list[str] = field(default_factory=list)
    """The tags written (``Result``, ``Score``, ``Sheet``)."""
    problems: list[Diagnostic] = field(default_factory=list)


def fill(records: Iterable[Record], sheet: bool = False,
         rules: tuple[tuple[str, str], ...] = ()) -> Iterator[Filled]:
    """Each record with its missing Result and Score (and, with ``sheet``, the final
    Sheet of each match) written from the rules, in order."""
    checker = MatchChecker(rules)
    # each record is held until the next shows whether its match goes on: the last
    # record of a match takes the final sheet
    held: Filled | None = None
    held_in: object = None
    for record in records:
        if not record.syntax_ok or record.empty:
            done, state = Filled(record), held_in
        else:
            replayed = checker.last
            found = checker.check(record, not any(d.is_error and d.is_notation
                                                  for d in record.diagnostics))
            replayed = checker.last if checker.last is not replayed else None
            done, state = _filled(record, checker, found, replayed), checker.state
        if held is not None:
            if sheet and state is not held_in:
                _add_sheet(held, held_in)
            yield held
        held, held_in = done, state
    if held is not None:
        if sheet:
            _add_sheet(held, held_in)
        yield held


def _is_deal(record: Record) -> bool:
    return record.contract is not None or record.play is not None or record.deal is not None


def _filled(record: Record, checker: MatchChecker, found: Sequence[Diagnostic],
            replay: Replay | None) -> Filled:
    from pfn.check import locate

    out = Filled(record, problems=locate(record, [
        d for d in found if d.code in CONTRADICTED or
        (d.severity is Severity.ERROR and not d.is_notation)]))
    if replay is None:  # not a deal, or not replayed (notation errors)
        return out
    if any(d.is_error for d in replay.diagnostics):
        return out  # a deal that breaks a rule: its figures cannot be trusted
    fields: dict[str, object] = {}
    # the players who played, and a dealer at four who took tricks with the talon's cards
    counts = {s: n for s, n in replay.result.items()
              if not replay.participants or s in replay.participants or n}
    if record.result is None and counts and all(n is not None for n in counts.values()):
        fields["result"] = tuple(sorted(counts.items()))
    scored = checker.scored
    written = checker.written
    if record.score is None and written is not None and scored is not None and \
            not scored.uncertain:
        summed = totals(written)
        fields["score"] = tuple(ScoreEntry(k[0], k[1], k[2], v)
                                for k, v in sorted(summed.items(),
                                                   key=lambda kv: key_order(kv[0])))
    if fields:
        out.record = _with(record, fields)
        out.added = [name.capitalize() for name in fields]
    return out


def _add_sheet(filled: Filled, state: object) -> None:
    """The running sheet after the match's last deal, when the record has none and the
    sheet is known (every deal of the match scored)."""
    record = filled.record
    if record.sheet is not None or state is None or not getattr(state, "reliable", False):
        return
    values = state.sheet.values  # type: ignore[attr-defined]
    entries = tuple(ScoreEntry(k[0], k[1], k[2], v, total=True)
                    for k, v in sorted(values.items(), key=lambda kv: key_order(kv[0])))
    if not entries:
        return
    seats = {e.seat for e in entries}
    players = getattr(state.sheet, "players", len(seats))  # type: ignore[attr-defined]
    # every player's line, a player with nothing written shown at zero in the pool
    missing = tuple(ScoreEntry(Seat(i), entries[0].column, None, 0, total=True)
                    for i in range(players) if Seat(i) not in seats)
    filled.record = _with(record, {"sheet": tuple(sorted(entries + missing,
                                                        key=lambda e: e.seat))})
    filled.added.append("Sheet")


def _with(record: Record, fields: dict[str, object]) -> Record:
    """``record`` with ``fields`` set and a tag for each: the writer writes a known
    tag's value from its typed field, in the canonical order."""
    from pfn.notation.reader import Reader
    from pfn.notation.writer import record_lines, tag_value

    source = record.source
    changed = replace(record, **fields)  # type: ignore[arg-type]
    names = {t.name for t in changed.tags}
    # the tag's text as the writer makes it from the typed field (the Sheet's is empty:
    # its figures are the section's lines)
    extra = tuple(Tag(name.capitalize(), "" if name == "sheet" else
                      tag_value(changed, Tag(name.capitalize(), "?filled")))
                  for name in fields if name.capitalize() not in names)
    changed = replace(changed, tags=(*changed.tags, *extra))
    # read back from its own text: the record exactly as the file will hold it (its tags
    # in the writer's order), where it came from kept for the messages
    [again] = [r for r in Reader(source.name if source else None).records(
        "\n".join(record_lines(changed)).splitlines(keepends=True)) if not r.empty]
    return replace(again, source=source)
