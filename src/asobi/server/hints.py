"""A hint: what the game's ``normal`` level would do in the seat to decide, from that seat's
observation.

The bot is the one ``bot`` names for the game (:func:`asobi.core.bots.seat_kind`: its ``normal``
level, the rule bot where it has one) and it is handed an :class:`~asobi.core.agent.Observation`
of the seat, as any bot seat is: it decides from the seat's view and legal actions. Its generator is seeded from the game,
the seat and the state id, so asking twice gives the same hint and the hint depends on nothing the
seat cannot see (``tests/server/test_assist.py`` checks this on states that differ only in
hidden cards).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Action
from ..core.bots import make_bot, seat_kind
from ..core.match import Match
from ..core.seeding import derive_seed
from .errors import ServerError


@dataclass(frozen=True)
class Hint:
    action: Action
    label: str
    bot: str


def best_bot(match: Match) -> str:
    """The bot a seat of kind ``bot`` plays: the ``normal`` level."""
    return seat_kind(match.spec, "bot").removeprefix("bot:")


def hint(match: Match, seat: int, lang: str, salt: str) -> Hint:
    """The normal level's choice for ``seat``, which must be the person to decide now.

    :param salt: seeds the bot (with the seat and state id): the game's id, say.
    :raises ServerError: if ``seat`` is not the one to decide.
    """
    if match.waiting_for() != seat:
        raise ServerError("a hint is for the seat that must decide now", status=409)
    name = best_bot(match)
    bot = make_bot(match.spec, name, seat, derive_seed(salt, "hint", match.state_id), match.options)
    state = match.state
    action = bot.act(match.spec.observe(state, seat))
    return Hint(action, state.action_label(action, lang), name)
