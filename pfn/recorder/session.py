"""The recording session: the pool asked once, then deal after deal (see
:mod:`pfn.recorder`)."""

from __future__ import annotations

import datetime
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from pfn.cards import Card
from pfn.contract import Contract
from pfn.diagnostics import Diagnostic, PfnError, Severity
from pfn.i18n import ntr, ptr, tr
from pfn.model import Call, Record
from pfn.recorder.pool_file import PoolFile
from pfn.seats import Seat

_LOOK_ALIKES = str.maketrans("А", "A")
"""The Cyrillic А a Russian keyboard gives for seat A (В and С are not taken: В is
also the third letter of the Russian alphabet, so it could mean B or C)."""


class Console(Protocol):
    """What the session needs of a terminal."""

    def ask(self, prompt: str, choices: Sequence[str] = (), default: str | None = None
            ) -> str:
        """A line typed after ``prompt`` (``choices``: what completion offers)."""

    def say(self, text: str) -> None:
        """Show ``text``."""


class Stop(Exception):
    """The person ended the session (``end``, or end of input)."""


@dataclass
class Pool:
    """The pool's tags, asked once (or read from the file being continued)."""

    names: tuple[str, ...]
    variant: str
    rules: tuple[tuple[str, str], ...] = ()
    target: int | None = None
    match: str = ""
    date: str = ""

    @property
    def players(self) -> int:
        return len(self.names)

    def header(self) -> list[str]:
        """The tags each record of the pool carries (typed text escaped: a name is a
        value, never markup)."""
        from pfn.notation.writer import tag_pair

        lines = [tag_pair("Date", self.date), tag_pair("Match", self.match),
                 tag_pair("Variant", self.variant)]
        if self.rules:
            lines.append(tag_pair("Rules", "; ".join(f"{k}={v}" for k, v in self.rules)))
        if self.target is not None:
            lines.append(tag_pair("Target", str(self.target)))
        lines.append(tag_pair("Players", "; ".join(self.names)))
        return lines

    def seat(self, text: str) -> Seat | None:
        """A seat by its letter or its player's name (any case)."""
        text = text.strip()
        letter = text.upper().translate(_LOOK_ALIKES)
        for i, name in enumerate(self.names):
            if letter == "ABCD"[i] or text.casefold() == name.casefold():
                return Seat(i)
        return None


