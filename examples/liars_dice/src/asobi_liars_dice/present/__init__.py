"""What the front ends draw for Liar's Dice, as plain functions of a seat's view:

- ``text.render(view, seat, lang)``: the terminal drawing;
- ``items.items(view, lang)``: the things on the table a seat may read (``i KEY`` in the terminal);
- ``board.js``: the browser's board module (``AsobiBoards.liars_dice``), read by
  :func:`board_script`.

They read only the view, so they show a seat nothing its view does not.
"""

from __future__ import annotations

from importlib import resources

BOARD_MODULE = "board.js"


def board_script() -> str:
    """The browser board module's source (served as ``/static/boards/liars_dice.js``)."""
    return resources.files(__name__).joinpath(BOARD_MODULE).read_text(encoding="utf-8")
