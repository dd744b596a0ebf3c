"""pfn.Board: a deal walked move by move, on every variant.

The oracles are written here, apart from the engine: the rules of following suit,
trumping and heading (Britannica), the Sochi ladder, the counts of the Result tag read
with regular expressions; and the engine's own check of the records a board writes."""

from __future__ import annotations

import random
import re

import pytest

import pfn
from pfn.cards import Card, dotted
from pfn.check import CheckOptions, check_records
from pfn.diagnostics import Severity
from pfn.seats import SEATS, Seat
from pfn.variants import VARIANTS

TABLES = [(v.name, n) for v in VARIANTS for n in v.tables]
BRIEF = "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"


def random_deal(rng: random.Random, players: int, dealer: Seat) -> str:
    deck = list(range(32))
    rng.shuffle(deck)
    active = [s for s in SEATS[:players] if not (players == 4 and s == dealer)]
    hands = dict.fromkeys(SEATS[:players], 0)
    for i, seat in enumerate(active):
        for card in deck[10 * i:10 * i + 10]:
            hands[seat] |= 1 << card
    talon = (1 << deck[30]) | (1 << deck[31])
    return " ".join(f"{s}:{dotted(hands[s])}" for s in hands) + f" talon:{dotted(talon)}"


def state(board: pfn.Board) -> tuple[object, ...]:
    """Everything a user can read off a board."""
    return (str(board), repr(board), board.stage, board.turn, board.trick, board.table,
            board.tricks_taken, board.hands(), list(board.legal_moves), board.move_stack,
            board.is_over())


def follow(hand: set[Card], table: list[Card], trump: int | None, heads: bool,
           exempt: bool) -> set[Card]:
    """The cards a player may add to ``table``: follow suit, else trump, else any; with
    ``heads`` (Britannica) beat the best card so far when he can."""
    if not table:
        return set(hand)
    led = table[0].suit
    legal = {c for c in hand if c.suit == led} or \
        {c for c in hand if trump is not None and c.suit == trump} or set(hand)
    if heads and not exempt:
        best = table[0]
        for card in table[1:]:
            if (card.suit == best.suit and card.rank > best.rank) or \
                    (trump is not None and card.suit == trump and best.suit != trump):
                best = card
        beating = {c for c in legal if (c.suit == best.suit and c.rank > best.rank) or
                   (trump is not None and c.suit == trump and best.suit != trump)}
        legal = beating or legal
    return legal


def play_out(board: pfn.Board, rng: random.Random) -> list[tuple[object, ...]]:
    """Random legal moves to the end; the state before each move."""
    seen = []
    while not board.is_over():
        moves = list(board.legal_moves)
        assert moves, str(board)
        seen.append(state(board))
        if board.stage == "play":
            check_cards(board, moves)
        board.push(rng.choice(moves))
    return seen


