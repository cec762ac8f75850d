"""The declared action spaces (asobi.core.spaces): typed parameters, ids in action order, errors
naming the action, and the check the conformance harness runs."""

from __future__ import annotations

import pytest

from asobi.core import spaces
from asobi.core.actions import HIDDEN
from asobi.core.errors import MalformedActionError
from asobi.core.spaces import ActionSpace, Choice, Combos, IntRange, Verb, check_space, combos


@pytest.fixture(autouse=True, params=["whole", "by-parameter"])
def lookup(request, monkeypatch):
    """Every test twice: a space held whole (small spaces), and one encoded parameter by parameter
    (large spaces)."""
    if request.param == "by-parameter":
        monkeypatch.setattr(spaces, "TABLE_MAX", 0)
    return request.param


def toy_space(max_legal: int = 10) -> ActionSpace:
    """Every encoder and decoder shape: no parameter, one, two, three, tuples, strings."""
    return ActionSpace(
        [
            Verb("move", IntRange(0, 3), IntRange(0, 3)),
            Verb("end"),
            Verb("draw", Choice(["β2", "α1", "γ3"])),
            Verb("pick", Combos(range(4), 2)),
            Verb("legacy", IntRange(0, 2), IntRange(5, 6), IntRange(0, 1)),
            Verb("mark", IntRange(0, 1), Choice([(1, 2), (0,)])),
        ],
        max_legal,
    )


def every_action(space: ActionSpace) -> list[tuple]:
    return [space.decode(i) for i in range(space.size)]


# ---- parameters -------------------------------------------------------------------------------------
def test_parameters_keep_their_values_sorted():
    assert IntRange(2, 5).values == (2, 3, 4, 5)
    assert Choice(["b", "a", "b"]).values == ("a", "b")
    assert Choice([3, 1, 2]).index == {1: 0, 2: 1, 3: 2}
    assert Combos([2, 0, 1], 2).values == ((0,), (0, 1), (0, 2), (1,), (1, 2), (2,))
    assert combos([0, 1, 2], 3, min_size=2) == [(0, 1), (0, 2), (1, 2), (0, 1, 2)]
    assert len(Combos(range(12), 3)) == 12 + 66 + 220


@pytest.mark.parametrize(
    "values",
    [[], [1, "a"], [1, True], [1.5], ["a", HIDDEN], [(1, HIDDEN)], [[1, 2]]],
    ids=["empty", "mixed", "bool", "float", "hidden", "hidden-in-tuple", "list"],
)
def test_a_parameter_refuses_bad_values(values):
    with pytest.raises((ValueError, TypeError)):
        Choice(values)


def test_a_space_refuses_a_bad_declaration():
    with pytest.raises(ValueError, match="twice"):
        ActionSpace([Verb("end"), Verb("end", IntRange(0, 1))], 1)
    with pytest.raises(ValueError):
        ActionSpace([Verb("end")], 0)
    with pytest.raises(ValueError):
        ActionSpace([], 1)
    with pytest.raises(ValueError):
        Verb(HIDDEN)
    with pytest.raises(ValueError):
        IntRange(3, 2)


# ---- ids -------------------------------------------------------------------------------------------
def test_size_and_offsets_follow_verb_order():
    space = toy_space()
    assert [v.name for v in space.verbs] == ["draw", "end", "legacy", "mark", "move", "pick"]
    assert space.size == 3 + 1 + 12 + 4 + 16 + 10
    assert space.offsets == {"draw": 0, "end": 3, "legacy": 4, "mark": 16, "move": 20, "pick": 36}
    assert len(space) == space.size


def test_ids_are_mixed_radix_first_parameter_most_significant():
    space = toy_space()
    assert space.encode(("draw", "α1")) == 0
    assert space.encode(("end",)) == 3
    assert space.encode(("move", 2, 3)) == 20 + 2 * 4 + 3
    assert space.encode(("legacy", 1, 6, 0)) == 4 + 1 * 4 + 1 * 2 + 0
    assert space.decode(20 + 2 * 4 + 3) == ("move", 2, 3)
    assert space.decode(36) == ("pick", (0,))


def test_every_id_round_trips_and_ids_follow_action_order():
    space = toy_space()
    actions = every_action(space)
    assert actions == sorted(actions), "ids in the same order as the actions sort"
    assert len(set(actions)) == space.size
    assert [space.encode(a) for a in actions] == list(range(space.size))
    assert all(space.contains(a) and a in space for a in actions)
    assert space.encode_all(actions[::-1]) == list(range(space.size))[::-1]


