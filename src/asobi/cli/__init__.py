"""The ``asobi`` command: one module per command group, every option through click.

:mod:`.app` holds the group, :mod:`.game_options` makes each game's declared options click options.
"""

from .app import main

__all__ = ["main"]
