"""Stops: the terminal passes for a person at the strategy windows they do not stop at (a client
setting; legion's printed timing, L-28, asks at many points)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from asobi.cli import main
from asobi.core.errors import AsobiError
from asobi.core.registry import get_game
from asobi.terminal.stops import auto_answer, default_stops, parse_stops
from legion.helpers import kind, position, run
from support.scenario import rule

LEGION = get_game("legion")
DEFAULT = default_stops(LEGION)


def _answer(s, stops=DEFAULT):
    seat = s.pending[1]
    return auto_answer(LEGION, s.view(seat), s.legal_actions(), stops)


@rule("L-28")
def test_a_window_with_nothing_to_play_is_passed_unless_the_stop_is_all():
    s = position(3, hands=[["S05", "α1"], [], []])  # S05: negate attacks, heal a hurt Space
    run(s, ("priority", "4.1", -1), then=("main", 0))
    assert s.pending == ("priority", 0, "4.1", -1)
    assert _answer(s) == ("pass",) and _answer(s, frozenset({"turn", "others", "enemy", "answer"})) == ("pass",)
    assert _answer(s, frozenset({"all"})) is None


@rule("L-28")
def test_the_default_stops_are_announced_effects_and_ones_own_turn():
    # B may play S04 (β: 1 damage to the enemy) in every window
    s = position(3, hands=[["α1"], ["S04", "β1"], []])
    s.turn = 1
    run(s, ("priority", "4.1", -1), then=("main", 1))
    assert s.pending[:2] == ("priority", 1) and _answer(s) is None  # B's own turn: asked
    s = position(3, hands=[["α1"], ["S04", "β1"], []])
    s.turn = 0
    run(s, ("priority", "4.2", 0), then=("main", 0))
    assert _answer(s) == ("pass",) and _answer(s, frozenset({"others"})) is None  # A's turn
    s = position(3, hands=[["α1"], ["S04", "β1"], []])
    run(s, ("priority", "7.1", -1), then=("event_time",))
    assert _answer(s) == ("pass",) and _answer(s, frozenset({"enemy"})) is None  # the enemy turn
    s = position(3, hands=[["α1"], ["S04", "β1"], []])
    s.turn = 0
    run(s, ("announce", ("square", "s1", "damage_space", (("amount", 1),), -1, False)), then=("main", 0))
    assert s.pending == ("respond", 1) and ("strategy", kind("S04"), 1) in s.legal_actions()
    assert _answer(s) is None and _answer(s, frozenset()) == ("pass",)  # announced: "answer"


@rule("L-28", "L-17")
def test_at_hot_seat_the_pass_depends_on_the_window_alone_not_on_the_hand():
    for hand in (["S05", "α1"], ["S04", "β1"]):  # nothing playable at full life / a damage strategy
        s = position(3, hands=[hand, [], []])
        s.turn = 0
        run(s, ("priority", "4.1", -1), then=("main", 0))
        view, legal = s.view(0), s.legal_actions()
        assert auto_answer(LEGION, view, legal, DEFAULT, public_only=True) is None  # own turn: a stop
        assert auto_answer(LEGION, view, legal, frozenset({"answer"}), public_only=True) == ("pass",)


def test_stops_are_parsed_and_bad_names_refused():
    assert parse_stops(LEGION, "answer, enemy") == {"answer", "enemy"}
    assert parse_stops(LEGION, "none") == frozenset()
    with pytest.raises(AsobiError, match="unknown stop"):
        parse_stops(LEGION, "answer,sometimes")
    with pytest.raises(AsobiError, match="no strategy windows"):
        parse_stops(get_game("emblem"), "answer")


def test_play_refuses_a_bad_stop_and_the_s_command_shows_and_sets_them(db):
    result = CliRunner().invoke(main, ["play", "legion", "--stops", "often"], catch_exceptions=False)
    assert result.exit_code != 0 and "unknown stop often" in result.output
    result = CliRunner().invoke(
        main, ["play", "legion", "--seed", "3", "--stops", "enemy"], input="s\ns answer,all\ns bad\nq\n",
        catch_exceptions=False,
    )
    assert "Stops: enemy (set with" in result.output and "Stops: answer,all (set with" in result.output
    assert "unknown stop bad" in result.output


def test_the_terminal_asks_a_person_at_fewer_windows_with_the_default_stops(db):
    """The same seeded game, answered "1" (the first choice) at every prompt: with the stop
    ``all`` the person is shown step windows; with the default stops those without anything to
    play are passed for them."""
    def prompts(*stops):
        result = CliRunner().invoke(
            main, ["play", "legion", "--players", "2", "--seats", "human,bot", "--seed", "5", *stops],
            input="1\n" * 150 + "q\n", catch_exceptions=False,
        )
        return result.output.count(". pass, and pass unless I choose otherwise")  # a window's choices

    shown_all, shown_default = prompts("--stops", "all"), prompts()
    assert shown_all > 0 and shown_default < shown_all
