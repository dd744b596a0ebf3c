"""The VS Code extension in ``editors/``: its manifest declares what the extension does,
and its ``activate`` (run by Node.js with VS Code's API and the language client stood
in by recorders written here) starts the language server with the command the
settings give — which, run as the extension would run it, answers ``initialize`` as
pfn's server.  Node.js is needed: the test skips without it, except where
``PFN_EDITOR_REQUIRED`` is set (``.ci/run`` sets it and installs Node.js)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

EDITORS = ROOT / "editors"

# stands in for the `vscode` module and vscode-languageclient: records the client made
HARNESS = r"""
const Module = require("module");
const made = [];
const settings = JSON.parse(process.argv[3]);
const fakes = {
  "vscode": {
    workspace: {
      getConfiguration: (section) => ({
        get: (key, fallback) => (section + "." + key) in settings ?
          settings[section + "." + key] : fallback,
      }),
      workspaceFolders: [{ uri: { fsPath: process.argv[4] } }],
      onDidChangeConfiguration: () => ({ dispose() {} }),
    },
    env: { language: process.argv[5] },
    commands: { registerCommand: (name) => { made.push({ command: name });
                                             return { dispose() {} }; } },
    window: { showErrorMessage: (text) => made.push({ error: text }) },
  },
  "vscode-languageclient/node": {
    LanguageClient: class {
      constructor(id, name, server, client) {
        made.push({ id, name, server, selector: client.documentSelector });
      }
      async start() { made.push({ started: true }); }
      async stop() {}
    },
  },
};
const load = Module._load;
Module._load = function (request, parent, isMain) {
  return request in fakes ? fakes[request] : load.apply(this, arguments);
};
const extension = require(process.argv[2]);
const context = { subscriptions: [] };
extension.activate(context).then(() => {
  made.push({ subscriptions: context.subscriptions.length });
  console.log(JSON.stringify(made));
});
"""


def node() -> str:
    found = shutil.which("node")
    if found is None:
        if os.environ.get("PFN_EDITOR_REQUIRED"):
            pytest.fail("Node.js is required here (PFN_EDITOR_REQUIRED) but not found")
        pytest.skip("Node.js is not installed")
    return found


def activate(tmp_path: Path, settings: dict[str, Any], display: str = "en"
             ) -> list[dict[str, Any]]:
    harness = tmp_path / "harness.js"
    harness.write_text(HARNESS, encoding="utf-8")
    clean = {k: v for k, v in os.environ.items() if k != "PFN_LANG"}
    done = subprocess.run([node(), str(harness), str(EDITORS / "extension.js"),
                           json.dumps(settings), str(tmp_path), display],
                          capture_output=True, text=True, timeout=60, env=clean)
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout))


def test_manifest_declares_the_language_the_grammar_and_the_server() -> None:
    manifest = json.loads((EDITORS / "package.json").read_text(encoding="utf-8"))
    assert (EDITORS / manifest["main"]).is_file()
    assert "onLanguage:pfn" in manifest["activationEvents"]
    assert "vscode-languageclient" in manifest["dependencies"]
    language = manifest["contributes"]["languages"][0]
    assert language["id"] == "pfn" and ".pfn" in language["extensions"]
    for item in (language["configuration"], manifest["contributes"]["grammars"][0]["path"]):
        assert (EDITORS / item).is_file()
    properties = manifest["contributes"]["configuration"]["properties"]
    assert properties["pfn.server.command"]["default"] == "pfn"
    assert properties["pfn.server.args"]["default"] == ["lsp"]
    lock = json.loads((EDITORS / "package-lock.json").read_text(encoding="utf-8"))
    assert "vscode-languageclient" in lock["packages"][""]["dependencies"]


def test_activate_starts_pfn_lsp_for_pfn_documents(tmp_path: Path) -> None:
    made = activate(tmp_path, {})
    client = next(m for m in made if "server" in m)
    assert client["server"]["command"] == "pfn" and client["server"]["args"] == ["lsp"]
    assert {"scheme": "file", "language": "pfn"} in client["selector"]
    assert {"started": True} in made
    assert {"command": "pfn.restartServer"} in made
    assert not [m for m in made if "error" in m]


def test_the_configured_command_is_a_working_server(tmp_path: Path) -> None:
    # a path from the workspace folder, as a project's .venv/bin/pfn would be given
    script = tmp_path / "bin" / "pfn"
    script.parent.mkdir()
    script.write_text(f"#!/bin/sh\nexec {sys.executable} -m pfn.cli \"$@\"\n")
    script.chmod(0o755)
    made = activate(tmp_path, {"pfn.server.command": "bin/pfn"})
    server = next(m for m in made if "server" in m)["server"]
    assert server["command"] == str(script)
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                       "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    exit_ = json.dumps({"jsonrpc": "2.0", "method": "exit"})
    framed = b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(m), m.encode())
                      for m in (body, exit_))
    done = subprocess.run([server["command"], *server["args"]], input=framed,
                          capture_output=True, timeout=60, cwd=ROOT)
    answer = json.loads(done.stdout.split(b"\r\n\r\n", 1)[1].split(b"Content-Length")[0])
    assert answer["id"] == 1 and answer["result"]["serverInfo"]["name"] == "pfn"
    assert answer["result"]["capabilities"]["completionProvider"]


@pytest.mark.parametrize(("display", "settings", "spoken"), [
    ("ru", {}, "ru"),                                   # VS Code in Russian
    ("sr-Latn", {}, "sr"), ("sr-cyrl", {}, "sr-Cyrl"),  # in Serbian, either script
    ("de", {}, None),                                   # not spoken: the environment's
    ("ru", {"pfn.language": "sr-Cyrl"}, "sr-Cyrl"),     # the setting wins
    ("ru", {"pfn.language": "en"}, "en"),
])
def test_the_server_speaks_vs_codes_language_or_the_setting(
        tmp_path: Path, display: str, settings: dict[str, Any], spoken: str | None) -> None:
    made = activate(tmp_path, settings, display)
    env = next(m for m in made if "server" in m)["server"]["options"]["env"]
    assert env.get("PFN_LANG") == spoken
    properties = json.loads((EDITORS / "package.json").read_text(encoding="utf-8"))[
        "contributes"]["configuration"]["properties"]
    assert properties["pfn.language"]["enum"] == ["auto", "en", "ru", "sr", "sr-Cyrl"]


def test_a_server_started_in_russian_answers_in_russian(tmp_path: Path) -> None:
    """The environment the extension gives is the one the server speaks: a revoke in an
    open document is reported in Russian."""
    made = activate(tmp_path, {}, "ru")
    server = next(m for m in made if "server" in m)["server"]
    text = (ROOT / "examples" / "brief.pfn").read_text(encoding="utf-8").split("\n\n")[0]
    text = text.replace("SK ST C7", "SK CQ C7")  # Boris keeps ST: a revoke
    uri = "file:///brief.pfn"
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": None, "capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "pfn", "version": 1, "text": text}}},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    framed = b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(body), body) for body in
                      (json.dumps(m).encode() for m in messages))
    env = {**server["options"]["env"], "PATH": os.environ.get("PATH", "")}
    done = subprocess.run([sys.executable, "-m", "pfn.cli", *server["args"]], input=framed,
                          capture_output=True, timeout=60, cwd=ROOT, env=env)
    answers = [json.loads(part.split(b"\r\n\r\n", 1)[1])
               for part in done.stdout.split(b"Content-Length: ")[1:]]
    published = [d["message"] for a in answers
                 if a.get("method") == "textDocument/publishDiagnostics"
                 for d in a["params"]["diagnostics"]]
    assert any(message.startswith("не в масть: B") for message in published), published


def test_the_extension_packages_without_questions() -> None:
    """What `vsce package` asks y/N about is there: the licence file beside the
    manifest, the manifest's licence, and the documented command names the repository
    the manifest does not (so that vsce does not ask for it)."""
    editors = ROOT / "editors"
    manifest = json.loads((editors / "package.json").read_text(encoding="utf-8"))
    licence = (editors / "LICENSE").read_text(encoding="utf-8")
    assert manifest["license"] == "MIT" and licence.startswith("MIT License")
    assert "*.vsix" in (editors / ".vscodeignore").read_text(encoding="utf-8")
    command = "npx --yes @vscode/vsce@^3 package --allow-missing-repository"
    assert manifest["scripts"]["package"] == command  # npx asks nothing either (--yes)
    assert "repository" not in manifest
    for page in (ROOT / "docs" / "editors.md", editors / "README.md", ROOT / "README.md"):
        said = " ".join(page.read_text(encoding="utf-8").split())
        assert "npm install && npm run package" in said or (
            "npm install" in said and "npm run package" in said), page
    said = " ".join((ROOT / "docs" / "editors.md").read_text(encoding="utf-8").split())
    assert "npx --yes @vscode/vsce package --allow-missing-repository" in said


@pytest.mark.slow
def test_the_extension_packages_for_real(tmp_path: Path) -> None:
    """`npm run package` run as the docs say, with no terminal to answer questions:
    where npm has vsce and the language client at hand (offline), it writes the .vsix."""
    npx = shutil.which("npx")
    if npx is None:
        pytest.skip("no npx here")
    folder = tmp_path / "editors"
    shutil.copytree(ROOT / "editors", folder,
                    ignore=shutil.ignore_patterns("node_modules", "*.vsix"))
    installed = subprocess.run(["npm", "install", "--offline", "--no-audit", "--no-fund"],
                               cwd=folder, capture_output=True, text=True, timeout=300)
    if installed.returncode:
        pytest.skip("the language client is not in npm's cache here")
    done = subprocess.run(["npm", "run", "package"], cwd=folder, capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL,
                          env={**os.environ, "npm_config_offline": "true"})
    if "ENOTCACHED" in done.stderr + done.stdout:
        pytest.skip("vsce is not in npm's cache here")
    assert done.returncode == 0, done.stdout + done.stderr
    said = done.stdout + done.stderr
    assert "LICENSE, LICENSE.md, or LICENSE.txt not found" not in said, said
    assert "'repository' field is missing" not in said, said
    assert (folder / f"pfn-{json.loads((folder / 'package.json').read_text())['version']}"
                      ".vsix").is_file()
