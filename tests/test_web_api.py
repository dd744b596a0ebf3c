"""What the static site calls (``pfn.web.api``), on this machine's Python: the answers
are the command line's, and the whole of it imports nothing but the standard library,
lark and pfn — which is what lets it run unchanged on Pyodide in the browser."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PFN = str(Path(sys.executable).with_name("pfn"))

PROBE = """
import sys, json
sys.modules["babel"] = None  # not in the site: pfn's forms and numbers do without it there
from pfn.web import api
text = open(sys.argv[1], encoding="utf-8").read()
api.check(text, "ru"); api.format(text); api.solve(text, "1", None); api.labels("sr")
api.replay(text, None, "ru")
api.record("", "[]", json.dumps(["Ana; Boris; Ceca", "sochi", "", "10", "m", "A", "pass"]))
found = {m.split(".")[0] for m, v in sys.modules.items() if v} - set(sys.stdlib_module_names)
print(json.dumps(sorted(m for m in found if not m.startswith("_"))))
"""


def test_the_site_needs_only_lark() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE, str(ROOT / "examples" / "analysis.pfn")],
                          capture_output=True, text=True, check=True)
    assert set(json.loads(done.stdout)) <= {"lark", "pfn"}, done.stdout


def test_check_answers_as_pfn_check_json() -> None:
    from pfn.web import api

    text = (ROOT / "examples" / "brief.pfn").read_text(encoding="utf-8")
    text = text.replace("SA S9 S8\n", "SA S9 C7\n", 1).replace("SK ST C7 {", "SK ST S8 {", 1)
    cli = subprocess.run([PFN, "check", "--format", "json", "-"], input=text,
                         capture_output=True, text=True)
    expected = [json.loads(line) for line in cli.stdout.splitlines()]
    got = json.loads(api.check(text))
    keys = ("code", "severity", "line", "col", "message", "text", "hint")
    assert [[d[k] for k in keys] for d in got] == [[d[k] for k in keys] for d in expected]
    assert [d["code"] for d in got] == ["PFN-E503"]


def test_format_refuses_what_fmt_refuses_and_solve_says_why() -> None:
    from pfn.web import api

    assert json.loads(api.format("[Event \"x\"\n"))["problems"]
    answer = json.loads(api.solve("[Event \"x\"]\n", "7"))
    assert answer["analysable"] is False and "7" in answer["reason"]
    assert json.loads(api.labels("ru"))["check"] == "Проверить"


def test_recording_offers_what_pfn_record_takes() -> None:
    from pfn.web import api

    def run(file: str, setup: list[str], answers: list[str], lang: str = "en"
            ) -> dict[str, object]:
        answer: dict[str, object] = json.loads(
            api.record(file, json.dumps(setup), json.dumps(answers), lang))
        return answer

    # a refused answer is dropped and said; the question is asked again
    answer = run("", [], ["Ana; Ana"])
    assert answer["setup"] == [] and answer["said"] and answer["deals"] == 0
    setup = ["Ana; Boris; Ceca; Dejan", "sochi", "", "10", "m", "A"]
    answer = run("", [], setup)
    question: dict[str, object] = answer["question"]  # type: ignore[assignment]
    # the ladder: six to ten in five strains, the misère, and all pass
    assert question["kind"] == "contract" and len(question["choices"]) == 5 * 5 + 2  # type: ignore[arg-type]
    # at four the dealer (Ana, A) sits the deal out: her tricks are not asked
    answer = run("", answer["setup"], ["pass"])  # type: ignore[arg-type]
    question = answer["question"]  # type: ignore[assignment]
    assert [s["plays"] for s in question["seats"]] == [False, True, True, True]  # type: ignore[attr-defined]
    answer = run("", setup, ["pass", "- 4 3 3"])
    assert answer["deals"] == 1 and answer["answers"] == []
    cli = subprocess.run([PFN, "check", "-"], input=answer["file"], capture_output=True,
                         text=True)
    assert cli.returncode == 0, cli.stdout
    # in Russian, as `pfn record --lang ru` asks
    answer = run(str(answer["file"]), [], [], "ru")
    assert str(answer["question"]["prompt"]).startswith("Игра")  # type: ignore[index]


NO_MATPLOTLIB = """
import sys, importlib.abc
class Gone(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise ModuleNotFoundError(name)
sys.meta_path.insert(0, Gone())
import importlib.util
importlib.util.find_spec = lambda name, *a: None if name == "matplotlib" else FIND(name, *a)
"""


@pytest.mark.slow
def test_the_replay_page_is_the_renderers_without_matplotlib(tmp_path: Path) -> None:
    """The site has no matplotlib: the page is still ``pfn render -f html``'s."""
    source = ROOT / "examples" / "analysis.pfn"
    written = tmp_path / "a.html"
    subprocess.run([PFN, "render", str(source), "-f", "html", "-o", str(written)],
                   check=True, capture_output=True)
    probe = ("import importlib.util\nFIND = importlib.util.find_spec\n" + NO_MATPLOTLIB +
             "import json, sys\nfrom pfn.web import api\n"
             "page = json.loads(api.replay(open(sys.argv[1], encoding='utf-8').read()))\n"
             "assert 'matplotlib.figure' not in sys.modules or not hasattr("
             "sys.modules['matplotlib'], '__version__')\n"
             "sys.stdout.write(page['html'])\n")
    done = subprocess.run([sys.executable, "-c", probe, str(source)], capture_output=True,
                          text=True, encoding="utf-8")
    assert done.returncode == 0, done.stderr
    assert done.stdout == written.read_text(encoding="utf-8")


def test_the_sheet_is_pfn_scores() -> None:
    from pfn.web import api

    pool = ROOT / "examples" / "sochi-match.pfn"
    cli = subprocess.run([PFN, "score", "--lang", "ru", str(pool)], capture_output=True,
                         text=True, check=True).stdout
    assert json.loads(api.sheet(pool.read_text(encoding="utf-8"), "ru"))["text"] == cli


@pytest.mark.slow
def test_the_build_writes_each_file_whole(tmp_path: Path) -> None:
    """``pfn web build`` with a stand-in Pyodide: every file there, nothing half-written
    or left over beside them; a file it cannot replace is named, with no traceback."""
    from pfn.web.build import RUNTIME

    pyodide = tmp_path / "pyodide"
    pyodide.mkdir()
    for name in RUNTIME:
        (pyodide / name).write_bytes(name.encode() * 100)
    out = tmp_path / "site"
    done = subprocess.run([PFN, "web", "build", str(out), "--pyodide", str(pyodide)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for name in RUNTIME:
        assert (out / "pyodide" / name).read_bytes() == name.encode() * 100
    listed = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    assert listed == sorted([*(f"pyodide/{n}" for n in RUNTIME), "packages/lark.zip",
                             "packages/pfn.zip", "packages/pygments.zip", "index.html",
                             "app.js", "style.css", "manifest.webmanifest", "icon.svg",
                             "sw.js"])
    (out / "app.js").unlink()
    (out / "app.js").mkdir()  # in the way: said, the other files as they were
    done = subprocess.run([PFN, "web", "build", str(out), "--pyodide", str(pyodide)],
                          capture_output=True, text=True)
    assert done.returncode != 0 and "app.js" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.slow
def test_recording_asks_as_pfn_record_does_in_each_language(tmp_path: Path) -> None:
    """Each question the page shows, and what it says between them, is what `pfn record`
    prints at a terminal for the same answers, in English, Russian and Serbian."""
    from pfn.web import api

    answers = ["Ana; Boris; Ceca", "sochi", "", "10", "m", "A", "6S", "B", "whist pass"]
    typed = [*answers[:6], "r", *answers[6:]]
    for lang in ("en", "ru", "sr"):
        pool = tmp_path / f"{lang}.pfn"
        cli = subprocess.run([PFN, "--lang", lang, "record", str(pool)],
                             input="\n".join(typed) + "\n", capture_output=True,
                             text=True).stdout
        for k in range(len(answers) + 1):
            page = json.loads(api.record("", "[]", json.dumps(answers[:k]), lang))
            question = page["question"]
            shown = f" [{question['default']}]" if question["default"] else ""
            assert f"{question['prompt']}{shown}: " in cli, (lang, k, question["prompt"])
            for said in page["said"]:
                assert said in cli, (lang, k, said)
        assert question["kind"] == "tricks"