@pytest.mark.parametrize(
    "action",
    [
        ("fly",),  # unknown verb
        ("end", 1),  # wrong arity
        ("move", 1),
        ("move", 1, 2, 3),
        ("move", 1, 4),  # a value outside its parameter
        ("move", 1, True),  # a bool is not an int
        ("move", 1.0, 2),  # nor is a float
        ("draw", HIDDEN),  # a redacted action
        ("draw", "δ1"),
        ("pick", (2, 1)),  # not a sorted combination
        ("pick", (0, True)),
        ("pick", [0, 1]),  # a list is not a tuple
        ("mark", 0, (1, 2.0)),
        ("legacy", 0, 5, "0"),
        ["end"],  # an action is a tuple
        (),
        "end",
        None,
    ],
)
def test_encode_refuses_an_action_outside_the_space_naming_it(action):
    space = toy_space()
    assert not space.contains(action)
    with pytest.raises(MalformedActionError) as err:
        space.encode(action)
    assert err.value.action == action
    assert repr(action) in str(err.value)


class _Index:
    def __index__(self) -> int:
        return 3


@pytest.mark.parametrize("bad", [-1, 46, 10**9, "3", True, 1.0, None])
def test_decode_refuses_an_id_out_of_range_naming_it(bad):
    space = toy_space()
    with pytest.raises(MalformedActionError) as err:
        space.decode(bad)
    assert err.value.action == bad or err.value.action is bad


def test_decode_takes_int_like_ids():
    assert toy_space().decode(_Index()) == ("end",)


def test_label_defers_to_the_state():
    class FakeState:
        def action_label(self, action, lang="en"):
            return f"{lang}:{action!r}"

    space = toy_space()
    assert space.label(("end",), "ja", FakeState()) == "ja:('end',)"
    assert space.label(3, "en", FakeState()) == "en:('end',)"


def test_max_legal_is_at_most_the_size():
    assert ActionSpace([Verb("end")], 50).max_legal == 1
    assert toy_space(7).max_legal == 7


def test_describe_is_json_ready():
    import json

    d = toy_space().describe()
    json.dumps(d)
    assert d["size"] == 46 and d["verbs"][0] == {
        "name": "draw",
        "offset": 0,
        "size": 3,
        "params": [{"type": "choice", "values": ["α1", "β2", "γ3"]}],
    }


# ---- the harness's check ------------------------------------------------------------------------------
def test_check_space_passes_actions_in_the_space():
    space = toy_space()
    check_space(space, [("draw", "α1"), ("end",), ("move", 0, 3), ("pick", (1, 3))], "here")
    check_space(space, [("move", 0, 3), ("end",)], "unsorted input is fine: it is sorted here")
    check_space(space, [], "nothing offered")


def test_check_space_fails_on_an_action_outside_the_space():
    with pytest.raises(AssertionError, match=r"step 7: action \('move', 0, 9\) is not in"):
        check_space(toy_space(), [("end",), ("move", 0, 9)], "step 7")
    with pytest.raises(AssertionError, match="not in"):
        check_space(toy_space(), [("draw", HIDDEN)], "redacted")


def test_check_space_fails_when_more_are_legal_than_max_legal():
    actions = [("move", 0, b) for b in range(4)]
    check_space(toy_space(4), actions, "at the bound")
    with pytest.raises(AssertionError, match="more than the space's max_legal 3"):
        check_space(toy_space(3), actions, "over")


class _Reversed(ActionSpace):
    """A broken space: ids in the reverse of action order (round trips still hold)."""

    def encode(self, action):
        return self.size - 1 - super().encode(action)

    def decode(self, action_id):
        return super().decode(self.size - 1 - action_id)


class _Lossy(ActionSpace):
    """A broken space whose ids decode to another action."""

    def decode(self, action_id):
        return super().decode((action_id + 1) % self.size)


def test_check_space_fails_when_ids_are_out_of_order():
    verbs = toy_space().verbs
    broken = _Reversed(verbs, 10)
    check_space(broken, [("end",)], "one action has no order")
    with pytest.raises(AssertionError, match="ids do not increase with action order"):
        check_space(broken, [("end",), ("move", 0, 1)], "reversed")


def test_check_space_fails_when_an_id_does_not_decode_back():
    with pytest.raises(AssertionError, match="decodes to"):
        check_space(_Lossy(toy_space().verbs, 10), [("end",)], "lossy")


def test_check_space_fails_on_duplicates():
    with pytest.raises(AssertionError, match="ids do not increase"):
        check_space(toy_space(), [("end",), ("end",)], "twice")


def test_both_lookups_are_exercised(lookup):
    held_whole = toy_space()._actions is not None
    assert held_whole == (lookup == "whole")
