"""A variation written on a card, as a line the replay page lets the reader step into:
each of its cards with its player, the table after it and the tricks taken, played out
on the rules' kernel (:mod:`pfn.analysis.position`) from where the card was played."""

from __future__ import annotations

from typing import Any

from pfn.cards import CARDS
from pfn.i18n import current
from pfn.model import CardRun
from pfn.render.position import card_text
from pfn.render.words import words_for
from pfn.rules.replay import Replay
from pfn.seats import SEATS


def variation_lines(replay: Replay, tricks: list[dict[str, Any]],
                branches: dict[tuple[int, int], list[Any]]) -> None:
    """Each card's variations as lines to step into (lichess's): every card of the line
    with its player, the cards on the table after it and the tricks taken, played out
    on the rules' kernel from the position the card was played from. A line that
    cannot be played from there (a card not legal, a deal not known) stays text."""
    from pfn.analysis.position import NotAnalysable, main_line

    words = words_for(current())
    try:
        line = main_line(replay)
    except NotAnalysable:
        return
    for t, trick in enumerate(tricks):
        for i, play in enumerate(trick["plays"]):
            if play["seat"] is None:
                continue
            found = next(line, None)
            if found is None:
                return
            if (t, i) not in branches:
                continue
            play["lines"] = []
            for variation in branches[(t, i)]:
                moves = variation.moves
                if not isinstance(moves, CardRun) or not moves.cards:
                    continue
                position, steps = found[0], []
                try:
                    for card in moves.cards:
                        if card is None:
                            raise ValueError(card)
                        kernel = position.kernel
                        table = list(zip(kernel.seats, kernel.cards, strict=True))
                        seat = position.turn
                        before = position.taken
                        position = position.after(card)
                        table.append((seat, card))
                        won = [s for s, (a, b) in enumerate(zip(before, position.taken,
                                                               strict=True)) if b > a]
                        steps.append({
                            "seat": str(SEATS[seat]), "card": str(CARDS[card]),
                            "text": card_text(CARDS[card], words),
                            "table": [[None if s is None else str(SEATS[s]),
                                       card_text(CARDS[c], words)] for s, c in table],
                            "winner": str(SEATS[won[0]]) if won else None,
                            "taken": {str(SEATS[s]): n for s, n in enumerate(position.taken)
                                      if s < len(replay.hands)}})
                except ValueError:
                    continue
                play["lines"].append({"label": " ".join(str(x["text"]) for x in steps),
                                      "steps": steps})
