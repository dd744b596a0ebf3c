"""A static server for the built site on this machine (``pfn web serve``): the types
browsers insist on for module scripts and WebAssembly, whatever this system's MIME table
says. Any static host does the same job."""

from __future__ import annotations

import functools
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml",
         ".zip": "application/zip", ".json": "application/json"}


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}  # noqa: RUF012

    def log_message(self, format: str, *args: object) -> None:  # quiet: a page is many files
        pass


class Server(ThreadingHTTPServer):
    # a first visit asks for every file of the site at once (the page and its service
    # worker): the standard backlog of 5 would refuse some of them on a busy machine
    request_queue_size = 64


def server(directory: str | Path, port: int = 8000, host: str = "127.0.0.1"
           ) -> ThreadingHTTPServer:
    """A server of ``directory`` on ``host:port`` (port 0: any free one), not yet
    started (``serve_forever``)."""
    handler = functools.partial(Handler, directory=str(directory))
    return Server((host, port), handler)
