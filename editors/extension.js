// The PFN extension for VS Code: highlighting comes from the TextMate grammar beside
// this file; everything else (diagnostics as you type, completion of the legal cards
// and calls, hover, formatting, the boards as symbols, quick fixes) from `pfn lsp`,
// started here over standard input and output.
"use strict";

const path = require("path");
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client = null;

// The server's command as the settings give it; a relative path (".venv/bin/pfn") is
// taken from the first workspace folder, a bare name ("pfn") from PATH.
function serverOptions() {
  const settings = vscode.workspace.getConfiguration("pfn");
  let command = settings.get("server.command", "pfn");
  const args = settings.get("server.args", ["lsp"]);
  const folders = vscode.workspace.workspaceFolders;
  if (command.includes("/") && !path.isAbsolute(command) && folders && folders.length) {
    command = path.join(folders[0].uri.fsPath, command);
  }
  const env = Object.assign({}, process.env);
  const lang = language(settings.get("language", "auto"));
  if (lang !== null) {
    env.PFN_LANG = lang;
  }
  return { command, args, options: { env } };
}

// The language the server speaks: the setting; with "auto", VS Code's display language
// when pfn speaks it (ru; sr, sr-Latn, sr-Cyrl), else what the environment says
// (PFN_LANG, the locale).
function language(chosen) {
  if (chosen && chosen !== "auto") {
    return chosen;
  }
  const display = String((vscode.env && vscode.env.language) || "").toLowerCase();
  if (display === "ru" || display.startsWith("ru-")) {
    return "ru";
  }
  if (display === "sr" || display.startsWith("sr-")) {
    return display.includes("cyrl") ? "sr-Cyrl" : "sr";
  }
  return null;
}

function clientOptions() {
  return {
    documentSelector: [
      { scheme: "file", language: "pfn" },
      { scheme: "untitled", language: "pfn" },
    ],
  };
}

async function start() {
  client = new LanguageClient("pfn", "PFN language server", serverOptions(), clientOptions());
  await client.start();
}

async function stop() {
  if (client !== null) {
    const running = client;
    client = null;
    await running.stop();
  }
}

async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand("pfn.restartServer", async () => {
      await stop();
      await start();
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration("pfn.server") || event.affectsConfiguration("pfn.language")) {
        await stop();
        await start();
      }
    }),
  );
  try {
    await start();
  } catch (error) {
    client = null;
    vscode.window.showErrorMessage(
      `PFN: the language server did not start (${error.message || error}). ` +
      "Install pfn with its lsp extra (pip install 'pfn[lsp]') or set pfn.server.command.");
  }
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate, serverOptions, clientOptions, language };
