"""パラレルレギオン (Parallel Legion): the co-operative defence of the Universe, 2–5 players.

The state (``state.py``) and its rules (``rules/``, one module per section), the content
(``content.py``, ``data/``), views and hidden information, the bots, the declared spaces, what
the front ends draw (``present/``) and the spec that declares it all to asobi (``spec.py``, the
``asobi.games`` entry point ``legion``).
"""
