"""Package data: the grammar and the JSON Schema.

In an installed wheel they live inside the package (``pfn/grammars``,
``pfn/schemas``); in a source checkout they are the top-level ``grammars/`` and
``schemas/`` folders next to the package.  Either way they are found from the
package itself, never from the working directory.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def resource(folder: str, name: str) -> str:
    """The text of ``folder/name`` (``grammars/pfn.lark``, ``schemas/pfn.schema.json``)."""
    packaged = resources.files("pfn").joinpath(folder).joinpath(name)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    checkout = Path(__file__).resolve().parent.parent / folder / name
    return checkout.read_text(encoding="utf-8")
