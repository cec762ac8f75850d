"""The battle forecast: what an attack would do, for each choice still open, before it is made.

Computed with the rules' own combat code (``rules.combat``: 攻 and 反 with every modifier, strikes,
the guardian's guard, who may counter, who may pay for their equipment), on the state as it is,
which it never changes. Everything it reads is public (the field, attached cards, unused chips),
so any seat, a spectator or a bot may be shown it.

Use::

    from asobi.games.emblem.forecast import forecast, for_action

    f = forecast(state, attacker_sq, target_sq)   # every combination of equipment choices
    f.exchange(attacker_uses=True, defender_uses=False).damage
    for_action(state, ("attack", 7))               # the forecast an action leads to, or None
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .rules import combat
from .units import U_CARD, U_CHIPS

if TYPE_CHECKING:
    from .state import EmblemState


@dataclass(frozen=True)
class Exchange:
    """One attack with the equipment choices fixed.

    :ivar attacker_uses: the attacker uses its weapon or magic (and pays its cost).
    :ivar defender_uses: the defender uses its own for the counter-attack.
    :ivar damage: 気力 chips the defender loses (C-6; at most what it has).
    :ivar defender_left: its 気力 chips afterwards (0: it retreats to 戦場外, 2.3.7).
    :ivar poisons_defender: the hit poisons it (C-22).
    :ivar counter: 気力 chips the attacker loses to the counter-attack (C-7), or ``None`` when
        there is none (the defender cannot reach the attacker, heals, or has retreated).
    :ivar attacker_left: the attacker's 気力 chips afterwards.
    :ivar poisons_attacker: the counter-attack poisons the attacker.
    """

    attacker_uses: bool
    defender_uses: bool
    damage: int
    defender_left: int
    poisons_defender: bool
    counter: int | None
    attacker_left: int
    poisons_attacker: bool

    @property
    def defender_retreats(self) -> bool:
        return self.defender_left == 0

    @property
    def attacker_retreats(self) -> bool:
        return self.attacker_left == 0


@dataclass(frozen=True)
class Forecast:
    """An attack of the unit on ``attacker_sq`` on the unit on ``target_sq``.

    :ivar attacker: the attacking unit's card id; ``defender`` the defending one's.
    :ivar weapon: the attacker's weapon or magic card id (``None``: it has none), its ``cost``
        in unused chips, and whether it may pay it now (``weapon_usable``).
    :ivar counter_weapon: the same for the defender's counter-attack (``counter_usable`` is false
        when it cannot counter at all).
    :ivar can_counter: the defender's attack reaches the attacker (C-7).
    :ivar exchanges: one :class:`Exchange` per combination of choices still open.
    """

    attacker_sq: int
    target_sq: int
    attacker: str
    defender: str
    weapon: str | None
    cost: int
    weapon_usable: bool
    counter_weapon: str | None
    counter_cost: int
    counter_usable: bool
    can_counter: bool
    exchanges: tuple[Exchange, ...]

    def exchange(self, attacker_uses: bool, defender_uses: bool = False) -> Exchange:
        """The exchange for these choices (a choice that is not open counts as not using).

        :raises KeyError: for a choice the forecast was made with the other way (``attacker_uses``
            or ``defender_uses`` given to :func:`forecast`).
        """
        attacker_uses = attacker_uses and self.weapon_usable
        defender_uses = defender_uses and self.counter_usable
        for e in self.exchanges:
            if e.attacker_uses == attacker_uses and e.defender_uses == defender_uses:
                return e
        raise KeyError((attacker_uses, defender_uses))


def _exchange(s: EmblemState, a_sq: int, d_sq: int, use: bool, cuse: bool) -> Exchange:
    a = s.field[a_sq]
    d = s.field[d_sq]
    assert a is not None and d is not None
    hit = max(0, combat.attack_value(s, a, d_sq, use) * combat.strikes(s, a, use) - combat.guard(s, d_sq))
    lost = min(hit, d[U_CHIPS])
    d_left = d[U_CHIPS] - lost
    poisoned = d_left > 0 and lost > 0 and combat.poisonous(s, a, use)
    counter: int | None = None
    a_left = a[U_CHIPS]
    poisons_attacker = False
    if d_left > 0 and combat.can_counter(s, d_sq, a_sq):
        back = max(0, combat.counter_value(s, d, cuse) - combat.guard(s, a_sq))
        counter = min(back, a_left)
        a_left -= counter
        poisons_attacker = a_left > 0 and counter > 0 and combat.poisonous(s, d, cuse)
    return Exchange(use, cuse, lost, d_left, poisoned, counter, a_left, poisons_attacker)


def forecast(
    s: EmblemState, attacker_sq: int, target_sq: int, *, attacker_uses: bool | None = None,
    defender_uses: bool | None = None,
) -> Forecast:
    """The forecast of the unit on ``attacker_sq`` attacking the unit on ``target_sq``.

    ``attacker_uses``/``defender_uses`` fix a choice already made (``None``: every choice the
    rules leave open is forecast).

    :raises ValueError: if either square holds no unit.
    """
    a = s.field[attacker_sq]
    d = s.field[target_sq]
    if a is None or d is None:
        raise ValueError(f"no unit on square {attacker_sq if a is None else target_sq}")
    cards = s.cards.cards
    weapon = combat.equipment(s, a)
    usable = combat.usable_equipment(s, a) >= 0
    counters = combat.can_counter(s, target_sq, attacker_sq)
    shield = combat.equipment(s, d)
    counter_usable = counters and combat.usable_equipment(s, d) >= 0
    uses = [attacker_uses and usable] if attacker_uses is not None else ([False, True] if usable else [False])
    cuses = ([defender_uses and counter_usable] if defender_uses is not None
             else ([False, True] if counter_usable else [False]))
    exchanges = tuple(_exchange(s, attacker_sq, target_sq, use, cuse) for use in uses for cuse in cuses)
    return Forecast(
        attacker_sq, target_sq, cards[a[U_CARD]].id, cards[d[U_CARD]].id,
        cards[weapon].id if weapon >= 0 else None, cards[weapon].cost if weapon >= 0 else 0, usable,
        cards[shield].id if shield >= 0 else None, cards[shield].cost if shield >= 0 else 0, counter_usable,
        counters, exchanges,
    )


def for_action(s: EmblemState, action: tuple[Any, ...]) -> Forecast | None:
    """The forecast an action of the current decision leads to, or ``None`` for one that starts
    no attack: ``("attack", sq)`` by the active unit; ``("equipment", n)`` at the attacker's
    choice (its choice fixed) or at the defender's (both fixed: the attacker's is made)."""
    step = s.pending[0] if s.pending is not None else None
    if action[0] == "attack" and s.active >= 0 and s.field[action[1]] is not None:
        return forecast(s, s.active, action[1])
    if action[0] == "equipment" and s.active >= 0 and s.target >= 0:
        if step == "attack_equipment":
            return forecast(s, s.active, s.target, attacker_uses=bool(action[1]))
        if step == "counter_equipment":
            return forecast(s, s.active, s.target, attacker_uses=bool(s.attack_use),
                            defender_uses=bool(action[1]))
    return None
