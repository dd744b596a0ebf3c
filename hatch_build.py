"""Builds the compiled search core (``pfn/analysis/_core.c``) and the message catalogs
(``pfn/locale/*/LC_MESSAGES/pfn.po`` → ``pfn.mo``, with Babel) when a wheel is built.

The core is optional: without a C compiler (or Python's headers) the build goes on and
pfn runs its pure-Python search, the reference, with the same results, only slower
(``pfn --version`` says which search is in use).  ``PFN_PURE=1`` skips the core.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SOURCE = Path("pfn") / "analysis" / "_core.c"


def build_core(root: Path) -> Path | None:
    """Compile the core next to its source; the built file, or ``None`` (said why)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    target = root / SOURCE.with_name("_core" + suffix)
    source = root / SOURCE
    if target.exists() and target.stat().st_mtime >= source.stat().st_mtime:
        return target
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    include = sysconfig.get_paths()["include"]
    if compiler is None or not (Path(include) / "Python.h").exists():
        sys.stderr.write("pfn: no C compiler or no Python headers: the pure-Python search"
                         " will be used\n")
        return None
    command = [*compiler.split(), "-O3", "-shared", "-fPIC", "-std=c11", f"-I{include}",
               str(source), "-o", str(target)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write("pfn: the compiled search did not build; the pure-Python search will"
                         f" be used\n{done.stderr[-2000:]}\n")
        return None
    return target


def build_catalogs(root: Path) -> list[Path]:
    """Each language's ``pfn.po`` compiled to ``pfn.mo`` by ``pfn/tools/catalogs.py``,
    loaded by its path (the package itself cannot be imported in the build's
    environment); the files written."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("pfn_catalogs",
                                                  root / "pfn" / "tools" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    catalogs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogs)
    written: list[Path] = catalogs.compile_all(root / "pfn" / "locale", stale_only=True)
    return written


class CoreHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles the search core into the wheel (and beside its source, for an editable
    install)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        for mo in build_catalogs(Path(self.root)):
            if version != "editable":
                relative = str(mo.relative_to(self.root))
                build_data["force_include"][str(mo)] = relative
        if os.environ.get("PFN_PURE"):
            return
        built = build_core(Path(self.root))
        if built is None:
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        if version != "editable":
            build_data["force_include"][str(built)] = str(built.relative_to(self.root))
