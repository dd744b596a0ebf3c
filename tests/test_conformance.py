"""The conformance suite (``pfn conformance``): pfn through its own protocol agrees with
its library on every vector, and an engine that breaks a rule is reported at exactly
the vectors it fails."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import pfn
from pfn.conformance.making import make_suite
from pfn.conformance.reference import board_of, legal_moves
from pfn.conformance.suite import KINDS, SUITE_VERSION, Vector, read_suite, suite_lines
from tests.conftest import ROOT

PFN = [sys.executable, "-m", "pfn.cli"]
SERVE = [*PFN, "conformance", "serve"]


@pytest.fixture(scope="module")
def suite() -> list[Vector]:
    version, vectors = read_suite()
    assert version == SUITE_VERSION
    return vectors


def sample(vectors: list[Vector], every: int = 9) -> list[Vector]:
    """Every kind, every trap and every variant, and one vector in ``every`` besides."""
    kept: dict[str, Vector] = {}
    for index, vector in enumerate(vectors):
        key = f"{vector.kind}|{'|'.join(sorted(vector.tags))}"
        if key not in kept or index % every == 0:
            kept[vector.id] = vector
            kept.setdefault(key, vector)
    return [v for v in vectors if v.id in kept]


def test_the_suite_covers_every_kind_variant_table_and_trap(suite: list[Vector]) -> None:
    kinds = {v.kind for v in suite}
    tags = {t for v in suite for t in v.tags}
    assert kinds == set(KINDS)
    assert {"sochi", "leningrad", "rostov", "russian-standard", "serbian", "mailru",
            "britannica", "classic"} <= tags
    assert {"3-players", "4-players", "talon-led", "misere", "auction", "discard",
            "contract", "defence", "play", "value-allpass", "value-misere",
            "value-trick"} <= tags
    for vector in suite:  # each says what it asserts and where the rule is written
        assert vector.why and vector.source.startswith("docs/")
        page, _, section = vector.source.partition("#")
        text = (ROOT / page).read_text(encoding="utf-8")
        if section:  # the section exists on the page
            assert any(section == _slug(line) for line in text.splitlines()
                       if line.startswith("#")), vector.source


def _slug(heading: str) -> str:
    words = "".join(c for c in heading.lstrip("#").strip().lower()
                    if c.isalnum() or c in " -")
    return "-".join(words.split())


@pytest.mark.slow
def test_the_answers_through_the_protocol_are_the_librarys(suite: list[Vector]) -> None:
    """pfn served over the protocol, every vector of a sample, each answer compared
    with what the library itself says (a Board's legal moves, the replay's score, the
    solver's values)."""
    chosen = sample(suite)
    requests = "".join(json.dumps(v.message()) + "\n" for v in chosen)
    done = subprocess.run(SERVE, input=requests, capture_output=True, text=True, check=True)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["id"] for a in answers] == [v.id for v in chosen]
    for vector, got in zip(chosen, answers, strict=True):
        if vector.kind == "legal":
            board = board_of(vector.request)
            assert sorted(got["moves"]) == sorted(legal_moves(board)) == \
                sorted(vector.expect["moves"])
        elif vector.kind == "value":
            solution = pfn.solve(board_of(vector.request))
            assert got["cards"] == {str(c): v for c, v in solution.cards.items()}
            assert got["value"] == vector.expect["value"]
        elif vector.kind == "score":
            (record,) = [r for r in pfn.loads(vector.request["record"]) if not r.empty]
            scored = pfn.score(pfn.replay(record, on_error="collect"))
            assert sorted(got["entries"]) == sorted(map(str, scored.entries))
        else:
            assert got["settlement"] == vector.expect["settlement"]


