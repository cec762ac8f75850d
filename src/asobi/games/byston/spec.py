"""The spec of ドレイクの野望: what asobi knows of the game (the ``asobi.games`` entry point
``byston``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asobi.core import GameInfo, GameSpec, Option, RecordHooks, SearchHooks, Spaces, StudyHooks
from asobi.core.hooks import Level, Levels

from .bots import bot_factories
from .control import camp_income
from .labels import localize
from .messages import MESSAGES, WORDS, ZELANA_RUNNER_WORDS
from .present import PRESENTATION
from .present.render import _DECISIONS as STEP_WORDS
from .space import action_space, chance_space
from .state import SEATINGS, ZELANA_RUNNERS, BystonState
from .tables import data_hash
from .tensor import information_state_shape, observation_shape, write_information_state, write_observation


def _new_state(options: Mapping[str, Any]) -> BystonState:
    return BystonState(options["players"], options["zelana_runner"])


def heuristic(state: Any, seat: int) -> float:
    """For search cut short: the Drake camp's income lead now, on 27.2's scale (+20 a complete
    victory, −30 Sheela's), as the seat's expected score."""
    assert isinstance(state, BystonState)
    drake, sheela = camp_income(state)
    lead = max(-30.0, min(20.0, float(drake - sheela)))
    drake_score = (lead + 30.0) / 50.0
    drake_seats = {state.seat_of(0), state.seat_of(1)}
    return drake_score if seat in drake_seats else 1.0 - drake_score


def camp_margin(metrics: Mapping[str, float], clause: str, options: Mapping[str, Any]) -> tuple[float, ...] | None:
    """Each seat's camp's lead in GP at the end (27.2's difference, Drake's camp's income minus
    Sheela's, for Drake's seats; its negative for Sheela's). A game Drake's removal ended (27.3)
    counts as at least Sheela's complete victory's −30, whatever the income then."""
    if "drake_lead" not in metrics:
        return None
    lead = metrics["drake_lead"]
    if clause == "27.3":
        lead = min(lead, -30.0)
    return tuple(lead if camp == 0 else -lead for camp in camps(options))


def camps(options: Mapping[str, Any]) -> tuple[int, ...]:
    """Each seat's camp (27.2): 0 for the seats running Drake or Ku, 1 for Sheela's."""
    of_country = SEATINGS[options["players"]][1]
    drake_seats = {of_country[0], of_country[1]}
    return tuple(0 if seat in drake_seats else 1 for seat in range(options["players"]))


LEVELS = Levels(
    easy=Level("mistakes:rate=0.1", 1.0, 1231.0),  # at 0.3 a camp falls apart: Sheela's complete victory every game
    normal=Level("rule", 1.0, 1500.0),
    hard=Level("bold", 1.0, 1570.0),  # the rule bot pressing on: docs/byston/strength.md, "The levels"
    # hard's bot, but at a declaration of war or a chance to raze its own building (at most 5 actions) it
    # plays each action out 10 times for 1,000 steps, values where each stops by the shipped learned model
    # of the final camp's lead (value.json, asobi train --target margin), and keeps the best: it beat hard by
    # +9.50 GP (+3.75 to +15.25) over 40 games; its Elo chained from hard's 1570 by its points share
    # against hard (70.0%); docs/byston/strength.md, "A learned leaf" and "The levels"
    expert=Level(
        "lookahead:base=hard:verbs=raze+declare:options=5:rollouts=10:depth=1000:lead=1:z=2:value=learned:time=3",
        3.0,
        1717.2,
    ),
    ladder="asobi ladder byston --bots easy,normal -n 100 --seed 5 --jobs 1 "
    "--results docs/byston/strength-results-levels.jsonl --doc docs/byston/strength-levels.md; "
    "asobi ladder byston --bots normal,hard -n 400 --seed 6 --jobs 1 --players 4 "
    "--results docs/byston/strength-results-levels-hard.jsonl --doc docs/byston/strength-levels-hard.md; "
    "asobi ladder byston --bots hard,lookahead:base=hard:verbs=raze+declare:options=5:rollouts=10:depth=1000:lead=1:z=2:"
    "value=learned -n 40 --seed 64 --jobs 1 --players 4 "
    "--results docs/byston/strength-results-expert-leaf.jsonl --doc docs/byston/strength-expert-leaf.md",
)
"""The levels a person may pick, rated in Elo points from their points share against ``normal``
(docs/byston/strength.md, "The levels"): ``hard`` is the rule bot whose ships turn back only for a
threat one phase's move away and, in Drake's camp, holds its land with forts and presses its
attacks (:class:`.bots.BoldBot`), which beats ``normal`` (59.9% of the points over 400 games, 95%
interval 55.0–64.6%); ``expert`` is that bot looking ahead where a choice is few and large
(:mod:`asobi.agents.lookahead`: a declaration of war, razing its own building), its playouts cut
at 1,000 steps and valued by the shipped learned model of the final margin, which beats ``hard``
(70.0% of the points over 40 games, camp's lead +9.50 GP, 95% interval +3.75 to +15.25); its
rating is chained from ``hard``'s by that share."""


SPEC = GameSpec(
    id="byston",
    title_ja="ドレイクの野望",
    title_en="Drake's Ambition",
    rules_version="1",
    options=(
        Option("players", int, 4, "number of players (1.2)", "プレイヤー数（1.2）", minimum=2, maximum=4,
               label=("人数", "Players")),
        Option(
            "zelana_runner",
            str,
            "follow",
            "the country whose player moves and fights with the Zelana (B-1)",
            "ゼラーナ隊を移動させ戦わせるプレイヤーの国（B-1）",
            choices=ZELANA_RUNNERS,
            label=("ゼラーナ隊を扱う国", "Who runs the Zelana"),
            choice_labels=ZELANA_RUNNER_WORDS,
        ),
    ),
    seat_names=lambda options: SEATINGS[options["players"]][0],
    new_state=_new_state,
    state_class=BystonState,
    rule_book="asobi.games.byston.rules",
    words={**WORDS, "step": STEP_WORDS},
    messages=MESSAGES,
    present=PRESENTATION,
    localize=localize,
    bots=bot_factories(),
    conformance_options=tuple({"players": p} for p in (2, 3, 4)),
    info=GameInfo(
        teams=camps,  # the camps score alike; with 3 players their scores do not add up to a constant
        public_views=True,  # open information: every seat sees the same (docs/byston/README.md)
        max_steps=20_000,
    ),
    spaces=Spaces(
        actions=action_space,
        chance=chance_space,
        observation_shape=observation_shape,
        write_observation=write_observation,
        information_state_shape=information_state_shape,
        write_information_state=write_information_state,
    ),
    records=RecordHooks(data_hash=data_hash),
    study=StudyHooks(margin=camp_margin, margin_name="camp's lead in GP (27.2)"),
    # the ladder's best: the rule bot as prior, the heuristic at the leaf, and a small c (the
    # heuristic moves 0.02–0.1 for a hex: c = 1 swamps it; docs/byston/strength.md)
    # value.json: a model of the final camp's lead (asobi train --target margin) for the expert's
    # lookahead (docs/byston/strength.md, "A learned leaf"); a search bot refuses it
    search=SearchHooks(heuristic=heuristic, exploration=0.05, prior="rule", rollout="heuristic",
                       value_model="asobi.games.byston:value.json"),
    levels=LEVELS,
)
