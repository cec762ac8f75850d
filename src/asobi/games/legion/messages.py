"""The event message catalogue (key → 日本語, English) and the localizer of the arguments of events
and of action labels (``labels.py``)."""

from __future__ import annotations

from typing import Any

from .cards import ARMY
from .content import code_name, content
from .effects import ATTACK, VERBS

MESSAGES: dict[str, tuple[str, str]] = {
    "setup": (
        "{players}人・難易度{difficulty}で開始：スペースライフ{space}、エネミーライフ{enemy}",
        "{players} players, {difficulty}: Space life {space}, enemy life {enemy}",
    ),
    "round": ("第{round}ラウンド", "round {round}"),
    "turn": ("{seat}のターン", "{seat}'s turn"),
    "round_limit": (
        "{rounds}ラウンドが過ぎた：レギオンを止められなかった",
        "{rounds} rounds are over: the Legion was not stopped",
    ),
    "won": ("エネミーライフが0：宇宙は守られた", "the enemy life is 0: the Universe is saved"),
    "lost": ("スペースライフが0：宇宙は食らい尽くされた", "the Space life is 0: the Universe is devoured"),
    "timeout": ("ラウンド上限：敗北", "round limit: defeat"),
    "draw_empty_hand": ("{seat}の手札は0枚：{count}枚ドロー", "{seat} has no cards: draws {count}"),
    "draw_limit": (
        "{seat}は手札上限（{limit}枚未満）のためドローできない",
        "{seat} may not draw (the hand must stay under {limit})",
    ),
    "draw_chosen": ("{seat}は{count}枚ドロー", "{seat} draws {count}"),
    "drew_hidden": ("{seat}が{deck}カードを1枚引く", "{seat} draws {deck:a} card"),
    "drew_card": ("{seat}が{card}を引く", "{seat} draws {card}"),
    "recycled": (
        "{deck}デッキが0枚：破棄場を戻してシャッフル（{count}枚）",
        "the {deck} deck is empty: its discard pile is shuffled back ({count} cards)",
    ),
    "deck_exhausted": (
        "{deck}デッキも破棄場も空：{seat}は引けない",
        "the {deck} deck and its discards are empty: {seat} draws nothing",
    ),
    "main_nothing": (
        "{seat}はメインフェイズにできることがない",
        "{seat} has nothing to do in the main phase",
    ),
    "main_end": ("{seat}のメインフェイズ終了", "{seat} ends the main phase"),
    "supply": (
        "{seat}は補給：{code}を破棄してアーミーカードを引く",
        "{seat} supplies: discards {code}, draws an army card",
    ),
    "launch": ("{seat}は起動：{card}に付属数字{code}", "{seat} launches {card} with {code} attached"),
    "weapon_placed": (
        "{seat}の{card}（付属{code}）を{square}に配置",
        "{seat}'s {card} ({code}) is placed on {square}",
    ),
    "weapon_moved": ("{seat}の{card}が{frm}から{to}へ移動", "{seat}'s {card} moves from {frm} to {to}"),
    "weapon_activated": ("{seat}が{square}の{card}の起動効果を使う", "{seat} activates {card} on {square}"),
    "weapon_activated_of": (
        "{seat}が{square}にある{owner}の{card}の起動効果を使う",
        "{seat} activates {owner}'s {card} on {square}",
    ),
    "weapon_triggered": ("{square}の{card}の誘発効果", "{card} on {square} triggers"),
    "weapon_destroyed": ("{square}の{seat}の{card}は破棄", "{seat}'s {card} on {square} is destroyed"),
    "weapon_discarded": ("{card}と付属数字{code}は破棄場へ", "{card} and its attached {code} are discarded"),
    "repair_discard": ("{seat}は修復：{card}を破棄", "{seat} repairs, discarding {card}"),
    "blackout_cleared": ("{square}のブラックアウトを消去", "the blackout on {square} is removed"),
    "develop_start": ("{seat}は開発：合計{need}以上が必要", "{seat} develops: needs a total of {need}"),
    "develop_card": (
        "{seat}は{source}の{code}を破棄（合計{total}／{need}）",
        "{seat} discards {code} from {source} ({total}/{need})",
    ),
    "shield_nothing": (
        "{seat}はシールドフェイズにできることがない",
        "{seat} has nothing to do in the shield phase",
    ),
    "shielded": ("{seat}が{code}をシールドに置く", "{seat} puts {code} into the shield"),
    "shield_swapped": ("{seat}がシールドの{old}を{new}と取り換え", "{seat} swaps shield {old} for {new}"),
    "shield_end": ("{seat}のシールドフェイズ終了", "{seat} ends the shield phase"),
    "enemy_turn": ("エネミーターン", "the enemy turn"),
    "piece_advanced": ("エネミーコマ{piece}が{esq}へ進む", "enemy piece {piece} advances to {esq}"),
    "square_reached": ("エネミーコマ{piece}のマス{esq}を処理", "enemy piece {piece}'s square {esq} acts"),
    "ship_moved": ("エネミーシップが{direction}へ：{square}", "the enemy ship moves {direction} to {square}"),
    "ship_at_edge": (
        "エネミーシップは{square}から{direction}へ動けない（マップの端）",
        "the enemy ship cannot move {direction} from {square} (map edge)",
    ),
    "announced": ("{label}：{verb}（スタックに置かれる）", "{label}: {verb} (on the stack)"),
    "passed": ("{seat}はパス", "{seat} passes"),
    "autopass_on": ("{seat}は以後自分で選ばない限りパス", "{seat} will pass unless choosing otherwise"),
    "autopass_off": ("{seat}は自動パスを解除", "{seat} stops passing automatically"),
    "strategy_played": (
        "{seat}がストラテジー{card}を使う（{alpha}を見せる）",
        "{seat} plays strategy {card}, showing {alpha}",
    ),
    "negated": ("{by}が{label}を無効化", "{by} negates {label}"),
    "negated_resolves": ("{label}は無効化されている", "{label} is negated and does nothing"),
    "nothing_to_negate": ("{by}：無効化する効果がない", "{by}: nothing to negate"),
    "no_effect": ("{label}：効果なし", "{label}: no effect"),
    "attack_shielded": (
        "エネミーコマ{piece}のアタック{code}はシールドで無効化",
        "enemy piece {piece}'s attack {code} is negated by the shield",
    ),
    "attack_hits": ("エネミーコマ{piece}のアタック{code}", "enemy piece {piece} attacks with {code}"),
    "space_damaged": ("スペースライフ{life}", "the Space life drops to {life}"),
    "space_healed": ("スペースライフ{life}に回復", "the Space life rises to {life}"),
    "space_life_capped": ("スペースライフは最大（{life}）", "the Space life is at its maximum ({life})"),
    "enemy_damaged": ("エネミーライフ{life}", "the enemy life drops to {life}"),
    "enemy_healed": ("エネミーライフ{life}に回復", "the enemy life rises to {life}"),
    "enemy_life_capped": ("エネミーライフは最大（{life}）", "the enemy life is at its maximum ({life})"),
    "level_up": (
        "エネミーレベル{level}：エネミーコマ{piece}をバリアコアに置く",
        "enemy level {level}: piece {piece} enters at the barrier core",
    ),
    "level_down": (
        "エネミーレベル{level}に低下：エネミーコマ{piece}を取り除く",
        "enemy level down to {level}: piece {piece} leaves the map",
    ),
    "blackout": ("{square}がブラックアウト", "{square} is blacked out"),
    "black_chain": (
        "{square}は既にブラックアウト：{colour}のマスが連鎖してブラックアウト",
        "{square} was already black: every {colour} square blacks out",
    ),
    "blackout_off_map": (
        "ブラックアウト対象（{target}）がマップ外：効果なし",
        "the blackout target ({target}) is off the map: no effect",
    ),
    "no_blackout": ("消去するブラックアウトがない", "there is no blackout to remove"),
    "discarded": ("{seat}が{card}を破棄", "{seat} discards {card}"),
    "miss_hand": ("{seat}は手札がないのでミス", "{seat} has no card: a miss"),
    "miss_shield": ("シールドコードがないのでミス", "no shield code: a miss"),
    "shield_discarded": ("シールドの{code}を破棄", "shield code {code} is discarded"),
    "card_played": ("{deck}カード{card}発動", "{deck} card {card} is played"),
    "card_to_bottom": ("{card}はデッキの一番下へ", "{card} goes to the bottom of its deck"),
    "event_count": ("イベントカウント{count}", "the event count moves to {count}"),
    "event_fires": (
        "イベントカウントが1：イベント発動、カウントを{count}に戻す",
        "the event count is on 1: an event fires; the count goes back to {count}",
    ),
}

