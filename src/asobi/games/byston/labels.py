"""Names of countries, units, characters, chits and hexes in 日本語 and English, and the labels of
actions (``action_label``) — built only when someone reads them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import static

if TYPE_CHECKING:
    from .state import BystonState

DEVELOP = {
    0: ("開発しない", "no development"),
    1: ("開発", "develop"),
    2: ("集中開発", "concentrated development"),
}


def _ja(lang: str) -> bool:
    return lang == "ja"


def _flipped(flag: int, ja: bool) -> str:
    """The mark of a flipped (damaged, 25.4) counter after its name."""
    return ("（裏）" if ja else " (flipped)") if flag else ""


def flipped_mark(flag: int, lang: str) -> str:
    """The mark of a flipped counter after its name, as every byston text writes it."""
    return _flipped(flag, _ja(lang))


def country(c: int, lang: str) -> str:
    t = static().t.countries[static().country_ids[c]]
    return t.ja if _ja(lang) else t.en


def unit(u: int, lang: str) -> str:
    st = static()
    thing = st.t.unit(st.unit_ids[u])
    return thing.ja if _ja(lang) else thing.en


def character(k: int, lang: str) -> str:
    ch = static().t.characters[static().char_ids[k]]
    return ch.ja if _ja(lang) else ch.en


def chit(k: int, lang: str) -> str:
    ch = static().t.chits[static().chit_ids[k]]
    return ch.ja if _ja(lang) else ch.en


def hex_id(h: int) -> str:
    return static().t.map.grid.hex_id(h)


def localize(name: str, value: Any, lang: str) -> str:
    """An event argument as text (a country index as its name…)."""
    if name in ("country", "target", "heir"):
        return country(value, lang)
    if name in ("unit", "to"):
        return unit(value, lang)
    if name in ("char", "to_char"):
        return character(value, lang)
    if name == "chit":
        return chit(value, lang)
    if name == "hex":
        return hex_id(value)
    if name == "kind":
        return DEVELOP[value][0 if _ja(lang) else 1]
    return str(value)


def action_label(s: BystonState, action: tuple[Any, ...], lang: str = "en") -> str:
    ja = _ja(lang)
    verb = action[0]
    if verb == "declare":
        name = country(action[1], lang)
        return f"{name}に宣戦布告" if ja else f"declare war on {name}"
    if verb == "pass":
        return "宣戦布告しない" if ja else "declare no war"
    if verb == "share":
        return _share_label(s, action, lang)
    if verb == "develop":
        return DEVELOP[action[1]][0 if ja else 1]
    if verb == "make":
        return (
            f"{unit(action[1], lang)}を生産 → {hex_id(action[2])}"
            if ja
            else (f"produce {unit(action[1], lang)} at {hex_id(action[2])}")
        )
    if verb == "extra":
        return f"{unit(action[1], lang)}を増産" if ja else f"add a {unit(action[1], lang)} to the factory box"
    if verb == "convert":
        return f"{unit(action[1], lang)}を換装" if ja else f"convert a {unit(action[1], lang)}"
    if verb == "chit" and s.chance is not None:
        return f"「{chit(action[1], lang)}」を引く" if ja else f"draw the chit {chit(action[1], lang)}"
    if verb == "chit":
        return (
            f"行動チット「{chit(action[1], lang)}」を生産"
            if ja
            else f"produce the chit {chit(action[1], lang)}"
        )
    if verb == "repair":
        name = f"{country(action[1], lang)} {unit(action[2], lang)}"
        return f"{hex_id(action[3])}の{name}を修理" if ja else f"repair the {name} at {hex_id(action[3])}"
    if verb == "destroy":
        name = unit(action[1], lang) + _flipped(action[3], ja)
        return (
            f"{hex_id(action[2])}の{name}を自発的に破壊"
            if ja
            else f"destroy the {name} at {hex_id(action[2])}"
        )
    if verb == "raze":
        return (
            f"{hex_id(action[1])}の建物を自発的に破壊"
            if ja
            else f"pull down the building at {hex_id(action[1])}"
        )
    if verb == "build":
        name = unit(static().unit_index(action[1]), lang)
        return f"{name}を建築 → {hex_id(action[2])}" if ja else f"build a {name} at {hex_id(action[2])}"
    if verb == "secret":
        return "リアンの海岸に秘密工場を建築" if ja else "build the secret factory at the Rian coast"
    if verb == "place":
        return f"{hex_id(action[1])}に配置" if ja else f"place at {hex_id(action[1])}"
    if verb == "surprise":
        return "奇襲作戦を宣言" if ja else "declare a surprise attack"
    if verb == "draw":
        return "チットを引く" if ja else "draw a chit"
    if verb == "done":
        return "終了" if ja else "done"
    if verb == "die":
        return f"ダイス {action[1]}" if ja else f"die {action[1]}"
    label = _movement_label(action, lang)
    if label:
        return label
    if verb == "char":
        return f"{character(action[1], lang)}を引く" if ja else f"draw {character(action[1], lang)}"
    if verb in COMBAT_VERBS:
        return combat_label(action, lang)
    return " ".join(str(x) for x in action)


def _share_label(s: BystonState, action: tuple[Any, ...], lang: str) -> str:
    """6.7 (B-2): the GP each ally concerned gets. The action has an amount for every place it may
    have (``income.SHARE_WIDTH``), the places past the allies concerned 0: those are not shown."""
    ja = _ja(lang)
    amounts = action[1:]
    pending = s.pending
    if pending is not None and pending[0] == "income_share" and len(pending[3]) <= len(amounts):
        sep = "、" if ja else ", "
        parts = sep.join(f"{country(c, lang)} {gp} GP" for c, gp in zip(pending[3], amounts, strict=False))
    else:  # read away from its decision: the allies are not known, so only the padding goes
        n = len(amounts)
        while n > 1 and amounts[n - 1] == 0:
            n -= 1
        parts = ", ".join(str(x) for x in amounts[:n]) + " GP"
    return f"収入を分ける（{parts}）" if ja else f"share the income: {parts}"


def _movement_label(action: tuple[Any, ...], lang: str) -> str:
    """The choices of an action phase (15, 17)."""
    ja = _ja(lang)
    verb = action[0]
    if verb == "ship":
        name = unit(action[1], lang) + _flipped(action[3], ja)
        return f"{hex_id(action[2])}の{name}を移動" if ja else f"move the {name} at {hex_id(action[2])}"
    if verb == "load":
        name = f"{country(action[1], lang)} {unit(action[2], lang)}"
        name += _flipped(action[3], ja)
        return f"{name}を搭載" if ja else f"take the {name} aboard"
    if verb == "board":
        return f"{character(action[1], lang)}を乗せる" if ja else f"take {character(action[1], lang)} aboard"
    if verb == "go":
        return "出発" if ja else "set off"
    if verb == "step":
        return f"{hex_id(action[1])}へ進む" if ja else f"go to {hex_id(action[1])}"
    if verb == "stop":
        return "移動終了" if ja else "stop here"
    if verb == "search":
        return (
            f"{action[1]} GPを使って秘密工場を探す"
            if ja
            else f"look for the secret factory, spending {action[1]} GP"
        )
    if verb == "no_search":
        return "秘密工場を探さない" if ja else "do not look for the secret factory"
    if verb == "act":
        return "行動する" if ja else "act now"
    if verb == "wait":
        return "共同作戦を宣言して待機" if ja else "declare a joint operation and wait"
    return ""


# --- combat (18–26) -----------------------------------------------------------------------------

COMBAT_VERBS = frozenset({"fight", "sortie_all", "stow", "mount", "bomb", "no_bomb", "hit", "hits", "fate"})
FATE_NAMES = {
    "G": ("成長", "grows"),
    "-": ("生還", "unhurt"),
    "L": ("軽傷", "light wound"),
    "H": ("重傷", "heavy wound"),
    "D": ("死亡・離脱", "removed"),
}


def counter_name(i: int, lang: str) -> str:
    """A counter as a player names it: country, unit."""
    st = static()
    return f"{country(st.counter_country[i], lang)} {unit(st.counter_unit[i], lang)}"


def combat_label(action: tuple[Any, ...], lang: str) -> str:
    ja = _ja(lang)
    verb = action[0]
    if verb == "fight":
        return f"{hex_id(action[1])}で戦闘" if ja else f"fight at {hex_id(action[1])}"
    if verb == "sortie_all":
        return "残りのABは出撃" if ja else "the other ABs sortie"
    if verb == "stow":
        a, b = counter_name(action[1], lang), counter_name(action[2], lang)
        return f"{a}を{b}に搭載・収容" if ja else f"stow the {a} in the {b}"
    if verb == "mount":
        return (
            f"{counter_name(action[1], lang)}に搭乗" if ja else f"board the {counter_name(action[1], lang)}"
        )
    if verb == "bomb":
        return "爆撃する" if ja else "bomb"
    if verb == "no_bomb":
        return "爆撃しない" if ja else "do not bomb"
    if verb == "hit":
        return f"{counter_name(action[1], lang)}に被害" if ja else f"hit the {counter_name(action[1], lang)}"
    if verb == "hits":
        return f"{action[1]}ヒット" if ja else f"{action[1]} hits"
    if verb == "fate":
        return FATE_NAMES[action[1]][0 if ja else 1]
    return " ".join(str(x) for x in action)
