"""One deal through the rules: find its family, replay it, score it.

This is where a record meets its rule family: :func:`variant_of` reads the Variant
and Rules tags, :func:`replay` runs the engine (:mod:`pfn.rules`), and :func:`score`
asks the family's scorer what the replayed deal writes on the sheet.  Matches, whose
deals share a sheet, are :mod:`pfn.match`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pfn import codes
from pfn.diagnostics import Diagnostic, OptionError, RuleError, UnknownVariant
from pfn.messages import msg
from pfn.model import Amount, Call, CallSection, Record
from pfn.rules import stages
from pfn.rules.replay import DealContext, OnError, Replay
from pfn.scoring.facts import deal_facts
from pfn.scoring.ledger import Key, LedgerEntry, Scored, entry_label, key_order
from pfn.variants import Sochi, Variant, find_variant


def variant_of(record: Record, rules: Sequence[tuple[str, str]] = ()) -> Variant:
    """The record's rule family with its Rules tag and then ``rules`` applied
    (:class:`~pfn.diagnostics.UnknownVariant`, :class:`~pfn.diagnostics.OptionError`)."""
    return find_variant(record.variant).with_rules((*record.rules, *rules))


def replay(record: Record, *, rules: Sequence[tuple[str, str]] = (),
           context: DealContext | None = None, on_error: OnError = "raise") -> Replay:
    """Replay ``record`` through the rules of its variant.

    ``rules`` are house-rule overrides (``("whist", "gentleman")``) applied over the
    record's Rules tag; ``context`` carries what the match knows (all-passes in a row).
    With ``on_error="raise"`` (the default) the first broken rule raises
    :class:`~pfn.diagnostics.RuleError`; with ``"collect"`` every problem is in
    ``Replay.diagnostics``.

    >>> import pfn
    >>> result = pfn.replay(pfn.load("examples/brief.pfn")[0])
    >>> result
    <Replay sochi · 7S by A · A:8 B:1 C:1 · clean>
    >>> result.tricks[1]
    <trick 2: A SK, B ST, C C7; A takes it>
    >>> result.hands[pfn.Seat.A], result.discard
    (CardSet.parse('AKQJ7.AK..A87'), CardSet.parse('..87.'))
    """
    try:
        variant = variant_of(record, rules)
    except UnknownVariant:
        diagnostic = Diagnostic(codes.E109, msg("unknown variant {text}",
                                                 text=repr(record.variant)))
        if on_error == "raise":
            raise RuleError(diagnostic) from None
        result = Replay(record, Sochi())
        result.diagnostics.append(diagnostic)
        return result
    except OptionError as error:
        diagnostic = Diagnostic(codes.E116, error.said,
                                advice=msg("see docs/variants.md for the options and their values"))
        if on_error == "raise":
            raise RuleError(diagnostic) from None
        found = find_variant(record.variant)()
        result = stages.run(record, found, context, on_error)
        result.diagnostics.insert(0, diagnostic)
        return result
    return stages.run(record, variant, context, on_error)


def score(result: Replay) -> Scored:
    """What the replayed deal writes on the sheet (before closing the pool and help),
    and what the given facts did not let its family's scorer decide.

    >>> import pfn
    >>> scored = pfn.score(pfn.replay(pfn.load("examples/brief.pfn")[0]))
    >>> [str(entry) for entry in scored.entries]
    ['A:pool+4', 'B:whist/A+4', 'C:whist/A+4']
    """
    facts = deal_facts(result)
    if facts is None:
        return Scored(incomplete=True)
    start = result.record.start
    if start is not None and start > 1:
        return Scored(incomplete=True)  # an ending: the tricks before it are not known
    variant = result.variant
    assert isinstance(variant, Variant)
    if result.defences is not None and len(result.defences) > 1:
        return _each_defence(result, variant)
    return variant.score(facts, result.context)


def _each_defence(result: Replay, variant: Variant) -> Scored:
    """The score of a deal whose Defence section is not given: what every defence the
    rules and the play allow would write.  An entry they all agree on is known; one
    they do not is uncertain, with the amounts it may take (so a stated entry is
    checked against each possibility, never against a guess)."""
    record = result.record
    first = result.defence.first if result.defence is not None else None
    written: list[dict[Key, Amount]] = []
    labels: dict[Key, LedgerEntry] = {}
    for calls in result.defences or ():
        section = CallSection.of(first, (Call(token) for token in calls))
        one = stages.run(replace(record, defence=section), variant, result.context, "collect")
        facts = deal_facts(one)
        scored = variant.score(facts, one.context) if facts is not None else Scored(
            incomplete=True)
        if scored.incomplete or scored.uncertain:
            out = Scored()
            out.cannot(msg("the score: no Defence section, and the possible defences are not"
                          " all scored from what is given"))
            return out
        amounts: dict[Key, Amount] = {}
        for entry in scored.entries:
            amounts[entry.key] = amounts.get(entry.key, 0) + entry.value
            labels.setdefault(entry.key, entry)
        written.append(amounts)
    out = Scored()
    keys = {key for amounts in written for key in amounts}
    for key in sorted(keys, key=key_order):
        possible = {amounts.get(key, 0) for amounts in written}
        if len(possible) == 1:
            out.entries.append(replace(labels[key], value=possible.pop()))
        else:
            out.unsure(key, msg("{entry} (no Defence section: whist or pass is not given)",
                               entry=entry_label(key)), possible)
    return out
