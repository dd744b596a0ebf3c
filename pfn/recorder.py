"""``pfn record``: a pool entered deal by deal, as quickly as it is kept on paper.

A :class:`Session` asks for the pool once (players, variant, house rules, target), then
for each deal: who dealt is known (the rotation, all-passes included), and the deal is
given either as its result (contract, declarer, the defence's calls, the tricks) or
card by card (the hands, then every call and card on a :class:`pfn.Board`, which
accepts only legal moves and offers them).  The Result and the Score are worked out
by the rules (:mod:`pfn.filling`) and shown with the running sheet; the deal is then
appended to the file, whole (:func:`pfn.files.write_atomic`): the file is a valid PFN
file after every deal, and an interruption loses at most the deal being entered.
``undo`` takes the last deal back out; ``end`` shows the settlement.

The session talks through a :class:`Console` (the terminal's is in
:mod:`pfn.cli.recording`), so it runs the same under a test.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from pfn.diagnostics import Diagnostic, PfnError, Severity
from pfn.files import write_atomic
from pfn.i18n import ntr, ptr, tr
from pfn.model import Record
from pfn.seats import Seat


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
        """The tags each record of the pool carries."""
        lines = [f'[Date "{self.date}"]', f'[Match "{self.match}"]',
                 f'[Variant "{self.variant}"]']
        if self.rules:
            lines.append(f'[Rules "{"; ".join(f"{k}={v}" for k, v in self.rules)}"]')
        if self.target is not None:
            lines.append(f'[Target "{self.target}"]')
        lines.append(f'[Players "{"; ".join(self.names)}"]')
        return lines

    def seat(self, text: str) -> Seat | None:
        """A seat by its letter or its player's name (any case)."""
        text = text.strip()
        for i, name in enumerate(self.names):
            if text.upper() == "ABCD"[i] or text.casefold() == name.casefold():
                return Seat(i)
        return None


