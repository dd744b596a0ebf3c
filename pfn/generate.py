"""Random legal records, driven by the rules engine (``pfn generate``).

Deals are shuffled, auctions, defences and plays are chosen at random among the
calls and cards the variant allows, and the score entries are computed by the
scorer, so every record checks clean.  The same seed gives the same records.
Used for property tests, benchmarks and practice files.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

from pfn.cards import CARDS, Card, dotted
from pfn.contract import Contract
from pfn.diagnostics import PfnError
from pfn.i18n import tr
from pfn.match import MatchChecker
from pfn.model import Amount, Record, format_amount
from pfn.notation.canonical import COLUMN_ORDER
from pfn.notation.reader import loads
from pfn.rules.auction import Auction
from pfn.rules.defence import Defence
from pfn.rules.tricks import PlayRules, Tricks
from pfn.scoring.ledger import LedgerEntry, totals
from pfn.seats import SEATS, Seat
from pfn.variants import Variant, find_variant

NAMES = ("Ana", "Boris", "Ceca", "Dejan")


def _cards(mask: int) -> list[Card]:
    return [CARDS[i] for i in range(32) if mask >> i & 1]


class DealMaker:
    """Makes one random legal deal for a variant, as PFN text (without the score).

    Every choice is made among what the engine says is legal: the auction's legal
    calls and the contracts its winner may announce, the defence's legal calls, and
    the play kernel's legal cards."""

    def __init__(self, variant: Variant, rng: random.Random, players: int = 3) -> None:
        self.variant = variant
        self.rng = rng
        self.players = players

    # -- auction ------------------------------------------------------------

    def _auction(self, auction: Auction, hands: dict[Seat, int]) -> list[str]:
        ladder = auction.ladder.bids
        appetite = {seat: self._appetite(hands[seat], ladder) for seat in auction.state.order}
        calls: list[str] = []
        for _ in range(60):
            speaker, _problem = auction.speaker(None)
            if speaker is None or auction.state.finished:
                break
            call = self._choose_call(auction, speaker, appetite[speaker])
            auction.apply(speaker, call)
            calls.append(call)
        return calls

    def _appetite(self, hand: int, ladder: tuple[str, ...]) -> int:
        """The highest rung a player would bid to with ``hand``: a rough count of his
        tricks (aces, guarded kings, length in his best suit), with some recklessness;
        -1 to pass at once."""
        rng = self.rng
        suits = [(hand >> (8 * s)) & 0xFF for s in range(4)]
        lengths = [m.bit_count() for m in suits]
        aces = sum(m >> 7 & 1 for m in suits)
        kings = sum(1 for m, n in zip(suits, lengths, strict=True) if m >> 6 & 1 and n >= 2)
        if "mis" in ladder and aces == 0 and kings == 0 and rng.random() < 0.5:
            return ladder.index("mis")
        best = max(range(4), key=lambda s: (lengths[s], suits[s]))
        tricks = aces + 0.5 * kings + max(0, lengths[best] - 3) + 3 + rng.gauss(0, 0.8)
        level = int(tricks)
        if level < 6:
            return -1
        strain = "SCDH"[best]
        for rung in range(len(ladder) - 1, -1, -1):
            bid = ladder[rung]
            if not bid.startswith("mis") and not bid.endswith("-hand") and \
                    int(bid.rstrip("SCDHNT") or 0) <= level and bid.endswith(strain):
                return rung
        return 0

    def _choose_call(self, auction: Auction, seat: Seat, appetite: int) -> str:
        """A legal call within the player's appetite: misère for a misère hand, else
        hold sometimes, else the lowest legal raise (now and then one without the
        talon), else pass."""
        if appetite < 0:
            return "pass"
        legal = auction.legal_calls(seat)
        ladder = auction.ladder
        if "mis" in ladder and appetite == ladder.rank("mis"):
            return "mis" if "mis" in legal else "pass"
        if "hold" in legal and self.rng.random() < 0.5:
            return "hold"
        jump = self.rng.random() < 0.2
        raises = []
        for token in legal:
            committed = auction.commitment(token)
            if committed is not None and not committed.startswith("mis") and \
                    ladder.rank(committed) <= appetite:
                raises.append(token)
        plain = [t for t in raises if not t.endswith("-hand")]
        hand = [t for t in raises if t.endswith("-hand")]
        if hand and not auction.state.calls.get(seat) and self.rng.random() < 0.05:
            return self.rng.choice(hand)
        if not plain:
            return "pass"
        return plain[1] if jump and len(plain) > 1 else plain[0]

    # -- contract and defence -------------------------------------------------

    def _contract(self, auction: Auction, streak: int) -> Contract:
        """The lowest contract the winner may announce (now and then the next one), at
        least the exit level after all-passes."""
        variant = self.variant
        legal = [c for c in auction.contracts()
                 if not c.pref and not c.open and variant.contract_problem(c) is None]
        index = 1 if self.rng.random() < 0.15 and len(legal) > 1 and not legal[0].misere else 0
        exit_level = variant.exit_level(streak)
        while index + 1 < len(legal) and not legal[index].misere and \
                legal[index].level < exit_level:
            index += 1
        return legal[index]

    def _defence(self, contract: Contract, declarer: Seat, order: tuple[Seat, ...],
                 dealer: Seat) -> tuple[Seat, list[str], Defence]:
        protocol = self.variant.defence(contract, declarer, dealer, order)
        first, second = protocol.outcome.first, protocol.outcome.second
        calls: list[str] = []
        if protocol.silent:
            protocol.run([])
            return first, calls, protocol
        weights = {"whist": 6, "pass": 3, "half": 1, "open": 2, "closed": 2, "together": 2,
                   "own": 1, "return": 1, "check": 1, "kontra": 1, "rekontra": 1,
                   "subkontra": 1, "mortkontra": 1}
        for _ in range(8):
            speakers = protocol.expected()
            if not speakers:
                break
            seat = speakers[0]
            allowed = list(protocol.legal_calls(seat))
            if not allowed:
                break
            if protocol.finished() and self.rng.random() < 0.5:
                break
            choice = self.rng.choices(allowed, [weights.get(a, 1) for a in allowed])[0]
            if protocol.step(seat, choice) is not None:
                break
            prefix = f"{seat}:" if seat not in (first, second) else ""
            calls.append(prefix + choice)
        protocol.settle()
        return first, calls, protocol

    # -- the deal -------------------------------------------------------------

    def make(self, dealer: Seat, board: int, streak: int = 0, header: str = "") -> str:
        """One record's text (no Score tag)."""
        rng, variant, players = self.rng, self.variant, self.players
        deck = list(range(32))
        rng.shuffle(deck)
        seats = [Seat(i) for i in range(players)]
        active = [s for s in seats if not (players == 4 and s == dealer)]
        eldest = dealer.next(players)
        if eldest not in active:
            eldest = eldest.next(players)
        i = active.index(eldest)
        order = tuple(active[i:] + active[:i])
        hands: dict[Seat, int] = {s: 0 for s in seats}
        for index, seat in enumerate(active):
            for card in deck[10 * index:10 * index + 10]:
                hands[seat] |= 1 << card
        talon_cards = [CARDS[c] for c in deck[30:32]]
        talon = (1 << talon_cards[0]) | (1 << talon_cards[1])
        deal = " ".join(f"{s}:{dotted(hands[s])}" for s in seats) + f" talon:{dotted(talon)}"
        lines = [header + f'[Board "{board}"]', f'[Dealer "{dealer}"]', f'[Deal "{deal}"]']
        auction = variant.auction(order)
        calls = self._auction(auction, hands)
        sections = [f'[Auction "{order[0]}"]', " ".join(calls)]
        if auction.state.allpass:
            lines += ['[Declarer ""]', '[Contract "pass"]']
            if not variant.allpass_played:
                return "\n".join(lines + sections)
            allpass = Contract(0, None, allpass=True)
            rules = variant.play_rules(allpass, None, dealer, players)
            play = self._play(rules, order, order[0], hands, talon_cards)
            talon_text = [f'[Talon "{talon_cards[0]} {talon_cards[1]}"]'] \
                if rules.talon_leads else []
            return "\n".join([*lines, f'[Result "{play[1]}"]', *sections, *talon_text,
                              f'[Play "{order[0]}"]', *play[0]])
        declarer = auction.state.high_seat
        assert declarer is not None
        contract = self._contract(auction, streak)
        lines += [f'[Declarer "{declarer}"]', f'[Contract "{contract}"]']
        if not contract.hand:
            twelve = hands[declarer] | talon
            discard = rng.sample(_cards(twelve), 2)
            hands[declarer] = twelve & ~((1 << discard[0]) | (1 << discard[1]))
            sections += [f'[Talon "{talon_cards[0]} {talon_cards[1]}"]',
                         f'[Discard "{discard[0]} {discard[1]}"]']
        first, defence_calls, protocol = self._defence(contract, declarer, order, dealer)
        if not contract.misere:
            sections += [f'[Defence "{first}"]', " ".join(defence_calls)]
        outcome = protocol.outcome
        if not outcome.played:
            if outcome.checked:
                result = f"{declarer}:{10 if rng.random() < 0.8 else 9}"
                lines.append(f'[Result "{result}"]')
            return "\n".join(lines + [s for s in sections if s])
        participants = tuple(s for s in order if s == declarer or s in outcome.players)
        leader = variant.first_leader(contract, declarer, order[0], order)
        if leader not in participants:
            leader = next(s for s in order if s in participants)
        rules = variant.play_rules(contract, declarer, dealer, players)
        play_lines, result = self._play(rules, participants, leader, hands, talon_cards)
        lines.append(f'[Result "{result}"]')
        return "\n".join(lines + [s for s in sections if s] + [f'[Play "{leader}"]',
                                                               *play_lines])

    def _play(self, rules: PlayRules, order: tuple[Seat, ...], leader: Seat,
              hands: dict[Seat, int], talon: list[Card]) -> tuple[list[str], str]:
        """Random legal cards to the end, on the play kernel: the tricks' lines and the
        Result tag's value."""
        rng = self.rng
        kernel = Tricks([hands[s] for s in sorted(hands)], [s.index for s in order],
                        leader.index, rules,
                        talon[:rules.talon_leads])
        while not kernel.over:
            legal = kernel.legal_cards()
            kernel.play(rng.choice([CARDS[c] for c in range(32) if legal >> c & 1]))
        lines = [" ".join(CARDS[c].name for c in cards) for cards, *_ in kernel.history]
        taken = {s: kernel.taken[s] for s in order}
        for seat, count in enumerate(kernel.taken):
            if count and SEATS[seat] not in taken:
                taken[SEATS[seat]] = count
        result = " ".join(f"{s}:{taken[s]}" for s in sorted(taken))
        return lines, result


