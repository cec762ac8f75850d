"""Liar's Dice for asobi: a game in its own distribution (``asobi-liars-dice``).

Each player rolls dice under a cup that only they may look into; in turn they bid on how many dice
of a face the whole table shows, until someone challenges the last bid and every cup is lifted.
The loser of each challenge loses a die; the last player with dice wins. The rules are our own
short rulebook, ``rules/completion.tsv`` (Japanese and English).

The package is reached through its spec (``spec.SPEC``), which the distribution declares under
the entry point group ``asobi.games``; importing the package registers nothing.
"""