def check_cards(board: pfn.Board, moves: list[pfn.board.Move]) -> None:
    r = board.replay()
    assert r.contract is not None
    turn = board.turn
    assert turn is not None
    table = [c for s, c in board.table if s is not None]
    talon_led = any(s is None for s, _ in board.table)
    hand = set(board.hands()[turn])
    trump = None if r.contract.misere or r.contract.allpass else r.contract.trump
    heads = r.variant.name == "britannica" and not r.contract.misere
    exempt = len(table) == 1 and board.table[0][0] == r.declarer
    expected = follow(hand, [c for _, c in board.table] if talon_led else table, trump,
                      heads, exempt)
    assert {m for m in moves if isinstance(m, Card)} == expected, str(board)


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_random_games_pop_back_to_every_state_and_write_clean_records(
        variant: str, players: int) -> None:
    for seed in range(6):
        rng = random.Random(f"{variant}-{players}-{seed}")
        dealer = SEATS[rng.randrange(players)]
        board = pfn.Board(random_deal(rng, players, dealer), dealer=dealer, variant=variant)
        seen = play_out(board, rng)
        final = state(board)
        record = board.to_record()
        # the record the board wrote checks clean, and replays to the same board
        [report] = check_records([record], CheckOptions())
        assert [d for d in report.diagnostics if d.severity is not Severity.INFO] == [], \
            str(record)
        again = pfn.Board.from_record(record, trick=11) if record.play is not None else None
        if again is not None:
            assert again.move_stack == board.move_stack and again.hands() == board.hands()
            assert again.tricks_taken == board.tricks_taken
            assert again.result() == board.result()
            assert record.result == tuple(board.replay().result.items())
        # any point of its play, from the record, is the board as it stood there
        plays = [s for s in seen if s[2] == "play"]
        if plays and record.play is not None:
            point = rng.choice(plays)
            trick, table = point[4], point[5]
            there = pfn.Board.from_record(record, trick=trick,  # type: ignore[arg-type]
                                          card=sum(s is not None for s, _ in table))  # type: ignore[attr-defined]
            assert state(there)[2:] == point[2:]
        # what the deal wrote is what the record says; the board draws itself; the
        # solver takes it anywhere in the play
        assert [str(e) for e in board.score().entries] == [
            str(e) for e in pfn.score(pfn.replay(record, on_error="collect")).entries]
        if seed == 0:
            svg = board._repr_svg_()
            assert svg is not None and "<svg" in svg
        if plays and seed < 2:
            point = rng.choice(plays)
            there = pfn.Board.from_record(record, trick=point[4],  # type: ignore[arg-type]
                                          card=sum(s is not None for s, _ in point[5]))  # type: ignore[attr-defined]
            solution = pfn.solve(there)
            assert set(solution.cards) == set(there.legal_moves) - {
                m for m in there.legal_moves if not isinstance(m, Card)}
        # a copy goes its own way
        if seen:
            twin = board.copy()
            twin.pop()
            assert state(board) == final
        for expected in reversed(seen):
            move = board.pop()
            assert state(board) == expected
            assert board.is_legal(move) and board.parse(str(move).split(":")[-1]) is not None
            if board.stage == "play" and rng.random() < 0.2:  # a play stopped anywhere
                written = board.to_record()
                [report] = check_records([written], CheckOptions())
                assert not any(d.is_error or d.severity is Severity.WARNING
                               for d in report.diagnostics), str(written)
                cards = sum(s is not None for s, _ in board.table)
                assert state(pfn.Board.from_record(written, board.trick, cards)) == expected
        assert board.move_stack == [] and board.stage in ("auction",)


def test_sochi_auction_moves_follow_the_ladder() -> None:
    """Every bid offered is above the standing bid, on the Sochi ladder; a player who
    passed is never asked again."""
    ladder = [f"{n}{s}" for n in (6, 7, 8) for s in ("S", "C", "D", "H", "NT")] + ["mis"] + \
        [f"{n}{s}" for n in (9, 10) for s in ("S", "C", "D", "H", "NT")]
    for seed in range(20):
        rng = random.Random(seed)
        board = pfn.Board(random_deal(rng, 3, Seat.C), dealer="C")
        high, passed = -1, set()
        while board.stage == "auction":
            moves = list(board.legal_moves)
            assert board.turn not in passed
            assert all(m.seat == board.turn for m in moves)  # type: ignore[union-attr]
            bids = [ladder.index(m.token) for m in moves if m.token in ladder]  # type: ignore[union-attr]
            assert (bids and min(bids) > high) or not bids
            move = rng.choice(moves)
            token = move.token  # type: ignore[union-attr]
            if token == "pass":
                passed.add(board.turn)
            elif token in ladder:
                high = ladder.index(token)
            board.push(move)


def brief_board(moves: str) -> pfn.Board:
    board = pfn.Board(BRIEF, dealer="C", names=("Ana", "Boris", "Ceca"))
    for move in moves.split():
        board.push(move)
    return board