_WORDS = {
    "north": ("北", "north"),
    "south": ("南", "south"),
    "east": ("東", "east"),
    "west": ("西", "west"),
    "code": ("コード", "code"),
    "army": ("アーミー", "army"),
    "enemy": ("エネミー", "enemy"),
    "event": ("イベント", "event"),
    "hand": ("手札", "hand"),
    "shield": ("シールド", "shield"),
    "easy": ("やさしい", "easy"),
    "normal": ("ふつう", "normal"),
    "hard": ("むずかしい", "hard"),
}


SEAT_WORDS: dict[str, tuple[str, str]] = {seat: (seat, seat) for seat in "ABCDE"}
"""The seats (``state.SEATS``): letters, the same in both languages."""

STEP_WORDS: dict[str, tuple[str, str]] = {
    "draw_count": ("何枚ドローするか（4.1）", "how many cards to draw (4.1)"),
    "main": ("メインフェイズの行動（4.2）", "a main-phase action (4.2)"),
    "place": ("ウェポンを置くマス（5.3）", "where to place the weapon (5.3)"),
    "repair": ("続けて修復するか（5.6）", "whether to repair more (5.6)"),
    "develop": ("開発に使うコード（5.7, 5.8）", "a code for the development (5.7, 5.8)"),
    "shield": ("シールドフェイズの行動（4.3, 4.4）", "a shield-phase action (4.3, 4.4)"),
    "respond": ("スタックに応答するか（6.5）", "whether to answer the stack (6.5)"),
    "priority": ("ストラテジーを発動するか（6.4）", "whether to play a strategy now (6.4)"),
    "discard": ("破棄する手札（7.3）", "a card to discard (7.3)"),
    "unshield": ("破棄するシールドコード（7.3）", "a shield code to discard (7.3)"),
    "clear": ("消去するブラックアウト（5.6）", "a blackout to remove (5.6)"),
    "move_weapon": ("移動するウェポン", "a weapon to move"),
    "push": ("エネミーシップを動かす方向", "where to move the enemy ship"),
    "to_shield": ("シールドに置くコード", "a code to put into the shield"),
}
"""Each decision a seat is asked (``rules.DECISIONS``, the view's ``pending.kind``), as the
terminal's status line and the browser say it."""

