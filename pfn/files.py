"""Files: writing them safely, and telling what kind of input a file is.

Every command that writes a file goes through :func:`write_atomic`: the new content
is written beside the target, flushed to disk and moved over it in one step, so an
interruption, a full disk or a failed check leaves the original as it was and no
temporary file behind.  The original's mode (and owner, where the system allows it)
is kept and a symlink stays a symlink (its target is rewritten).  What cannot be written
that way is written through (a device, a FIFO: never replaced by a file) or refused (a
file with other hard links, unless forced).  A run killed while writing leaves a
temporary file that the next write to the same file removes.
"""

from __future__ import annotations

import contextlib
import filecmp
import io
import os
import re
import signal
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Literal, TextIO

from pfn.diagnostics import PfnError
from pfn.i18n import reason, tr
from pfn.model import Record

Content = str | bytes | Callable[[TextIO], None]
"""What to write: text, bytes, or a function that writes text to an open file."""


def file_name_part(text: str, most: int = 64) -> str:
    """Text from a record made safe as part of a file name: letters, digits, ``.``,
    ``_`` and ``-`` kept, anything else (a slash, ``..``, a NUL byte) one ``_``; never
    empty, never hidden, at most ``most`` characters."""
    cleaned = re.sub(r"[^\w.-]+", "_", text, flags=re.UNICODE).strip("._")[:most]
    return cleaned or "_"


class WriteError(PfnError):
    """A file could not be written; the original (if any) is untouched."""


class PipeClosed(WriteError):
    """The reader of standard output went away (``pfn check … | head``): the command ends
    quietly, as the tools it is piped with do."""


class GuardedOutput:
    """A text stream (standard output) whose failed writes — a full disk, a closed pipe —
    raise :class:`WriteError` naming it, not an ``OSError`` that the command would take
    for a problem with its input."""

    def __init__(self, stream: TextIO, name: str = "standard output") -> None:
        self._stream = stream
        self._name = name

    def write(self, text: str) -> int:
        """Write ``text``."""
        try:
            return self._stream.write(text)
        except OSError as error:
            raise self._failed(error) from None

    def flush(self) -> None:
        """Flush the stream."""
        try:
            self._stream.flush()
        except OSError as error:
            raise self._failed(error) from None

    def _failed(self, error: OSError) -> WriteError:
        kind = PipeClosed if isinstance(error, BrokenPipeError) else WriteError
        return kind(tr("cannot write {name}: {value}", name=self._name,
                       value=reason(error)))

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


def write_atomic(path: str | Path, content: Content, *, keep_if_same: bool = False,
                 force: bool = False) -> bool:
    """Write ``content`` to ``path`` so that it is either all there or not at all
    (:class:`WriteError` on failure; the original is untouched, nothing is left).

    With ``keep_if_same`` a file that already holds exactly this content is left alone
    (not even its time changes).  A file with other hard links cannot be rewritten
    both in place (for its links) and all at once, so it is refused, unless ``force``:
    then this name gets the new file and the other links keep the old text.  Whether
    the file was written."""
    try:  # what the name stands for, through any link: /dev/stdout is a pipe or a tty
        given = os.stat(path)
    except OSError:
        given = None
    if given is not None and not stat.S_ISREG(given.st_mode) and not stat.S_ISDIR(
            given.st_mode):
        # a device, a FIFO, a socket: written through, as `cat > /dev/null` does; never
        # replaced by a regular file
        return _write_through(Path(path), content, str(path))
    target = Path(os.path.realpath(path))  # through symlinks: the link stays a link
    folder = target.parent
    if target.is_dir():
        raise WriteError(tr("cannot write {path}: it is a directory",
                            path=path))
    if not folder.is_dir():
        raise WriteError(tr("cannot write {path}: no directory {folder}",
                            path=path, folder=folder))
    try:
        before = target.stat()
    except FileNotFoundError:
        before = None
    except OSError as error:
        raise WriteError(tr("cannot write {path}: {value}",
                            path=path, value=reason(error))) from None
    sweep(folder, target.name)
    with _terminate_cleanly():
        return _write(target, folder, before, content, keep_if_same, str(path), force)


def same_file(one: str | Path, other: str | Path) -> bool:
    """Whether two names are one file: the same path, or links to one file."""
    first, second = Path(one), Path(other)
    try:
        return first.resolve() == second.resolve() or first.samefile(second)
    except OSError:  # one of them does not exist (yet): only the same path is the same
        return False


def temporary_prefix(name: str) -> str:
    """How the temporary file of a write to ``name`` is named: the writing process is
    in the name, so that a later run can tell a dead writer's file from a live one's."""
    return f".{name}.pfn-{os.getpid()}."


