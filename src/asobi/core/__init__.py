"""The engine every game stands on: states, actions, chance, views, logs, records and errors."""

from .actions import Action, action_from_json, action_to_json
from .agent import Agent, RandomAgent, derive_seed
from .errors import (
    ActionError,
    AsobiError,
    BadDataError,
    BadOptionsError,
    BadRecordError,
    IllegalActionError,
    MalformedActionError,
    RulesVersionError,
)
from .events import Event, render_event
from .options import Option
from .record import GameRecord, replay
from .registry import GENERAL_SUM, GameSpec, Utility, all_games, get_game, register
from .state import CHANCE, TERMINAL, GameState, Outcome

__all__ = [
    "CHANCE",
    "GENERAL_SUM",
    "TERMINAL",
    "Action",
    "ActionError",
    "Agent",
    "AsobiError",
    "BadDataError",
    "BadOptionsError",
    "BadRecordError",
    "Event",
    "GameRecord",
    "GameSpec",
    "GameState",
    "IllegalActionError",
    "MalformedActionError",
    "Option",
    "Outcome",
    "RandomAgent",
    "RulesVersionError",
    "Utility",
    "action_from_json",
    "action_to_json",
    "all_games",
    "derive_seed",
    "get_game",
    "register",
    "render_event",
    "replay",
]
