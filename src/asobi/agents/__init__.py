"""Game-independent agents. Each sees only its seat's view and the legal actions.

Game-specific rule-based bots live with their game (``asobi.games.<id>.bots``) and are offered
through ``GameSpec.bots``.
"""

from ..core.agent import Agent, RandomAgent

__all__ = ["Agent", "RandomAgent"]