def sweep(folder: Path, name: str) -> None:
    """Remove what an earlier run killed while writing ``name`` left behind (its
    temporary files whose writer is gone)."""
    head = f".{name}.pfn-"
    try:
        found = [entry for entry in os.scandir(folder)
                 if entry.name.startswith(head) and entry.name.endswith(".tmp")]
    except OSError:
        return
    for entry in found:
        pid = entry.name[len(head):].split(".", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid() or _alive(int(pid)):
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process
    return True


def _write_through(target: Path, content: Content, shown: str) -> bool:
    """Open what is not a regular file and write into it."""
    try:
        with open(target, "wb") as raw:
            _put(raw, content)
        return True
    except OSError as error:
        raise WriteError(tr("cannot write {shown}: {value}",
                            shown=shown, value=reason(error))) from None


def _put(raw: IO[bytes], content: Content) -> None:
    """Write ``content`` (text as UTF-8) to an open binary file."""
    if isinstance(content, bytes):
        raw.write(content)
    elif isinstance(content, str):
        raw.write(content.encode("utf-8", errors="surrogateescape"))
    else:
        text = io.TextIOWrapper(raw, encoding="utf-8", newline="\n")
        content(text)
        text.flush()
        text.detach()
    raw.flush()


def _write(target: Path, folder: Path, before: os.stat_result | None, content: Content,
           keep_if_same: bool, shown: str, force: bool) -> bool:
    """The write itself: a temporary file beside the target, then one rename."""
    temporary: str | None = None
    try:
        handle, temporary = tempfile.mkstemp(
            dir=folder, prefix=temporary_prefix(target.name), suffix=".tmp")
        with open(handle, "wb") as raw:
            _put(raw, content)
            os.fsync(raw.fileno())
        if keep_if_same and before is not None and filecmp.cmp(temporary, target,
                                                               shallow=False):
            return False  # the temporary file goes in ``finally``
        if before is not None and not before.st_mode & 0o222 and not force:
            raise WriteError(tr("cannot write {shown}: it is read-only (make it writable, or"
                                " rewrite it anyway with --force)", shown=shown))
        if before is not None and before.st_nlink > 1 and not force:
            raise WriteError(tr("cannot write {shown} all at once: it has {n} hard links,"
                                " and a rewrite in place could be cut off half-way (with --force"
                                " this name gets the new file, its other links keep the old text)",
                                shown=shown, n=before.st_nlink))
        take_over(temporary, before)
        os.replace(temporary, target)
        temporary = None
        _sync_folder(folder)
        return True
    except OSError as error:
        raise WriteError(tr("cannot write {shown}: {value}",
                            shown=shown, value=reason(error))) from None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def take_over(temporary: str | Path, before: os.stat_result | None) -> None:
    """Give the new file the original's mode and owner, or a new file's usual mode."""
    if before is None:
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temporary, 0o666 & ~mask)
        return
    os.chmod(temporary, stat.S_IMODE(before.st_mode))
    with contextlib.suppress(OSError):  # only root may give a file to someone else
        os.chown(temporary, before.st_uid, before.st_gid)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


class _Terminated(BaseException):
    """SIGTERM arrived while a file was being written."""


@contextlib.contextmanager
def _terminate_cleanly() -> Iterator[None]:
    """SIGTERM during a write stops it as Ctrl-C does, by an exception, so the temporary
    file is removed and the original left as it was; then the process ends as killed."""
    def stop(number: int, _frame: object) -> None:
        raise _Terminated(number)

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread: signals cannot be handled here
        yield
        return
    try:
        yield
    except _Terminated:
        signal.signal(signal.SIGTERM, previous)
        os.kill(os.getpid(), signal.SIGTERM)
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)


InputKind = Literal["pfn", "json", "jsonl"]


def input_kind(name: str) -> InputKind:
    """What a file holds, from its name: the JSON form (``.json``), JSON Lines
    (``.jsonl``) or PFN (anything else, and standard input)."""
    if name.endswith(".jsonl"):
        return "jsonl"
    if name.endswith(".json"):
        return "json"
    return "pfn"


def read_records(source: str) -> Iterator[Record]:
    """The records of a file of any kind (:func:`input_kind`), or of standard input
    (``-``, PFN), streamed."""
    import sys

    from pfn.notation import jsonform
    from pfn.notation.reader import Reader, open_input, read

    kind = input_kind(source)
    if source == "-":
        yield from Reader("<stdin>").records(sys.stdin)
    elif kind == "jsonl":
        with open_input(source, encoding="utf-8") as handle:
            yield from jsonform.read_jsonl(handle, source)
    elif kind == "json":
        with open_input(source, encoding="utf-8") as handle:
            yield from jsonform.loads_json(handle.read(), source)
    else:
        yield from read(source)
