"""The wheel carries the grammar and the schema: install it and check from elsewhere.

Built and installed without network: the wheel is built with the test environment's
hatchling, installed with ``--no-deps`` into a fresh venv that sees the test
environment's packages (lark, typer, jsonschema …) through a ``.pth`` file.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES, ROOT


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
                    "--no-index", "-q", "-w", str(out), str(ROOT)], check=True)
    (built,) = out.glob("pfn-*.whl")
    return built


def test_wheel_contains_grammar_schema_and_types(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "pfn/grammars/pfn.lark" in names
    assert "pfn/schemas/pfn.schema.json" in names
    assert "pfn/py.typed" in names
    assert "pfn/render/replay.js" in names  # the replay page's script
    for lang in ("ru", "sr"):  # the catalogs, compiled when the wheel was built
        assert f"pfn/locale/{lang}/LC_MESSAGES/pfn.mo" in names


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


def test_installed_wheel_checks_from_another_directory(wheel: Path, tmp_path: Path) -> None:
    venv = install(wheel, tmp_path)
    python = venv / "bin" / "python"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = subprocess.run([str(python), "-c", "import pfn, pathlib;"
                            " print(pathlib.Path(pfn.__file__).resolve())"],
                           cwd=elsewhere, check=True, capture_output=True, text=True).stdout
    assert str(venv.resolve()) in where  # the installed copy, not the source tree
    done = subprocess.run([str(venv / "bin" / "pfn"), "check", str(EXAMPLES / "brief.pfn")],
                          cwd=elsewhere, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 records: clean" in done.stderr
    russian = subprocess.run([str(venv / "bin" / "pfn"), "explain", "E503", "--lang", "ru"],
                             cwd=elsewhere, capture_output=True, text=True)
    assert russian.stdout.startswith("PFN-E503 (ошибка): не в масть"), russian.stdout


def test_the_wheel_carries_the_compiled_search(wheel: Path, tmp_path: Path) -> None:
    """Built where a C compiler is (CI's machine): the core is in the wheel, whose tag
    is then the platform's, and it is what the installed pfn searches with."""
    names = zipfile.ZipFile(wheel).namelist()
    if not any(n.startswith("pfn/analysis/_core") and n.endswith(".so") for n in names):
        if os.environ.get("PFN_NATIVE_REQUIRED"):
            raise AssertionError("the wheel has no compiled search core")
        pytest.skip("no C compiler here: the wheel is pure Python")
    assert "-none-any" not in wheel.name
    venv = install(wheel, tmp_path)
    done = subprocess.run([str(venv / "bin" / "pfn"), "--version"], capture_output=True,
                          text=True, cwd=tmp_path, check=True)
    assert "search: native, compiled" in done.stdout


@pytest.mark.slow
def test_without_a_compiler_the_pure_python_search_is_installed(tmp_path: Path) -> None:
    """``pip install .`` on a machine with no C compiler: a pure-Python wheel, and a pfn
    that solves with the reference search (same values)."""
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".venv", ".git", "out", "build", "dist", "*.so", "__pycache__", ".*_cache",
        ".hypothesis", "benchmarks", "site"))
    out = tmp_path / "wheel"
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation",
                           "--no-deps", "--no-index", "-q", "-w", str(out), str(source)],
                          env={**os.environ, "CC": "false"}, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    (built,) = out.glob("pfn-*.whl")
    assert built.name.endswith("-py3-none-any.whl")
    assert not any("_core" in n and n.endswith(".so") for n in zipfile.ZipFile(built).namelist())
    venv = install(built, tmp_path)
    pfn = str(venv / "bin" / "pfn")
    version = subprocess.run([pfn, "--version"], capture_output=True, text=True, cwd=tmp_path)
    assert "search: python, pure Python" in version.stdout
    solved = subprocess.run([pfn, "solve", str(EXAMPLES / "brief.pfn"), "--no-table"],
                            capture_output=True, text=True, cwd=tmp_path)
    assert solved.returncode == 0 and "8  SJ SQ SK SA CK CA H7 H8 HA  best" in solved.stdout
    asked = subprocess.run([pfn, "solve", str(EXAMPLES / "brief.pfn"), "--engine", "native"],
                           capture_output=True, text=True, cwd=tmp_path)
    assert asked.returncode == 2 and "not built" in asked.stderr
