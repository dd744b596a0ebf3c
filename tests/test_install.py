"""The wheel carries the grammar and the schema: install it and check from elsewhere.

Built and installed without network: the wheel is built with the test environment's
hatchling, installed with ``--no-deps`` into a fresh venv that sees the test
environment's packages (lark, typer, jsonschema …) through a ``.pth`` file.
"""

from __future__ import annotations

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


def test_installed_wheel_checks_from_another_directory(wheel: Path, tmp_path: Path) -> None:
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
