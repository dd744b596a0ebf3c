"""The release: ``python -m build`` from the sources, the wheels it makes, installed.

Everything is built from a copy of the checkout's sources (the files git tracks or
would track), offline, with the test environment's setuptools and Babel
(``--no-isolation``); a wheel is installed with ``--no-deps`` into a fresh venv that
sees the test environment's packages (lark, typer …) through a ``.pth`` file.  The
oracles are git's list of the sources, gettext reading what Babel wrote, and the
platforms listed by hand below.
"""

from __future__ import annotations

import gettext
import io
import os
import shutil
import site
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, ROOT

pytestmark = pytest.mark.slow

BEST = "8  SJ SQ SK SA CK CA H7 H8 HA  best"
"""The line `pfn solve examples/brief.pfn` prints for the declarer's best cards; the
installed compiled core must also print what the pure-Python search, the reference
(held to a plain minimax by tests/test_analysis_search.py), prints."""

JUNK = ["pfn/analysis/_core.cpython-311-x86_64-linux-gnu.so", "pfn/analysis/_core.o",
        "pfn/__pycache__/cards.cpython-311.pyc", "pfn/locale/ru/LC_MESSAGES/pfn.mo",
        "tests/__pycache__/conftest.cpython-311.pyc",
        "build/lib/pfn/cards.py", "out/brief.svg", "benchmarks/corpus/big.pfn"]
"""What a used checkout holds besides its sources: planted in the copy, never shipped."""


def sources() -> list[str]:
    """The checkout's sources: tracked files, and new ones git would track."""
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the sources are not known")
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                            check=True, capture_output=True, text=True).stdout
    return sorted(name for name in listed.split("\0") if name and (ROOT / name).is_file())


def copy_sources(target: Path, junk: bool = False) -> Path:
    for name in sources():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)
    for name in JUNK if junk else ():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        (target / name).write_bytes(b"built here, not a source")
    return target


def build(source: Path, out: Path, *args: str, env: dict[str, str] | None = None) -> str:
    """``python -m build`` offline; its output (the build's messages)."""
    done = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir",
                           str(out), *args, str(source)], capture_output=True, text=True,
                          env={**os.environ, **(env or {})})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout + done.stderr


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist, and the wheel built from it, of a used checkout (junk planted)."""
    source = copy_sources(tmp_path_factory.mktemp("source"), junk=True)
    out = tmp_path_factory.mktemp("dist")
    build(source, out)
    return out


def install(wheel: Path, tmp_path: Path) -> Path:
    """A fresh venv with ``wheel`` installed (the test environment's packages seen
    through a ``.pth`` file); its directory."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig;"
                              " print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    ours = {sysconfig.get_paths()["purelib"], *site.getsitepackages()}
    (Path(purelib) / "test-env.pth").write_text("\n".join(sorted(ours)) + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                    "--no-deps", "--no-index", "-q", str(wheel)], check=True)
    return venv


def test_the_sdist_holds_the_sources_and_nothing_built(dist: Path) -> None:
    (sdist,) = dist.glob("pfn-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {n.split("/", 1)[1] for n in archive.getnames()
                 if "/" in n and archive.getmember(n).isfile()}
    made = {n for n in names if n in ("PKG-INFO", "setup.cfg") or n.startswith("pfn.egg-info/")}
    ours = set(sources())
    assert names - made <= ours, sorted(names - made - ours)
    assert not set(JUNK) & names
    needed = {n for n in ours if n.split("/")[0] in
              ("pfn", "grammars", "schemas", "tests", "examples", "docs", "benchmarks")}
    needed |= {"setup.py", "pyproject.toml", "MANIFEST.in", "README.md", "Makefile"}
    assert needed <= names, sorted(needed - names)


