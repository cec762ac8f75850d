"""What a drawn board needs beyond the state's view: the printed map and names (the same for every
game, sent once), who controls each income hex now (6.4), and the odds of a battle a seat may start.

All of it is worked out from public parts of the state (byston hides nothing, see
``BystonState.view``) with the rules' own code (:mod:`.control`, :mod:`.forecast`); nothing here
changes a state.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from ..board import static
from ..control import CONTESTED, NOBODY, camp_income, income_hex_control
from ..forecast import STEP_CLAUSE, STEP_NAMES, forecast
from ..messages import SEAT_NAMES
from ..rules.combat import clear_battle

if TYPE_CHECKING:
    from ..state import BystonState

CAMPS = ("drake", "sheela")


@cache
def static_board() -> dict[str, Any]:
    """The map (hex by hex: terrain, whose land, income GP, named place), the places, and every
    country, unit (with the numbers printed on its two faces), character, chit and seat with its
    names in 日本語 and English."""
    st = static()
    t = st.t
    grid = t.map.grid
    return {
        "width": grid.width,
        "height": grid.height,
        "hexes": [
            {"id": h.id, "terrain": h.terrain.value, "nation": h.nation, "income": h.income,
             "place": h.places[0] if h.places else None}
            for h in t.map.hexes
        ],
        "places": {pid: {"ja": p.ja, "en": p.en, "hexes": [grid.hex_id(i) for i in p.hexes]}
                   for pid, p in t.map.places.items()},
        "countries": {cid: {"ja": c.ja, "en": c.en, "camp": c.camp, "chit_limit": c.chit_limit}
                      for cid, c in t.countries.items()},
        "units": {uid: {"ja": t.unit(uid).ja, "en": t.unit(uid).en, "kind": st.unit_kind[st.unit_index(uid)],
                        "front": _printed(t.unit(uid).front), "back": _printed(t.unit(uid).back)}
                  for uid in st.unit_ids},
        "characters": {cid: {"ja": c.ja, "en": c.en, "country": c.country} for cid, c in t.characters.items()},
        "chits": {cid: {"ja": c.ja, "en": c.en, "kind": c.kind, "country": c.country} for cid, c in t.chits.items()},
        "seats": {sid: {"ja": ja, "en": en} for sid, (ja, en) in SEAT_NAMES.items()},
    }


def _printed(side: Any) -> dict[str, int]:
    """The numbers printed on one face of a counter (2.1–2.6): air combat, bombing, AA guns and
    their value, guns and their value, defence."""
    return {"air": side.air, "bomb": side.bomb, "aa_guns": side.aa_guns, "aa": side.aa, "guns": side.guns,
            "gun": side.gun, "defence": side.defence}


def control_view(s: BystonState) -> dict[str, Any]:
    """Per income hex, the camp that controls it now and by which 6.4 item (B-5), and each camp's
    income if it were collected now (27.2, B-33)."""
    drake, sheela = camp_income(s)
    return {
        "income_hexes": _income_hexes_json(tuple(income_hex_control(s))),
        "camp_income": {"drake": drake, "sheela": sheela},
    }


@lru_cache(maxsize=1024)
def _income_hexes_json(control: tuple[tuple[int, tuple[int, tuple[int, ...], str]], ...]) -> dict[str, Any]:
    """``control_view``'s ``income_hexes`` for the income hexes' control (as ``income_hex_control``
    gives it): made once for each control seen lately, since most actions change none (the dict
    is only read: sent as it is)."""
    country_ids = static().country_ids
    hex_ids = _income_hex_ids()
    return {
        hex_ids[h]: {
            "camp": "contested" if camp == CONTESTED else None if camp == NOBODY else CAMPS[camp],
            "by": [country_ids[c] for c in by],
            "item": item,
        }
        for h, (camp, by, item) in control
    }


@cache
def _income_hex_ids() -> dict[int, str]:
    st = static()
    return {h: st.t.map.grid.hex_id(h) for h in st.income_hexes}


def _removed_chances(losses: tuple[tuple[tuple[int, int], Any], ...]) -> list[list[float]]:
    """``[[units removed, exact probability as a float]…]`` from a step's losses (blocks, removed)."""
    out: dict[int, Any] = {}
    for (_blocks, removed), p in losses:
        out[removed] = out.get(removed, 0) + p
    return [[n, float(p)] for n, p in sorted(out.items())]


def battle_odds(s: BystonState, action: tuple[Any, ...]) -> dict[str, Any] | None:
    """For a choice that starts a battle (``fight``, B-25) or is made in one (sending the ABs out,
    20.1; bombing or not, 22.1), each step's odds (21–24) per camp as the battle stands: dice,
    the exact chance of each hit count and of each number of units removed (``forecast.py``, as
    ``asobi odds byston`` prints them), expected hits and expected units removed, with every AB
    not yet stowed counted as sortied.
    ``None`` for any other choice."""
    verb = action[0] if action else None
    if verb == "fight" and s.fight is None and s.pending is not None and s.pending[0] == "battle_order":
        acting = dict(s.pending[3])[action[1]]
        start: Any = s.clone()  # the battle as it would open: nobody stowed, aboard or hit yet
        clear_battle(start)
        start.fight = (acting, action[1])
        found = forecast(start)
    elif verb in ("sortie_all", "bomb", "no_bomb") and s.fight is not None:
        found = forecast(s)
    else:
        return None
    st = static()
    return {
        "hex": st.t.map.grid.hex_id(found.hex),
        "acting": st.country_ids[found.acting],
        "steps": [
            {
                "step": cs.step,
                "clause": STEP_CLAUSE[cs.step],
                "name_ja": STEP_NAMES[cs.step][0],
                "name_en": STEP_NAMES[cs.step][1],
                "camp": CAMPS[cs.camp],
                "fires": cs.fires,
                "dice": [[v, n] for v, n in cs.dice],
                "bonus": cs.bonus,
                "expected_hits": round(float(cs.expected_hits), 2),
                "expected_removed": round(float(cs.expected_removed), 2),
                "hits": [[n, float(p)] for n, p in cs.hits],
                "removed": _removed_chances(cs.losses),
            }
            for cs in found.steps
        ],
    }
