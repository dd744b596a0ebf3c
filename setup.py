"""The build of pfn's wheel: the compiled search core, the catalogs, the package data.

The metadata is in ``pyproject.toml``; this file holds what a declaration cannot say:

- the search core ``pfn/analysis/_core.c`` is an optional extension: without a C
  compiler (or Python's headers) the build goes on, says so in a banner, and the wheel
  is pure Python (``py3-none-any``), which runs the pure-Python search, the reference,
  with the same values, only slower.  ``PFN_PURE=1`` leaves the core out on purpose.
- each language's ``pfn.po`` is compiled to ``pfn.mo`` (Babel) before the package data
  is collected, so every locale under ``pfn/locale`` ships compiled.
- the top-level ``grammars/`` and ``schemas/`` go into the package as ``pfn/grammars``
  and ``pfn/schemas`` (``pfn/resources.py`` finds them either way).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from setuptools import Extension, find_packages, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.errors import CCompilerError, CompileError, ExecError, LinkError, PlatformError

ROOT = Path(__file__).resolve().parent
CORE = Extension("pfn.analysis._core", ["pfn/analysis/_core.c"], optional=True)
# flags by compiler family: MSVC takes its own spelling; gcc and clang the same
FLAGS = {"msvc": ["/O2"], "unix": ["-O3", "-std=c11", "-g0"], "mingw32": ["-O3", "-std=c11", "-g0"]}
PACKAGE_DATA = [
    "py.typed",
    "locale/*/LC_MESSAGES/*.mo",
    "conformance/*.jsonl.gz",
    "**/*.js",
    "**/*.css",
    "**/*.html",
    "web/site/*",  # the browser site's page, service worker, manifest and icon
]
SHARED = ["grammars/pfn.lark", "schemas/pfn.schema.json"]  # copied into pfn/ as they are

BANNER = """
{rule}
pfn: the compiled search core was not built: {why}
this pfn runs its pure-Python search (the same results, 20-30 times slower).
For the compiled one, install a C compiler and Python's headers (Debian: gcc
python3-dev; macOS: xcode-select --install; Windows: the Visual C++ Build Tools)
and install pfn again; `pfn --version` says which search is in use.
{rule}
"""


def warn(why: str) -> None:
    sys.stderr.write(BANNER.format(rule="*" * 78, why=why))
    sys.stderr.flush()


class BuildCore(build_ext):
    """Builds the core when it can; records whether it did (``core_built``)."""

    core_built = False

    def run(self) -> None:
        if os.environ.get("PFN_PURE"):
            warn("PFN_PURE is set")
            return
        super().run()

    def build_extension(self, ext: Extension) -> None:
        ext.extra_compile_args = FLAGS.get(self.compiler.compiler_type, [])
        try:
            super().build_extension(ext)
        except (CCompilerError, CompileError, LinkError, ExecError, PlatformError,
                OSError) as error:
            why = " ".join(str(error).split()) or type(error).__name__
            warn(why if len(why) < 200 else why[:197] + "...")
            return
        self.core_built = True


class BuildPy(build_py):
    """Compiles the catalogs first, then copies the package with the shared data."""

    def run(self) -> None:
        compile_catalogs()
        super().run()

    def _get_data_files(self):  # type: ignore[no-untyped-def]
        files = super()._get_data_files()
        if "pfn" in (self.packages or []):
            files.append(("pfn", "", os.path.join(self.build_lib, "pfn"), SHARED))
        return files


class Wheel(bdist_wheel):
    """A platform wheel with the core; a pure one (``py3-none-any``) without it."""

    def run(self) -> None:
        self.run_command("build")
        if not self.get_finalized_command("build_ext").core_built:
            self.distribution.ext_modules = []  # installed as pure Python, not platlib
            self.root_is_pure = True
        super().run()


def compile_catalogs() -> None:
    """``pfn/tools/catalogs.py`` loaded by its path: pfn itself cannot be imported in
    the build's environment (its dependencies are not there)."""
    spec = importlib.util.spec_from_file_location("pfn_catalogs",
                                                  ROOT / "pfn" / "tools" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    catalogs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogs)
    catalogs.compile_all(ROOT / "pfn" / "locale", stale_only=True)


setup(
    packages=find_packages(include=["pfn", "pfn.*"]),
    package_data={"pfn": PACKAGE_DATA},
    include_package_data=False,
    ext_modules=[CORE],
    cmdclass={"build_ext": BuildCore, "build_py": BuildPy, "bdist_wheel": Wheel},
)
