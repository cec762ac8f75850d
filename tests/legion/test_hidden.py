"""Hidden hands through every channel: redacted draws and their labels, hidden variants,
determinization (L-17), and who is asked (L-16, L-25) along whole branches of random games."""

from __future__ import annotations

from random import Random

import pytest

from asobi.core import CHANCE, TERMINAL
from asobi.core.actions import HIDDEN
from asobi.games.legion.cards import ARMY
from asobi.games.legion.hidden import determinize, known_cards
from asobi.games.legion.spec import SPEC
from asobi.games.legion.state import LegionState
from support.play import random_action, random_playout
from support.scenario import rule

from .helpers import code, kind, position, run


def _random_states(games: int = 8, every: int = 4, timing: str = "printed") -> list[LegionState]:
    """States met along seeded random games (2 to 5 players), every few steps."""
    found = []
    for g in range(games):
        s = LegionState(2 + g % 4, "hard" if g % 3 == 0 else "normal", timing=timing)
        for step in random_playout(s, Random(100 + g), 400, uniform_chance=True):
            if step % every == 0 and step < 400 and not s.is_terminal():
                found.append(s.clone())
    return found


STATES = _random_states(games=6, every=6) + _random_states(games=3, every=6, timing="simple")
"""Both strategy timings (L-28): the printed one's windows must not reveal hands either."""


def _hand_kinds(s: LegionState, seat: int) -> tuple[int, int]:
    hand = s.hands[seat]
    codes = sum(1 for c in hand if c < ARMY)
    return codes, len(hand) - codes


# ---- redaction and labels ---------------------------------------------------------------------
@rule("L-17")
def test_a_draw_into_a_hidden_hand_is_redacted_for_the_other_seats_only():
    s = position(3)
    run(s, ("draw_code", 1, "4.1"))
    drawn = ("code", code("γ2"))
    assert s.redact(drawn, 0) == ("code", HIDDEN) == s.redact(drawn, 2)
    assert s.redact(drawn, 1) == drawn and s.redact(drawn, None) == drawn
    assert s.action_label(("code", HIDDEN), "en") == "draw a code card"
    assert s.action_label(("code", HIDDEN), "ja") == "コードカードを1枚引く"
    run(s, ("draw_army", 2, "5.1"))
    drawn = ("army", kind("W01"))
    assert s.redact(drawn, 0) == ("army", HIDDEN) and s.redact(drawn, 2) == drawn
    assert s.action_label(("army", HIDDEN), "en") == "draw an army card"
    assert s.action_label(("army", HIDDEN), "ja") == "アーミーカードを1枚引く"


def test_open_hands_and_face_up_draws_and_decisions_are_not_redacted():
    s = position(3, open_hands=True)
    run(s, ("draw_code", 1, "4.1"))
    assert s.redact(("code", 3), 0) == ("code", 3)
    s = position(3)
    run(s, ("draw_ordered", "enemy"))
    assert s.redact(("enemy", 0), 1) == ("enemy", 0)  # enemy cards are drawn face up
    s = position(3, hands=[["α1", "β2"]])
    run(s, ("main", 0), then=("shield_phase", 0))
    for a in s.legal_actions():
        assert s.redact(a, 1) == a  # a supply, a strategy… shows the card it uses


def test_labels_of_redacted_draws_are_the_same_whatever_the_card():
    for s in STATES:
        if s.current_seat != CHANCE or s.chance is None or s.chance[0] not in ("code", "army"):
            continue
        drawer = s.chance[1]
        other = (drawer + 1) % s.n
        seen = {s.action_label(s.redact(a, other), "en") for a, _ in s.chance_outcomes()}
        assert len(seen) == 1


def test_legal_actions_and_chance_outcomes_are_immutable_tuples():
    s = position(3, hands=[["α1", "β2"]])
    run(s, ("main", 0), then=("shield_phase", 0))
    legal = s.legal_actions()
    assert isinstance(legal, tuple) and legal is s.clone().legal_actions()  # shared, but cannot change
    run(s, ("draw_code", 1, "4.1"))
    assert isinstance(s.chance_outcomes(), tuple) and s.legal_actions() == ()


