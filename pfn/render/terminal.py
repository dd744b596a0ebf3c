"""The terminal view (``pfn show``): hands, the trick list, the result.

Unicode suits, red diamonds and hearts on a colour terminal, plain text when piped.
"""

from __future__ import annotations

from pfn.cards import SUITS, Suit
from pfn.deal import score
from pfn.diagnostics import printable
from pfn.i18n import current, ntr, tr
from pfn.render.position import (
    Scene,
    card_text,
    describe,
    discard_unknown,
    moment,
    outcome,
    positions,
    tally,
    talon_cards,
    trick_line,
)
from pfn.render.words import Words, words_for
from pfn.rules.replay import Replay
from pfn.seats import Seat

RED, DIM, BOLD, RESET = "\x1b[31m", "\x1b[2m", "\x1b[1m", "\x1b[0m"


def hand_lines(pos: Scene, seat: Seat, color: bool) -> list[str]:
    """One line per suit: ``♠ A K Q J 7``; ``—`` for a void, ``?`` for a hidden hand."""
    if not pos.known(seat):
        return ["?"]
    cards = pos.cards(seat)
    lines = []
    for suit in SUITS:
        ranks = " ".join(c.rank.printed for c in cards if c.suit == suit) or "—"
        symbol = suit.symbol
        if color and suit.red:
            symbol = f"{RED}{symbol}{RESET}"
        lines.append(f"{symbol} {ranks}")
    return lines


def _name(replay: Replay, seat: Seat) -> str:
    names = replay.record.names
    name = names[seat] if seat.index < len(names) and names[seat] != str(seat) else ""
    return printable(f"{seat} {name}".rstrip())  # the record's text: no raw control codes


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def show_position(pos: Scene, color: bool = False, words: Words | None = None) -> str:
    """The table at one position: every hand, the trick on the table, tricks taken (in
    the language of the run unless ``words`` say otherwise)."""
    words = words or words_for(current())
    replay = pos.replay
    out = [printable(describe(replay, words))]
    if pos.trick is not None:
        out.append(_capital(words.trick.format(n=pos.number)) + ": "
                   + trick_line(pos.trick, words).split(") ", 1)[1])
    elif pos.number == 0:
        out.append(_capital(moment(pos, words)))
    else:
        said = outcome(replay, words)
        out.append(_capital(words.after) + (f": {said}" if said else ""))
    for i in range(replay.players):
        seat = Seat(i)
        count = tally(pos, seat, words)
        if pos.sits_out(seat):
            out.append(f"{_name(replay, seat)} ({words.deals})" +
                       (" — " + tr("{count} (the talon's)", count=count)
                        if pos.takes_talon_tricks(seat) else ""))
            continue
        label = f"{_name(replay, seat)} — {count}"
        if seat == replay.declarer:
            label += f" ({words.declarer})"
        if color:
            label = f"{BOLD}{label}{RESET}"
        out.append(label)
        out += ["    " + line for line in hand_lines(pos, seat, color)]
    if pos.caption:
        out.append(f"  {printable(pos.caption)}")
    return "\n".join(out)


def show_replay(replay: Replay, color: bool = False, words: Words | None = None) -> str:
    """The whole deal: header, the hands as dealt, every trick, the result and score."""
    words = words or words_for(current())
    every = positions(replay)
    out = [show_position(every[0], color, words), ""]
    talon = talon_cards(replay)
    if talon:
        out.append(_capital(words.talon) + ": "
                   + " ".join(card_text(c, words) for c in talon))
    discard = replay.record.discard
    if discard:
        out.append(_capital(words.discard) + ": "
                   + " ".join(card_text(c, words) for c in discard))
    elif discard_unknown(replay):
        out.append(_capital(words.discard) + ": " + tr("not given"))
    for pos in every[1:-1]:
        assert pos.trick is not None
        winner = pos.trick.winner
        line = trick_line(pos.trick, words)
        if color and winner is not None:
            line = line.replace(f"→ {winner}", f"→ {BOLD}{winner}{RESET}")
        if pos.caption:  # what the record says about the trick: comments, !, ?, NAGs
            line += f"   {printable(pos.caption)}"
        out.append(_paint(line, color))
    if replay.record.play is not None and replay.record.play.claimed:
        out.append("* " + tr("the rest claimed"))
    if replay.result:
        out.append(tr("Result:") + " " + " ".join(f"{s}:{'?' if n is None else n}"
                                         for s, n in sorted(replay.result.items())))
    entries = score(replay).entries
    if entries:
        out.append(tr("Score:") + " " + " ".join(str(e) for e in entries))
    problems = [d for d in replay.diagnostics if d.is_error]
    if problems:
        out.append(ntr("{n} problem: run pfn check", "{n} problems: run pfn check",
                       len(problems)))
    return "\n".join(out)


def _paint(text: str, color: bool) -> str:
    if not color:
        return text
    for suit in (Suit.DIAMONDS, Suit.HEARTS):
        text = text.replace(suit.symbol, f"{RED}{suit.symbol}{RESET}")
    return text
