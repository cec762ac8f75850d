"""emblem: the 2-player card battle whose game flow is chapter 2 of the Fire Emblem TCG rules.

The printed chapter is enforced clause by clause; the rest of the game (the field, movement,
combat, keywords, winning, the card pool and decks) is this project's completion, written down in
``docs/emblem/rules-notes.md`` with ids ``C-n`` and kept apart from the printed ids. The spec that
declares the game to asobi is ``spec.py`` (the ``asobi.games`` entry point ``emblem``).
"""
