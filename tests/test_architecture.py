"""The shape of the code: dependencies point one way, no family is named outside its
file, modules stay small, and a new rule family is one small class in one place."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

from pfn.contract import Contract
from pfn.rules.tricks import PlayRules
from pfn.seats import Seat
from pfn.variants import VARIANTS, Sochi, find_variant, register, unregister
from tests.conftest import ROOT, check_text

PACKAGE = ROOT / "pfn"

LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("ground", ("pfn.cards", "pfn.seats", "pfn.contract", "pfn.vocabulary", "pfn.codes",
                "pfn.messages", "pfn.diagnostics", "pfn.errors", "pfn.i18n", "pfn.resources",
                "pfn.executor", "pfn.hooks")),
    ("model", ("pfn.model",)),
    ("notation", ("pfn.notation", "pfn.structure")),
    ("rules", ("pfn.rules",)),
    ("scoring", ("pfn.scoring",)),
    ("variants", ("pfn.variants",)),
    ("match", ("pfn.deal", "pfn.match")),
    ("tools", ("pfn.check", "pfn.report", "pfn.generate", "pfn.files", "pfn.analysis",
               "pfn.corpus", "pfn.formats", "pfn.outcome", "pfn.board", "pfn.filling",
               "pfn.recorder")),
    ("render", ("pfn.render",)),
    ("cli", ("pfn.cli", "pfn.tools", "pfn.lsp", "pfn")),
]
"""From the ground up: a module may import its own layer and the layers below, and
nothing else, not even inside a function: what a lower layer asks an upper one for
(a record's text, a notebook's picture, a variant's words) is handed to it through
``pfn.hooks`` by the package."""

MAX_LINES = 600


@dataclass(frozen=True)
class Edge:
    """One import: from a module to a module, at a line; lazy when inside a function,
    typing when under ``if TYPE_CHECKING``."""

    source: str
    target: str
    line: int = 0
    lazy: bool = False
    typing: bool = False


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> list[Edge]:
    """Every import of ``pfn`` modules in one file."""
    source = module_name(path)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[Edge] = []

    def visit(node: ast.AST, lazy: bool, typing: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner_lazy = lazy or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            inner_typing = typing or (isinstance(child, ast.If)
                                      and "TYPE_CHECKING" in ast.unparse(child.test))
            if isinstance(child, ast.Import):
                found.extend(Edge(source, a.name, child.lineno, lazy, typing)
                             for a in child.names if a.name.startswith("pfn"))
            elif isinstance(child, ast.ImportFrom) and child.module and \
                    child.module.startswith("pfn"):
                for alias in child.names:  # "from pfn.scoring import settlement": a module
                    candidate = f"{child.module}.{alias.name}"
                    is_module = (PACKAGE.parent / (candidate.replace(".", "/") + ".py")).exists()
                    found.append(Edge(source, candidate if is_module else child.module,
                                      child.lineno, lazy, typing))
            visit(child, inner_lazy, inner_typing)

    visit(tree, False, False)
    return found


def all_edges() -> list[Edge]:
    return [e for path in sorted(PACKAGE.rglob("*.py")) for e in imports(path)]


def layer_of(module: str) -> int:
    """The index of a module's layer (the longest matching prefix decides)."""
    best, best_len = -1, -1
    for index, (_name, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = index, len(prefix)
    return best


def violations(edges: list[Edge]) -> list[str]:
    """Imports against the layer order, at the top of a module or inside a function."""
    out = []
    for edge in edges:
        source, target = layer_of(edge.source), layer_of(edge.target)
        if source < 0 or target < 0:
            out.append(f"{edge.source} -> {edge.target}: module in no layer")
        elif target > source:
            out.append(f"{edge.source}:{edge.line} imports {edge.target}"
                       f" ({LAYERS[source][0]} -> {LAYERS[target][0]})")
    return out


def cycles(edges: list[Edge]) -> list[list[str]]:
    """Import cycles, imports inside functions counted (typing imports aside): a module
    imported lazily is still a dependency."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        if not edge.typing and edge.source != edge.target:
            graph.setdefault(edge.source, set()).add(edge.target)
    found: list[list[str]] = []
    state: dict[str, int] = {}

    def walk(node: str, stack: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                found.append([*stack[stack.index(nxt):], nxt] if nxt in stack else [node, nxt])
            elif nxt not in state:
                walk(nxt, [*stack, nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            walk(node, [node])
    return found


def test_every_import_follows_the_layer_order() -> None:
    assert violations(all_edges()) == []


def test_no_import_cycle() -> None:
    assert cycles(all_edges()) == []


def test_the_checks_catch_a_back_edge_and_a_cycle() -> None:
    back = Edge("pfn.model", "pfn.rules.replay", 1)
    assert violations([back]) == ["pfn.model:1 imports pfn.rules.replay (model -> rules)"]
    lazy_back = Edge("pfn.rules.stages", "pfn.variants.base", 2, lazy=True)
    assert len(violations([lazy_back])) == 1  # inside a function: still against the order
    for old_door in (Edge("pfn.notation.words", "pfn.variants", 3, lazy=True),
                     Edge("pfn.model", "pfn.notation.writer", 4, lazy=True),
                     Edge("pfn.model", "pfn.render.diagram", 5, lazy=True)):
        assert len(violations([old_door])) == 1
    loop = [Edge("pfn.scoring.sheet", "pfn.scoring.settlement"),
            Edge("pfn.scoring.settlement", "pfn.scoring.sheet")]
    assert cycles(loop) == [["pfn.scoring.settlement", "pfn.scoring.sheet",
                             "pfn.scoring.settlement"]]
    assert cycles([loop[0], Edge(*reversed(astuple(loop[0])), typing=True)]) == []
    lazy = [loop[0], Edge(*reversed(astuple(loop[0])), lazy=True)]
    assert cycles(lazy) == [["pfn.scoring.settlement", "pfn.scoring.sheet",
                             "pfn.scoring.settlement"]]  # inside a function: still a cycle


def astuple(edge: Edge) -> tuple[str, str]:
    return (edge.source, edge.target)


def test_every_module_is_in_a_layer_and_small() -> None:
    for path in PACKAGE.rglob("*.py"):
        assert layer_of(module_name(path)) >= 0, path
        lines = path.read_text(encoding="utf-8").count("\n")
        assert lines <= MAX_LINES, f"{path.relative_to(ROOT)}: {lines} lines"


_IDS = "|".join(re.escape(v.name) for v in VARIANTS)
_NAME_TEST = re.compile(rf"""[=!]=\s*["']({_IDS})["']|["']({_IDS})["']\s*[=!]=|"""
                        rf"""\bin\s*\(\s*["']({_IDS})["']""")


def test_no_family_is_named_outside_its_own_file() -> None:
    """The engine, the match layer and the renderer ask hooks; they never test names."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        if "variants" in path.parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _NAME_TEST.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []
    assert _NAME_TEST.search('if variant.name == "serbian":')  # the pattern itself works


def test_the_engine_reads_no_family_flag() -> None:
    flags = ("dealer_plays_talon", "american_aid", ".preferans")
    for path in (PACKAGE / "rules").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not [f for f in flags if f in text], path


# ---------------------------------------------------------------------------
# A new rule family in one place

BRIEF = """[Event "House rules"]
[Variant "{variant}"]
[Players "Ana; Boris; Ceca"]
[Dealer "C"]
[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"]
[Declarer "A"]
[Contract "7S"]
[Result "A:8 B:1 C:1"]
[Auction "A"]
6S 6C pass 6D pass
[Talon "D8 H8"]
[Discard "D7 D8"]
[Defence "B"]
whist whist
[Play "A"]
SA S9 S8
SK ST C7
SQ DQ D9
CA CT C8
CK CJ C9
HA HQ H9
H7 HK HT
DA DT SJ
S7 CQ DJ
H8 DK HJ
[Score "A:pool+6 B:whist/A+6 C:whist/A+6"]
"""

NO_TRUMPS = """[Event "House rules"]
[Variant "{variant}"]
[Dealer "A"]
[Deal "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"]
[Declarer "A"]
[Contract "7NT"]
[Result "A:7 B:2 C:1"]
[Auction "B"]
pass pass 6S
[Talon "D8 H8"]
[Discard "D7 D8"]
[Defence "B"]
whist whist
[Play "B"]
*
"""


class Kurortnaya(Sochi):
    """A house game made up for this test: dearer prices, and no-trumps led by the
    declarer himself."""

    name = "kurortnaya"
    aliases: ClassVar[tuple[str, ...]] = ("курортная",)
    title = "Kurortnaya (test)"
    short_name = "Kurortnaya"
    prices: ClassVar[dict[int, int]] = {6: 3, 7: 6, 8: 9, 9: 12, 10: 15}

    def first_leader(self, contract: Contract, declarer: Seat | None, eldest: Seat,
                     order: tuple[Seat, ...]) -> Seat:
        return declarer if contract.notrump and declarer is not None else eldest


@pytest.fixture
def kurortnaya() -> Iterator[type[Kurortnaya]]:
    register(Kurortnaya)
    yield Kurortnaya
    unregister(Kurortnaya)


def _codes(text: str) -> set[str]:
    return {d.code for r in check_text(text) for d in r.diagnostics if not d.code.endswith("I001")}


def test_a_new_family_prices_its_games(kurortnaya: type[Kurortnaya]) -> None:
    assert find_variant("Курортная") is Kurortnaya
    # 7♠ made with an overtrick: the price of a seven is 6 here, so 6 to the pool; both
    # defenders whisted and took a trick each: 6 whists each against A
    assert _codes(BRIEF.format(variant="kurortnaya")) == set()
    assert "PFN-E701" in _codes(BRIEF.format(variant="sochi"))  # Sochi prices a seven at 4


def test_a_new_family_leads_no_trumps_its_own_way(kurortnaya: type[Kurortnaya]) -> None:
    # dealer A, so B is the eldest and leads in Sochi; here the declarer A leads
    assert _codes(NO_TRUMPS.format(variant="sochi")) == set()
    assert _codes(NO_TRUMPS.format(variant="kurortnaya")) == {"PFN-E501"}
    variant = Kurortnaya()
    assert variant.play_rules(Contract(7, None), Seat.A, None, 3) == PlayRules(soloist=Seat.A.index)


def test_a_record_prints_and_draws_though_the_model_imports_neither_writer_nor_renderer(
) -> None:
    """A program that imports only the reader still gets a record's PFN text from
    ``str()`` and a notebook's picture from ``_repr_svg_`` (handed in by the package)."""
    deal = "A:AKQJ7.AK.7.A7 B:T9.QJT.AKQ.KQ C:8.987.JT9.JT9 talon:..8.8"
    program = (
        "import sys\n"
        "from pfn.notation.reader import loads\n"
        f"record = loads('[Dealer \"c\"]\\n[Deal \"{deal}\"]\\n')[0]\n"
        "print('pfn.notation.writer' in sys.modules, 'pfn.render.diagram' in sys.modules)\n"
        "print(str(record))\n"
        "print((record._repr_svg_() or '').lstrip().startswith(('<?xml', '<svg')))\n")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "False False"  # nothing loaded the writer or the renderer yet
    assert '[Dealer "C"]' in lines and f'[Deal "{deal}"]' in lines  # canonical: "c" -> C
    assert lines[-1] == "True"
