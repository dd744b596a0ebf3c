"""Extract every marked text into the catalogs and compile them (``make catalogs``).

``python -m pfn.tools.catalogs`` reads the package's sources with Babel's extractor
(the marks are :func:`pfn.i18n.tr`, :func:`~pfn.i18n.ntr`, :func:`~pfn.i18n.ptr`,
:func:`~pfn.i18n.N_` and the messages said when shown, :func:`pfn.messages.msg`,
:func:`~pfn.messages.nmsg` and :func:`~pfn.messages.pmsg`),
writes ``pfn/locale/pfn.pot``, merges it into each language's ``pfn.po`` (translations
kept; a text no longer in the code dropped), makes the Serbian Cyrillic catalog from the
Latin one (``sr_Cyrl``, correctable by hand) and compiles the ``.mo`` files beside them.
A new text is left untranslated: the test of the catalogs then fails until it is
translated.  (At run time Babel gives only the plural rules and number formats: ``pfn.i18n``.)
"""

from __future__ import annotations

import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
LOCALE = PACKAGE / "locale"
KEYWORDS = {"tr": None, "ntr": (1, 2), "ptr": ((1, "c"), 2), "plural_forms": (1, 2),
            "N_": None, "msg": None, "nmsg": (1, 2), "pmsg": ((1, "c"), 2)}
"""The marks, as Babel's extractor is told them."""
LANGUAGES = ("ru", "sr")


def extract() -> object:
    """Every marked text of the package as a Babel catalog (its locations kept)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="pfn", charset="utf-8")
    method_map = [("**/tools/**.py", "ignore"), ("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map=method_map, keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        catalog.add(message, None, [(f"pfn/{filename}", lineno)],
                    auto_comments=comments, context=context)
    for where, text in help_texts():
        catalog.add(text, None, [(where, 1)], auto_comments=["the help of a command or an"
                                                             " option (--help)"])
    return catalog


def help_texts() -> list[tuple[str, str]]:
    """The help of every command and option, in English, with where it is written: the
    commands' docstrings and the ``help=`` of their options, as Typer builds them."""
    import inspect

    import typer.main

    from pfn.cli import load
    from pfn.cli.speech import help_texts as texts_of

    out = []
    for owner, text in texts_of(typer.main.get_command(load())):
        callback = getattr(owner, "callback", None)
        source = inspect.getsourcefile(inspect.unwrap(callback)) if callback else None
        where = Path(source).relative_to(PACKAGE.parent).as_posix() if source else "pfn/cli"
        out.append((where, text))
    return out


def compile_all(root: Path = LOCALE, stale_only: bool = False) -> list[Path]:
    """Each ``pfn.po`` under ``root`` compiled to its ``pfn.mo`` beside it (gettext reads
    only compiled catalogs); with ``stale_only`` a ``.mo`` newer than its ``.po`` is
    kept.  The build calls this too (``setup.py``, which loads this file by its
    path: nothing here may import pfn at module level)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(root.glob("*/LC_MESSAGES/pfn.po")):
        mo = po.with_suffix(".mo")
        if not stale_only or not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with po.open("rb") as source:
                catalog = read_po(source)
            with mo.open("wb") as target:
                write_mo(target, catalog, use_fuzzy=False)
        written.append(mo)
    return written


def update() -> None:
    """Write the template, merge it into every catalog, compile them."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    template = extract()
    assert isinstance(template, Catalog)
    LOCALE.mkdir(exist_ok=True)
    with (LOCALE / "pfn.pot").open("wb") as out:
        write_po(out, template, width=88, omit_header=False, sort_by_file=True)
    for lang in LANGUAGES:
        po = LOCALE / lang / "LC_MESSAGES" / "pfn.po"
        po.parent.mkdir(parents=True, exist_ok=True)
        if po.exists():
            with po.open("rb") as source:
                catalog = read_po(source, locale=lang)
        else:
            catalog = Catalog(locale=lang, project="pfn", charset="utf-8")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        with po.open("wb") as out:
            write_po(out, catalog, width=88, sort_by_file=True)
        missing = [m.id for m in catalog if m.id and not all(
            m.string if isinstance(m.string, tuple) else (m.string,))]
        if missing:
            sys.stderr.write(f"{po}: {len(missing)} untranslated\n")
    write_cyrillic()
    compile_all()


def write_cyrillic() -> None:
    """Serbian in Cyrillic (``sr_Cyrl``) made from the Latin catalog; an entry corrected
    by hand there is kept while its Latin text stays the same (:mod:`pfn.tools.cyrillic`)."""
    from babel.messages.pofile import read_po, write_po

    from pfn.tools.cyrillic import make_catalog

    with (LOCALE / "sr" / "LC_MESSAGES" / "pfn.po").open("rb") as source:
        latin = read_po(source, locale="sr")
    po = LOCALE / "sr_Cyrl" / "LC_MESSAGES" / "pfn.po"
    po.parent.mkdir(parents=True, exist_ok=True)
    before = None
    if po.exists():
        with po.open("rb") as source:
            before = read_po(source, locale="sr_Cyrl")
    with po.open("wb") as out:
        write_po(out, make_catalog(latin, before), width=88, sort_by_file=True)


if __name__ == "__main__":
    update()
