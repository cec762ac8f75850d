"""What the front ends draw for Liar's Dice (the spec's ``present``), each a plain function of a
seat's view, so it shows the seat nothing its view does not:

- ``render.render(view, seat, lang)``: the terminal drawing;
- ``table.items(view, lang)``: the things on the table a seat may read in full (``i KEY``), and
  ``table.glossary(lang)``, the game's words;
- ``board.js``: the browser's board module (``AsobiBoards.liars_dice``), served by ``asobi serve``
  from this package.
"""

from __future__ import annotations

from importlib import resources

from asobi.core.hooks import Presentation

from .render import render
from .table import glossary, items

PRESENTATION = Presentation(
    render=render,
    items=items,
    glossary=glossary,
    board_script=resources.files(__name__).joinpath("board.js"),
)
