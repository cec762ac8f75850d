"""byston: ドレイクの野望, the strategic wargame of the Byston Well war (2–4 players).

The authored data and its checks (``tables.py``), the hex geometry (``hexes.py``), the state
(``state.py``) and the whole turn (``rules/``), the declared spaces (``space.py``), the observation
tensor (``tensor.py``), the rule bot (``bots.py``), what the front ends draw (``present/``) and the
spec that declares it all to asobi (``spec.py``, the ``asobi.games`` entry point ``byston``). The
printed rules are ``shared/rules/byston-wargame.ja.txt``; our decisions on their gaps are
``docs/byston/rules-notes.md`` (ids ``B-n``, in ``rules/completion.tsv``).
"""
