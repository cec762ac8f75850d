"""Undo at the terminal across strategy windows: the passes the terminal gave for a person (at a
window that is not one of their stops) go back with the decision before them, while a pass the
person chose themselves is a decision of its own."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from asobi.core.match import Match
from asobi.games.legion.spec import SPEC as LEGION
from asobi.store import GameStore
from asobi.terminal import TerminalGame
from legion.helpers import position, run

ACTIVATE = ("activate", 0, 0)


def _table() -> Match:
    """Two seats, A a person and B a bot, in A's main phase: A's beam battery on b3 is next to the
    ship on c3. A holds Deflector and α1 (nothing it may play against a weapon effect); B holds no
    army card, so only A is asked in the window on A's activation (L-16, L-29)."""
    s = position(2, hands=[["S05", "α1"], ["β2"]], weapons=[("b3", 0, "W02", "α1")], ship="c3")
    run(s, ("main", 0), then=("shield_phase", 0))
    assert s.pending == ("main", 0) and ACTIVATE in s.legal_actions()
    match = Match(LEGION, LEGION.validate_options({"players": 2}), ["human", "bot:rule"], seed=1)
    match.state = s  # the position above, with nothing before it to take back
    match.opening = s.log_length()
    return match


def _play(
    db, match: Match, answers: list[str], stops: frozenset[str] | None = None
) -> tuple[TerminalGame, str]:
    """Run the terminal on ``match`` with ``answers`` typed in turn ("activate" picks the
    activation's number); the game is not saved (no listener), so only the screen and the match
    tell what happened."""
    typed: Iterator[str] = iter(answers)

    def read(prompt: str) -> str:
        answer = next(typed)
        if answer == "activate":
            return str(match.state.legal_actions().index(ACTIVATE) + 1)
        return answer

    lines: list[str] = []
    write: Callable[[str], None] = lines.append
    with GameStore(db) as store:
        game = TerminalGame(LEGION, match, 1, store, read=read, write=write, stops=stops)
        game.run()
    return game, "\n".join(lines)


def test_undo_takes_back_the_terminals_pass_with_the_decision_before_it(db):
    match = _table()
    game, screen = _play(db, match, ["activate", "u", "q"])
    # The activation went on the stack; the terminal passed for A (nothing to play); it resolved.
    assert game.auto_passed == {1}
    before_undo, after_undo = screen.split("Taken back.")
    assert "6.5: A passes" in before_undo and "the enemy life drops to 5" in before_undo
    assert before_undo.count("— A to decide —") == 2
    # One "u" went back over the terminal's pass and A's activation: A's main phase as it was.
    assert match.actions == [] and match.state.enemy_life == 6
    assert match.state.pending == ("main", 0) and ACTIVATE in match.state.legal_actions()
    assert not match.can_undo(0)
    # The screen shows that position again: the board before the strike and the same choices.
    assert "Enemy life 6 (level 1)" in after_undo and "Enemy life 5" not in after_undo
    assert "— A to decide —\n    1. activate A1 Beam battery on b3" in after_undo


def test_a_pass_the_person_chose_is_taken_back_alone(db):
    # With the stop "all" A is asked in the window and passes there itself (2 is "pass"; 1 passes for good).
    match = _table()
    game, screen = _play(db, match, ["activate", "2", "u", "q"], stops=frozenset({"all"}))
    assert game.auto_passed == set()
    assert "1. pass, and pass unless I choose otherwise" in screen.split("Taken back.")[0]
    # Undo takes back A's pass only: A is in the window again, the activation on the stack.
    assert match.actions == [ACTIVATE] and match.state.enemy_life == 6
    assert match.state.pending[:2] == ("respond", 0)
    after_undo = screen.split("Taken back.")[1]
    assert "1. pass, and pass unless I choose otherwise" in after_undo and "2. pass" in after_undo
