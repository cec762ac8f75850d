"""Combat details (18–26, B-25–B-32, B-70–B-77) that the scenarios of ``test_combat.py`` leave open:
what is left of the hits after an allocation, the defender's unplaced command share, who runs a
camp, a survivor's seat in its unit, the battle as the views show it — each on hex 1017 with the
dice chosen by the test."""

from __future__ import annotations

from asobi.games.byston.rules.combat import battle_view
from support.scenario import rule

from .helpers import C, events, game, h, put
from .test_combat import HEX, at, fight, go, logged, roll


@rule("25.5", "25.3")
def test_hits_lost_leave_nothing_to_place_while_the_other_camp_allocates():
    s = game()
    for _ in range(3):
        put(s, "drake", "drumlo", HEX)
    flipped = put(s, "drake", "drumlo", HEX, flipped=True)  # two kinds of Drumlo: Rau chooses
    put(s, "rau", "bozune", HEX)
    put(s, "rau", "bozune", HEX)
    fight(s)
    roll(s, 3)  # a Bozune takes 2; the third hit fits nothing (25.5)
    roll(s, 2)
    assert s.pending[0] == "allocate" and s.pending[1] == s.seat_of(C["rau"])
    assert flipped in [a[1] for a in s.legal_actions()]
    assert logged(s, "hits_lost") == [{"hits": 1}]
    assert s.hits == (0, 2)
    assert battle_view(s)["hits_to_place"] == [0, 2]


@rule("B-72", "25.9.3", "25.9.1", "B-31")
def test_the_defenders_command_share_it_cannot_place_goes_back_to_the_attacker():
    s = game()
    for _ in range(4):
        put(s, "drake", "drumlo", HEX)
    gunan = put(s, "rau", "gunan", HEX, flipped=True)  # one block of 1 removes it
    b1 = put(s, "rau", "bozune", HEX)
    b2 = put(s, "rau", "bozune", HEX)
    foizon, show = at(s, "foizon"), at(s, "show3")  # AB defence 1; AB command 2, AB defence 2
    fight(s)
    assert s.pending[0] == "mount" and s.pending[3] == foizon
    s.apply(("mount", b1))  # the Bozune takes 2 + 1
    assert s.pending[0] == "mount" and s.pending[3] == show
    s.apply(("mount", b2))  # 2 + 2
    roll(s, 4)
    roll(s, 0 + 5)  # Foizon's and Show's AB attack, 1 + 4; every die misses
    # Show's command: 2 of the 4 hits for Rau to place; only the Gunan (1) fits them, and the
    # hit left of the two goes back to Drake (B-72), whose 3 now fit the Bozune with Foizon
    assert logged(s, "command") == [{"country": C["rau"], "hits": 2}]
    assert s.blocks[gunan] == 1 and s.blocks[b1] == 1 and s.blocks[b2] == 0
    assert s.command == 0 and s.hits[0] == 0
    assert not events(s, "hits_lost")
    go(s, "fate")
    assert s.chance == ("fate", foizon, 1)  # the Bozune flipped, Foizon rolls
    assert s.flipped[b1] and s.where[gunan] != h(HEX)
    assert s.command == 0