def _score_text(written: list[LedgerEntry]) -> str:
    entries = sorted(totals(written).items(), key=lambda kv: (kv[0][0], COLUMN_ORDER.get(
        kv[0][1], 9), -1 if kv[0][2] is None else kv[0][2]))
    return " ".join(f"{s}:{c}{'/' + str(a) if a is not None else ''}{format_amount(v, True)}"
                    for (s, c, a), v in entries)


def generate(count: int, variant: str = "sochi", seed: int = 0, *, players: int = 3,
             match_size: int = 0, target: int = 20, sheet: bool = False) -> Iterator[str]:
    """``count`` random legal records of ``variant`` as PFN text, with their Score tags.

    With ``match_size`` the records form matches of that many deals (pools with a
    ``target``); with ``sheet`` each record also states the running sheet.
    """
    rng = random.Random(seed)
    variant_class = find_variant(variant)
    if players not in variant_class.tables:
        raise PfnError(tr("{variant} is played by {tables}, not {n}",
                          variant=variant_class.name,
                          tables=" / ".join(map(str, variant_class.tables)), n=players))
    maker = DealMaker(variant_class(), rng, players)
    checker = MatchChecker()
    made = 0
    match = 0
    while made < count:
        match += 1
        deals = match_size or 1
        dealer = Seat(rng.randrange(players))
        names = "; ".join(NAMES[:players])
        for board in range(1, deals + 1):
            if made >= count:
                return
            header = (f'[Event "Generated {variant}"]\n[Variant "{variant_class.name}"]\n'
                      f'[Players "{names}"]\n')
            if match_size:
                header += f'[Match "m{seed}-{match}"]\n[Target "{target}"]\n'
            state = checker.state
            streak = state.allpass_streak if state is not None and match_size and board > 1 \
                else 0
            if board > 1 and state is not None:
                expected = checker.next_dealer(state)
                if expected is not None:
                    dealer = expected
            text = maker.make(dealer, board, streak, header)
            record = loads(text)[0]
            checker.check(record, True)
            written = checker.written
            extra = ""
            if written:
                extra += f'\n[Score "{_score_text(written)}"]'
            if sheet and checker.state is not None:
                extra += "\n" + _sheet_text(checker.state.sheet.values, players)
            yield text + extra + "\n"
            made += 1
            if match_size and checker.state is not None and checker.state.sheet.finished:
                break
            if not match_size:
                dealer = dealer.next(players)


def _sheet_text(values: Mapping[tuple[Seat, str, Seat | None], Amount], players: int) -> str:
    rows = ['[Sheet ""]']
    for i in range(players):
        seat = Seat(i)
        items = sorted(((c, a, v) for (s, c, a), v in values.items() if s == seat and v),
                       key=lambda t: (COLUMN_ORDER.get(t[0], 9), -1 if t[1] is None else t[1]))
        cells = [f"{c}{'/' + str(a) if a is not None else ''}={format_amount(v)}"
                 for c, a, v in items]
        if cells:
            rows.append(f"{seat} " + " ".join(cells))
    return "\n".join(rows)


def records(count: int, variant: str = "sochi", seed: int = 0) -> list[Record]:
    """Generated records, parsed."""
    return [r for text in generate(count, variant, seed) for r in loads(text)]


__all__ = ["DealMaker", "generate", "records"]
