"""``pfn web``: the static site that runs pfn in the browser (:mod:`pfn.web`)."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Annotated

import typer

from pfn.cli.common import EXIT_CLEAN, LangOpt, app, fail, speak
from pfn.i18n import ntr, number, tr

web_app = typer.Typer(no_args_is_help=True, add_completion=False)
app.add_typer(web_app, name="web",
              help="pfn in the browser: a static site that checks, formats and solves"
                   " records in the page, offline too (docs/web.md).\n\n"
                   "Example: pfn web build site/ --pyodide web/node_modules/pyodide")


@web_app.callback()
def _group(lang: LangOpt = None) -> None:
    """The language may be given before the action too."""
    if lang is not None:
        speak(lang)


@web_app.command("build")
def build(
    directory: Annotated[Path, typer.Argument(help="The folder to write the site into.",
                                              show_default=False)],
    pyodide: Annotated[Path, typer.Option(
        "--pyodide", help="Pyodide's folder (the npm package pyodide; make web installs it"
                          " in web/node_modules/pyodide).")] = Path("web/node_modules/pyodide"),
) -> None:
    """Write the static site: the page, Pyodide's runtime, the lark and pfn packages and
    a service worker that keeps them all for offline use. Serve the folder with any
    static server.

    Example:

    \b
      pfn web build site/ && pfn web serve site/
    """
    from pfn.files import WriteError
    from pfn.web.build import BuildError
    from pfn.web.build import build as build_site

    try:
        written = build_site(directory, pyodide)
    except (OSError, BuildError, WriteError) as error:
        raise fail(str(error)) from None
    size = sum(p.stat().st_size for p in written)
    sys.stderr.write(ntr("{directory}: {n} file written, {mb} MB",
                         "{directory}: {n} files written, {mb} MB", len(written),
                         directory=directory, mb=number(size / 1e6, ".1f")) + "\n")
    raise typer.Exit(EXIT_CLEAN)


@web_app.command("serve")
def serve(
    directory: Annotated[Path, typer.Argument(help="The built site's folder.",
                                              show_default=False)],
    port: Annotated[int, typer.Option("--port", "-p", help="The port.")] = 8000,
) -> None:
    """Serve the built site on this machine (http://127.0.0.1:PORT/) until Ctrl-C: a
    static server with the types browsers want for the site's files.

    Example:

    \b
      pfn web serve site/ --port 8000
    """
    from pfn.web.serve import server

    if not (directory / "index.html").is_file():
        raise fail(tr("{directory} holds no site: build it with pfn web build",
                      directory=directory))
    try:
        running = server(directory, port)
    except OSError as error:
        raise fail(str(error)) from None
    url = "http://127.0.0.1:" + str(running.server_address[1]) + "/"
    sys.stderr.write(tr("serving {url} (Ctrl-C to stop)", url=url) + "\n")
    with contextlib.suppress(KeyboardInterrupt):
        running.serve_forever()
    raise typer.Exit(EXIT_CLEAN)