@pytest.mark.slow
def test_pfn_agrees_with_its_suite_through_the_runner(tmp_path: Path,
                                                      suite: list[Vector]) -> None:
    chosen = tmp_path / "suite.jsonl"
    chosen.write_text("".join(line + "\n" for line in suite_lines(sample(suite, 25))),
                      encoding="utf-8")
    done = subprocess.run([*PFN, "conformance", "run", "--suite", str(chosen), "--",
                           *SERVE], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "engine: pfn 1.0.0 (pfn-conformance/1)" in done.stdout
    assert done.stdout.rstrip().endswith("vectors agree")


TOY = textwrap.dedent('''
    """A toy engine that lets a player revoke (any card of his hand is legal in the
    play) and writes one point too many on the sheet of every Sochi deal."""
    import json, sys
    from fractions import Fraction
    import pfn
    from pfn.conformance.reference import answer, board_of

    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "quit":
            break
        reply = answer(message)
        if message.get("type") == "legal":
            board = board_of(message)
            if board.stage == "play":
                hands = board.hands() if callable(board.hands) else board.hands
                reply["moves"] = [str(c) for c in hands[board.turn]]
        if message.get("type") == "score" and message["facts"]["variant"] == "sochi":
            first = reply["entries"][0]
            cut = max(first.rfind("+"), first.rfind("-"))
            amount = Fraction(first[cut:]) + 1
            reply["entries"][0] = first[:cut] + ("+" if amount >= 0 else "") + str(amount)
        print(json.dumps(reply), flush=True)
''')


def hands(board: pfn.Board) -> dict[pfn.Seat, pfn.CardSet]:
    found = board.hands
    return found() if callable(found) else found  # type: ignore[no-any-return]


@pytest.mark.slow
def test_a_wrong_engine_is_reported_at_exactly_the_vectors_it_fails(
        tmp_path: Path, suite: list[Vector]) -> None:
    engine = tmp_path / "toy.py"
    engine.write_text(TOY, encoding="utf-8")
    chosen = [v for v in sample(suite, 6) if v.kind in ("legal", "score")]
    path = tmp_path / "suite.jsonl"
    path.write_text("".join(line + "\n" for line in suite_lines(chosen)), encoding="utf-8")
    # the oracle: a position in the play where the rules allow fewer cards than the
    # hand holds (a revoke would be legal to the toy), and every Sochi deal's score
    must_fail = set()
    for vector in chosen:
        if vector.kind == "legal":
            board = board_of(vector.request)
            hand = {str(c) for c in hands(board)[board.turn]} if board.stage == "play" else None
            if hand is not None and hand != set(vector.expect["moves"]):
                must_fail.add(vector.id)
        elif vector.request["facts"]["variant"] == "sochi":
            must_fail.add(vector.id)
    assert must_fail and len(must_fail) < len(chosen)
    done = subprocess.run([*PFN, "conformance", "run", "--suite", str(path), "--format",
                           "json", "--", sys.executable, str(engine)],
                          capture_output=True, text=True)
    assert done.returncode == 1, done.stderr
    report = json.loads(done.stdout)
    differing = {v["id"] for v in report["verdicts"] if v["status"] == "differs"}
    assert differing == must_fail
    revoke = next(v for v in report["verdicts"] if v["id"].startswith("legal/"))
    assert "follow suit" in revoke["why"] and revoke["source"].startswith("docs/variants.md#")
    text = subprocess.run([*PFN, "conformance", "run", "--suite", str(path), "--",
                           sys.executable, str(engine)], capture_output=True, text=True)
    assert f"{len(must_fail)} vectors did not agree" in text.stdout
    assert f"DIFFER {sorted(must_fail)[0]}" in text.stdout


@pytest.mark.slow
def test_an_engine_that_cannot_start_or_stays_silent(tmp_path: Path,
                                                     suite: list[Vector]) -> None:
    missing = subprocess.run([*PFN, "conformance", "run", "--kind", "pool", "--",
                              str(tmp_path / "no-such-engine")], capture_output=True,
                             text=True)
    assert missing.returncode == 2 and "cannot be started" in missing.stderr
    silent = tmp_path / "silent.py"
    silent.write_text("import sys, time\nfor line in sys.stdin:\n    time.sleep(30)\n",
                      encoding="utf-8")
    path = tmp_path / "suite.jsonl"
    path.write_text("".join(line + "\n" for line in suite_lines(suite[:2])), encoding="utf-8")
    done = subprocess.run([*PFN, "conformance", "run", "--suite", str(path), "--timeout",
                           "0.5", "--", sys.executable, str(silent)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1
    assert "no answer in 0.5 s" in done.stdout


@pytest.mark.slow
def test_export_writes_the_suite_and_its_positions_as_pfn(tmp_path: Path,
                                                          suite: list[Vector]) -> None:
    done = subprocess.run([*PFN, "conformance", "export", str(tmp_path / "out")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    version, vectors = read_suite(tmp_path / "out" / "suite.jsonl")
    assert version == SUITE_VERSION and [v.id for v in vectors] == [v.id for v in suite]
    legal = pfn.load(tmp_path / "out" / "legal.pfn")
    tagged = [r for r in legal if r.tag("Conformance")]
    assert len(tagged) == sum(v.kind == "legal" for v in suite)
    first = next(v for v in suite if v.kind == "legal")
    assert tagged[0].tag("Conformance") == first.id
    assert tagged[0].tag("Expect") == " ".join(first.expect["moves"])


@pytest.mark.slow
@pytest.mark.slow
def test_the_stored_suite_is_what_the_rules_make(suite: list[Vector]) -> None:
    made = make_suite(ROOT / "examples")
    assert [v.to_json() for v in made] == [v.to_json() for v in suite]


@pytest.mark.slow
@pytest.mark.slow
def test_pfn_agrees_with_every_vector(suite: list[Vector]) -> None:
    done = subprocess.run([*PFN, "conformance", "run", "--", *SERVE], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stdout[-3000:]
    assert f"all {len(suite)} vectors agree" in done.stdout
