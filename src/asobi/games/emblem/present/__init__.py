"""What the front ends draw for the emblem card battle: the terminal's field, what a seat may read
on the table, the battle forecast beside each combat choice, the card catalogue and the browser's
board module."""

from __future__ import annotations

from importlib import resources

from asobi.core.hooks import Presentation

from .annotate import annotate, forecast_json
from .catalogue import catalogue
from .render import render
from .table import glossary, items

PRESENTATION = Presentation(
    render=render,
    items=items,
    glossary=glossary,
    annotate=annotate,
    forecast=forecast_json,
    catalogue=catalogue,
    board_script=resources.files(__name__).joinpath("board.js"),
)
