"""Game-independent agents. Each decides from its seat's observation only.

Search bots (:mod:`.search`) plan on states sampled through ``Observation.determinize``; they
and a user's own agent class are offered to every game as kinds of bot (:mod:`.names`, the
``asobi.bots`` entry points), which :func:`asobi.core.bots.make_bot` makes by name like every
other bot. Game-specific rule-based bots live with their game (``asobi.games.<id>.bots``) and are
offered through ``spec.bots``.
"""

from ..core.agent import Agent, RandomAgent
from .names import parse_search
from .search import Budget, ISMCTSAgent, MCTSAgent, SearchStats

__all__ = [
    "Agent",
    "Budget",
    "ISMCTSAgent",
    "MCTSAgent",
    "RandomAgent",
    "SearchStats",
    "parse_search",
]
