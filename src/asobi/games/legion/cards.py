"""How cards and seats are numbered in the state."""

ARMY = 100
"""Hand entries are code kinds 0..8 (α1..γ3) or ``ARMY + k`` for army card ``k``."""

SEATS = "ABCDE"
