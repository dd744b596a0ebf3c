"""``pfn explain`` and ``pfn rules``: what each diagnostic means and every house rule.

Every code of :mod:`pfn.codes` carries what it means, a record that gives it (the
tests check each one does), and the fix; this module says them.
"""

from __future__ import annotations

from pfn.codes import ALL, BRIEF, Code, find_loose
from pfn.i18n import N_, tr

ENTRIES: dict[str, Code] = ALL
"""Every code with its explanation (the codes carry it)."""
__all__ = ["BRIEF", "ENTRIES", "explanation", "normalize", "rules_table"]


def normalize(code: str) -> str:
    """``E503``, ``503``, ``pfn-e503`` → ``PFN-E503``."""
    found = find_loose(code)
    return str(found) if found is not None else code.strip().upper()


def explanation(code: str) -> str | None:
    """The text ``pfn explain`` prints for ``code`` (``None`` if there is no such code)."""
    entry = find_loose(code)
    if entry is None:
        return None
    lines = [f"{entry} ({tr(entry.severity.value)}): {tr(entry.summary)}", "",
             tr(entry.meaning), "", tr("Fix: {fix}", fix=tr(entry.fix))]
    if entry.example is not None:
        lines += ["", tr("Example:"), "", *("    " + ln for ln in entry.example.splitlines())]
    return "\n".join(lines)


def _values_text(values: str) -> str:
    """An option's values as ``pfn rules`` shows them: the words typed stay as typed,
    "a number" and "e.g." are said in the run's language."""
    if values.startswith("e.g. "):
        return tr("e.g. {values}", values=values[len("e.g. "):])
    return "|".join(tr(N_("a number")) if v == "a number" else v for v in values.split("|"))


def rules_table(variant: str | None = None) -> str:
    """Every house-rule option with its values, description, source and default (of one
    variant, or of each)."""
    from pfn.rules.options import HouseRules
    from pfn.variants import VARIANTS, find_variant

    chosen = [find_variant(variant)] if variant is not None else list(VARIANTS)
    defaults = {v.name: v.default_rules() for v in chosen}
    out: list[str] = []
    if variant is not None:
        v = chosen[0]
        out += [f"{tr(v.title)} — {v.name}", tr("source: {source}", source=v.source), ""]
    for item in HouseRules.describe():
        key = item["key"]
        out.append(f"{key}  ({_values_text(item['values'])})")
        out.append("    " + tr(item["doc"]))
        if variant is not None:
            out.append("    " + tr("default: {value}",
                                    value=defaults[chosen[0].name].value_text(key)))
        else:
            out.append("    " + tr("defaults: {values}", values=", ".join(
                f"{name} {rules.value_text(key)}" for name, rules in defaults.items())))
        out.append("    " + tr("source: {source}", source=tr(item["source"])))
    out.append("")
    out.append(tr("Set them in a record with [Rules \"key=value; …\"] or on the command line"
                  " with --rule key=value."))
    return "\n".join(out) + "\n"