@pytest.mark.parametrize(("moves", "illegal", "code"), [
    ("", "HA", "PFN-E307"),                          # a card during the auction
    ("6S", "6S", "PFN-E302"),                        # not higher than the bid
    ("6S 6C pass", "mis", "PFN-E306"),               # misère after a bid
    ("6S 6C pass 6D pass", "HK", "PFN-E206"),        # a discard he does not hold
    ("6S 6C pass 6D pass", pfn.Contract.parse("7S"), "PFN-E401"),  # contract before discard
    ("6S 6C pass 6D pass D7 D8", "6S", "PFN-E403"),  # lower than the winning bid
    ("6S 6C pass 6D pass D7 D8 7S", "half", "PFN-E406"),   # half-whist as first call
    ("6S 6C pass 6D pass D7 D8 7S whist whist", "SA S8", "PFN-E502"),  # C's card, B's turn
    ("6S 6C pass 6D pass D7 D8 7S whist whist", "SA CQ", "PFN-E503"),  # revoke
])
def test_an_illegal_move_raises_the_rule_it_breaks(moves: str, illegal: str | pfn.Contract,
                                                   code: str) -> None:
    board = brief_board(moves)
    *before, last = illegal.split() if isinstance(illegal, str) else [illegal]
    for move in before:
        board.push(move)
    was = state(board)
    with pytest.raises(pfn.RuleError) as raised:
        board.push(last)
    assert raised.value.diagnostic is not None and raised.value.diagnostic.code == code
    assert str(raised.value).startswith(f"board: error[{code}]")
    assert state(board) == was  # nothing changed


def test_a_deal_over_takes_no_move_and_a_bad_deal_is_refused() -> None:
    board = pfn.Board.from_record(pfn.load("examples/brief.pfn")[0], trick=11)
    assert board.is_over() and list(board.legal_moves) == [] and board.turn is None
    with pytest.raises(pfn.RuleError, match="PFN-E507"):
        board.push("SA")
    with pytest.raises(pfn.PfnError, match="the dealer"):
        pfn.Board(BRIEF)
    with pytest.raises(pfn.PfnError, match="every card"):
        pfn.Board("A:AKQJ7.AK.7.A7 B:? C:8.987.JT9.JT9 talon:..8.8", dealer="C")
    with pytest.raises(pfn.RuleError, match="PFN-E201"):
        pfn.Board("A:AKQJ7.AK.7.A7 B:A9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8", dealer="C")
    with pytest.raises(pfn.PfnError):
        pfn.Board(BRIEF, dealer="C", variant="chess")
    with pytest.raises(pfn.PfnError, match="not a move"):
        brief_board("").push("hello")
    with pytest.raises(pfn.PfnError, match="does not reach trick"):
        pfn.Board.from_record(pfn.load("examples/sochi-match.pfn")[2], trick=5)  # no play


def test_the_brief_deal_played_as_the_book_gives_it() -> None:
    record = pfn.load("examples/brief.pfn")[0]
    board = pfn.Board.from_record(record)
    for line in ["6S", "6C", "pass", "6D", "pass", "D7", "D8", "7S", "whist", "whist"]:
        board.push(line)
    assert board.stage == "play" and board.turn == Seat.A
    for run in record.play.tricks:  # type: ignore[union-attr]
        for card in run.cards:
            board.push(card)  # type: ignore[arg-type]
    assert board.is_over() and str(board.result()) == "made"
    assert board.tricks_taken == {Seat.A: 8, Seat.B: 1, Seat.C: 1}
    assert [str(e) for e in board.score().entries] == ["A:pool+4", "B:whist/A+4",
                                                       "C:whist/A+4"]
    text = str(board)
    assert text.splitlines()[0] == "Sochi · dealer C · 7S by A · over: made"
    assert "A  ♠—  ♣—  ♦—  ♥—   8 tricks" in text
    written = board.to_record()
    assert written.play is not None and [r.cards for r in written.play.tricks] == \
        [r.cards for r in record.play.tricks]  # type: ignore[union-attr]
    assert written.tag("Players") == "Ana; Boris; Ceca" and written.result == record.result
    assert written.score == record.score


def test_an_ending_and_a_problem_without_its_auction() -> None:
    """A book's ending: the board starts at its first card; a contract given without
    its auction: at the defence."""
    ending = pfn.loads('''[Variant "sochi"]
[Start "9"]
[Deal "A:A7... B:K8... C:Q9... talon:?"]
[Declarer "A"]
[Contract "6S"]
[Play "B"]''')[0]
    board = pfn.Board.from_record(ending)
    assert board.stage == "play" and board.turn == Seat.B and board.trick == 9
    assert pfn.solve(board).value is not None
    problem = pfn.loads('''[Variant "sochi"]
[Dealer "C"]
[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"]
[Declarer "A"]
[Contract "7S"]
[Discard "D7 D8"]''')[0]
    board = pfn.Board.from_record(problem)
    assert board.stage == "defence" and board.turn == Seat.B
    board.push("pass")
    board.push("pass")
    assert board.is_over() and str(board.result()) == "made without play"


