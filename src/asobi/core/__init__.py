"""The engine every game stands on: states, actions, chance, views, logs, records and errors."""

from .actions import Action, action_from_json, action_to_json
from .agent import Agent, RandomAgent
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
from .hooks import GENERAL_SUM, Presentation, SearchHooks, StopHooks, StudyHooks, Utility
from .options import Option
from .record import GameRecord
from .registry import all_games, get_game
from .replay import replay
from .seeding import derive_seed
from .spec import GameInfo, GameSpec, RecordHooks, Spaces
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
    "GameInfo",
    "GameRecord",
    "GameSpec",
    "GameState",
    "IllegalActionError",
    "MalformedActionError",
    "Option",
    "Outcome",
    "Presentation",
    "RandomAgent",
    "RecordHooks",
    "RulesVersionError",
    "SearchHooks",
    "Spaces",
    "StopHooks",
    "StudyHooks",
    "Utility",
    "action_from_json",
    "action_to_json",
    "all_games",
    "derive_seed",
    "get_game",
    "render_event",
    "replay",
]