# ---- hidden variants --------------------------------------------------------------------------
@rule("L-17")
def test_hidden_variants_change_any_card_for_any_card_of_its_kind():
    s = position(3, hands=[["α1"], ["β2", "W01", "α1"], ["γ3", "S05"]])
    variants = s.hidden_variants(0, Random(1))
    assert len(variants) >= 3
    alphabets = set()
    for v in variants:
        assert v.view(0) == s.view(0) and v.visible_log(0) == s.visible_log(0)
        assert v.invariant_errors() == []
        for b in (1, 2):
            assert _hand_kinds(v, b) == _hand_kinds(s, b)
        alphabets |= {c // 3 for c in v.hands[1] if c < ARMY}
    assert alphabets - {code("β2") // 3, code("α1") // 3}  # a code became one of another alphabet


def test_hidden_variants_keep_view_log_and_who_is_asked_in_random_games():
    rng = Random(7)
    compared = 0
    for s in STATES:
        for seat in range(s.n):
            for v in s.hidden_variants(seat, rng):
                assert v.view(seat) == s.view(seat)
                assert v.visible_log(seat) == s.visible_log(seat)
                assert v.current_seat == s.current_seat
                if s.current_seat == seat:
                    assert v.legal_actions() == s.legal_actions()
                assert v.invariant_errors() == []
                compared += 1
    assert compared > 100


def test_hidden_variants_keep_a_code_known_to_be_in_a_hand():
    # B swapped α2 out of the shield (4.4, L-18): the table knows B holds α2 until B shows it
    s = position(3, hands=[["γ3"], ["α1", "β3"]], shield=["α2"])
    run(s, ("shield_phase", 1), then=("enemy_turn",))
    s.apply(("swap", code("α2"), code("α1")))
    assert code("α2") in s.hands[1] and known_cards(s, 0)[1] == [code("α2")]
    for v in s.hidden_variants(0, Random(3)):
        assert code("α2") in v.hands[1]
    # once B puts α2 back into the shield, nothing is known of B's hand any more
    s.apply(("end",))
    t = position(3, hands=[["γ3"], ["α2", "β3"]])
    t.log = s.log.fork()
    run(t, ("shield_phase", 1), then=("enemy_turn",))
    t.apply(("shield", code("α2")))
    assert known_cards(t, 0)[1] == []


# ---- determinization --------------------------------------------------------------------------
@rule("L-17")
def test_determinize_keeps_the_view_and_varies_the_hidden_hands():
    s = position(3, hands=[["α1"], ["β2", "W01", "α1"], ["γ3", "S05"]])
    samples = [s.determinize(0, Random(seed)) for seed in range(12)]
    for d in samples:
        assert d.view(0) == s.view(0) and d.visible_log(0) == s.visible_log(0)
        assert d.invariant_errors() == [] and d.hands[0] == s.hands[0]
    assert len({tuple(map(tuple, d.hands)) for d in samples}) > 6


def test_determinize_depends_only_on_what_the_seat_knows():
    # two positions A cannot tell apart (B and C hold other cards, same counts)
    s = position(3, hands=[["α1"], ["β2", "W01", "α1"], ["γ3", "S05"]])
    t = position(3, hands=[["α1"], ["γ1", "S02", "β3"], ["α3", "W07"]])
    assert s.view(0) == t.view(0) and s.fingerprint() != t.fingerprint()
    for seed in range(5):
        assert s.determinize(0, Random(seed)).fingerprint() == t.determinize(0, Random(seed)).fingerprint()
    assert s.determinize(1, Random(0)).fingerprint() != t.determinize(1, Random(0)).fingerprint()


def test_determinize_in_random_games_is_consistent_and_state_independent():
    checked = 0
    for i, s in enumerate(STATES[::3]):
        for seat in range(s.n):
            d = s.determinize(seat, Random(i))
            assert d.view(seat) == s.view(seat) and d.visible_log(seat) == s.visible_log(seat)
            assert d.current_seat == s.current_seat and d.invariant_errors() == []
            if s.current_seat == seat:
                assert d.legal_actions() == s.legal_actions()
            # a state the seat cannot tell apart from s (a sample of it) gives the same sample
            twin = s.determinize(seat, Random(1000 + i))
            assert twin.determinize(seat, Random(5)).fingerprint() == s.determinize(seat, Random(5)).fingerprint()
            for v in s.hidden_variants(seat, Random(i))[:2]:
                assert v.determinize(seat, Random(5)).fingerprint() == s.determinize(seat, Random(5)).fingerprint()
            checked += 1
    assert checked > 40


def test_determinize_keeps_a_code_known_to_be_in_a_hand():
    s = position(3, hands=[["γ3"], ["α1", "β3", "W01"]], shield=["α2"])
    run(s, ("shield_phase", 1), then=("enemy_turn",))
    s.apply(("swap", code("α2"), code("α1")))
    for seed in range(10):
        d = s.determinize(0, Random(seed))
        assert code("α2") in d.hands[1] and _hand_kinds(d, 1) == (2, 1)


def test_what_is_known_and_the_hidden_logs_read_incrementally_match_a_whole_log_reading():
    """The caches kept by log length (search determinizes one state many times) give what reading
    the whole log again gives, along lines of play, across their clones and after determinizing."""
    swaps = 0
    for game in range(4):
        rng = Random(7 + game)
        s = LegionState(2 + game, "normal")
        for step in range(500):
            if s.current_seat == TERMINAL:
                break
            fresh = s.clone()
            fresh.hidden_cache = None
            for seat in range(s.n):
                assert known_cards(s, seat) == known_cards(fresh, seat)
            if step % 7 == 0:
                seat = step % s.n
                a, b = determinize(s, seat, Random(step)), determinize(fresh, seat, Random(step))
                assert a.log.to_list() == b.log.to_list() and a.hands == b.hands
                assert [e.args for e in a.log if e.seats and seat not in e.seats] == [
                    tuple((k, HIDDEN if k == "card" else x) for k, x in e.args)
                    for e in s.log
                    if e.seats and seat not in e.seats
                ]
            action = random_action(s, rng)
            swaps += s.current_seat != CHANCE and action[0] == "swap"
            s.apply(action)
    assert swaps > 10  # the games met what the known cards follow


def test_determinize_with_open_hands_changes_nothing():
    s = position(3, open_hands=True, hands=[["α1"], ["β2"]])
    assert s.determinize(0, Random(1)).fingerprint() == s.fingerprint()


# ---- who is asked, along whole branches -------------------------------------------------------
@pytest.mark.parametrize("timing", ["printed", "simple"])
@rule("L-16", "L-25", "L-28")
def test_who_is_asked_never_depends_on_another_hand_along_a_branch(timing):
    """Follow a random game and, in step with it, each hidden variant of an early state: every
    actual action is mapped to one with the same redaction for the watching seat; who is asked,
    the seat's view and the labels it reads must stay the same all along (both timings, L-28)."""
    branches = 0
    for g in range(6):
        rng = Random(500 + g)
        s = SPEC.new_game({"players": 3 + g % 3, "timing": timing})
        for step in random_playout(s, rng, 200):  # play a little into the game, so hands are dealt
            if step >= 8 + g and s.hidden_variants(g % s.n, Random(g)):
                break
        seat = g % s.n
        variants = s.hidden_variants(seat, Random(g))
        assert variants
        for _ in range(150):
            if s.is_terminal():
                break
            if s.is_chance() or s.current_seat == seat:
                action = s.sample_chance(rng) if s.is_chance() else rng.choice(s.legal_actions())
            else:
                # another seat: prefer what it could also do in every variant, to follow them long
                shared = [a for a in s.legal_actions() if all(a in v.legal_actions() for v in variants)]
                action = rng.choice(shared or s.legal_actions())
            seen = s.redact(action, seat)
            alive = []
            for v in variants:
                assert v.current_seat == s.current_seat
                assert v.view(seat) == s.view(seat)
                if v.current_seat == seat:
                    assert v.legal_actions() == s.legal_actions()
                options = v.chance_outcomes() if v.is_chance() else [(a, 1.0) for a in v.legal_actions()]
                if any(a == action for a, _ in options):
                    mapped = action
                else:
                    same = [a for a, _ in options if v.redact(a, seat) == seen]
                    if not same:
                        continue  # the other seat did something it cannot do in the variant
                    mapped = same[0]
                assert v.redact(mapped, seat) == seen
                assert v.action_label(v.redact(mapped, seat), "en") == s.action_label(seen, "en")
                before, v_before = len(s.log), len(v.log)
                v.apply(mapped)
                alive.append((v, v_before))
            s.apply(action)
            for v, v_before in alive:
                assert v.visible_log(seat, v_before) == s.visible_log(seat, before)
            variants = [v for v, _ in alive]
            branches += len(variants)
    assert branches > 500


# ---- the observation tensor -------------------------------------------------------------------
def test_the_observation_tensor_has_the_spec_shape_and_ignores_other_hands():
    from asobi.games.legion.tensor import observation_shape

    (length,) = observation_shape(SPEC.validate_options({}))
    assert SPEC.spaces.observation_shape is not None and SPEC.spaces.observation_shape({"players": 5}) == (length,)
    rng = Random(11)
    for s in STATES:
        for seat in range(s.n):
            x = s.observation_tensor(seat)
            assert len(x) == length and all(isinstance(f, float) for f in x)
            for v in s.hidden_variants(seat, rng)[:2]:
                assert v.observation_tensor(seat) == x
            assert s.determinize(seat, rng).observation_tensor(seat) == x


def test_the_observation_tensor_shows_the_own_hand_and_what_the_view_shows():
    s = position(3, hands=[["α1", "α1", "W01"], ["β2"]], shield=["γ3"])
    run(s, ("main", 0), then=("shield_phase", 0))
    t = position(3, hands=[["α2", "α1", "W01"], ["β2"]], shield=["γ3"])
    run(t, ("main", 0), then=("shield_phase", 0))
    assert s.observation_tensor(0) != t.observation_tensor(0)  # A's own cards differ
    assert s.observation_tensor(1) == t.observation_tensor(1)  # B sees only A's counts
    u = position(3, hands=[["α1", "α1", "W01"], ["β2"]], shield=["γ2"])
    run(u, ("main", 0), then=("shield_phase", 0))
    assert u.observation_tensor(1) != s.observation_tensor(1)  # the shield is public
    # open hands: every hand is shown, so B sees A's cards too
    s = position(3, open_hands=True, hands=[["α1", "α1"], ["β2"]])
    t = position(3, open_hands=True, hands=[["α2", "α1"], ["β2"]])
    assert s.observation_tensor(1) != t.observation_tensor(1)


def test_a_development_under_way_can_be_finished_in_every_determinization_and_variant():
    """A seat that chose to develop (5.7) held the codes to finish it, and everyone saw each code
    it discarded since (5.8): a sample for another seat must leave it able to finish, or playing
    on from the sample finds no legal action."""
    checked = 0
    for g in range(12):
        rng = Random(g)
        s = LegionState(2 + g % 4, "normal")
        for _ in random_playout(s, rng, 3000, uniform_chance=True):
            if s.is_terminal() or s.pending is None or s.pending[0] != "develop":
                continue
            developer = s.current_seat
            for seat in range(s.n):
                if seat == developer:
                    continue
                samples = [s.determinize(seat, Random(checked)), *s.hidden_variants(seat, Random(checked))]
                for v in samples:
                    play = Random(checked)
                    while v.pending is not None and v.pending[0] == "develop" and v.current_seat == developer:
                        legal = v.legal_actions()
                        assert legal, f"game {g}: seat {developer}'s development cannot go on in a sample for {seat}"
                        v.apply(legal[play.randrange(len(legal))])
                checked += 1
    assert checked > 100
