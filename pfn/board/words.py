"""What a board says in words: its text diagram, the moves it reads, and the rule a
move of the wrong kind breaks."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from pfn.board.moves import Move, Stage
from pfn.cards import RANK_TEXT, SUITS
from pfn.contract import Contract
from pfn.diagnostics import Diagnostic, PfnError, Problem, RuleError
from pfn.model import Call
from pfn.seats import Seat
from pfn.vocabulary import Vocabulary, parse_card

if TYPE_CHECKING:
    from pfn.board.board import Board


def board_text(board: Board) -> str:
    """A small text diagram: the deal so far, each hand, the trick on the table."""
    r = board._replay
    assert r is not None
    head = [board._variant.title.split(" (")[0]]
    if board._base.dealer is not None:
        head.append(f"dealer {board._base.dealer}")
    if r.contract is not None:
        head.append(str(r.contract) + (f" by {r.declarer}" if r.declarer is not None
                                       and not r.contract.allpass else ""))
    head.append(doing(board))
    lines = [" · ".join(head)]
    taken = board.tricks_taken
    for seat, held in board.hands().items():
        hand = "  ".join(suit.symbol + (RANK_TEXT[held >> 8 * suit & 0xFF] or "—")
                         for suit in SUITS)
        tricks = f"   {taken[seat]} trick{'s' * (taken[seat] != 1)}" if seat in taken \
            else ""
        lines.append(f"{seat}  {hand}{tricks}" if held or tricks else f"{seat}  —")
    for stage in ("auction", "defence"):
        calls = [str(m) for s, m, _ in board._moves if s == stage]
        if calls:
            lines.append(f"{stage}: {' '.join(calls)}")
    if board.table:
        lines.append("on the table: " + "  ".join(
            f"{'talon' if s is None else s} {c}" for s, c in board.table))
    return "\n".join(lines)


def doing(board: Board) -> str:
    """What the deal waits for, in words."""
    turn, stage = board.turn, board.stage
    if stage == "auction":
        return f"auction, {turn} to call"
    if stage == "discard":
        return f"{turn} takes the talon and discards two"
    if stage == "contract":
        return f"{turn} announces the contract"
    if stage == "defence":
        return f"defence, {turn} to say"
    if stage == "play":
        return f"trick {board.trick}, {turn} to play"
    found = board.result()
    return f"over: {found}" if found is not None else "over"


def out_of_stage(stage: Stage, move: Move, turn: Seat | None) -> Problem:
    """The rule a move of the wrong kind breaks."""
    if stage == "auction":
        return Problem("PFN-E307", f"the auction is not finished: {turn} calls, not {move}")
    if stage == "discard":
        return Problem("PFN-E401", f"{turn} discards two cards first, not {move}")
    if stage == "contract":
        return Problem("PFN-E409", f"{turn} announces the contract first, not {move}")
    if stage == "defence":
        return Problem("PFN-E407", f"the defence is not finished: {turn} says whist or pass"
                       f" first, not {move}")
    if stage == "play":
        return Problem("PFN-E406", f"{move}: the defence has decided; {turn} plays a card")
    return Problem("PFN-E507", f"{move}: the deal is over")


def parse_move(text: str, stage: Stage, vocabulary: Vocabulary) -> Move:
    """The move ``text`` names at ``stage``: a call in any spelling the variant's
    vocabulary reads, a card, or a contract."""
    word = text.strip()
    card = parse_card(word)
    if stage in ("discard", "play") and card is not None:
        return card
    if stage == "contract":
        token = vocabulary.contract(word)
        contract = Contract.parse(token) if token is not None else None
        if contract is not None:
            return contract
    token = vocabulary.call(word) if stage == "auction" else vocabulary.defence_call(word)
    if token is not None:
        return Call(token)
    if card is not None:
        return card
    raise PfnError(f"{text!r} is not a move: a call, a card or a contract")


def refusal(diagnostic: Diagnostic) -> RuleError:
    """The engine's objection to a move, said of the board (no line of a file)."""
    return RuleError(replace(diagnostic, file="board", line=None, col=None,
                             source_line=None))


__all__ = ["board_text", "doing", "out_of_stage", "parse_move", "refusal"]