def test_the_solver_takes_a_board() -> None:
    record = pfn.load("examples/brief.pfn")[0]
    board = pfn.Board.from_record(record, trick=3, card=1)
    from pfn.analysis.solve import position_at

    direct = pfn.solve(position_at(pfn.replay(record), 3, 1))
    assert pfn.solve(board).cards == direct.cards and pfn.solve(board).value == direct.value
    with pytest.raises(pfn.PfnError, match="auction comes first"):
        pfn.solve(pfn.Board.from_record(record))


def test_a_board_draws_itself_in_a_notebook() -> None:
    board = brief_board("6S 6C pass 6D pass D7 D8 7S whist whist SA S9")
    svg = board._repr_svg_()
    assert svg is not None and svg.lstrip().startswith("<?xml") and "<svg" in svg


def test_values_print_as_preferans() -> None:
    replayed = pfn.replay(pfn.load("examples/brief.pfn")[0])
    assert repr(replayed) == "<Replay sochi · 7S by A · A:8 B:1 C:1 · clean>"
    assert str(replayed.hands[Seat.B]) == "T9.QJT.AKQ.KQ" and str(replayed.talon) == "..8.8"
    assert list(replayed.discard) == [Card.D7, Card.D8]
    assert repr(replayed.tricks[0]) == "<trick 1: A SA, B S9, C S8; A takes it>"
    assert [str(c) for c in replayed.tricks[0].before[2]][:2] == ["S8", "C7"]
    assert repr(pfn.Contract.parse("9NT-hand")) == "Contract.parse('9NT-hand')"
    assert repr(pfn.Call("6S", Seat.A)) == "Call('6S', Seat.A)" and str(pfn.Call("pass")) == \
        "pass"
    assert pfn.CardSet.parse("AKQJ7.AK.7.A7") == replayed.record.deal.hands[0].mask  # type: ignore[union-attr]
    assert f"{pfn.CardSet.parse('A...')}" == "A..." and f"{pfn.CardSet.parse('A...'):x}" == "80"
    with pytest.raises(pfn.PfnError):
        pfn.CardSet.parse("AKQ")


def test_rows_match_the_tags_and_filter(tmp_path: object) -> None:
    """One row per deal; contract, declarer and tricks as the tags say (read here with
    regular expressions); each outcome counted as ``pfn filter --outcome`` selects."""
    from typer.testing import CliRunner

    from pfn.cli import app
    from pfn.corpus.rows import COLUMNS
    from pfn.generate import generate

    text = "\n".join(generate(120, "leningrad", 3, match_size=6))
    path = tmp_path / "corpus.pfn"  # type: ignore[operator]
    path.write_text(text, encoding="utf-8")
    runner = CliRunner()
    out = runner.invoke(app, ["convert", str(path), "--to", "csv"])
    assert out.exit_code == 0, out.stderr
    import csv
    import io

    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    blocks = [b for b in re.split(r"\n(?=\[Event )", text) if "[Deal " in b]
    assert len(rows) == len(blocks) == 120 and list(rows[0]) == list(COLUMNS)
    for row, block in zip(rows, blocks, strict=True):
        contract = re.search(r'\[Contract "([^"]*)"\]', block).group(1)  # type: ignore[union-attr]
        assert row["contract"] == contract and row["variant"] == "leningrad"
        declarer = re.search(r'\[Declarer "([^"]*)"\]', block).group(1)  # type: ignore[union-attr]
        assert row["declarer"] == declarer
        result = re.search(r'\[Result "([^"]*)"\]', block)
        if result is not None:
            for part in result.group(1).split():
                seat, count = part.split(":")
                assert row[f"tricks_{seat}"] == count
        assert row["codes"] == ""
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["outcome"]] = counts.get(row["outcome"], 0) + 1
    assert "made-without-play" in counts and "unknown" not in counts
    for outcome, count in counts.items():
        selected = runner.invoke(app, ["filter", str(path), "--outcome", outcome])
        assert selected.stdout.count("[Deal ") == count, outcome
    frame = pfn.to_dataframe(path)
    assert len(frame) == 120 and frame.groupby("outcome").size().to_dict() == counts


