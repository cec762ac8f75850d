"""What the front ends draw for パラレルレギオン: the terminal's board, what a seat may read on the
table, the card catalogue and the browser's board module with the effects it names."""

from __future__ import annotations

from importlib import resources

from asobi.core.hooks import Presentation

from ..view import static_board
from .catalogue import catalogue
from .render import render
from .table import glossary, items

PRESENTATION = Presentation(
    render=render,
    items=items,
    glossary=glossary,
    catalogue=catalogue,
    board_script=resources.files(__name__).joinpath("board.js"),
    board_data=static_board,  # what each stack item's effect does, in ja and en
)
