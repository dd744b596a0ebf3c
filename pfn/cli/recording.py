"""``pfn record``: a pool entered at the terminal, deal by deal (:mod:`pfn.recorder`)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from pfn.cli.common import app, fail
from pfn.i18n import tr


class Terminal:
    """The terminal the session talks through: a prompt with line editing and, where
    the standard library has ``readline``, Tab completion of what may be typed, listed
    in the game's order (6♠ before 10♣, A K Q), not readline's alphabetical one."""

    def __init__(self) -> None:
        try:
            import readline
        except ImportError:  # no line editing here: plain prompts still work
            self.readline = None
        else:
            self.readline = readline
            readline.parse_and_bind("tab: complete")
            readline.set_completer_delims(" \t")

    def ask(self, prompt: str, choices: Sequence[str] = (), default: str | None = None
            ) -> str:
        line = self.readline
        shown = f" [{default}]" if default else ""
        asked = f"{prompt}{shown}: "
        if line is not None:
            words = list(dict.fromkeys(choices))

            def complete(text: str, state: int) -> str | None:
                found = [w for w in words if w.casefold().startswith(text.casefold())]
                return found[state] if state < len(found) else None

            def show(_text: str, matches: Sequence[str], _longest: int) -> None:
                offered = set(matches)
                sys.stdout.write("\n" + "  ".join(w for w in words if w in offered) + "\n"
                                 + asked + line.get_line_buffer())
                sys.stdout.flush()

            line.set_completer(complete)
            line.set_completion_display_matches_hook(show)
        try:
            return input(asked)
        except EOFError:  # Ctrl-D, or the end of piped answers: what follows on a line
            self.say("")
            raise

    def say(self, text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()


@app.command()
def record(
    pool: Annotated[Path, typer.Argument(help="The PFN file the pool is written to (made, or"
                                              " gone on with).")],
) -> None:
    """Record a pool deal by deal: each deal's result (or its cards), the Score worked
    out, the running sheet, the settlement at the end.

    Each deal is written into the file as soon as it is entered and checked, so the
    file is always valid PFN; `undo` takes the last deal out, `end` (or Ctrl-D) ends
    the pool; Tab completes contracts, calls and the cards that are legal.

    Example:

    \b
      pfn record friday.pfn
    """
    from pfn.diagnostics import PfnError
    from pfn.files import WriteError
    from pfn.recorder import Session

    try:
        Session(pool, Terminal()).run()
    except KeyboardInterrupt:
        sys.stdout.write("\n" + tr("interrupted: the deals entered before this one are in {pool}",
                            pool=pool) + "\n")
        raise typer.Exit(130) from None
    except (WriteError, PfnError) as error:
        raise fail(str(error)) from None
