"""A deal played card by card, as an animated GIF or PNG (APNG), for forums and slides.

One frame a card (:func:`pfn.render.position.card_positions`): the hands before the
lead, each card as it falls with the comments and the ``?``/``??`` marks written on
it so far under the diagram, and the result at the end.  Each frame is a diagram
drawn as :func:`pfn.render.diagram.position_figure` draws it; the frames are made the
same size (the tallest, white below) and held longer at the end of a trick.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import replace

from pfn.render.fit import drawn_at
from pfn.render.look import Style
from pfn.render.position import Scene, card_positions
from pfn.rules.replay import Replay
from pfn.seats import Seat

CARD = 900
"""Milliseconds a card is shown before the next falls."""
TRICK = 1800
"""A complete trick, its winner framed."""
ENDS = 3000
"""The first frame (the hands) and the last (the result)."""
ANIMATIONS = ("gif", "apng")


def frames(replay: Replay, style: Style = Style(), hidden: Sequence[Seat] = (),
           dpi: int = 100) -> tuple[list[bytes], list[int]]:
    """Each frame as a PNG, and how long it is shown (milliseconds)."""
    from pfn.render.diagram import position_figure
    from pfn.render.picture import picture_bytes

    moments = card_positions(replay, frozenset(hidden))
    # a fixed frame: the box is not cut to each frame's drawing
    look = replay_style(style)
    with drawn_at(dpi):  # the frames' text measured as they are drawn
        pictures = [picture_bytes(position_figure(pos, look), "png", dpi) for pos in moments]
    return pictures, [_duration(pos, i, len(moments)) for i, pos in enumerate(moments)]


def replay_style(style: Style) -> Style:
    """The style of every frame: as asked, with one box for all (not cut to each)."""
    return replace(style, tight=False)


def _duration(pos: Scene, index: int, count: int) -> int:
    if index in (0, count - 1):
        return ENDS
    trick = pos.trick
    whole = trick is not None and trick.winner is not None
    return TRICK if whole else CARD


def animation(replay: Replay, kind: str = "gif", style: Style = Style(),
              hidden: Sequence[Seat] = (), dpi: int = 100) -> bytes:
    """The deal as an animated ``gif`` or ``apng`` (a PNG that moves), looping."""
    from PIL import Image

    pictures, durations = frames(replay, style, hidden, dpi)
    images = [Image.open(io.BytesIO(p)).convert("RGB") for p in pictures]
    wide = max(i.width for i in images)
    high = max(i.height for i in images)
    same = []
    for image in images:  # every frame the size of the largest, its picture at the top
        if image.size != (wide, high):
            canvas = Image.new("RGB", (wide, high), "white")
            canvas.paste(image, (0, 0))
            image = canvas
        same.append(image)
    buffer = io.BytesIO()
    first, rest = same[0], same[1:]
    if kind == "gif":
        first.save(buffer, format="GIF", save_all=True, append_images=rest,
                   duration=durations, loop=0, optimize=False)
    else:
        first.save(buffer, format="PNG", save_all=True, append_images=rest,
                   duration=durations, loop=0, default_image=False)
    return buffer.getvalue()
