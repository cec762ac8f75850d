"""The event message catalogue: key → (日本語, English). Arguments are rendered by
:func:`.labels.localize` (country, unit, character, chit and hex names)."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    "setup": ("{players}人で開始", "a game for {players} players begins"),
    "turn": ("第{turn}ターン", "turn {turn}"),
    "turn_end": (
        "第{turn}ターン終了：行動チットは工場ボックスへ",
        "turn {turn} ends: the chits go back to the factory boxes",
    ),
    "armed": ("{country}が軍備状態になる", "{country} is now armed"),
    "declare": ("{country}が{target}に宣戦布告", "{country} declares war on {target}"),
    "at_war": ("{country}が参戦状態になる", "{country} is now at war"),
    "income": (
        "{country}が{hexes}ヘックスから{gp} GPを収入（計{total}）",
        "{country} collects {gp} GP from {hexes} hexes ({total} in all)",
    ),
    "income_share": (
        "{country}が{hex}から{gp} GPを収入（計{total}）",
        "{country} collects {gp} GP from {hex} ({total} in all)",
    ),
    "develop_modifier": (
        "{country}の開発：サイの目{die}−{minus}→{modified}",
        "{country}'s development: die {die} − {minus} → {modified}",
    ),
    "develop_chosen": ("{country}の開発：{kind}", "{country}'s development: {kind}"),
    "developed": (
        "{country}が開発（ダイス{die}）：{cost} GP、TL {tl}、残り{gp} GP",
        "{country} develops (die {die}): {cost} GP, TL {tl}, {gp} GP left",
    ),
    "develop_failed": (
        "{country}の開発失敗：{cost} GPに足りず、{lost} GPを失う",
        "{country}'s development fails: {cost} GP needed, all {lost} GP lost",
    ),
    "chit_made": ("{country}が「{chit}」を生産（{gp} GP）", "{country} produces the chit {chit} ({gp} GP)"),
    "chit_made_held": (
        "{country}が「{chit}」を生産し手元に置く（{gp} GP）",
        "{country} produces the chit {chit} and holds it ({gp} GP)",
    ),
    "made": ("{country}が{unit}を生産 → {hex}（{gp} GP）", "{country} produces a {unit} at {hex} ({gp} GP)"),
    "extra": ("{country}が{unit}を増産（{gp} GP）", "{country} adds a {unit} to its factory box ({gp} GP)"),
    "converted": (
        "{country}が{unit}を{to}に換装（{gp} GP）",
        "{country} converts a {unit} into a {to} ({gp} GP)",
    ),
    "repaired": (
        "{country}が{hex}の{unit}を修理（{gp} GP）",
        "{country} repairs the {unit} at {hex} ({gp} GP)",
    ),
    "built": ("{country}が{hex}に{unit}を建築（{gp} GP）", "{country} builds a {unit} at {hex} ({gp} GP)"),
    "secret_built": (
        "{country}が{hex}に秘密工場を建築（{gp} GP）",
        "{country} builds the secret factory at {hex} ({gp} GP)",
    ),
    "enters": ("{char}が{hex}に登場", "{char} enters at {hex}"),
    "placed": ("{char}を{hex}に移す", "{char} goes to {hex}"),
    "destroyed": (
        "{country}が{hex}の{unit}を自発的に破壊し工場ボックスへ",
        "{country} destroys its {unit} at {hex}, back to the factory box",
    ),
    "razed": (
        "{country}が{hex}の{unit}を自発的に破壊し工場ボックスへ",
        "{country} pulls down its {unit} at {hex}, back to the factory box",
    ),
    "collapsed": ("{country}が滅亡", "{country} collapses"),
    "left_the_game": ("{country}のユニットはすべてゲームから除外", "every unit of {country} leaves the game"),
    "no_place": (
        "{char}を置けるヘックスがなく、ゲームから除外",
        "{char} has no hex to go to and leaves the game",
    ),
    "to_cup": ("{char}をカップに入れる", "{char} goes into the cup"),
    "cup": ("行動チット{chits}枚をカップに入れる", "{chits} action chits go into the cup"),
    "surprise": ("{country}が奇襲作戦を宣言", "{country} declares a surprise attack"),
    "drawn": ("「{chit}」を引く：{country}の行動", "drawn: {chit}, {country} acts"),
    "drawn_character": ("{char}を引く（負傷からの帰還）", "drawn: {char}, back from a wound"),
    "action_placeholder": (
        "{country}の行動フェイズ（{chit}）：移動と戦闘は未実装のため何もしない",
        "{country}'s action phase ({chit}): movement and combat are not built yet, nothing happens",
    ),
    "drake_removed": (
        "ドレイクが除去された：シーラ陣営の完全勝利",
        "Drake is removed: Sheela's camp wins outright",
    ),
    "game_over": ("第{turn}ターン終了：ゲーム終了", "turn {turn} is over: the game ends"),
    "final_income": (
        "収入：ドレイク陣営{drake}、シーラ陣営{sheela}、差{difference}",
        "income: Drake's camp {drake}, Sheela's camp {sheela}, difference {difference}",
    ),
    "drake_complete": (
        "ドレイク陣営完全勝利（{drake}対{sheela}）",
        "Drake's camp's complete victory ({drake} to {sheela})",
    ),
    "drake_ahead": (
        "ドレイク陣営優勢的終了（{drake}対{sheela}）",
        "Drake's camp ahead ({drake} to {sheela})",
    ),
    "draw": ("引き分け（{drake}対{sheela}）", "a draw ({drake} to {sheela})"),
    "sheela_ahead": (
        "シーラ陣営優勢的終了（{drake}対{sheela}）",
        "Sheela's camp ahead ({drake} to {sheela})",
    ),
    "sheela_complete": (
        "シーラ陣営完全勝利（{drake}対{sheela}）",
        "Sheela's camp's complete victory ({drake} to {sheela})",
    ),
}