def test_the_wheel_carries_the_package_and_its_data(dist: Path) -> None:
    (wheel,) = dist.glob("pfn-*.whl")
    tag = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    assert wheel.name.endswith(f"-{tag}.whl") and "-cp3" in wheel.name, wheel.name
    names = set(zipfile.ZipFile(wheel).namelist())
    assert f"pfn/analysis/_core{sysconfig.get_config_var('EXT_SUFFIX')}" in names
    expected = {"pfn/grammars/pfn.lark", "pfn/schemas/pfn.schema.json"}
    for name in sources():
        suffix = Path(name).suffix
        if not name.startswith("pfn/") or suffix in (".c", ".pot"):
            continue
        expected.add(name[:-3] + ".mo" if suffix == ".po" else name)
    assert {"pfn/py.typed", "pfn/conformance/suite.jsonl.gz", "pfn/render/replay.js",
            "pfn/render/replay.css",
            "pfn/locale/ru/LC_MESSAGES/pfn.mo", "pfn/locale/sr/LC_MESSAGES/pfn.mo"} <= expected
    assert expected <= names, sorted(expected - names)
    assert not {n for n in names if n.endswith((".c", ".po", ".pot", ".pyc"))}


def test_the_catalogs_in_the_wheel_are_the_translations(dist: Path) -> None:
    """gettext reads in each compiled catalog what its .po says (Babel reads the .po)."""
    from babel.messages.pofile import read_po

    (wheel,) = dist.glob("pfn-*.whl")
    archive = zipfile.ZipFile(wheel)
    for po in sorted((ROOT / "pfn" / "locale").glob("*/LC_MESSAGES/pfn.po")):
        name = po.relative_to(ROOT).with_suffix(".mo").as_posix()
        compiled = gettext.GNUTranslations(io.BytesIO(archive.read(name)))
        with po.open("rb") as handle:
            catalog = read_po(handle)
        checked = 0
        for message in catalog:
            if message.id and isinstance(message.id, str) and message.string \
                    and not message.fuzzy and not message.context:
                assert compiled.gettext(message.id) == message.string, message.id
                checked += 1
        assert checked > 500, (name, checked)


def test_the_installed_wheel_solves_with_the_compiled_core(dist: Path, tmp_path: Path) -> None:
    (wheel,) = dist.glob("pfn-*.whl")
    venv = install(wheel, tmp_path)
    pfn = str(venv / "bin" / "pfn")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import pfn.analysis._core as core; print(core.__file__)"],
                           cwd=elsewhere, check=True, capture_output=True, text=True).stdout
    assert where.startswith(str(venv)), where  # the installed copy, not the source tree
    version = subprocess.run([pfn, "--version"], cwd=elsewhere, capture_output=True,
                             text=True, check=True)
    assert "search: native, compiled" in version.stdout
    solved = subprocess.run([pfn, "solve", str(EXAMPLES / "brief.pfn"), "--search", "native",
                             "--no-table"], cwd=elsewhere, capture_output=True, text=True)
    assert solved.returncode == 0 and BEST in solved.stdout, solved.stdout + solved.stderr
    reference = subprocess.run([pfn, "solve", str(EXAMPLES / "brief.pfn"), "--search",
                                "python", "--no-table"], cwd=elsewhere, capture_output=True,
                               text=True)
    assert reference.stdout == solved.stdout
    checked = subprocess.run([pfn, "check", str(EXAMPLES / "brief.pfn")], cwd=elsewhere,
                             capture_output=True, text=True)
    assert checked.returncode == 0 and "3 records: clean" in checked.stderr, checked.stderr
    russian = subprocess.run([pfn, "explain", "E503", "--lang", "ru"], cwd=elsewhere,
                             capture_output=True, text=True)
    assert russian.stdout.startswith("PFN-E503 (ошибка): не в масть"), russian.stdout


