"""Game-independent agents. Each decides from its seat's observation only.

Search bots (:mod:`.search`) plan on states sampled through ``Observation.determinize``;
:func:`make_bot` resolves every bot name a seat may be given (``random``, a game's own bots, and
``mcts``/``ismcts`` with parameters, :mod:`.names`). Game-specific rule-based bots live with
their game (``asobi.games.<id>.bots``) and are offered through ``GameSpec.bots``.
"""

from ..core.agent import Agent, RandomAgent
from .names import BotNameError, bot_names, check_bot_name, make_bot, parse_search, seat_kind
from .search import Budget, ISMCTSAgent, MCTSAgent, SearchStats

__all__ = [
    "Agent",
    "BotNameError",
    "Budget",
    "ISMCTSAgent",
    "MCTSAgent",
    "RandomAgent",
    "SearchStats",
    "bot_names",
    "check_bot_name",
    "make_bot",
    "parse_search",
    "seat_kind",
]
