"""The deal state (pfn.rules.state.DealState) and pfn.Board, its public face.

The oracle is the batch replay of whole records, which does not use the deal state:
at each step of a record's auction and play, a record the test writes (the moves so
far and one candidate, the rest cut off) is read back and replayed, and the candidate
is legal when that replay finds no error.  The state must allow exactly those moves,
and the replay of its moves must say what the replay of the record says."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

import pfn
from pfn.board.record import moves_of
from pfn.cards import CARDS, Card
from pfn.generate import generate
from pfn.model import Annotation, Call, CallSection, CardRun, Record
from pfn.rules.state import DealState
from pfn.seats import SEATS, Seat
from pfn.variants import VARIANTS, find_variant

TABLES = [(v.name, n) for v in VARIANTS for n in v.tables]
CUT = ("Contract", "Declarer", "Talon", "Discard", "Defence", "Play", "Result", "Score",
       "Sheet", "Settlement")
"""The tags a record cut off after its auction drops."""


def records_of(variant: str, players: int, count: int, seed: int = 5) -> list[Record]:
    return pfn.loads("\n".join(generate(count, variant, seed=seed, players=players)))


def errors(record: Record) -> list[str]:
    """The codes of the errors the batch replay of ``record``'s text finds."""
    [again] = pfn.loads(str(record))
    found = pfn.replay(again, on_error="collect")
    return [d.code for d in (*again.diagnostics, *found.diagnostics) if d.is_error]


def auction_oracle(record: Record, calls: int, token: str) -> bool:
    """Whether the replay accepts ``token`` after the record's first ``calls`` calls."""
    assert record.auction is not None
    cut = replace(record, tags=tuple(t for t in record.tags if t.name not in CUT),
                  auction=CallSection.of(record.auction.first,
                                         (*record.auction.calls[:calls], Call(token))),
                  **dict.fromkeys(("contract", "declarer", "talon", "discard", "defence",
                                   "play", "result", "score", "sheet", "settlement")))
    return not errors(cut)


def play_oracle(record: Record, line: int, cards: int, card: Card) -> bool:
    """Whether the replay accepts ``card`` after the first ``cards`` cards of the play's
    line ``line`` (the rest of the play cut off with ``*``): no error, and nothing left
    unchecked that the record's own card there leaves checked (a card played twice
    stops the check of the play)."""
    play = record.play
    assert play is not None

    def found(candidate: Card) -> tuple[bool, set[str]]:
        run = CardRun((*play.tricks[line].cards[:cards], candidate), claim=Annotation())
        cut = replace(record, tags=tuple(t for t in record.tags
                                         if t.name not in ("Result", "Score", "Sheet")),
                      play=replace(play, tricks=(*play.tricks[:line], run)),
                      result=None, score=None, sheet=None)
        [again] = pfn.loads(str(cut))
        said = (*again.diagnostics, *pfn.replay(again, on_error="collect").diagnostics)
        return any(d.is_error for d in said), {d.message for d in said
                                                if d.code == "PFN-I001"}

    own = play.tricks[line].cards[cards]
    assert isinstance(own, Card)
    broken, unchecked = found(card)
    return not broken and unchecked <= found(own)[1]


