"""Claims, annotation and the solve command, on generated records whose last four
tricks are worked out by the plain minimax of ``test_analysis_search.py`` (the oracle),
never by the solver under test."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pfn
from pfn.analysis.annotate import analyse, annotate
from pfn.analysis.position import NotAnalysable, Position, start_of
from pfn.analysis.solve import Solver, best_discards, dd_table, position_at
from pfn.check import CheckOptions, check_records
from pfn.deal import replay
from pfn.generate import generate
from pfn.notation.reader import loads
from pfn.notation.writer import dumps
from pfn.rules.tricks import Tricks
from tests.test_analysis_search import brute

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NAMES = "SCDH"
RANKS = "789TJQKA"


def name(card: int) -> str:
    return NAMES[card >> 3] + RANKS[card & 7]


def deals(kind: str, count: int, seed: int = 11) -> list[str]:
    """Generated Sochi records of a trick contract or a misère, without their Score."""
    out = []
    for text in generate(count * 60, "sochi", seed):
        contract = re.search(r'\[Contract "([^"]*)"\]', text)
        if contract is None or "[Play" not in text:
            continue
        value = contract.group(1)
        if (kind == "misere") != (value == "mis") or value in ("pass", ""):
            continue
        text = "\n".join(line for line in text.splitlines() if not line.startswith("[Score"))
        try:  # both defenders play (the solver plays every hand)
            start = start_of(replay(loads(text)[0], on_error="collect"))
        except NotAnalysable:
            continue
        if len(start.order) < 3:
            continue
        out.append(text)
        if len(out) == count:
            break
    return out


def split_play(text: str) -> tuple[list[str], list[str]]:
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("[Play \""))
    return lines[:at + 1], lines[at + 1:at + 11]


def ending(text: str, tricks: int = 6) -> tuple[Tricks, int, bool, list[str], list[str]]:
    """The kernel after ``tricks`` tricks of the record, the declarer, whether misère."""
    record = loads(text)[0]
    result = replay(record, on_error="collect")
    start = start_of(result)
    head, play = split_play(text)
    kernel = Tricks(start.hands, start.order, start.leader, start.rules, start.talon)
    for line in play[:tricks]:
        for word in line.split():
            kernel.play(NAMES.index(word[0]) * 8 + RANKS.index(word[1]))
    assert start.declarer is not None
    return kernel, start.declarer, start.kind == "misere", head, play[:tricks]


def maximisers(kernel: Tricks, declarer: int, misere: bool) -> frozenset[int]:
    return frozenset(s for s in kernel.order if s != declarer) if misere else \
        frozenset({declarer})


def result_tag(kernel: Tricks, declarer: int, total: int) -> str:
    """A Result giving the declarer ``total`` and the rest to the defenders."""
    taken = list(kernel.taken) + [0] * 4
    defenders = [s for s in kernel.order if s != declarer]
    rest = 10 - total - sum(taken[s] for s in defenders)
    counts = {declarer: total, defenders[0]: taken[defenders[0]] + rest,
              defenders[1]: taken[defenders[1]]}
    return '[Result "' + " ".join(f"{'ABCD'[s]}:{counts[s]}" for s in sorted(counts)) + '"]'


def with_result(head: list[str], result: str) -> list[str]:
    return [result if line.startswith("[Result") else line for line in head]


def w005(text: str) -> list[pfn.Record]:
    reports = list(check_records(loads(text), CheckOptions(analyse=True)))
    return [d for r in reports for d in r.diagnostics if d.code == "PFN-W005"]


@pytest.mark.parametrize("kind", ["tricks", "misere"])
def test_claims_against_the_minimax(kind: str) -> None:
    checked = 0
    for text in deals(kind, 6):
        kernel, declarer, misere, head, play = ending(text)
        best = kernel.taken[declarer] + brute(kernel, declarer,
                                              maximisers(kernel, declarer, misere))
        claimed = [*play[:-1], play[-1] + " *"]
        right = "\n".join(with_result(head[:-1], result_tag(kernel, declarer, best))
                          + head[-1:] + claimed) + "\n"
        assert w005(right) == [], right
        for wrong in (best - 1, best + 1):
            if not kernel.taken[declarer] <= wrong <= kernel.taken[declarer] + 4:
                continue
            text_wrong = "\n".join(with_result(head[:-1], result_tag(kernel, declarer, wrong))
                                   + head[-1:] + claimed) + "\n"
            found = w005(text_wrong)
            assert len(found) == 1, text_wrong
            assert f"to {best}" in found[0].message or f" {best}" in found[0].message
            # the line shown is legal and gives the declarer exactly the best count
            assert found[0].hint is not None
            line = found[0].hint.removeprefix("a line: ").replace("/", " ").split()
            for word in line:
                card = NAMES.index(word[0]) * 8 + RANKS.index(word[1])
                assert kernel.legal_cards() >> card & 1
                kernel.play(card)
            assert kernel.over and kernel.taken[declarer] == best
            for _ in line:
                kernel.undo()
            checked += 1
    assert checked >= 6


def oracle_values(kernel: Tricks, declarer: int, misere: bool) -> dict[int, int]:
    """Each legal card's value (the declarer's tricks in the deal), by the minimax."""
    values = {}
    legal = kernel.legal_cards()
    for card in range(32):
        if legal >> card & 1:
            kernel.play(card)
            values[card] = kernel.taken[declarer] + brute(kernel, declarer,
                                                          maximisers(kernel, declarer, misere))
            kernel.undo()
    return values


def test_annotation_marks_exactly_the_injected_errors() -> None:
    rng = random.Random(3)
    tested = 0
    for kind in ("tricks", "misere"):
        for text in deals(kind, 4, seed=23):
            kernel, declarer, misere, head, play = ending(text)
            lines: list[list[str]] = []
            injected: dict[tuple[int, int], tuple[int, int]] = {}
            errors = 0
            while not kernel.over:
                if not kernel.cards:
                    lines.append([])
                seat = kernel.turn
                values = oracle_values(kernel, declarer, misere)
                wants_more = (seat != declarer) if misere else (seat == declarer)
                best = max(values.values()) if wants_more else min(values.values())
                costly = [c for c, v in values.items() if abs(v - best) == 1]
                if costly and errors < 2 and rng.random() < 0.3:
                    card = rng.choice(costly)
                    errors += 1
                    injected[(6 + len(lines) - 1, len(lines[-1]))] = (best, values[card])
                else:
                    card = rng.choice([c for c, v in values.items() if v == best])
                lines[-1].append(name(card))
                kernel.play(card)
            total = kernel.taken[declarer]
            result = result_tag(kernel, declarer, total)
            record_text = "\n".join(with_result(head, result) + play +
                                    [" ".join(x) for x in lines]) + "\n"
            analysis = analyse(loads(record_text)[0])
            assert analysis.problem is None
            late = {(n.line, n.index): (n.before, n.after) for n in analysis.notes
                    if n.line >= 6 and n.cost}
            assert late == injected, record_text
            marked = annotate(analysis)
            out = dumps([marked])
            again = dumps([annotate(analyse(loads(out)[0]))])
            assert again == out  # idempotent
            for (line, index), (before, after) in injected.items():
                run = marked.play.tricks[line]  # type: ignore[union-attr]
                ann = run.ann(index)
                assert ann is not None and ann.suffix == "?"
                assert any(c.startswith(f"dd: {before} → {after}; best ") for c in ann.comments)
            # the annotated record is clean, and the cards are those of the input
            report = next(check_records(loads(out)))
            assert report.errors == 0, [d.message for d in report.diagnostics]
            assert [r.cards for r in loads(out)[0].play.tricks] == \
                [r.cards for r in loads(record_text)[0].play.tricks]  # type: ignore[union-attr]
            tested += bool(injected)
    assert tested >= 3


def test_annotate_keeps_a_human_suffix_and_comments() -> None:
    text = (EXAMPLES / "annotated.pfn").read_text(encoding="utf-8")
    record = loads(text)[0]
    out = annotate(analyse(record))
    assert out.play is not None and record.play is not None
    first = out.play.tricks[0].ann(0)
    assert first is not None and first.suffix == "!"
    assert out.play.tricks[1].ann(2) == record.play.tricks[1].ann(2)  # comment, variation


def test_solve_api_and_table_agree() -> None:
    for text in deals("tricks", 2, seed=5) + deals("misere", 1, seed=5):
        result = replay(loads(text)[0], on_error="collect")
        position = position_at(result)  # the end of the play
        assert position.over
        start = position_at(result, 1)
        solution = pfn.solve(start)
        assert solution.value is not None
        assert solution.value == max(solution.cards.values()) or \
            solution.value == min(solution.cards.values())
        table = {row.strain: row.tricks for row in dd_table(result)}
        contract = result.contract
        assert contract is not None
        assert table[contract.strain] == solution.value
        discards, weighed = best_discards(result)
        assert weighed >= 1 and discards
        if contract.misere:
            assert discards[0].tricks <= solution.value
        else:
            assert discards[0].tricks >= solution.value


def test_hidden_cards_are_not_analysable() -> None:
    record = next(r for r in loads((EXAMPLES / "partial.pfn").read_text(encoding="utf-8"))
                  if r.play is not None)
    with pytest.raises(NotAnalysable, match="not analysable"):
        start_of(replay(record, on_error="collect"))
    assert analyse(record).problem is not None


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pfn.cli", *args], capture_output=True,
                          text=True, encoding="utf-8")


def test_solve_command(tmp_path: Path) -> None:
    text = deals("tricks", 1, seed=9)[0]
    path = tmp_path / "deal.pfn"
    path.write_text(text + "\n", encoding="utf-8")
    done = run("solve", str(path), "--trick", "7", "--format", "json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    kernel, declarer, misere, _, _ = ending(text)
    values = oracle_values(kernel, declarer, misere)
    assert answer["cards"] == {name(c): v for c, v in values.items()}
    assert answer["value"] == (max if kernel.turn == declarer else min)(values.values())
    shown = run("solve", str(path))
    assert shown.returncode == 0 and "Open-hand table" in shown.stdout
    partial = run("solve", str(EXAMPLES / "partial.pfn"))
    assert partial.returncode == 1 and "not analysable" in partial.stderr
    beyond = run("solve", str(path), "--trick", "11")
    assert beyond.returncode == 2
    # an ending counts from its first trick: the tricks before it are not known
    ending_shown = run("solve", str(EXAMPLES / "published.pfn"), "--board", "17")
    assert ending_shown.returncode == 0, ending_shown.stderr
    assert "tricks from trick 4 on" in ending_shown.stdout
    assert "in the deal" not in ending_shown.stdout
    assert "in the deal" in shown.stdout


def test_annotate_command_round_trip(tmp_path: Path) -> None:
    source = EXAMPLES / "brief.pfn"
    out = tmp_path / "annotated.pfn"
    done = run("annotate", str(source), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert run("check", str(out)).returncode == 0
    assert run("fmt", "--check", str(out)).returncode == 0
    again = tmp_path / "again.pfn"
    assert run("annotate", str(out), "-o", str(again)).returncode == 0
    assert again.read_text(encoding="utf-8") == out.read_text(encoding="utf-8")


def test_a_position_steps_on_the_kernel() -> None:
    text = deals("tricks", 1, seed=2)[0]
    result = replay(loads(text)[0], on_error="collect")
    position = Position(start_of(result))
    with pytest.raises(ValueError):
        position.after(next(c for c in range(32) if not position.kernel.legal_cards() >> c & 1))
    solver = Solver(position.start)
    assert solver.line(position) and len(solver.line(position)) == 30


def test_a_problem_without_play_is_not_called_a_claim() -> None:
    """A set-up ending with no card played and no ``*``: the Result is the problem's
    stated answer, and W005 says it is judged from the start of the play.  A holds the
    spade ace, so a Result giving him nothing is wrong on any play."""
    text = ('[Variant "sochi"]\n[Start "8"]\n[Deal "A:A7.A.. B:K8.K.. C:.7..A7 talon:?"]\n'
            '[Declarer "A"]\n[Contract "6S"]\n[Result "A:0 B:3 C:0"]\n[Defence "B"]\n'
            'whist whist\n[Play "A"]\n')
    [found] = w005(text)
    assert "from the start of the play (trick 8)" in found.message
    assert "claim" not in found.message


def test_annotate_says_why_a_record_of_a_result_alone_has_nothing_marked(
        tmp_path: Path) -> None:
    """A pool's result-only entries have no cards to weigh: each is named at its
    Result tag with a note (the line found here in the file's own text); a file of
    nothing else is unusable input (exit 2), as ``pfn solve`` says "no deal to solve";
    beside a deal that is annotated, the notes are all (exit 0)."""
    source = EXAMPLES / "first-game.pfn"
    text = source.read_text(encoding="utf-8")
    results = [(n, line) for n, line in enumerate(text.splitlines(), start=1)
               if line.startswith("[Result ")]
    boards = re.findall(r'\[Board "([^"]+)"\]', text)
    assert len(results) == len(boards) >= 3
    done = run("annotate", str(source))
    assert done.returncode == 2, done.stderr
    for (line, tag), board in zip(results, boards, strict=True):
        assert f"{source}:{line}:1: info[PFN-I001]: board {board}: nothing to annotate: no" \
               f" deal, its result alone\n {line} | {tag}\n" in done.stderr, done.stderr
    assert f"pfn: {source}: no deal to annotate" in done.stderr
    assert done.stdout.count("[Result ") == len(results)  # written as they were
    mixed = tmp_path / "mixed.pfn"
    brief = (EXAMPLES / "brief.pfn").read_text(encoding="utf-8").split("\n\n")[0]
    mixed.write_text(brief.rstrip("\n") + '\n\n[Variant "sochi"]\n[Board "9"]\n'
                     '[Contract "pass"]\n[Result "A:3 B:4 C:3"]\n', encoding="utf-8")
    line = len(mixed.read_text(encoding="utf-8").splitlines())
    done = run("annotate", str(mixed))
    assert done.returncode == 0, done.stderr
    assert f"{mixed}:{line}:1: info[PFN-I001]: board 9: nothing to annotate" in done.stderr
    assert done.stderr.count("PFN-I001") == 1, done.stderr
    assert "no deal to annotate" not in done.stderr
    assert "marked" in done.stderr
    ru = run("annotate", str(source), "--lang", "ru")
    assert ru.returncode == 2 and "nothing to annotate" not in ru.stderr
    assert "размечать нечего" in ru.stderr and "нет сдачи для разметки" in ru.stderr


def test_judging_on_what_was_seen_says_why_nothing_was_judged_in_the_run_s_language(
        tmp_path: Path) -> None:
    """``--by information`` with no hand given (no card can be judged on what its player
    saw), and a record with no play to weigh: each reason in Russian under --lang ru."""
    from pfn.i18n import use

    brief = (EXAMPLES / "brief.pfn").read_text(encoding="utf-8").split("\n\n")[0]
    hidden = tmp_path / "hidden.pfn"
    hidden.write_text(re.sub(r'\[Deal "[^"]*"\]', '[Deal "A:? B:? C:? talon:..8.8"]', brief),
                      encoding="utf-8")
    english = run("annotate", str(hidden), "--by", "information")
    assert "no card could be judged on what its player saw" in english.stderr, english.stderr
    russian = run("annotate", str(hidden), "--by", "information", "--lang", "ru")
    assert russian.returncode == 0, russian.stderr
    assert "ни одну карту нельзя оценить по тому, что видел её игрок" in russian.stderr
    assert "judged" not in russian.stderr
    unplayed = loads(re.sub(r"\[Play[^\]]*\]\n(?:[^\[\n][^\n]*\n)*", "", brief + "\n"))[0]
    assert unplayed.play is None
    with use("ru"):
        assert str(analyse(unplayed, by="information").problem) == "нет розыгрыша для анализа"
