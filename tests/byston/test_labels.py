"""How choices and counters are worded: the 6.7 share names each ally and its GP (no padding), and
a flipped counter is marked alike in the choices and in the combat odds."""

from __future__ import annotations

from asobi.games.byston import labels
from asobi.games.byston.board import WAR
from asobi.games.byston.forecast import counter_text
from support.scenario import rule

from .helpers import C, clear, destroy, game, h, phase, put, u


@rule("6.7", "B-2")
def test_an_income_share_names_each_ally_and_its_gp_without_the_padding():
    s = game()
    s.status[C["ku"]] = WAR
    clear(s, "1012")
    put(s, "drake", "drumlo", "1012")
    put(s, "ku", "drumlo", "1012")
    put(s, "ku", "drumlo", "1012")
    phase(s, "income")
    assert s.pending == ("income_share", 0, h("1012"), (C["drake"], C["ku"]))
    share = ("share", 1, 1, 0, 0)  # two allies; the last two places only pad the action's shape
    assert share in s.legal_actions()
    assert s.action_label(share, "en") == "share the income: Drake's army 1 GP, Ku 1 GP"
    assert s.action_label(share, "ja") == "収入を分ける（ドレイク軍 1 GP、クの国 1 GP）"
    assert s.action_label(("share", 0, 2, 0, 0), "en") == "share the income: Drake's army 0 GP, Ku 2 GP"
    # read away from its decision, only the padding is dropped
    s.pending = None
    assert s.action_label(("share", 2, 0, 0, 0), "en") == "share the income: 2 GP"


@rule("25.4")
def test_a_flipped_counter_is_marked_alike_in_choices_and_in_the_odds():
    s = game()
    i = put(s, "drake", "drumlo", "1017", flipped=True)
    name = {lang: f"{labels.country(C['drake'], lang)} {labels.unit(u('drumlo'), lang)}" for lang in ("ja", "en")}
    assert counter_text(s, i, "ja") == name["ja"] + "（裏）"
    assert counter_text(s, i, "en") == name["en"] + " (flipped)"
    for lang in ("ja", "en"):
        mark = labels.flipped_mark(1, lang)
        assert mark and labels.flipped_mark(0, lang) == ""
        assert counter_text(s, i, lang).endswith(mark)
        assert mark in s.action_label(destroy(s, i), lang)  # 8.11's choice, as the labels write it


@rule("B-74")
def test_no_two_choices_of_a_decision_read_alike():
    # Every choice names what it is taken on so that alike units are told apart (the hex and face
    # of a ship, a battle's unit by its part, hits, riders and what it holds), in both languages.
    from asobi.core.agent import Observation
    from asobi.core.bots import make_bot
    from asobi.core.match import Match
    from asobi.core.registry import get_game
    from asobi.core.state import TERMINAL

    spec = get_game("byston")
    options = spec.validate_options({"players": 4})
    battle_choices = 0
    for seed in (1, 2):
        match = Match(spec, options, ["human"] * 4, seed=seed)
        bots = [make_bot(spec, "rule", seat, seed, options) for seat in range(4)]
        while match.current_seat != TERMINAL:
            seat = match.current_seat
            if seat < 0:
                match.step()
                continue
            s = match.state
            actions = s.legal_actions()
            for lang in ("en", "ja"):
                said = [s.action_label(a, lang) for a in actions]
                assert len(set(said)) == len(said), (s.pending, said)
            battle_choices += sum(1 for a in actions if a[0] in ("hit", "stow", "mount"))
            match.submit(seat, bots[seat].act(Observation(s, seat)))
    assert battle_choices > 20


@rule("B-74")
def test_a_battles_unit_is_named_with_its_part_hits_and_riders():
    from asobi.games.byston.labels import fighter, fighter_text
    from asobi.games.byston.rules.combat import SORTIED

    s = game()
    i = put(s, "drake", "drumlo", "1017", flipped=True)
    role = list(s.role)
    role[i] = SORTIED
    s.role = tuple(role)
    blocks = list(s.blocks)
    blocks[i] = 1
    s.blocks = blocks
    assert fighter_text(fighter(s, i), "en") == f"{labels.counter_name(i, 'en')} (flipped) [sortied · 1 hit placed]"
    assert fighter_text(fighter(s, i), "ja") == f"{labels.counter_name(i, 'ja')}（裏）［出撃・ヒット1］"
