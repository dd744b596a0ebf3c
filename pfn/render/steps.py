"""The replay page's steps before the first card: each auction call (and the auction as
a bidding table), the talon shown, the discard, the contract, each defence call, each
with what the record writes on it (annotations, variations, the comments after its tag).
"""

from __future__ import annotations

from typing import Any

from pfn.cards import Card
from pfn.i18n import current, tr
from pfn.model import Annotation, Record
from pfn.render.position import NAG_GLYPHS, annotation_words, card_text, talon_cards
from pfn.render.words import Words, words_for
from pfn.rules.replay import Replay


def _words() -> Words:
    """The words of the language the page is written in."""
    return words_for(current())


def before_play(replay: Replay) -> list[dict[str, Any]]:
    """The steps before the first card: each auction call, the talon shown, the discard
    (face down), the contract announced, each defence call."""
    out: list[dict[str, Any]] = []
    record = replay.record
    notes = dict(record.notes)
    auction, contract, declarer = replay.auction, replay.contract, replay.declarer
    written = record.auction.nodes if record.auction is not None else ()
    for index, (seat, token) in enumerate(auction.state.history if auction is not None
                                          else ()):
        ann = written[index].ann if index < len(written) else None
        out.append({"kind": "call", "seat": str(seat), "text": _call(token),
                    "note": _call_note(ann, notes)})
    if contract is None or contract.allpass or declarer is None:
        return out
    words = _words()
    talon = [card_text(c, words) if isinstance(c, Card) else "?" for c in talon_cards(replay)]
    if talon and not contract.hand and replay.record.start is None:
        out.append({"kind": "talon", "seat": str(declarer), "text": " ".join(talon),
                    "note": tag_note(record, "Talon")})
        out.append({"kind": "discard", "seat": str(declarer), "text": "",
                    "note": tag_note(record, "Discard")})
    out.append({"kind": "contract", "seat": str(declarer),
                "text": words.contract(str(contract)), "note": tag_note(record, "Contract")})
    section = replay.record.defence
    if section is not None and section.calls and replay.dealer is not None:
        protocol = replay.variant.defence(contract, declarer, replay.dealer, replay.order)
        for node in section.nodes:
            call = node.call
            expected = protocol.expected()
            speaker = call.seat or (expected[0] if expected else None)
            if speaker is None or protocol.step(speaker, call.token) is not None:
                break
            out.append({"kind": "defence", "seat": str(speaker),
                        "text": words.call(call.token), "note": _call_note(node.ann, notes)})
    return out


STEP_TAGS = frozenset({"Auction", "Talon", "Discard", "Contract", "Defence", "Play"})
"""Tags whose comments the page shows at their step, not with the deal's."""


def _call_note(ann: Annotation | None, notes: dict[int, str]) -> str:
    """What is written on a call (``!?``, its NAGs, comments, the notes it refers to, the
    calls that could have been made instead), as one line."""
    if ann is None:
        return ""
    marks, texts = annotation_words(ann, notes, NAG_GLYPHS)
    for variation in ann.variations:  # an auction's variation: calls, not cards
        if isinstance(variation.moves, tuple) and variation.moves:
            line = " ".join(_call(m.call.token) for m in variation.moves)
            said = " ".join(variation.comments + tuple(
                c for m in variation.moves if m.ann for c in m.ann.comments))
            texts.append(tr("(or {calls})", calls=line + (": " + said if said else "")))
    return (marks + " " + " ".join(texts)).strip()


def tag_note(record: Record, name: str) -> str:
    """The comments written after a tag (``[Discard "…"] { both diamonds go }``)."""
    return " ".join(c for tag in record.tags_named(name) for c in tag.comments)


def _call(token: str) -> str:
    """An auction call as the page's language says it (6♥, пас, dalje, здесь)."""
    words = _words()
    if token == "pass":
        return words.call(token)
    return words.hold if token == "hold" else words.contract(token)


def auction_table(replay: Replay) -> dict[str, Any] | None:
    """The auction as bidding tables print it: a column for each seat in speaking order,
    a row for each round, bids with their suit symbols (a seat that passed stays blank
    afterwards); ``None`` without an auction."""
    auction = replay.auction
    if auction is None or not auction.state.history:
        return None
    order = list(auction.state.order)
    rows: list[list[str]] = []
    cells: list[list[int]] = []
    last = len(order)
    for seat, token in auction.state.history:
        column = order.index(seat) if seat in order else 0
        if column <= last:
            rows.append([""] * len(order))
        rows[-1][column] = _call(token)
        cells.append([len(rows) - 1, column])
        last = column
    return {"seats": [str(s) for s in order], "rows": rows, "cells": cells}
