"""The OpenSpiel adapter: registration, OpenSpiel's random simulation test (serialisation
included) on every game, clones through our ``clone()``, observations through our views,
OpenSpiel's MCTS bot playing, and its ISMCTS bot playing whole games on states resampled from a
seat's information state."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

pytest.importorskip("pyspiel", reason="the [interop] extra is not installed")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from asobi.core import CHANCE, all_games
from asobi.core.bots import make_bot
from asobi.interop import openspiel as aos
from support import depth

from .games import cases, missing
from .spaced_toy import SPACED_SPEC, SpacedHighCard

SIMS = depth.OPENSPIEL_SIMS
ISMCTS_SIMS = depth.OPENSPIEL_ISMCTS_SIMS
ROLLOUT_STEPS = 10
"""How far OpenSpiel's ISMCTS rolls out from a leaf in whole games against ours: what the test
checks (resampling at every simulation, legal choices, the game played out) does not need its
leaves valued by random play to the end, which in byston is thousands of steps a leaf."""


@pytest.fixture(scope="module")
def toy() -> pyspiel.Game:
    name = aos.register_game(SPACED_SPEC, aos.Utility("constant_sum", 0.0, 1.0, 1.0))
    return pyspiel.load_game(name)


def _dealt(game: pyspiel.Game, cards: list[int]) -> pyspiel.State:
    """A toy state after dealing ``cards`` in turn (seat A, B, A, B)."""
    state = game.new_initial_state()
    for card in cards:
        assert state.is_chance_node()
        state.apply_action(card - 1)
    return state


def test_toy_passes_random_sim_test(toy) -> None:
    pyspiel.random_sim_test(toy, num_sims=30, serialize=True, verbose=False)
    pyspiel.random_sim_test(
        pyspiel.load_game(toy.get_type().short_name, {"copies": 4}), num_sims=5, serialize=True, verbose=False
    )


def test_game_type_and_info(toy) -> None:
    gtype = toy.get_type()
    assert gtype.short_name == "asobi_toy_highcard_spaced"
    assert gtype.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert gtype.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gtype.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert gtype.parameter_specification == {"copies": 2}
    assert (toy.num_players(), toy.num_distinct_actions(), toy.max_chance_outcomes()) == (2, 4, 4)
    assert (toy.min_utility(), toy.max_utility(), toy.utility_sum()) == (0.0, 1.0, 1.0)
    assert toy.max_game_length() == SPACED_SPEC.info.max_steps
    assert toy.observation_tensor_shape() == [13]


def test_clones_go_through_our_clone(toy, monkeypatch) -> None:
    calls = []
    original = SpacedHighCard.clone

    def counted(self):
        calls.append(1)
        return original(self)

    def refused(self, memo):
        raise AssertionError("deepcopy of a game state")

    monkeypatch.setattr(SpacedHighCard, "clone", counted)
    monkeypatch.setattr(SpacedHighCard, "__deepcopy__", refused, raising=False)
    state = _dealt(toy, [1, 2, 3, 4])
    for make in (lambda: state.clone(), lambda: copy.deepcopy(state)):
        calls.clear()
        twin = make()
        assert len(calls) == 1
        assert str(twin) == str(state)
        twin.apply_action(twin.legal_actions()[0])
        assert str(twin) != str(state)
        assert twin.core is not state.core
    calls.clear()
    back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(toy, state))[1]
    assert str(back) == str(state)
    assert back.information_state_string(0) == state.information_state_string(0)
    assert str(pickle.loads(pickle.dumps(state))) == str(state)
    assert not calls  # serialisation goes through to_json/from_json


def test_observations_are_our_views_and_tensor(toy) -> None:
    state = _dealt(toy, [1, 2, 3, 4])
    core = state.core
    for seat in (0, 1):
        assert state.observation_string(seat) == aos._json(core.view(seat))
        assert state.observation_tensor(seat) == core.observation_tensor(seat)
        assert state.information_state_string(seat).startswith('{"seen":')


def test_information_state_hides_what_the_seat_may_not_know(toy) -> None:
    a = _dealt(toy, [1, 2, 3, 4])  # A holds 1, 3; B holds 2, 4
    b = _dealt(toy, [1, 4, 3, 2])  # the same for A; B holds the same cards dealt in another order
    c = _dealt(toy, [1, 2, 3, 3])  # B holds 2, 3
    assert a.information_state_string(0) == c.information_state_string(0)
    assert a.information_state_string(1) != c.information_state_string(1)
    assert a.information_state_string(1) != b.information_state_string(1)  # B saw its cards in another order
    # What B plays next is seen by A.
    for s in (a, c):
        s.apply_action(0)  # A plays 1
    assert a.information_state_string(0) == c.information_state_string(0)
    a.apply_action(1)  # B plays 2
    c.apply_action(2)  # B plays 3
    assert a.information_state_string(0) != c.information_state_string(0)


def test_the_digest_does_not_depend_on_when_it_was_asked(toy) -> None:
    asked, unasked = _dealt(toy, [1, 2, 3, 4]), _dealt(toy, [1, 2, 3, 4])
    for _ in range(3):
        asked.information_state_string(0)
        asked.information_state_string(1)
        for s in (asked, unasked):
            s.apply_action(s.legal_actions()[0])
    assert asked.information_state_string(0) == unasked.information_state_string(0)
    assert asked.information_state_string(1) == unasked.information_state_string(1)


def test_action_strings_name_our_actions(toy) -> None:
    state = toy.new_initial_state()
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, i) for i in range(4)] == [
        '["deal",1]',
        '["deal",2]',
        '["deal",3]',
        '["deal",4]',
    ]
    state = _dealt(toy, [1, 2, 3, 4])
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == ['["play",1]', '["play",3]']


def test_mcts_bot_plays_the_toy(toy) -> None:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [mcts.MCTSBot(toy, 2.0, 40, evaluator, random_state=np.random.RandomState(s)) for s in (1, 2)]
    rng = np.random.RandomState(3)
    for _ in range(3):
        state = toy.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                action = bots[state.current_player()].step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
        assert sum(state.returns()) == 1.0


def test_every_registered_game_is_registered_with_pyspiel() -> None:
    aos.register_all()  # games registered with asobi after the import (test games) too
    names = set(pyspiel.registered_names())
    for param in cases():
        spec = param.values[0]
        if spec.spaces.actions is not None and spec.spaces.chance is not None:
            assert f"asobi_{spec.id}" in names
        else:
            assert spec.id in aos.SKIPPED


@pytest.mark.parametrize(("spec", "options"), cases())
def test_every_game_passes_random_sim_test(spec, options) -> None:
    why = missing(spec, options, chance=True, tensor=spec.spaces.observation_shape is not None)
    if why:
        pytest.skip(why)
    game = pyspiel.load_game(f"asobi_{spec.id}", options)
    assert game.num_players() == len(spec.seat_names(spec.validate_options(options)))
    pyspiel.random_sim_test(game, num_sims=SIMS, serialize=True, verbose=False)


def _first_cases() -> list[object]:
    out, seen = [], set()
    for c in cases():
        if c.values[0].id not in seen:
            seen.add(c.values[0].id)
            out.append(c)
    return out


@pytest.mark.parametrize(("spec", "options"), _first_cases())
def test_mcts_bot_runs_on_every_game(spec, options) -> None:
    why = missing(spec, options, chance=True, tensor=False)
    if why:
        pytest.skip(why)
    game = pyspiel.load_game(f"asobi_{spec.id}", options)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0), max_length=100)
    bot = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=np.random.RandomState(1))
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 4:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert decisions == 4 or state.is_terminal()


def _seat_cases() -> list[object]:
    """Each registered game with its default options, once per seat."""
    out = []
    for spec in all_games():
        for seat in range(len(spec.seat_names(spec.validate_options({})))):
            out.append(pytest.param(spec, {}, seat, id=f"{spec.id}-seat{seat}"))
    return out


@pytest.mark.parametrize(("spec", "options", "seat"), _seat_cases())
def test_openspiel_ismcts_plays_whole_games_against_ours(spec, options, seat) -> None:
    """OpenSpiel's ISMCTS (which asks ``resample_from_infostate`` at every simulation and checks
    that the sample has the seat's information state) at one seat, asobi's ISMCTS at the others,
    to the end of the game."""
    why = missing(spec, options, chance=True, tensor=False)
    if why:
        pytest.skip(why)
    game = pyspiel.load_game(f"asobi_{spec.id}", options)
    samples = np.random.RandomState(seat)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0), max_length=ROLLOUT_STEPS)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, ISMCTS_SIMS, random_state=np.random.RandomState(1))
    # Seeded samples (OpenSpiel's own call seeds each from the clock), so the game repeats.
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, samples.uniform))
    state = game.new_initial_state()
    ours = {
        s: make_bot(spec, "ismcts:iters=4", s, 7, game.options) for s in range(game.num_players())
        if s != seat
    }
    chance = np.random.RandomState(2)
    searched = 0
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(chance.choice(actions, p=probs)))
        elif player == seat:
            searched += len(state.legal_actions()) > 1
            action = int(bot.step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(state.codec.index(ours[player].act(spec.observe(state.core, player))))
    assert searched > 0
    assert len(state.returns()) == game.num_players()


@pytest.mark.parametrize(("spec", "options"), _first_cases())
def test_resampling_keeps_the_information_state_and_its_tensor(spec, options) -> None:
    """Along a random game, at each decision: a state resampled for the seat to act (OpenSpiel's
    own call, its sampler seeded from the clock) and one for each other seat has that seat's
    information state string, information-state tensor, observation and legal actions."""
    why = missing(spec, options, chance=True, tensor=False)
    if why:
        pytest.skip(why)
    game = pyspiel.load_game(f"asobi_{spec.id}", options)
    tensors = game.get_type().provides_information_state_tensor
    assert tensors == (spec.spaces.information_state_shape is not None)
    if tensors:
        assert game.information_state_tensor_shape() == list(spec.spaces.information_state_shape(game.options))
    rng = np.random.RandomState(5)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 40:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        for player in range(game.num_players()):
            sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0) if player == state.current_player() else rng.uniform
            sample = state.resample_from_infostate(player, sampler)
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert sample.observation_string(player) == state.observation_string(player)
            if tensors:
                assert sample.information_state_tensor(player) == state.information_state_tensor(player)
            assert sample.current_player() == state.current_player()
            if player == state.current_player():
                assert sample.legal_actions() == state.legal_actions()
        legal = state.legal_actions()
        state.apply_action(legal[rng.randint(len(legal))])
        decisions += 1
    assert decisions > 0


@pytest.mark.parametrize(("spec", "options"), _first_cases())
def test_a_states_ids_and_history_are_the_codecs_and_the_games_at_every_step(spec, options) -> None:
    """Through a random game: the legal ids (chance: the ``(id, probability)`` pairs) are the
    codec's for the state's own listing, a clone's too, and the history keeps each decision's
    log length as the state counts it (``log_length()``), however the adapter reads it."""
    why = missing(spec, options, chance=True, tensor=False)
    if why:
        pytest.skip(why)
    game = pyspiel.load_game(f"asobi_{spec.id}", options)
    codec = aos._codec(spec, spec.validate_options(options))
    rng = np.random.RandomState(9)
    state = game.new_initial_state()
    expected = []
    while not state.is_terminal():
        core = state.core
        twin = state.clone()
        if state.is_chance_node():
            pairs = codec.chance(core)
            assert state.chance_outcomes() == pairs == twin.chance_outcomes()
            assert state.legal_actions() == [i for i, _ in pairs]
            ids, probs = zip(*pairs, strict=True)
            action = int(rng.choice(ids, p=np.asarray(probs) / sum(probs)))
            expected.append((CHANCE, action, 0))
        else:
            ids = codec.ids(core.legal_actions())
            assert state.legal_actions() == ids == twin.legal_actions()
            assert state.legal_actions(state.current_player()) == ids
            action = int(rng.choice(ids))
            expected.append((state.current_player(), action, core.log_length()))
        state.apply_action(action)
        assert twin.history() == [a for _, a, _ in expected[:-1]]  # the clone stayed where it was
    assert state._core.steps() == expected
    assert state.history() == [a for _, a, _ in expected]


def test_remembered_chance_pairs_are_each_games_own() -> None:
    """A chance outcome tuple given again gets its pairs from memory, and from its own game's
    codec: the same tuple through a codec whose chance space numbers the outcomes otherwise gets
    that codec's ids."""
    from asobi.core import Spaces

    from .spaced_toy import CardSpace

    class Reversed(CardSpace):
        def encode(self, action: tuple[object, ...]) -> int:
            return self.size - 1 - super().encode(action)

        def decode(self, index: int) -> tuple[object, ...]:
            return super().decode(self.size - 1 - index)

    other = dataclasses.replace(
        SPACED_SPEC,
        id="toy-highcard-reversed",
        spaces=Spaces(
            actions=SPACED_SPEC.spaces.actions,
            chance=lambda options: Reversed("deal"),
            observation_shape=SPACED_SPEC.spaces.observation_shape,
        ),
    )
    outcomes = ((("deal", 1), 0.25), (("deal", 2), 0.75))
    for spec, ids in ((SPACED_SPEC, [0, 1]), (other, [3, 2])):
        codec = aos._codec(spec, spec.validate_options({}))
        core = aos._Core(codec, spec.new_state(spec.validate_options({})))
        first = core.chance_pairs(outcomes)
        assert first == list(zip(ids, (0.25, 0.75), strict=True))
        assert core.chance_pairs(outcomes) is first  # remembered for this tuple
        assert core.chance_pairs(tuple(outcomes)) is first  # (the same tuple: tuple() returns it)
        assert core.chance_pairs(tuple(list(outcomes))) == first  # an equal tuple: made again