OUTCOME_WORDS: dict[str, tuple[str, str]] = {
    "won": ("勝利：宇宙は守られた", "won: the Universe is saved"),
    "lost": ("敗北：スペースライフが0", "lost: the Space life is 0"),
    "timeout": ("敗北：ラウンド上限", "lost: the round limit"),
}
"""Each way a game ends (``Outcome.reason``), in a few words (study reports)."""

WORDS = {"seat": SEAT_WORDS, "step": STEP_WORDS, "outcome": OUTCOME_WORDS}
"""The game's words for the ids its seats, views and outcomes carry (``GameSpec.words``)."""

_CANCEL_KINDS = {
    "any": ("どれでも", "any"),
    "attack": ("アタック", "an attack"),
    "blackout": ("ブラックアウト", "a blackout"),
    "card": ("カードの効果", "a card's effect"),
    "square": ("マスの効果", "a square's effect"),
    "strategy": ("ストラテジー", "a strategy"),
}
"""What a ``cancel`` strategy may negate (its ``kind``), for its label."""


class _Word(str):
    """A localized word that can also be written with its English indefinite article:
    ``"{deck:a}"`` gives "an army" or "a code"."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        if spec == "a":
            return ("an " if self[:1] in ("a", "e", "i", "o", "u") else "a ") + str(self)
        return str.__format__(str(self), spec)


def square_name(square: int) -> str:
    cols = content().cols
    r, c = divmod(square, cols)
    return f"{'abcdefgh'[c]}{r + 1}"


_ENEMY_SQUARE_IDS_JA = {"core": "コア"}
"""Enemy-map square ids that are English words; the numbered ones (``s1``) read the same in both."""


def enemy_square_name(square_id: str, lang: str) -> str:
    """An enemy-map square as text: its id, or the Japanese word where the id is an English one."""
    return _ENEMY_SQUARE_IDS_JA.get(square_id, square_id) if lang == "ja" else square_id


def card_name(card_id: str, lang: str) -> str:
    c = content()
    i = 0 if lang == "ja" else 1
    if card_id in c.army_index:
        return c.army_names[c.army_index[card_id]][i]
    if card_id in c.enemy_ids:
        return c.enemy_names[c.enemy_ids.index(card_id)][i]
    if card_id in c.event_ids:
        return c.event_names[c.event_ids.index(card_id)][i]
    return card_id


def _weapon(value: tuple[str, str | None, int | None], lang: str) -> str:
    """A weapon piece as a player names it: the piece (A1), and its card and square when it is on
    the map (``labels.py`` gives ``(piece, card id or None, square or None)``)."""
    piece, card, square = value
    if card is None or square is None:
        return piece
    if lang == "ja":
        return f"{piece} {card_name(card, lang)}（{square_name(square)}）"
    return f"{piece} {card_name(card, lang)} on {square_name(square)}"


def localize(name: str, value: Any, lang: str) -> str:
    """An event's or a label's argument as text: seats as letters, cards by name, squares by
    coordinates."""
    i = 0 if lang == "ja" else 1
    if isinstance(value, int):  # the label arguments that name a card or a place by its number
        if name == "army_card":
            return content().army_names[value][i]
        if name == "enemy_card":
            return content().enemy_names[value][i]
        if name == "event_card":
            return content().event_names[value][i]
        if name == "entry":  # a hand entry: a code kind, or ARMY + an army card
            return code_name(value) if value < ARMY else content().army_names[value - ARMY][i]
    if name == "weapon" and isinstance(value, tuple):
        return _weapon(value, lang)
    if name == "cancel" and isinstance(value, str) and value in _CANCEL_KINDS:
        return _CANCEL_KINDS[value][i]
    if name == "label" and isinstance(value, str) and value.startswith("piece"):
        return f"エネミーコマ{value[5:]}" if i == 0 else f"enemy piece {value[5:]}"
    if name in ("seat", "by", "owner") and isinstance(value, int):
        return "ABCDE"[value]
    if name in ("code", "old", "new") and isinstance(value, int):
        return code_name(value)
    if name == "card":
        return code_name(value) if isinstance(value, int) else card_name(str(value), lang)
    if name in ("square", "frm", "to") and isinstance(value, int):
        return square_name(value)
    if name == "esq":
        c = content()
        k = c.square_ids.index(value)
        return f"{enemy_square_name(value, lang)}({code_name(c.square_code[k])})"
    if name in ("label", "by") and isinstance(value, str):
        # a card, a numbered part of one ("E10(1)") or, for a square's effect, an enemy-map square
        base, _, part = value.partition("(")
        text = card_name(base, lang)
        if text == base and name == "label":
            text = enemy_square_name(base, lang)
        return f"{text}({part}" if part else text
    if name == "verb" and isinstance(value, str):
        verb = ATTACK if value == "attack" else VERBS.get(value)
        return value if verb is None else (verb.text_ja if i == 0 else verb.text_en)
    if name == "colour":
        return content().colour_names.get(value, (value, value))[i]
    if isinstance(value, str) and value in _WORDS:
        return _Word(_WORDS[value][i])
    return str(value)
