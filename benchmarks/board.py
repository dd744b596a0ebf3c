"""pfn.Board move by move beside python-chess's Board, in one run.

    python benchmarks/board.py            # also run by benchmarks/bench.py (make bench)

pfn: the brief's deal (``examples/brief.pfn``, board 1), at every position of its
play: ``legal_moves``, ``is_legal(m)`` for the move the record makes, ``push(m)``
then ``pop()``; and ``legal_moves`` at each stage before the play (the auction, the
discard, the contract, the defence: the first call's cost, as a board keeps the list
until the next move).  python-chess (when installed): the same three
calls at every position of the first real game of ``benchmarks/data/pgn/``.  Each
figure is the median over rounds of the mean time per position, in microseconds.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
BRIEF = HERE.parent / "examples" / "brief.pfn"


def per_call(boards: Sequence[Any], call: Callable[[Any], object], rounds: int) -> float:
    """Median over ``rounds`` of the mean time of ``call`` over ``boards`` (µs)."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for board in boards:
            call(board)
        times.append((time.perf_counter() - start) / len(boards))
    return statistics.median(times) * 1e6


def pfn_figures(rounds: int) -> dict[str, float]:
    import pfn

    record = pfn.load(BRIEF)[0]
    full = pfn.Board.from_record(record, trick=11)
    moves = full.move_stack
    start = pfn.Board.from_record(record)
    # a board before each move of the record: every stage, then every card of the play
    boards, stages = [], {}
    walking = start.copy()
    for move in moves:
        here = walking.copy()
        boards.append((here, move))
        stages.setdefault(here.stage, []).append(here)
        walking.push(move)
    play = [(b, m) for b, m in boards if b.stage == "play"]
    figures = {
        "legal_moves": per_call([b for b, _ in play], lambda b: list(b.legal_moves), rounds),
        "is_legal": per_call(play, lambda bm: bm[0].is_legal(bm[1]), rounds),
        "push_pop": per_call(play, lambda bm: (bm[0].push(bm[1]), bm[0].pop()), rounds),
    }
    for stage in ("auction", "discard", "contract", "defence"):
        # a board keeps its calls and contracts until the next move: the figure is the
        # first call's, the kept list emptied each time
        figures[f"legal_moves_{stage}"] = per_call(
            stages[stage], lambda b: (setattr(b.state, "_legal", None), list(b.legal_moves)),
            rounds)
    return figures


def chess_figures(rounds: int) -> dict[str, float] | None:
    try:
        import chess.pgn
    except ImportError:
        return None
    source = sorted((HERE / "data" / "pgn").glob("*.pgn"))[0]
    with source.open(encoding="utf-8", errors="replace") as handle:
        game = chess.pgn.read_game(handle)
    assert game is not None
    board = game.board()
    positions = []
    for move in game.mainline_moves():
        positions.append((board.copy(), move))
        board.push(move)
    return {
        "legal_moves": per_call([b for b, _ in positions], lambda b: list(b.legal_moves),
                                rounds),
        "is_legal": per_call(positions, lambda bm: bm[0].is_legal(bm[1]), rounds),
        "push_pop": per_call(positions, lambda bm: (bm[0].push(bm[1]), bm[0].pop()), rounds),
    }


def main(rounds: int = 50) -> None:
    ours = pfn_figures(rounds)
    theirs = chess_figures(rounds)
    for name in ("legal_moves", "is_legal", "push_pop"):
        line = f"board_{name}: pfn {ours[name]:.1f} µs per move in the play"
        if theirs is not None:
            line += (f", python-chess {theirs[name]:.1f} µs per move"
                     f" (x{ours[name] / theirs[name]:.2f})")
        print(line)
    # each stage's first call beside python-chess's legal move generation
    print("board_legal_moves_by_stage: " + ", ".join(
        f"{stage} {ours['legal_moves_' + stage]:.1f} µs" + (
            f" (x{ours['legal_moves_' + stage] / theirs['legal_moves']:.2f})"
            if theirs is not None else "")
        for stage in ("auction", "discard", "contract", "defence")))


if __name__ == "__main__":
    main()
