"""What the static site calls (``pfn.web.api``), on this machine's Python: the answers
are the command line's, and the whole of it imports nothing but the standard library,
lark and pfn — which is what lets it run unchanged on Pyodide in the browser."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent
PFN = str(Path(sys.executable).with_name("pfn"))

PROBE = """
import sys, json
sys.modules["babel"] = None  # not in the site: pfn's forms and numbers do without it there
from pfn.web import api
text = open(sys.argv[1], encoding="utf-8").read()
api.check(text, "ru"); api.format(text); api.solve(text, "1", None); api.labels("sr")
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