def test_without_a_compiler_the_wheel_is_pure_python_and_solves(tmp_path: Path) -> None:
    """``CC=false``: the build says so, and makes a ``py3-none-any`` wheel whose pfn
    solves with the pure-Python search."""
    source = copy_sources(tmp_path / "source")
    said = build(source, tmp_path / "dist", "--wheel", env={"CC": "false"})
    assert "pfn: the compiled search core was not built" in said
    (wheel,) = (tmp_path / "dist").glob("pfn-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if "_core" in n or ".data/" in n]
    assert "pfn/locale/ru/LC_MESSAGES/pfn.mo" in names
    venv = install(wheel, tmp_path)
    pfn = str(venv / "bin" / "pfn")
    version = subprocess.run([pfn, "--version"], capture_output=True, text=True, cwd=tmp_path)
    assert "search: python, pure Python" in version.stdout
    solved = subprocess.run([pfn, "solve", str(EXAMPLES / "brief.pfn"), "--no-table"],
                            capture_output=True, text=True, cwd=tmp_path)
    assert solved.returncode == 0 and BEST in solved.stdout, solved.stdout + solved.stderr
    asked = subprocess.run([pfn, "solve", str(EXAMPLES / "brief.pfn"), "--search", "native"],
                           capture_output=True, text=True, cwd=tmp_path)
    assert asked.returncode == 2 and "not built" in asked.stderr


def test_cibuildwheel_builds_for_the_platforms_the_config_names() -> None:
    """pyproject's [tool.cibuildwheel]: CPython 3.11-3.13, 64-bit, each platform's
    architectures."""
    pythons = ("cp311", "cp312", "cp313")
    wanted = {
        "linux": {f"{p}-{libc}_{arch}" for p in pythons for libc in ("manylinux", "musllinux")
                  for arch in ("x86_64", "aarch64")},
        "macos": {f"{p}-macosx_{arch}" for p in pythons for arch in ("x86_64", "arm64")},
        "windows": {f"{p}-win_{arch}" for p in pythons for arch in ("amd64", "arm64")},
    }
    cibuildwheel = Path(sys.executable).with_name("cibuildwheel")
    for platform, identifiers in wanted.items():
        listed = subprocess.run([str(cibuildwheel), "--print-build-identifiers", "--platform",
                                 platform], cwd=ROOT, capture_output=True, text=True,
                                env={k: v for k, v in os.environ.items()
                                     if not k.startswith("CIBW_")})
        assert listed.returncode == 0, listed.stderr
        assert set(listed.stdout.split()) == identifiers, (platform, listed.stdout)


def compiler() -> str:
    found = shutil.which("gcc") or shutil.which("cc")
    if found is None:
        if os.environ.get("PFN_NATIVE_REQUIRED"):
            raise AssertionError("no C compiler (PFN_NATIVE_REQUIRED)")
        pytest.skip("no C compiler here")
    return found


@pytest.mark.parametrize("portable", [False, True])
def test_the_core_is_iso_c(portable: bool, tmp_path: Path) -> None:
    """No GNU extension, no variable-length array: what MSVC would refuse, gcc's
    pedantic ISO C11 refuses too (PFN_PORTABLE: the fallbacks of MSVC and 32-bit
    targets, for the 128-bit history and the highest set bit)."""
    include = sysconfig.get_paths()["include"]
    done = subprocess.run([compiler(), "-std=c11", "-pedantic-errors", "-Wall", "-Wvla",
                           "-Werror", "-fsyntax-only", f"-I{include}",
                           *(["-DPFN_PORTABLE"] if portable else []),
                           str(ROOT / "pfn" / "analysis" / "_core.c")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_portable_core_agrees_with_the_reference(tmp_path: Path) -> None:
    """The core built with its portable fallbacks passes tests/test_native.py (every
    kind of position against the pure-Python search)."""
    compiler()
    source = copy_sources(tmp_path / "source")
    env = {**os.environ, "CFLAGS": "-DPFN_PORTABLE", "PFN_NATIVE_REQUIRED": "1",
           "PYTHONPATH": str(source)}
    built = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
                           cwd=source, capture_output=True, text=True, env=env)
    assert built.returncode == 0 and "not built" not in built.stderr, built.stderr
    assert list((source / "pfn" / "analysis").glob("_core*"))
    done = subprocess.run([sys.executable, "-m", "pytest", "-o", "addopts=", "-p",
                           "no:cacheprovider", "tests/test_native.py"], cwd=source,
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0 and " passed" in done.stdout, done.stdout[-3000:]
