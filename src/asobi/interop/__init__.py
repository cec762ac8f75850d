"""Adapters that let outside clients play asobi games (the optional extra ``[interop]``).

- :mod:`asobi.interop.pettingzoo` — ``env(game_id, **options)``, a PettingZoo AEC environment, and
  ``parallel_env(game_id, **options)``.
- :mod:`asobi.interop.gymnasium` — importing it registers every installed game with Gymnasium as
  ``asobi/<id>-v0``: one learning seat, asobi's bots at the others.
- :mod:`asobi.interop.openspiel` — importing it registers every game with ``pyspiel`` as
  ``asobi_<id>``.

All number actions through the game's declared spaces (``spec.spaces.actions`` and
``spec.spaces.chance``) and observe through the game's observation writer and ``state.view(seat)``,
so a client sees exactly what a seat may know. No module is imported by the rest of asobi: they
need ``numpy``, ``gymnasium``, ``pettingzoo`` and ``open_spiel`` (``pip install 'asobi[interop]'``).
docs/interop.md shows each in a few lines, with what it costs beside the game.
"""

from ._codec import Codec, MissingSpaceError, codec_for

__all__ = ["Codec", "MissingSpaceError", "codec_for"]
