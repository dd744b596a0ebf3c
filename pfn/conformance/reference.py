"""pfn's own answers to the protocol's questions, on the library: the reference engine
(``pfn conformance serve``) and the maker of the suite's expectations.

A position is asked as the deal, the dealer, the variant and its house rules, the
all-passes in a row before the deal, and the moves made so far as PFN writes them
(``6S``, ``pass``, ``D7``, ``7S``, ``whist``, ``SA``; ``C:6C`` where the auction's
order is free and a call names its speaker): the answer is found by making
those moves on a :class:`pfn.Board`, as the rules engine checks them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pfn
from pfn.conformance.suite import KINDS, PROTOCOL
from pfn.diagnostics import PfnError
from pfn.i18n import tr


def token(move: object) -> str:
    """A move as PFN writes it: a call with its speaker where the auction's order is
    free and the speaker must be said (``C:6C`` in the classic game), else the bare
    token (``pass``, ``SA``)."""
    return str(move)


def board_of(request: Mapping[str, Any]) -> pfn.Board:
    """The board of a position question, its moves made."""
    rules = request.get("rules") or {}
    if not isinstance(rules, Mapping):
        raise PfnError(tr("`rules` is an object of house-rule names and values"))
    board = pfn.Board(str(request["deal"]), dealer=request.get("dealer") or None,
                      variant=str(request.get("variant", "sochi")),
                      rules=[(str(k), str(v)) for k, v in rules.items()],
                      allpass_streak=int(request.get("allpass_streak", 0)))
    for move in request.get("moves", ()):
        board.push(move_of(board, str(move)))
    return board


def move_of(board: pfn.Board, text: str) -> str | pfn.Call:
    """A move as the board takes it: ``C:6C`` (a call naming its speaker, in a
    free-order auction) as the call with its seat."""
    seat, colon, rest = text.partition(":")
    if colon and seat.strip().upper() in ("A", "B", "C", "D"):
        parsed = board.parse(rest)
        if isinstance(parsed, pfn.Call):
            return replace(parsed, seat=pfn.Seat[seat.strip().upper()])
    return text


def legal_moves(board: pfn.Board) -> list[str]:
    """The board's legal moves as PFN writes them: a call names its speaker only where
    more than one player may speak (a free-order auction)."""
    found: list[object] = list(board.legal_moves)
    speakers = {getattr(m, "seat", None) for m in found if isinstance(m, pfn.Call)}
    if len(speakers) <= 1:
        found = [replace(m, seat=None) if isinstance(m, pfn.Call) else m for m in found]
    return [token(m) for m in found]


def _score(request: Mapping[str, Any]) -> dict[str, Any]:
    records = [r for r in pfn.loads(str(request["record"])) if not r.empty]
    if len(records) != 1:
        raise PfnError(tr("`record` holds one record"))
    scored = pfn.score(pfn.replay(records[0], on_error="collect"))
    return {"entries": [str(e) for e in scored.entries], "complete": scored.complete}


def _pool(request: Mapping[str, Any]) -> dict[str, Any]:
    from pfn.model import format_amount
    from pfn.report import reports
    from pfn.scoring.ledger import entry_label

    found = reports(pfn.loads(str(request["records"])))
    if len(found) != 1:
        raise PfnError(tr("`records` holds one match"))
    (report,) = found
    return {"deals": [[entry_label(key) + format_amount(value, True)
                       for key, value in row.written.items()] for row in report.rows],
            "settlement": {str(s): str(v) for s, v in sorted(report.settlement.items())}}


def _value(request: Mapping[str, Any]) -> dict[str, Any]:
    solution = pfn.solve(board_of(request))
    value = solution.value
    if value is None and solution.mover is not None:  # an all-pass: the mover's sure tricks
        value = solution.paranoid[solution.mover]
    return {"value": value, "cards": {str(c): v for c, v in solution.cards.items()}}


def answer(message: Mapping[str, Any]) -> dict[str, Any]:
    """pfn's answer to one request (``id`` echoed; a request it cannot take gets an
    ``error`` with the reason, never an exception)."""
    out: dict[str, Any] = {"id": message.get("id")} if "id" in message else {}
    kind = message.get("type")
    try:
        if kind == "hello":
            return {**out, "type": "hello", "protocol": PROTOCOL,
                    "name": f"pfn {pfn.__version__}", "supports": list(KINDS)}
        if kind == "legal":
            return {**out, "moves": legal_moves(board_of(message))}
        if kind == "score":
            return {**out, **_score(message)}
        if kind == "pool":
            return {**out, **_pool(message)}
        if kind == "value":
            return {**out, **_value(message)}
        return {**out, "error": "unsupported", "reason": f"no question of type {kind!r}"}
    except PfnError as error:
        return {**out, "error": "invalid", "reason": str(error)}
    except (KeyError, TypeError, ValueError) as error:
        return {**out, "error": "invalid", "reason": f"{type(error).__name__}: {error}"}


__all__ = ["answer", "board_of", "legal_moves", "move_of", "token"]
