"""Make the conformance suite anew (``make conformance``): the vectors of
:func:`pfn.conformance.making.make_suite` from ``examples/`` into
``pfn/conformance/suite.jsonl``.  A vector changes only with a new suite version
(``pfn.conformance.suite.SUITE_VERSION``); ``tests/test_conformance.py`` fails when the
file is not what the rules now make.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pfn.conformance.making import make_suite
from pfn.conformance.suite import suite_lines

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "pfn" / "conformance" / "suite.jsonl"


def main() -> int:
    vectors = make_suite(ROOT / "examples")
    TARGET.write_text("".join(line + "\n" for line in suite_lines(vectors)), encoding="utf-8")
    print(f"{len(vectors)} vectors in {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
