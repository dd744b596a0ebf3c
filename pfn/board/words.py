"""What a board says in words: its text diagram, the moves it reads, and the rule a
move of the wrong kind breaks."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from pfn.board.moves import Move, Stage
from pfn.cards import RANK_TEXT, SUITS, parse_card
from pfn.contract import Contract
from pfn.diagnostics import Diagnostic, PfnError, RuleError
from pfn.i18n import ntr, ptr, tr
from pfn.model import Call
from pfn.rules.state import out_of_stage
from pfn.vocabulary import Vocabulary

if TYPE_CHECKING:
    from pfn.board.board import Board


def board_text(board: Board) -> str:
    """A small text diagram: the deal so far, each hand, the trick on the table."""
    r = board._replay
    assert r is not None
    head = [tr(board._variant.title).split(" (")[0]]
    if board._base.dealer is not None:
        head.append(tr("dealer {seat}", seat=board._base.dealer))
    if r.contract is not None:
        head.append(tr("{contract} by {seat}", contract=r.contract, seat=r.declarer)
                    if r.declarer is not None and not r.contract.allpass else str(r.contract))
    head.append(doing(board))
    lines = [" · ".join(head)]
    taken = board.tricks_taken
    for seat, held in board.hands().items():
        hand = "  ".join(suit.symbol + (RANK_TEXT[held >> 8 * suit & 0xFF] or "—")
                         for suit in SUITS)
        tricks = "   " + ntr("{n} trick", "{n} tricks", taken[seat]) if seat in taken \
            else ""
        lines.append(f"{seat}  {hand}{tricks}" if held or tricks else f"{seat}  —")
    auction, defence = (" ".join(str(m) for s, m, _ in board._moves if s == stage)
                        for stage in ("auction", "defence"))
    if auction:
        lines.append(tr("auction: {calls}", calls=auction))
    if defence:
        lines.append(tr("defence: {calls}", calls=defence))
    if board.table:
        talon = tr("talon")
        lines.append(tr("on the table: {cards}", cards="  ".join(
            f"{talon if s is None else s} {c}" for s, c in board.table)))
    return "\n".join(lines)


def doing(board: Board) -> str:
    """What the deal waits for, in words."""
    turn, stage = board.turn, board.stage
    if stage == "auction":
        return tr("auction, {seat} to call", seat=turn)
    if stage == "discard":
        return tr("{seat} takes the talon and discards two", seat=turn)
    if stage == "contract":
        return tr("{seat} announces the contract", seat=turn)
    if stage == "defence":
        return tr("defence, {seat} to say", seat=turn)
    if stage == "play":
        return tr("trick {n}, {seat} to play", n=board.trick, seat=turn)
    found = board.result()
    return tr("over: {result}", result=found) if found is not None else tr("over")


def no_play_yet(stage: Stage) -> PfnError:
    """Why a board has no position to solve at ``stage``."""
    if stage == "over":
        return PfnError(tr("this deal has no play"))
    names = {"auction": ptr("stage", "the auction"), "discard": ptr("stage", "the discard"),
             "contract": ptr("stage", "the contract"), "defence": ptr("stage", "the defence"),
             "play": ptr("stage", "the play")}
    return PfnError(tr("there is no play to solve yet: {stage} comes first",
                       stage=names.get(stage, stage)))


def not_reached(trick: int, card: int) -> PfnError:
    """Why a record gives no board at ``trick`` and ``card``: its play stops before."""
    return PfnError(tr("the record's play does not reach trick {trick}, card {card}",
                       trick=trick, card=card + 1) if card else
                    tr("the record's play does not reach trick {trick}", trick=trick))


def cards_missing(hidden: list[str]) -> PfnError:
    """Why a record gives no board: the hands of ``hidden`` are not given in full (none
    named: the record has no Deal)."""
    return PfnError(tr("a board needs every card: the hand of {hidden} is not given in full",
                       hidden=", ".join(hidden)) if hidden else
                    tr("a board needs every card: the record has no Deal"))


def parse_move(text: str, stage: Stage, vocabulary: Vocabulary) -> Move:
    """The move ``text`` names at ``stage``: a call in any spelling the variant's
    vocabulary reads, a card, or a contract."""
    word = text.strip()
    card = parse_card(word)
    if stage in ("discard", "play") and card is not None:
        return card
    if stage == "contract":
        token = vocabulary.contract(word)
        contract = Contract.try_parse(token) if token is not None else None
        if contract is not None:
            return contract
    token = vocabulary.call(word) if stage == "auction" else vocabulary.defence_call(word)
    if token is not None:
        return Call(token)
    if card is not None:
        return card
    raise PfnError(tr("{text} is not a move: a call, a card or a contract", text=repr(text)))


def refusal(diagnostic: Diagnostic) -> RuleError:
    """The engine's objection to a move, said of the board (no line of a file)."""
    return RuleError(replace(diagnostic, file="board", line=None, col=None,
                             source_line=None))


__all__ = ["board_text", "doing", "out_of_stage", "parse_move", "refusal"]