def walk_against_the_replay(record: Record, rng: random.Random, samples: int) -> None:
    """At ``samples`` steps of ``record``'s auction and play chosen at random, the
    board's legal moves are the candidates the batch replay accepts."""
    board = pfn.Board.from_record(record)
    variant = find_variant(record.variant)
    auction = record.auction
    if auction is not None and board.stage == "auction":
        # the candidates: every word of the family's auction
        speaking = variant().auction(tuple(Seat(i) for i in range(record.players)))
        tokens = sorted({*variant.ladder.bids, *speaking.extra_calls, "pass", "hold"})
        steps = rng.sample(range(len(auction.calls)), min(samples, len(auction.calls)))
        for calls in steps:
            here = pfn.Board.from_record(record)
            for call in auction.calls[:calls]:
                here.push(Call(call.token, call.seat))
            turn = here.turn
            legal = {m.token for m in here.legal_moves
                     if isinstance(m, Call) and m.seat == turn}
            accepted = {t for t in tokens if auction_oracle(record, calls, t)}
            assert legal == accepted, (str(record), calls)
    play = record.play
    if play is None:
        return
    full = pfn.Board.from_record(record, trick=record.first_trick)
    points = [(line, index) for line, run in enumerate(play.tricks)
              for index in range(len(run.cards)) if run.cards[index] is not None]
    talon_leads = full.stage == "play" and any(s is None for s, _ in full.table)
    for line, index in rng.sample(points, min(samples, len(points))):
        if talon_leads and index == 0 and line < 2:
            continue  # a talon card opening a trick is nobody's move
        shown = sum(1 for s, _ in pfn.Board.from_record(
            record, trick=record.first_trick + line).table if s is None)
        here = pfn.Board.from_record(record, trick=record.first_trick + line,
                                     card=index - shown)
        legal = {m for m in here.legal_moves if isinstance(m, Card)}
        accepted = {c for c in CARDS if play_oracle(record, line, index, c)}
        assert legal == accepted, (str(record), line, index)


def test_the_brief_deal_allows_what_the_replay_accepts() -> None:
    record = pfn.load("examples/brief.pfn")[0]
    walk_against_the_replay(record, random.Random(1), samples=4)


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_every_variant_allows_what_the_replay_accepts(variant: str, players: int) -> None:
    rng = random.Random(f"{variant}-{players}")
    for record in records_of(variant, players, 4):
        if record.deal is not None and all(h is not None and h.complete
                                           for h in record.deal.hands):
            walk_against_the_replay(record, rng, samples=3)


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_the_moves_of_a_record_push_clean_and_pop_back_to_the_start(
        variant: str, players: int) -> None:
    """Every generated record of every variant: its moves pushed one by one on the
    state find no problem; the snapshot at the end is the replay of the record (its
    contract, declarer and tricks); popping every move gives the start again."""
    for record in records_of(variant, players, 8):
        if record.deal is None or not all(h is not None and h.complete
                                          for h in record.deal.hands):
            continue
        replayed = pfn.replay(record, on_error="collect")
        assert replayed.ok, str(record)
        board = pfn.Board.from_record(record)
        state = board.state
        start = (state.stage, state.turn, state.legal_moves())
        for stage, move in moves_of(replayed):
            if stage == "contract" and state.stage != "contract":
                continue  # a misère's contract is the bid itself
            assert move in state.legal_moves() or (
                isinstance(move, Call) and any(isinstance(m, Call) and m.token == move.token
                                               for m in state.legal_moves())), str(record)
            assert state.push(move) == [], (str(record), move)
        snapshot = state.snapshot()
        assert snapshot.ok
        assert (snapshot.contract, snapshot.declarer) == (replayed.contract,
                                                          replayed.declarer), str(record)
        if replayed.play_complete:
            assert state.stage == "over"
            assert snapshot.taken == replayed.taken
        while state.moves:
            state.pop()
        assert (state.stage, state.turn, state.legal_moves()) == start


def test_is_legal_is_membership_in_the_legal_moves() -> None:
    rng = random.Random(7)
    record = records_of("sochi", 3, 1)[0]
    board = pfn.Board.from_record(record)
    tokens = ["pass", "whist", "half", "open", "closed", "6S", "7NT", "mis", "hold"]
    while not board.is_over():
        legal = list(board.legal_moves)
        for card in CARDS:
            assert board.is_legal(card) == (card in legal)
        for token in tokens:
            assert board.is_legal(Call(token)) == any(
                isinstance(m, Call) and m.token == token and m.seat == board.turn
                for m in legal)
        board.push(rng.choice(legal))


SERBIAN = """[Variant "serbian"]
[Dealer "A"]
[Deal "A:QJ8.KJ8.K.K98 B:AKT.Q9.AQ87.7 C:97.A.JT9.AQJT talon:.T7.."]
[Declarer "B"]
[Contract "6H"]
[Result "A:1 B:1 C:8"]
[Auction "B"]
2 3 pass hold 4 hold pass
[Talon "CT C7"]
[Discard "SK ST"]
[Defence "C"]
whist whist
[Play "B"]
H7 HA HK
D9 DK D7
CJ C9 CA
HT H8 DQ
HQ H9 DA
HJ SQ CT
S7 S8 SA
D8 DJ SJ
DT C8 CQ
S9 CK C7
"""


