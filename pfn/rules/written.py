"""The record of a deal before its first move, and a record with more fields set: what
the deal state (:mod:`pfn.rules.state`) writes of its moves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pfn.model import CallSection, Deal, Play, Record, Tag
from pfn.seats import Seat


def first_record(variant: str, deal: Deal, dealer: Seat | None = None,
                 rules: Sequence[tuple[str, str]] = (), names: Sequence[str] = ()) -> Record:
    """The record of ``deal`` before its first move: its variant, house rules, players'
    names and dealer."""
    tags = [Tag("Variant", variant), Tag("Deal", str(deal))]
    if rules:
        tags.append(Tag("Rules", "; ".join(f"{k}={v}" for k, v in rules)))
    if names:
        tags.append(Tag("Players", "; ".join(names)))
    if dealer is not None:
        tags.append(Tag("Dealer", str(dealer)))
    return Record(tags=tuple(tags), variant=variant, players=deal.players, dealer=dealer,
                  deal=deal, rules=tuple(rules))


def with_tags(record: Record, fields: dict[str, object]) -> Record:
    """``record`` with ``fields`` set, and a tag for each it lacks (the writer writes a
    known tag's value from the typed field; the tag says where it goes)."""
    record = replace(record, **fields)  # type: ignore[arg-type]
    names = {t.name for t in record.tags}
    extra = []
    for name in fields:
        tag = name.capitalize()
        if tag in names:
            continue
        value = getattr(record, name)
        if isinstance(value, CallSection):
            text = str(value.first) if value.first is not None else ""
        elif isinstance(value, Play):
            text = str(value.leader)
        elif isinstance(value, tuple):
            text = " ".join(f"{v[0]}:{v[1]}" if isinstance(v, tuple) else str(v)
                            for v in value)
        else:
            text = str(value) if value is not None else ""
        extra.append(Tag(tag, text))
    return replace(record, tags=(*record.tags, *extra))


__all__ = ["first_record", "with_tags"]