@dataclass
class Session:
    """One recording session on one file."""

    path: Path
    console: Console
    records: list[Record] = field(default_factory=list)
    pool: Pool | None = None
    _played: bool = True
    """Whether the deal being entered is played (a defence may let it go unplayed)."""

    # -- the file -------------------------------------------------------------------

    def _load(self) -> None:
        from pfn.notation.reader import load

        if self.path.exists() and self.path.stat().st_size:
            self.records = [r for r in load(self.path) if not r.empty]
            broken = [d for r in self.records for d in r.diagnostics if d.is_notation]
            if broken:
                raise PfnError(tr("{path} cannot be read as PFN ({problem}); fix it, or record"
                                  " into another file", path=self.path,
                                  problem=broken[0].format()))

    def _text(self) -> str:
        return self.path.read_text(encoding="utf-8") if self.path.exists() else ""

    def _append(self, record_text: str) -> None:
        """The file with one more record, written whole (never half a record)."""
        before = self._text().rstrip("\n")
        head = before + "\n\n" if before else "% PFN 1.0\n\n"
        write_atomic(self.path, (head + record_text.rstrip("\n") + "\n").encode("utf-8"))

    def _undo(self) -> None:
        """The last record taken out of the file (the text before it kept as it was)."""
        if not self.records:
            self.console.say(tr("nothing to undo"))
            return
        last = self.records.pop()
        source = last.source
        lines = self._text().splitlines(keepends=True)
        cut = (source.line - 1) if source is not None else len(lines)
        # its own comments, just above it, go with it
        while cut > 0 and lines[cut - 1].lstrip().startswith("{") and \
                lines[cut - 1].rstrip().endswith("}"):
            cut -= 1
        kept = "".join(lines[:cut]).rstrip("\n") + "\n"
        write_atomic(self.path, kept.encode("utf-8"))
        self._load()
        self.console.say(tr("board {board} taken out of {path}",
                              board=last.tag("Board") or "?", path=self.path))

    # -- the session ----------------------------------------------------------------

    def run(self) -> None:
        """Ask, deal after deal, until ``end`` (or the end of input)."""
        self._load()
        self.pool = self._pool_of_file() or self._ask_pool()
        try:
            while True:
                if self._closed():
                    self.console.say(tr("every pool is closed: the pool is over"))
                    break
                self._deal()
        except Stop:
            pass
        self._settle()

    def _pool_of_file(self) -> Pool | None:
        """The pool the file already holds (its last record's tags), to go on with."""
        if not self.records:
            return None
        last = self.records[-1]
        pool = Pool(tuple(last.names), last.variant, tuple(last.rules), last.target,
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
            said = self._ask(tr("Players, in seat order A B C (D), separated by ';'"))
            names = tuple(n.strip() for n in said.split(";") if n.strip())
            if len(names) in (3, 4) and len(set(names)) == len(names):
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
            if said.isdigit() and int(said) > 0:
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

    def _deal(self) -> None:
        assert self.pool is not None
        pool, console = self.pool, self.console
        _, dealer, number = self._state()
        if dealer is None:
            while True:
                said = self._ask(tr("Who deals the first board (seat or name)"),
                                 [*pool.names, *"ABCD"[:pool.players]])
                dealer = pool.seat(said)
                if dealer is not None:
                    break
                console.say(tr("one of {choices}", choices=", ".join(pool.names)))
        console.say("\n" + tr("Board {number}: {name} ({seat}) deals", number=number,
                               name=pool.names[dealer], seat=dealer))
        how = self._ask(tr("The deal: r = its result, c = card by card, u = undo the last"
                           " deal, end = end the pool"), ["r", "c", "u", "end"], "r")
        if how.lower().startswith("u"):
            self._undo()
            return
        header = [*pool.header(), f'[Board "{number}"]', f'[Dealer "{dealer}"]']
        if how.lower().startswith("c"):
            text = self._by_cards(header, dealer)
        else:
            text = self._by_result(header)
        if text is not None:
            self._save(text)

    def _by_result(self, header: list[str]) -> str | None:
        """The deal as its result: contract, declarer, the defence's calls, the tricks."""
        assert self.pool is not None
        pool, console = self.pool, self.console
        from pfn.variants import find_variant

        family = find_variant(pool.variant)
        bids = [b for b in family.ladder.bids if "-hand" not in b]
        while True:
            contract = self._ask(tr("Contract (7S, 6NT, mis; pass: all-pass)"),
                                 [*bids, "pass"])
            if contract in bids or contract == "pass":
                break
            console.say(tr("a contract of {variant}: {some} …, `mis`, `pass`",
                           variant=pool.variant, some=", ".join(bids[:6])))
        lines = [*header]
        self._played = True
        if contract != "pass":
            while True:
                said = self._ask(tr("Declarer (seat or name)"), [*pool.names,
                                                             *"ABCD"[:pool.players]])
                declarer = pool.seat(said)
                if declarer is not None:
                    break
                console.say(tr("one of {choices}", choices=", ".join(pool.names)))
            lines += [f'[Declarer "{declarer}"]', f'[Contract "{contract}"]']
            defence = self._defence(lines)
            if defence is None:
                return None
            lines += defence
        else:
            lines.append('[Contract "pass"]')
        if not self._played:  # the defence let the game go unplayed: no tricks to give
            return "\n".join(lines)
        while True:
            seats = "ABCD"[:pool.players]
            said = self._ask(tr("Tricks taken, {seats} (e.g. 6 2 2; - for a player who did not"
                                " play)", seats=" ".join(seats)))
            counts = said.replace(",", " ").split()
            if len(counts) == pool.players and all(c.isdigit() or c == "-" for c in counts):
                break
            console.say(tr("one figure a player, {n} in all", n=pool.players))
        result = " ".join(f"{s}:{c}" for s, c in zip(seats, counts, strict=True) if c != "-")
        # the Result goes before the sections, as the canonical order has it
        at = next((i for i, line in enumerate(lines) if line.startswith("[Defence")),
                  len(lines))
        lines.insert(at, f'[Result "{result}"]')
        return "\n".join(lines)

    def _by_cards(self, header: list[str], dealer: Seat) -> str | None:
        """The deal card by card: the hands (the talon is what is left), then every
        call, the discard, the contract, the defence and the cards on a board, which
        takes only legal moves and offers them (``back`` takes the last one back)."""
        from pfn.board import Board
        from pfn.cards import CardSet
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
                try:
                    hand = CardSet.parse(said)
                except (PfnError, ValueError) as error:
                    console.say(f"{error}")
                    continue
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
            legal = [str(m) for m in board.legal_moves()]
            turn = board.turn
            who = f"{pool.names[turn]} ({turn})" if turn is not None else tr("the table")
            stage = {"auction": ptr("stage", "auction"), "discard": ptr("stage", "discard"),
                     "contract": ptr("stage", "contract"), "defence": ptr("stage", "defence"),
                     "play": ptr("stage", "play")}.get(board.stage, board.stage)
            said = self._ask(f"{stage}, {who}", [*legal, "back"])
            if said == "back":
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
                legal = [str(m) for m in board.legal_moves()] if not board.is_over() else []
        ours = ("[Variant ", "[Rules ", "[Players ", "[Dealer ", "[Date ", "[Match ",
                "[Target ", "[Board ")
        lines = [line for line in record_lines(board.to_record()) if not line.startswith(ours)]
        return "\n".join([*header, *lines])

    def _defence(self, lines: list[str]) -> list[str] | None:
        """The defence's calls, chosen among the legal complete defences (the engine
        lists them for the contract and the declarer); none for a misère."""
        from pfn.deal import replay
        from pfn.notation.reader import loads

        [probe] = loads("\n".join(lines) + "\n")
        played = replay(probe, on_error="collect")
        choices = [" ".join(calls) for calls in played.defences or []]
        if not choices or played.contract is None or played.declarer is None:
            return []
        from pfn.model import Call
        from pfn.vocabulary import DEFENCE_CALLS

        contract, declarer = played.contract, played.declarer

        def protocol() -> Any:
            return played.variant.defence(contract, declarer, played.dealer, played.order)

        first = protocol().outcome.first
        names = self.pool.names if self.pool is not None else ()
        who = names[first] if first is not None and first < len(names) else str(first)
        self.console.say(tr("defences (from {name}): {choices}", name=who,
                            choices=" | ".join(choices)))
        while True:
            said = " ".join(self._ask(tr("Defence, the calls in order"),
                                      sorted({*choices, *DEFENCE_CALLS})).split())
            check = protocol()
            problems = check.run([Call(t) for t in said.split()])
            if not problems and check.outcome.complete:
                self._played = bool(check.outcome.played)
                break
            why = problems[0][1].message if problems else tr("the defence is not finished")
            self.console.say(tr("{why}; e.g. {example}", why=why, example=choices[0]))
        return [f'[Defence "{first}"]', said]

    def _save(self, text: str) -> None:
        """Check the deal in its pool; fill in its Score; show it and the sheet; append
        it to the file (or say what is wrong and drop it, to be entered again)."""
        from pfn.check import CheckOptions, check_records
        from pfn.filling import fill
        from pfn.notation.reader import loads
        from pfn.notation.writer import record_lines

        [record] = [r for r in loads(text + "\n", name=f"board {self._state()[2]}")
                    if not r.empty]
        filled = list(fill([*self.records, record]))[-1]
        new = filled.record
        found: list[Diagnostic] = [d for report in check_records([*self.records, new],
                                                                 CheckOptions())
                                   for d in report.diagnostics
                                   if report.record is new and d.severity is Severity.ERROR]
        if found or new.score is None:
            for problem in found:
                self.console.say(problem.format())
            if new.score is None and not found:
                self.console.say(tr("the score cannot be worked out from what was given"))
            self.console.say(tr("not saved: enter the deal again"))
            return
        self._append("\n".join(record_lines(new)))
        self._load()
        self.console.say(tr("written: {entries}", entries=" ".join(str(e) for e in new.score)))
        self.console.say(self._sheet())

    def _sheet(self) -> str:
        from pfn.report import format_text, reports

        text = format_text(reports(self.records), settlement=False)
        return text.split("\n\n", 1)[-1].strip("\n")

    def _settle(self) -> None:
        from pfn.report import format_text, reports

        if not self.records:
            self.console.say(tr("no deal recorded"))
            return
        self.console.say("\n" + format_text(reports(self.records)).rstrip())
        self.console.say(ntr("{n} deal in {path}", "{n} deals in {path}", len(self.records),
                             path=self.path))