def test_a_serbian_number_buys_the_talon_before_the_game_is_named() -> None:
    """A Serbian declarer who won with a number takes the talon, discards, and then
    names his game (the rules digest, serbian.md: "Talon")."""
    [record] = pfn.loads(SERBIAN)
    assert pfn.replay(record, on_error="collect").ok
    board = pfn.Board.from_record(record)
    for call in ["2", "3", "pass", "hold", "4", "hold", "pass"]:
        board.push(call)
    assert (board.stage, board.turn) == ("discard", Seat.B)
    # his ten cards (♠AKT ♣Q9 ♦AQ87 ♥7) and the talon's two (♣T7)
    assert {str(c) for c in board.legal_moves} == set(
        ["SA", "SK", "ST", "CQ", "C9", "CT", "C7", "DA", "DQ", "D8", "D7", "H7"])
    board.push("SK")
    board.push("ST")
    assert board.stage == "contract"
    assert [str(c) for c in board.legal_moves] == ["6H", "6C", "mis", "6NT"]
    whole = pfn.Board.from_record(record, trick=11)  # the tricks of the Result tag
    assert whole.is_over() and whole.tricks_taken == {Seat.A: 1, Seat.B: 1, Seat.C: 8}


def test_a_four_handed_serbian_deal_is_played_to_its_end() -> None:
    """With four at the table the dealer sits out; a number bought the talon, so the
    declarer's twelve cards are known and the play begins."""
    played = 0
    for record in records_of("serbian", 4, 12):
        if record.deal is None or record.play is None:
            continue
        replayed = pfn.replay(record, on_error="collect")
        board = pfn.Board(str(record.deal), dealer=record.dealer, variant="serbian")
        for stage, move in moves_of(replayed):
            if stage == "contract" and board.stage != "contract":
                continue
            board.push(move)
        assert board.is_over() and board.replay().taken == replayed.taken, str(record)
        played += 1
    assert played >= 6


def test_a_refused_move_changes_nothing_and_says_the_rule() -> None:
    variant = find_variant("sochi").with_rules(())
    deal = pfn.load("examples/brief.pfn")[0].deal
    assert deal is not None
    state = DealState.new(variant, deal, Seat.C)
    assert (state.stage, state.turn) == ("auction", Seat.A)
    assert state.push(Call("6S")) == []
    before = (state.stage, state.turn, state.legal_moves(), list(state.moves))
    [problem] = state.push(Call("6S"))  # not higher than 6S
    assert problem.code.startswith("PFN-E3") and problem.is_error
    assert (state.stage, state.turn, state.legal_moves(), list(state.moves)) == before
    twin = state.copy()
    assert twin.push(Call("pass")) == [] and len(twin.moves) == len(state.moves) + 1
    assert state.pop() == Call("6S", Seat.A)
    assert state.snapshot().auction is not None


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_a_board_is_over_exactly_when_no_move_is_left(variant: str, players: int) -> None:
    """Random legal games on every variant and table: at every step the board is over
    exactly when it lists no legal move, and every move it lists is one it accepts (a
    move offered after the deal's end, a whister's open or closed once the cards are
    played, would be refused)."""
    rng = random.Random(f"over-{variant}-{players}")
    for record in records_of(variant, players, 6, seed=11):
        for _ in range(3):
            board = pfn.Board.from_record(record)
            for _step in range(200):
                legal = list(board.legal_moves)
                assert board.is_over() == (not legal), (str(record), board, legal)
                if not legal:
                    break
                board.push(rng.choice(legal))  # raises when an offered move is refused
            assert board.is_over(), (str(record), board)


def replay_of_text(record: Record) -> tuple[list[str], pfn.Replay]:
    """The batch replay of ``record``'s PFN text read back: the codes of its errors (the
    structure's first, as the check finds them) and the replay."""
    from pfn.structure import check_structure

    [again] = pfn.loads(str(record))
    found = pfn.replay(again, on_error="collect")
    said = (*again.diagnostics, *check_structure(again), *found.diagnostics)
    return [d.code for d in said if d.is_error], found


