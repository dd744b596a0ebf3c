"""Make the conformance suite anew (``make conformance``): the vectors of
:func:`pfn.conformance.making.make_suite` from ``examples/`` into
``pfn/conformance/suite.jsonl.gz``.  A vector changes only with a new suite version
(``pfn.conformance.suite.SUITE_VERSION``); ``tests/test_conformance.py`` fails when the
file is not what the rules now make.
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

from pfn.conformance.making import make_suite
from pfn.conformance.suite import suite_lines

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "pfn" / "conformance" / "suite.jsonl.gz"


def main() -> int:
    vectors = make_suite(ROOT / "examples")
    text = "".join(line + "\n" for line in suite_lines(vectors)).encode("utf-8")
    with TARGET.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0,
                                                  filename="") as packed:
        packed.write(text)  # no time or name in the header: the same suite, the same bytes
    print(f"{len(vectors)} vectors in {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
