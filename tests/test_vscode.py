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


def activate(tmp_path: Path, settings: dict[str, Any]) -> list[dict[str, Any]]:
    harness = tmp_path / "harness.js"
    harness.write_text(HARNESS, encoding="utf-8")
    done = subprocess.run([node(), str(harness), str(EDITORS / "extension.js"),
                           json.dumps(settings), str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
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