def refused_candidate(state: DealState, rng: random.Random) -> object | None:
    """A move of the kind the state waits for that it does not list as legal: a call
    of the auction, a contract, or a card the player to move holds."""
    legal = state.legal_moves()
    if state.stage == "auction":
        auction = state.replay.auction if state.replay is not None else None
        assert auction is not None
        tokens = {*state.variant.ladder.bids, *auction.extra_calls, "pass", "hold"}  # type: ignore[attr-defined]
        options: list[object] = [Call(t, state.turn) for t in sorted(tokens)]
        options = [c for c in options if not any(
            isinstance(m, Call) and m.token == c.token and m.seat == c.seat  # type: ignore[attr-defined]
            for m in legal)]
    elif state.stage == "contract":
        options = [pfn.Contract.parse(t)
                   for t in ("6S", "7C", "8NT", "mis", "10H", "6S-hand", "pass")]
        options = [c for c in options if c not in legal]
    elif state.stage == "play" and state.kernel is not None and state.turn is not None:
        options = [c for c in state.held()[state.turn] if c not in legal]
    else:
        return None
    return rng.choice(options) if options else None


def same_state(state: DealState, record: Record) -> None:
    """The state's own account of the deal against the replay of the record it
    writes: no error, the same contract, declarer, defence, hands, players and leader
    of the play, and tricks taken."""
    codes, replayed = replay_of_text(record)
    # (a record that stops inside the defence is an unfinished Defence section)
    assert codes == (["PFN-E407"] if state.stage == "defence" and state.moves[-1][0] == "defence"
                     else []), (str(record), codes)
    r = state.replay
    assert r is not None
    assert (r.contract, r.declarer) == (replayed.contract, replayed.declarer), str(record)
    if state.stage in ("play", "over") and r.contract is not None:
        assert r.defence == replayed.defence, str(record)
    kernel, start = state.kernel, state.start
    if start is not None:  # where the play begins: the hands, who plays, who leads
        assert {SEATS[s]: start.hands[s] for s in start.order} == \
            {SEATS[s]: int(replayed.hands[s]) for s in start.order}, str(record)
        assert (tuple(SEATS[s] for s in start.order), SEATS[start.leader], start.rules) == \
            (replayed.participants, replayed.first_leader, replayed.play_rules), str(record)
    if kernel is not None and start is not None:
        taken = {SEATS[s]: kernel.taken[s] for s in state.start.order}
        assert taken == {s: replayed.taken.get(s, 0) for s in taken}, str(record)
        assert (state.stage == "over") == replayed.play_complete, str(record)


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_random_games_agree_with_the_replay_of_the_record_they_write(
        variant: str, players: int) -> None:
    """Random legal games on every variant and table, from the first call: at every
    step the state agrees with the batch replay of the record it writes (read back
    from its text) — no error, the same contract, declarer, defence, hands, leader and
    tricks — a
    move it refuses is refused by that replay too, for the same rule (the record with
    the move added fails with that code first), and nothing changed; at the end the
    same score; popping every move gives the start again."""
    rng = random.Random(f"agree-{variant}-{players}")
    checked = refused = 0
    for record in records_of(variant, players, 3, seed=23):
        if record.deal is None or not all(h is not None and h.complete
                                          for h in record.deal.hands):
            continue
        state = pfn.Board.from_record(record).state
        start = (state.stage, state.turn, state.legal_moves(), state.held())
        while True:
            same_state(state, state.record())
            checked += 1
            candidate = refused_candidate(state, rng)
            if candidate is not None:
                before = (state.stage, state.turn, state.legal_moves(), list(state.moves))
                stage = "defence" if state.stage == "over" else state.stage
                entry = (stage, candidate, state.written(stage, candidate))  # type: ignore[arg-type]
                [problem] = state.push(candidate)  # type: ignore[arg-type]
                codes, _ = replay_of_text(state.record(entry))  # type: ignore[arg-type]
                if not codes[0].startswith(("PFN-E0", "PFN-E1")):  # (a word it cannot write)
                    assert codes[:1] == [problem.code], (str(record), candidate, problem)
                    refused += 1
                assert (state.stage, state.turn, state.legal_moves(),
                        list(state.moves)) == before
            legal = state.legal_moves()
            if not legal:
                break
            assert state.push(rng.choice(legal)) == []
        _, replayed = replay_of_text(state.record())
        assert [str(e) for e in pfn.score(replayed).entries] == \
            [str(e) for e in pfn.score(state.snapshot()).entries]
        while state.moves:
            state.pop()
        assert (state.stage, state.turn, state.legal_moves(), state.held()) == start
    assert checked and refused


