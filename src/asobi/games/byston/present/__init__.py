"""What the front ends draw for ドレイクの野望: the terminal's map, what a seat may read on the table,
the counters' catalogue, the browser's hex board with its printed map, what each choice names on
it (a hex, a counter, where a ship may go and at what cost), who controls each income hex now, a
battle's odds beside the choices made in it, how the terminal groups the choices (a stack, then
its ships) and what a step of a move costs, and the commands only this game has."""

from __future__ import annotations

from importlib import resources

from asobi.core.hooks import Presentation

from .board import battle_odds, control_view, static_board
from .catalogue import catalogue
from .choices import annotate, choice_group, shortcuts
from .commands import COMMANDS
from .render import render_view
from .table import glossary, items
from .targets import targets

PRESENTATION = Presentation(
    render=render_view,
    items=items,
    glossary=glossary,
    forecast=battle_odds,  # type: ignore[arg-type]
    targets=targets,  # type: ignore[arg-type]
    catalogue=catalogue,
    board_script=resources.files(__name__).joinpath("board.js"),
    board_data=static_board,
    view_extras=control_view,  # type: ignore[arg-type]
    commands=COMMANDS,
    annotate=annotate,  # type: ignore[arg-type]
    choice_group=choice_group,  # type: ignore[arg-type]
    shortcuts=shortcuts,  # type: ignore[arg-type]
)
