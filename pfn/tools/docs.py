"""Generated parts of the documentation (``make docs``; the tests keep them current).

Each generated block sits between ``<!-- name:begin -->`` and ``<!-- name:end -->``
markers in a Markdown file; :func:`update` rewrites the blocks in place.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

from pfn.diagnostics import CODES, severity_of
from pfn.resources import resource
from pfn.rules.options import HouseRules
from pfn.variants import VARIANTS


def grammar_block() -> str:
    """``grammars/pfn.lark`` without comments and blank lines, as docs/spec.md shows it."""
    lines = [ln.rstrip() for ln in resource("grammars", "pfn.lark").splitlines()]
    body = [ln for ln in lines if ln.strip() and not ln.lstrip().startswith("//")]
    return "```\n" + "\n".join(body) + "\n```"


def _cell(text: str) -> str:
    """Table cell text: a literal ``|`` is escaped."""
    return text.replace("|", "\\|")


def options_block() -> str:
    """The house-rule options with their default in every variant."""
    names = [v.name for v in VARIANTS]
    head = "| option | values | " + " | ".join(names) + " | what it decides | source |"
    rule = "|" + "---|" * (len(names) + 4)
    rows = [head, rule]
    defaults = {v.name: v.default_rules() for v in VARIANTS}
    for item in HouseRules.describe():
        key = item["key"]
        cells = [defaults[n].value_text(key) for n in names]
        cells = [_cell(c) for c in (item["values"], *cells, item["doc"], item["source"])]
        rows.append(f"| `{key}` | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def defaults_block() -> str:
    """Each variant's own defaults (those that differ from Sochi's) with their sources."""
    rows = ["| variant | option | default | source |", "|---|---|---|---|"]
    for variant in VARIANTS:
        rules = variant.default_rules()
        for name in variant.defaults:
            key = name.replace("_", "-")
            rows.append(f"| `{variant.name}` | `{key}` | {_cell(rules.value_text(key))} |"
                        f" {_cell(variant.sources[name])} |")
    return "\n".join(rows)


def codes_block() -> str:
    """Every diagnostic code with its title."""
    rows = ["| code | severity | title |", "|---|---|---|"]
    for code, title in CODES.items():
        rows.append(f"| `{code}` | {severity_of(code).value} | {title} |")
    return "\n".join(rows)


BLOCKS = {
    "docs/spec.md": {"grammar": grammar_block},
    "docs/variants.md": {"options": options_block, "defaults": defaults_block},
    "docs/diagnostics.md": {"codes": codes_block},
}


def _replacer(body: str) -> Callable[[re.Match[str]], str]:
    return lambda m: m.group(1) + body + "\n" + m.group(2)


def render(text: str, blocks: dict[str, str]) -> str:
    """``text`` with each marked block replaced."""
    for name, body in blocks.items():
        pattern = re.compile(rf"(<!-- {name}:begin -->\n).*?(<!-- {name}:end -->)", re.S)
        if not pattern.search(text):
            raise ValueError(f"no {name} block")
        text = pattern.sub(_replacer(body), text)
    return text


def update(root: Path) -> list[Path]:
    """Rewrite the generated blocks under ``root``; return the files that changed."""
    return [root / name for name, makers in BLOCKS.items()
            if rewrite(root / name, {block: make() for block, make in makers.items()})]


def rewrite(path: Path, blocks: dict[str, str]) -> bool:
    """Replace the marked ``blocks`` of the file at ``path``; whether it changed."""
    text = path.read_text(encoding="utf-8")
    new = render(text, blocks)
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


if __name__ == "__main__":
    for path in update(Path(sys.argv[1] if len(sys.argv) > 1 else ".")):
        print(f"updated {path}")