@pytest.mark.slow
def test_odds_take_a_board() -> None:
    """pfn.odds weighs the board's position as pfn.odds of its record at that point."""
    record = pfn.load("examples/brief.pfn")[0]
    board = pfn.Board.from_record(record, trick=3, card=1)
    assert pfn.odds(board, Seat.B).as_json() == pfn.odds(record, Seat.B, 3, 1).as_json()


def test_legal_moves_is_a_live_collection_as_in_python_chess() -> None:
    """``board.legal_moves`` is a property: ``len``, ``in``, ``count()`` and iteration
    agree with the follow-suit oracle above, read the board afresh after each move; the
    call form of earlier versions still answers, with a DeprecationWarning."""
    rng = random.Random("legal-moves")
    for _ in range(20):
        board = pfn.Board(random_deal(rng, 3, Seat.C), dealer="C")
        moves = board.legal_moves
        while not board.is_over():
            listed = list(moves)  # the same object, read again after each push
            assert len(moves) == moves.count() == len(listed) and bool(moves)
            assert all(m in moves for m in listed)
            if board.stage == "play":
                check_cards(board, listed)
                held = board.hands()[board.turn]  # type: ignore[index]
                for card in held:
                    assert (card in moves) == (card in listed) == (str(card) in moves)
                    assert (card.symbol in moves) == (card in listed)
            board.push(rng.choice(listed))
    assert "not a move" not in moves and 3.5 not in moves
    with pytest.warns(DeprecationWarning, match="property"):
        called = board.legal_moves()  # type: ignore[operator]
    assert called == list(moves)
    fresh = pfn.Board(BRIEF, dealer="C")
    with pytest.warns(DeprecationWarning):
        assert fresh.legal_moves()[:2] == [  # type: ignore[operator]
            pfn.Call("6S", Seat.A), pfn.Call("6C", Seat.A)]
    assert "6S" in fresh.legal_moves and "6♠" in fresh.legal_moves
    assert "SA" not in fresh.legal_moves and "whist" not in fresh.legal_moves
    # the auction's ladder from 6S up, with pass and misère: counted by hand for Sochi
    assert fresh.legal_moves.count() == 25 + 1 + 1
    assert repr(fresh.legal_moves).startswith("<LegalMoves A:6S A:6C A:6D A:6H A:6NT A:7S")


SPELLINGS = {  # suit: its letters and symbols; rank: its letters (Russian Т К Д В too)
    "suit": {0: "Ss♠♤", 1: "Cc♣♧", 2: "Dd♦♢", 3: "Hh♥♡"},
    "rank": {0: ["7"], 1: ["8"], 2: ["9"], 3: ["T", "t", "10"], 4: ["J", "j", "В"],
             5: ["Q", "q", "Д"], 6: ["K", "k", "К"], 7: ["A", "a", "Т"]},
}


def test_a_card_parses_from_every_spelling_a_record_accepts() -> None:
    for suit, suits in SPELLINGS["suit"].items():
        for rank, ranks in SPELLINGS["rank"].items():
            card = Card(8 * suit + rank)
            for s in suits:
                for r in ranks:
                    assert pfn.Card.parse(s + r) is card, s + r
                    assert pfn.Card.parse(r + s) is card, r + s
                    assert pfn.Card.try_parse(f" {s}{r} ") is card
    for bad in ("", "S6", "SAA", "XA", "6S", "♠", "пас", "S 1 0", "T", "SS"):
        assert pfn.Card.try_parse(bad) is None, bad
        with pytest.raises(pfn.InvalidCard, match="not a card") as raised:
            pfn.Card.parse(bad)
        assert isinstance(raised.value, pfn.PfnError)


def test_the_talon_turned_as_a_board_is_told() -> None:
    """In an all-pass the talon's cards open the first two tricks: low to high unless the
    board is told the order they were turned in."""
    deal = "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"
    for talon, first in (((), "D8"), (("H8", "D8"), "H8"), ((pfn.Card.H8, pfn.Card.D8), "H8")):
        board = pfn.Board(deal, dealer="C", talon=talon)
        for _ in range(3):
            board.push("pass")
        assert board.stage == "play"
        assert [(seat, str(card)) for seat, card in board.table] == [(None, first)]
