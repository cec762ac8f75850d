"""Adapters that let outside clients play asobi games (the optional extra ``[interop]``).

- :mod:`asobi.interop.pettingzoo` — ``env(game_id, **options)``, a PettingZoo AEC environment.
- :mod:`asobi.interop.openspiel` — importing it registers every game with ``pyspiel`` as
  ``asobi_<id>``.

Both number actions through the game's declared spaces (``spec.spaces.actions`` and
``spec.spaces.chance``) and observe through ``state.observation_tensor(seat)`` and
``state.view(seat)``, so a client sees exactly what a seat may know. Neither module is imported by
the rest of asobi: they need ``numpy``, ``gymnasium``, ``pettingzoo`` and ``open_spiel``
(``pip install 'asobi[interop]'``).
"""

from ._codec import Codec, MissingSpaceError, codec_for

__all__ = ["Codec", "MissingSpaceError", "codec_for"]
