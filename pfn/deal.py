"""One deal through the rules: find its family, replay it, score it.

This is where a record meets its rule family: :func:`variant_of` reads the Variant
and Rules tags, :func:`replay` runs the engine (:mod:`pfn.rules`), and :func:`score`
asks the family's scorer what the replayed deal writes on the sheet.  Matches, whose
deals share a sheet, are :mod:`pfn.match`.
"""

from __future__ import annotations

from collections.abc import Sequence

from pfn.diagnostics import Diagnostic, OptionError, RuleError, UnknownVariant
from pfn.model import Record
from pfn.rules import stages
from pfn.rules.replay import DealContext, OnError, Replay
from pfn.scoring.facts import deal_facts
from pfn.scoring.ledger import Scored
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
    """
    try:
        variant = variant_of(record, rules)
    except UnknownVariant:
        diagnostic = Diagnostic("PFN-E109", f"unknown variant {record.variant!r}")
        if on_error == "raise":
            raise RuleError(diagnostic) from None
        result = Replay(record, Sochi())
        result.diagnostics.append(diagnostic)
        return result
    except OptionError as error:
        diagnostic = Diagnostic("PFN-E116", str(error), hint="see docs/variants.md for the"
                                " options and their values")
        if on_error == "raise":
            raise RuleError(diagnostic) from None
        found = find_variant(record.variant)()
        result = stages.run(record, found, context, on_error)
        result.diagnostics.insert(0, diagnostic)
        return result
    return stages.run(record, variant, context, on_error)


def score(result: Replay) -> Scored:
    """What the replayed deal writes on the sheet (before closing the pool and help),
    and what the given facts did not let its family's scorer decide."""
    facts = deal_facts(result)
    if facts is None:
        return Scored(incomplete=True)
    start = result.record.start
    if start is not None and start > 1:
        return Scored(incomplete=True)  # an ending: the tricks before it are not known
    variant = result.variant
    assert isinstance(variant, Variant)
    return variant.score(facts, result.context)