@dataclass
class Session:
    """One recording session on one file."""

    path: Path
    console: Console
    records: list[Record] = field(default_factory=list)
    pool: Pool | None = None
    file: PoolFile = field(init=False)
    _played: bool = True
    """Whether the deal being entered is played (a defence may let it go unplayed)."""
    _first_dealer: Seat | None = None
    """Who deals the first board, once said (kept while that board is re-entered)."""
    _entering: int | None = None
    """The board being entered, between its first question and its saving."""

    def __post_init__(self) -> None:
        self.file = PoolFile(self.path)

    # -- the file -------------------------------------------------------------------

    def _load(self) -> None:
        from pfn.notation.reader import Reader

        data = self.file.read()
        self.file.seen(data)
        text = data.decode("utf-8", errors="surrogateescape")
        reader = Reader(str(self.path))
        self.records = [r for r in reader.records(io.StringIO(text, newline=None))
                        if not r.empty]
        broken = [d for r in self.records for d in r.diagnostics if d.is_notation]
        if broken:
            raise PfnError(tr("{path} cannot be read as PFN ({problem}); fix it, or record"
                              " into another file", path=self.path,
                              problem=broken[0].format()))

    def _undo(self) -> None:
        """The last record taken out of the file: the deal this session added, byte for
        byte, or the last deal read (the user's comments and notes stay); refused when
        another program changed the file since it was read here."""
        if not self.records:
            self.console.say(tr("nothing to undo"))
            return
        last = self.records[-1]
        board = last.tag("Board") or "?"
        if not self.file.take_out(last):
            self.console.say(tr("{path} has changed since it was read here (another program"
                                " wrote it): nothing taken out; it is read again as it is"
                                " now, look at it before you undo", path=self.path))
            self._load()
            return
        self._load()
        self._first_dealer = None
        self.console.say(tr("board {board} taken out of {path}", board=board, path=self.path))

    # -- the session ----------------------------------------------------------------

    def run(self) -> None:
        """Ask, deal after deal, until ``end`` (or the end of input)."""
        self._load()
        try:
            self.pool = self._pool_of_file() or self._ask_pool()
        except Stop:
            self.console.say(tr("ended before the first deal: nothing written to {path}",
                                path=self.path))
            return
        try:
            while True:
                if self._closed():
                    self.console.say(tr("every pool is closed: the pool is over"))
                    break
                self._deal()
        except Stop:
            if self._entering is not None:
                self.console.say(tr("board {board} was not finished: not saved",
                                    board=self._entering))
        self._settle()

    def _pool_of_file(self) -> Pool | None:
        """The pool the file already holds (its last record's tags), to go on with."""
        from pfn.variants import find_variant

        if not self.records:
            return None
        last = self.records[-1]
        names = tuple(last.names)
        if len(names) not in (3, 4) or len(set(names)) != len(names):
            raise PfnError(tr("{path}: its last record names no three or four players (no"
                              " Players tag): it is not a pool to go on with; record into"
                              " another file", path=self.path))
        try:  # an unknown variant: said now, not at the first deal
            find_variant(last.variant)
        except PfnError as error:
            raise PfnError(f"{self.path}: {error}") from None
        pool = Pool(names, last.variant, tuple(last.rules), last.target,
                    last.match or "", last.tag("Date") or "")
        self.console.say(ntr("{path}: {n} deal of pool {match} ({variant}, {names}); going on",
                             "{path}: {n} deals of pool {match} ({variant}, {names}); going"
                             " on", len(self.records), path=self.path,
                             match=pool.match or tr("(no match id)"), variant=pool.variant,
                             names=", ".join(pool.names)))
        return pool

    def _ask_pool(self) -> Pool:
        from pfn.variants import VARIANTS, find_variant

        console = self.console
        while True:
            said = self._ask(tr("Players, in seat order A B C (D), separated by ';' or ','"))
            names = tuple(n.strip() for n in said.split(";" if ";" in said else ",")
                          if n.strip())
            if len(names) in (3, 4) and len({n.casefold() for n in names}) == len(names):
                break
            console.say(tr("three or four different names, e.g. Ana; Boris; Ceca"))
        variants = [v.name for v in VARIANTS]
        while True:
            variant = self._ask(tr("Variant"), variants, "sochi")
            try:
                family = find_variant(variant)
                break
            except PfnError:
                console.say(tr("one of: {choices}", choices=", ".join(variants)))
        rules: tuple[tuple[str, str], ...] = ()
        while True:
            said = self._ask(tr("House rules (key=value; ..., empty: none; `pfn rules` lists"
                                " them)"), (), "")
            try:
                rules = tuple((k.strip(), v.strip()) for k, _, v in
                              (p.partition("=") for p in said.split(";") if p.strip()))
                family.default_rules().with_values(rules)  # a wrong key or value: said
                break
            except (PfnError, TypeError, ValueError) as error:
                console.say(f"{error}")
        while True:
            said = self._ask(tr("Target (the pool each player must close)"), (), "10")
            if said.isdigit() and 0 < int(said) < 10_000:
                break
            console.say(tr("a number, e.g. 10 or 20"))
        today = datetime.date.today()
        match = self._ask(tr("Match id"), (), "pool-" + today.isoformat())
        return Pool(names, family.name, rules, int(said), match,
                    today.strftime("%Y.%m.%d"))

    def _ask(self, prompt: str, choices: Sequence[str] = (), default: str | None = None
             ) -> str:
        try:
            said = self.console.ask(prompt, choices, default).strip()
        except EOFError:
            raise Stop from None
        if said == "" and default is not None:
            return default
        if said.lower() in ("end", "quit"):
            raise Stop
        return said

    def _state(self) -> tuple[object, Seat | None, int]:
        """The match so far: its checker, who deals next, and the next board's number."""
        from pfn.match import MatchChecker

        checker = MatchChecker()
        for record in self.records:
            checker.check(record, True)
        state = checker.state
        dealer = checker.next_dealer(state) if state is not None and self.records else None
        return checker, dealer, len([r for r in self.records if r.contract is not None]) + 1

    def _closed(self) -> bool:
        checker, _, _ = self._state()
        state = getattr(checker, "state", None)
        return bool(state is not None and self.records and state.sheet.finished)

    def _seat(self, prompt: str, among: Sequence[Seat]) -> Seat:
        """A seat asked for by its letter or its player's name, one of ``among``."""
        assert self.pool is not None
        pool = self.pool
        names = [pool.names[s] for s in among]
        while True:
            seat = pool.seat(self._ask(prompt, [*names, *(str(s) for s in among)]))
            if seat is not None and seat in among:
                return seat
            self.console.say(tr("one of {choices}", choices=", ".join(names)))

    def _deal(self) -> None:
        assert self.pool is not None
        pool, console = self.pool, self.console
        _, dealer, number = self._state()
        if dealer is None:
            if self._first_dealer is None:  # asked once, kept while board 1 is entered again
                self._first_dealer = self._seat(tr("Who deals the first board (seat or name)"),
                                                [Seat(i) for i in range(pool.players)])
            dealer = self._first_dealer
        console.say("\n" + tr("Board {number}: {name} ({seat}) deals", number=number,
                               name=pool.names[dealer], seat=dealer))
        while True:
            how = self._ask(tr("The deal: r = its result, c = card by card, u = undo the last"
                               " deal, end = end the pool"), ["r", "c", "u", "end"], "r")
            if how.lower()[:1] in ("r", "c", "u"):
                break
            console.say(tr("r, c, u or end"))
        if how.lower().startswith("u"):
            self._undo()
            return
        self._entering = number
        header = [*pool.header(), f'[Board "{number}"]', f'[Dealer "{dealer}"]']
        if how.lower().startswith("c"):
            found = self._by_cards(header, dealer)
        else:
            found = self._by_result(header, dealer)
        if found is not None:
            self._write(found)
        self._entering = None

    def _by_result(self, header: list[str], dealer: Seat) -> Record | None:
        """The deal as its result: contract, declarer, the defence's calls, the tricks.
        A wrong answer is asked again by itself (the tricks that do not add up, a
        declarer who sits out), the answers before it kept."""
        assert self.pool is not None
        pool, console = self.pool, self.console
        from pfn.variants import find_variant

        family = find_variant(pool.variant)
        bids = [b for b in family.ladder.bids if "-hand" not in b]
        while True:
            said = self._ask(tr("Contract (7S, 6NT, mis; pass: all-pass)"), [*bids, "pass"])
            contract = family.vocabulary.contract(said) or said
            if contract in bids or contract == "pass":
                break
            console.say(tr("a contract of {variant}: {some} …, `mis`, `pass`",
                           variant=pool.variant, some=", ".join(bids[:6])))
        lines = [*header]
        self._played = True
        playing = [Seat(i) for i in range(pool.players)
                   if pool.players == 3 or Seat(i) != dealer]  # at four the dealer sits out
        if contract != "pass":
            declarer = self._seat(tr("Declarer (seat or name)"), playing)
            lines += [f'[Declarer "{declarer}"]', f'[Contract "{contract}"]']
            defence = self._defence(lines)
            if defence is None:
                return None
            lines += defence
        else:
            lines.append('[Contract "pass"]')
        if not self._played:  # the defence let the game go unplayed: no tricks to give
            return self._checked("\n".join(lines))
        # the Result goes before the sections, as the canonical order has it
        at = next((i for i, line in enumerate(lines) if line.startswith("[Defence")),
                  len(lines))
        while True:
            counts = self._tricks(playing, None if contract == "pass" else declarer)
            result = " ".join(f"{s}:{c}" for s, c in counts.items())
            text = "\n".join([*lines[:at], f'[Result "{result}"]', *lines[at:]])
            new, found = self._check(text)
            if not found and new.score is not None:
                return new
            if any(d.line != at + 1 for d in found):
                self._tell(new, found)
                console.say(tr("not saved: enter the deal again"))
                return None
            # the rest was asked and checked already: what is missing is in the tricks
            self._tell(new, found, tr("the score needs the tricks of every player who"
                                      " played: a figure for each"))
            console.say(tr("the tricks again (the rest of the deal is kept)"))

    def _tricks(self, playing: list[Seat], declarer: Seat | None) -> dict[Seat, str]:
        """Each player's tricks (``-`` for one who did not play): one figure a player,
        the dealer at four sitting out, the declarer (everyone in an all-pass) taking
        part, the ten tricks of the deal in all."""
        assert self.pool is not None
        pool, say = self.pool, self.console.say
        seats = [Seat(i) for i in range(pool.players)]
        while True:
            said = self._ask(tr("Tricks taken, {seats} (e.g. 6 2 2; - for a player who did not"
                                " play)", seats=" ".join(str(s) for s in seats)))
            typed = ["-" if c in "-–—" else c for c in said.replace(",", " ").split()]
            if len(typed) != len(seats) or not all(c.isdigit() or c == "-" for c in typed):
                say(tr("one figure a player, {n} in all", n=len(seats)))
                continue
            counts = dict(zip(seats, typed, strict=True))
            out = next((s for s in seats if s not in playing and counts[s] != "-"), None)
            missing = next((s for s in ([declarer] if declarer is not None else playing)
                            if counts[s] == "-"), None)
            total = sum(int(c) for c in typed if c != "-")
            if out is not None:
                say(tr("{name} ({seat}) deals and sits out: - in that place", name=pool.names[out],
                       seat=out))
            elif missing is not None:
                say(tr("{name} ({seat}) played: a figure in that place", name=pool.names[missing],
                       seat=missing))
            elif total != 10:
                say(tr("these add up to {total}: the ten tricks of a deal are shared, e.g."
                       " 6 2 2", total=total))
            else:
                return {s: c for s, c in counts.items() if c != "-"}

    def _by_cards(self, header: list[str], dealer: Seat) -> Record | None:
        """The deal card by card: the hands (the talon is what is left), then every
        call, the discard, the contract, the defence and the cards on a board, which
        takes only legal moves and offers them (``back`` takes the last one back)."""
        from pfn.board import Board
        from pfn.cards import CardSet
        from pfn.notation import values
        from pfn.notation.writer import record_lines

        assert self.pool is not None
        pool, console = self.pool, self.console
        sitting_out = dealer if pool.players == 4 else None
        hands: dict[Seat, CardSet] = {}
        taken = 0
        for i in range(pool.players):
            seat = Seat(i)
            if seat == sitting_out:
                continue
            while True:
                said = self._ask(tr("{name} ({seat}): the hand, by suit ♠.♣.♦.♥ (e.g."
                                    " AKQJ7.AK.7.A7)", name=pool.names[i], seat=seat))
                try:  # as a Deal tag reads it: dotted, or with suit symbols, 10, Т К Д В
                    read = values.hand(said)
                except PfnError as error:
                    console.say(f"{error}")
                    continue
                hand = CardSet(read.mask if read is not None and read.complete else 0)
                if len(hand) != 10 or int(hand) & taken:
                    console.say(tr("ten cards, none of them in a hand given before"))
                    continue
                hands[seat], taken = hand, taken | int(hand)
                break
        talon = CardSet(~taken & 0xFFFFFFFF)
        deal = " ".join(f"{Seat(i)}:{hands.get(Seat(i), '-')}"
                        for i in range(pool.players)) + f" talon:{talon}"
        console.say(tr("the talon: {cards}", cards=talon))
        checker, _, _ = self._state()
        state = getattr(checker, "state", None)
        board = Board(deal, dealer=dealer, variant=pool.variant, rules=pool.rules,
                      names=pool.names,
                      allpass_streak=getattr(state, "allpass_streak", 0) if state else 0)
        while not board.is_over():
            legal = typed_moves(list(board.legal_moves))
            turn = board.turn
            who = f"{pool.names[turn]} ({turn})" if turn is not None else tr("the table")
            stage = {"auction": ptr("stage", "auction"), "discard": ptr("stage", "discard"),
                     "contract": ptr("stage", "contract"), "defence": ptr("stage", "defence"),
                     "play": ptr("stage", "play")}.get(board.stage, board.stage)
            said = self._ask(f"{stage}, {who}", [*legal, "back"])
            if said.lower() == "back":
                if board.move_stack:
                    board.pop()
                continue
            for word in said.split():  # a whole trick may be typed on one line
                try:
                    board.push(word)
                except PfnError as error:
                    console.say(tr("{error} (legal: {moves})", error=error,
                                   moves=" ".join(legal)))
                    break
                legal = typed_moves(list(board.legal_moves)) if not board.is_over() else []
        ours = ("[Variant ", "[Rules ", "[Players ", "[Dealer ", "[Date ", "[Match ",
                "[Target ", "[Board ")
        lines = [line for line in record_lines(board.to_record()) if not line.startswith(ours)]
        return self._checked("\n".join([*header, *lines]))

    def _defence(self, lines: list[str]) -> list[str] | None:
        """The defence's calls, chosen among the legal complete defences (the engine
        lists them for the contract and the declarer); none for a misère."""
        from pfn.deal import replay
        from pfn.notation.reader import loads
        from pfn.variants import find_variant
        from pfn.vocabulary import DEFENCE_CALLS

        [probe] = loads("\n".join(lines) + "\n")
        played = replay(probe, on_error="collect")
        choices = [" ".join(calls) for calls in played.defences or []]
        if not choices or played.contract is None or played.declarer is None:
            return []
        contract, declarer = played.contract, played.declarer
        vocabulary = find_variant(probe.variant).vocabulary

        def protocol() -> Any:
            return played.variant.defence(contract, declarer, played.dealer, played.order)

        first = protocol().outcome.first
        names = self.pool.names if self.pool is not None else ()
        who = names[first] if first is not None and first.index < len(names) else str(first)
        self.console.say(tr("defences (from {name}): {choices}", name=who,
                            choices=" | ".join(choices)))
        while True:
            typed = self._ask(tr("Defence, the calls in order"),
                              list(dict.fromkeys([*choices, *DEFENCE_CALLS])))
            said = " ".join(vocabulary.defence_call(w) or w for w in typed.split())
            check = protocol()
            problems = check.run([Call(t) for t in said.split()])
            if not problems and check.outcome.complete:
                self._played = bool(check.outcome.played)
                break
            why = problems[0][1].message if problems else tr("the defence is not finished")
            self.console.say(tr("{why}; e.g. {example}", why=why, example=choices[0]))
        return [f'[Defence "{first}"]', said]

    def _check(self, text: str) -> tuple[Record, list[Diagnostic]]:
        """The deal of ``text`` in its pool, its Score filled in, and its errors."""
        from pfn.check import CheckOptions, check_records
        from pfn.filling import fill
        from pfn.notation.reader import loads

        [record] = [r for r in loads(text + "\n") if not r.empty]
        new = list(fill([*self.records, record]))[-1].record
        found = [d for report in check_records([*self.records, new], CheckOptions())
                 for d in report.diagnostics
                 if report.record is new and d.severity is Severity.ERROR]
        return new, found

    def _tell(self, new: Record, found: list[Diagnostic], no_score: str | None = None
              ) -> None:
        """What is wrong with a deal, said as the questions say it (no place in a file the
        user has not seen)."""
        for problem in found:
            self.console.say(problem.message + (f" ({problem.hint})" if problem.hint else ""))
        if new.score is None and not found:
            self.console.say(no_score or tr("the score cannot be worked out from what was"
                                            " given"))

    def _checked(self, text: str) -> Record | None:
        """The deal of ``text`` when it is right; else what is wrong is said and it is
        dropped, to be entered again."""
        new, found = self._check(text)
        if not found and new.score is not None:
            return new
        self._tell(new, found)
        self.console.say(tr("not saved: enter the deal again"))
        return None

    def _write(self, new: Record) -> None:
        """Append the checked deal to the file; show its Score and the sheet."""
        from pfn.notation.writer import record_lines

        self.file.append("\n".join(record_lines(new)))
        self._load()
        entries = " ".join(str(e) for e in new.score or ())
        self.console.say(tr("written: {entries}", entries=entries))
        self.console.say(self._sheet())

    def _sheet(self) -> str:
        from pfn.report import format_text, reports

        text = format_text(reports(self.records), settlement=False)
        return text.split("\n\n", 1)[-1].strip("\n")

    def _settle(self) -> None:
        from pfn.report import format_text, reports

        if not self.records:
            self.console.say(tr("no deal recorded in {path}", path=self.path))
            return
        self.console.say("\n" + format_text(reports(self.records)).rstrip())
        self.console.say(ntr("{n} deal in {path}", "{n} deals in {path}", len(self.records),
                             path=self.path))


def typed_moves(moves: Sequence[Card | Call | Contract]) -> list[str]:
    """The moves as a person types them (``pass``, ``6S``, ``SA``; no speaker's seat),
    in the game's order: contracts and calls up the ladder, cards by suit and from the
    ace down, as a hand is written."""
    cards = sorted((m for m in moves if isinstance(m, Card)),
                   key=lambda c: (c.suit, -c.rank))
    words = [str(m) for m in moves if isinstance(m, Contract)]
    words += [str(c) for c in cards]
    words += [m.token for m in moves if isinstance(m, Call)]
    return list(dict.fromkeys(words))
