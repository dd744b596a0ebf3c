"""Charts of corpus counts (``pfn stats --plot``)."""

from __future__ import annotations

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from pfn.corpus.stats import Stats
from pfn.i18n import ptr, tr
from pfn.render.look import FONT
from pfn.render.picture import save


def stats_chart(stats: Stats) -> Figure:
    """The contracts played (deals) and how often each was made (%), in ladder order."""
    data = stats.as_dict()["contracts"]
    names = list(data)
    figure = Figure(figsize=(max(4.0, 0.5 * len(names) + 1.5), 4.2))
    FigureCanvasAgg(figure)
    deals, rates = figure.subplots(2, 1, sharex=True)
    positions = range(len(names))
    deals.bar(positions, [data[n]["deals"] for n in names], color="#3d5f9e")
    deals.set_ylabel(ptr("count", "deals"), family=FONT)
    rates.bar(positions, [(data[n]["success_rate"] or 0) * 100 for n in names],
              color="#1b7d2b")
    rates.set_ylabel(tr("made, %"), family=FONT)
    rates.set_ylim(0, 100)
    rates.set_xticks(list(positions), names, rotation=45, ha="right", family=FONT)
    deals.set_title(tr("deals: {deals}, records: {records}", deals=stats.deals,
                       records=stats.records), family=FONT)
    figure.set_label(f"pfn stats: {stats.deals} deals")
    figure.tight_layout()
    return figure


def save_stats_chart(stats: Stats, path: str) -> None:
    """Write :func:`stats_chart` to ``path`` (PNG, SVG or PDF, from its suffix)."""
    save(stats_chart(stats), path)
