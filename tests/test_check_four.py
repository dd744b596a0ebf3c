"""``pfn check`` on a table of four whose dealer is named the declarer (the review's
reproducer): one clear error, never an internal error."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from pfn.cli import app

FOUR = """[Players "A; B; C; D"]
[Deal "A:? B:- C:? D:?"]
[Declarer "B"]
[Contract "6C"]
"""


def test_the_dealer_at_four_named_declarer_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "four.pfn"
    path.write_text(FOUR)
    for command in (["check"], ["show"], ["solve"], ["stats"], ["odds", "--seat", "A"],
                    ["render", "-o", str(tmp_path / "four.svg")]):
        result = CliRunner().invoke(app, [*command, str(path)])
        assert "internal error" not in result.output, (command, result.output)
        assert result.exit_code in (0, 1, 2) and not isinstance(result.exception, IndexError)
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert "four.pfn:3:1: error[PFN-E208]: B deals at a table of four and sits the deal out" \
        in result.output
