"""``pfn web build``: the static site — the page, Pyodide's runtime and the lark and pfn
packages — in one folder any static host serves; a service worker keeps every file so
the site works offline after the first visit.

Nothing is fetched from elsewhere at run time: Pyodide's files come from the ``pyodide``
package of the npm registry (``make web`` installs it under ``web/node_modules``), lark
and pfn from this Python's own installation.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import zipfile
from importlib import resources
from pathlib import Path

from pfn.diagnostics import PfnError
from pfn.files import write_atomic
from pfn.i18n import tr

RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
           "pyodide-lock.json")
"""The files of Pyodide's core the page loads (no package of Pyodide's own is used)."""
SITE = ("index.html", "app.js", "style.css", "manifest.webmanifest", "icon.svg")
PACKAGES = ("lark", "pfn")
"""What pfn's light core imports besides the standard library (a test guards it)."""
LATER = ("pygments",)
"""Unpacked once the engine is ready: the editor's highlighting (pfn's Pygments lexer)."""
SKIPPED = ("__pycache__", ".so", ".pyd", ".pyc", ".c", ".po", ".pot")


class BuildError(PfnError):
    """The site cannot be built (Pyodide's files are missing)."""


def _package_zip(name: str) -> bytes:
    """The installed package ``name`` as a zip to unpack into Pyodide's site-packages
    (for pfn: its grammars and schemas inside it, as a wheel has them)."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise BuildError(tr("{name} is not installed", name=name))
    root = Path(next(iter(spec.submodule_search_locations)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(root.rglob("*")):
            if path.is_file() and not any(part in SKIPPED for part in path.parts) and \
                    path.suffix not in SKIPPED and "site" not in path.relative_to(root).parts:
                info = zipfile.ZipInfo(str(Path(name) / path.relative_to(root)))
                info.compress_type = zipfile.ZIP_DEFLATED  # a fixed date: the same bytes
                archive.writestr(info, path.read_bytes())
        if name == "pfn":
            from pfn.resources import resource

            for folder, file in (("grammars", "pfn.lark"), ("schemas", "pfn.schema.json")):
                info = zipfile.ZipInfo(f"pfn/{folder}/{file}")
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, resource(folder, file))
    return out.getvalue()


def build(dest: str | Path, pyodide: str | Path) -> list[Path]:
    """Write the site into ``dest`` from Pyodide's folder ``pyodide``; the files
    written."""
    dest, pyodide = Path(dest), Path(pyodide)
    missing = [f for f in RUNTIME if not (pyodide / f).is_file()]
    if missing:
        raise BuildError(tr("{folder} does not hold Pyodide's {files} (make web installs it"
                            " from the npm registry)", folder=pyodide, files=", ".join(missing)))
    (dest / "pyodide").mkdir(parents=True, exist_ok=True)
    (dest / "packages").mkdir(exist_ok=True)
    written: list[Path] = []
    # each file whole or not at all: a server never hands out half a runtime
    for name in RUNTIME:
        write_atomic(dest / "pyodide" / name, (pyodide / name).read_bytes())
        written.append(dest / "pyodide" / name)
    for name in (*PACKAGES, *LATER):
        write_atomic(dest / "packages" / f"{name}.zip", _package_zip(name))
        written.append(dest / "packages" / f"{name}.zip")
    site = resources.files("pfn.web").joinpath("site")
    for name in SITE:
        write_atomic(dest / name, site.joinpath(name).read_bytes())
        written.append(dest / name)
    # the service worker keeps every file, under a name that changes with their bytes
    digest = hashlib.sha256()
    for path in written:
        digest.update(path.read_bytes())
    files = ["./", *(str(p.relative_to(dest)) for p in written)]
    worker = site.joinpath("sw.js").read_text(encoding="utf-8")
    worker = worker.replace("__VERSION__", digest.hexdigest()[:16]).replace(
        "__FILES__", json.dumps(files))
    write_atomic(dest / "sw.js", worker.encode("utf-8"))
    written.append(dest / "sw.js")
    return written