def trick_facts(replay: pfn.Replay) -> list[tuple[object, ...]]:
    return [(t.number, t.leader, t.seats, t.cards, t.winner, t.before, t.talon_lead)
            for t in replay.tricks]


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_a_board_replay_is_what_the_replay_of_its_record_says(variant: str,
                                                               players: int) -> None:
    """The board's replay is built by its state as it goes (no record replayed): at
    every step of the auction and the play of random legal games it says what the
    batch replay of the record the board writes, read back from its text, says — the
    auction's end, the contract, the defence (and every possible one), the hands and
    the play's leader, each trick with the hands before it, the tricks taken, the
    result and what is left unchecked.  (Between the auction's end and the first card
    that record is one cut inside a stage — no discard yet, a Defence section not
    finished — which the batch replay reads as such.)"""
    rng = random.Random(f"built-{variant}-{players}")
    steps = 0
    for record in records_of(variant, players, 2, seed=31):
        if record.deal is None or not all(h is not None and h.complete
                                          for h in record.deal.hands):
            continue
        board = pfn.Board.from_record(record)
        while True:
            legal = list(board.legal_moves)
            if board.stage not in ("auction", "play", "over"):
                board.push(rng.choice(legal))
                continue
            built = board.replay()
            [again] = pfn.loads(str(board.state.record()))
            told = pfn.replay(again, on_error="collect")
            said = (built.contract, built.declarer, built.defence, built.defences,
                    tuple(map(int, built.hands)), built.participants, built.first_leader,
                    built.leader, trick_facts(built), built.taken, built.play_complete,
                    built.result, [(d.code, str(d.message)) for d in built.diagnostics])
            assert said == (told.contract, told.declarer, told.defence, told.defences,
                            tuple(map(int, told.hands)), told.participants,
                            told.first_leader, told.leader, trick_facts(told), told.taken,
                            told.play_complete, told.result,
                            [(d.code, str(d.message)) for d in told.diagnostics]), \
                (str(again), board)
            steps += 1
            if not legal:
                break
            board.push(rng.choice(legal))
    assert steps


def test_a_refused_card_is_reported_where_it_stands_and_made_all_the_same() -> None:
    """The replay pushes a record's cards collecting: Boris's DK on Ana's heart ace at
    trick 6 is a revoke (he holds HK and HQ), said at that card, and the card is
    played — the play goes on to its end, Boris's HQ then taking trick 10 (worked out
    by hand), so the Result the record states for Boris and Ceca no longer holds."""
    text = Path("examples/brief.pfn").read_text(encoding="utf-8").split("\n\n")[0]
    text = text.replace("HA HQ H9", "HA DK H9").replace("H8 DK HJ", "H8 HQ HJ")
    [record] = pfn.loads(text)
    replay = pfn.replay(record, on_error="collect")
    errors = [d for d in replay.diagnostics if d.is_error]
    assert [d.code for d in errors] == ["PFN-E503", "PFN-E601", "PFN-E601"]  # B's, C's
    line = text.split("\n").index("HA DK H9") + 1
    assert errors[0].message.startswith("revoke: B played DK on a heart lead at trick 6")
    assert (errors[0].line, errors[0].col) == (line, 4)
    played = [move for stage, move in moves_of(replay) if stage == "play"]
    assert len(played) == 30 and played[16] == Card.DK and played[28] == Card.HQ
    assert replay.play_complete and replay.taken == {Seat.A: 8, Seat.B: 2, Seat.C: 0}
