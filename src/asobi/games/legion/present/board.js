// パラレルレギオン: the space map (colours, blackouts, the enemy ship, weapons), the enemy map
// (squares with their codes and directions, enemy pieces), life, shield, hands and the stack.
"use strict";
(function () {
  const S = window.AsobiSvg;
  const COLOURS = { R: "#e25b5b", B: "#5b8de2", G: "#5bbf6a", Y: "#e6c84a", W: "#f4f4f4" };
  const ARROWS = { north: "↑", east: "→", south: "↓", west: "←", none: "★" };
  const CELL = 56;
  let data = null;  // the effects stack items carry, said in ja and en (fetched once per page, i18n.js)
  const ready = window.asobiBoardData("legion").then((d) => { data = d; });

  function spaceMap(svg, map, x0, y0, ctx) {
    const ja = ctx.lang === "ja";
    const cols = map.cols;
    const weapons = {};
    for (const w of map.weapons || []) weapons[w.square] = w;
    map.rows.forEach((row, r) => {
      [...row].forEach((colour, c) => {
        const square = r * cols + c;
        const x = x0 + c * CELL, y = y0 + r * CELL;
        const dark = (map.blackouts || []).includes(square);
        const g = S.make("g", { "data-square": square });
        g.append(S.make("rect", { x, y, width: CELL - 2, height: CELL - 2, rx: 4, fill: dark ? "#222" : COLOURS[colour] || "#ccc", stroke: "#555" }));
        if (dark) S.text(g, x + 18, y + 34, "✕", { fill: "#eee", "font-size": 20 });
        if (map.ship === square) {
          g.append(S.tip(S.make("polygon", { points: `${x + 27},${y + 8} ${x + 46},${y + 46} ${x + 8},${y + 46}`, fill: "#401060", stroke: "#fff" }), ja ? "エネミーシップ" : "enemy ship"));
        }
        const w = weapons[square];
        if (w) {
          const piece = S.make("g", { "data-card": w.card, "data-badge": "" });  // opens the weapon's card
          piece.append(S.tip(S.make("rect", { x: x + 3, y: y + 3, width: 30, height: 18, rx: 3, fill: "#fff", stroke: "#333" }),
            `${w.piece} ${S.name(ctx, w.card)} [${ja ? "数字" : "number"} ${w.number}]`));
          S.text(piece, x + 6, y + 16, `${w.piece}[${w.number}]`, { "font-size": 10 });
          g.append(piece);
        }
        svg.append(g);
      });
    });
    S.text(svg, x0, y0 - 8, ja ? "宇宙マップ" : "Space map", { "font-weight": 600 });
  }

  function enemyMap(svg, em, x0, y0, ctx) {
    const ja = ctx.lang === "ja";
    const at = {};
    for (const p of em.pieces || []) if (p) (at[p.square] = at[p.square] || []).push(p.piece);
    em.squares.forEach((sq, i) => {
      const x = x0 + (i % 4) * 74, y = y0 + Math.floor(i / 4) * 60;
      const g = S.make("g", { "data-enemy-square": sq.id, "data-card": sq.id });
      const name = ja && sq.id === em.barrier_core ? "コア" : sq.id;
      const text = ja ? sq.text_ja || "" : sq.text;  // the printed text in the page's language
      g.append(S.tip(S.make("rect", { x, y, width: 70, height: 56, rx: 4, fill: sq.id === em.barrier_core ? "#fde6f0" : "#f1f1f8", stroke: "#889" }), `${name}: ${text}`));
      S.text(g, x + 4, y + 14, `${name} ${sq.code}`, { "font-size": 11 });
      S.text(g, x + 52, y + 14, ARROWS[sq.to] || "", { "font-size": 13 });
      (at[sq.id] || []).forEach((piece, k) => {
        g.append(S.make("circle", { cx: x + 14 + k * 18, cy: y + 38, r: 8, fill: "#7a1fa2" }));
        S.text(g, x + 10 + k * 18, y + 42, piece, { fill: "#fff", "font-size": 11 });
      });
      svg.append(g);
    });
    S.text(svg, x0, y0 - 8, ja ? "エネミーマップ" : "Enemy map", { "font-weight": 600 });
  }

  function bar(svg, x, y, label, value, max, colour) {
    S.text(svg, x, y + 12, `${label} ${value}${max ? "/" + max : ""}`);
    const total = Math.max(max || value, 1);
    for (let i = 0; i < total; i++) {
      svg.append(S.make("rect", { x: x + 110 + i * 14, y, width: 12, height: 14, fill: i < value ? colour : "#ddd" }));
    }
  }

  function draw(view, ctx) {
    const svg = S.root(640, 10);
    spaceMap(svg, view.space_map, 10, 30, ctx);
    enemyMap(svg, view.enemy_map, 310, 30, ctx);
    let y = 330;
    const ja = ctx.lang === "ja";
    bar(svg, 10, y, ja ? "宇宙ライフ" : "Space life", view.space_life, view.space_life_max, "#3a8f4a");
    bar(svg, 330, y, ja ? "敵ライフ" : "Enemy life", view.enemy_life, null, "#b03030");
    y += 28;
    S.text(svg, 10, y, ja ? `ラウンド ${view.round}/${view.round_limit}  ·  レベル ${view.enemy_level}  ·  イベント ${view.event_count}`
      : `Round ${view.round}/${view.round_limit}  ·  level ${view.enemy_level}  ·  events ${view.event_count}`);
    y += 22;
    S.text(svg, 10, y, `${ja ? "シールド" : "Shield"} (${(view.shield || []).length}/${view.shield_limit}):`);
    if ((view.shield || []).length) S.chips(svg, 140, y - 14, view.shield, ctx, { width: 40, maxX: 630 });
    y += 26;
    const decks = view.decks || {};
    for (const [label, ids] of [[ja ? "エネミーカード" : "Enemy cards played", decks.enemy_used], [ja ? "イベント" : "Events played", decks.event_used]]) {
      if (!ids || !ids.length) continue;
      S.text(svg, 10, y, `${label}:`);
      y = S.chips(svg, 140, y - 14, ids, ctx, { width: 88, maxX: 630, fill: "#f4ecfa", stroke: "#7a1fa2" }) + 12;
    }
    for (const hand of view.hands || []) {
      const g = S.make("g", { "data-hand": hand.seat });
      const mine = ctx.seats && ctx.seat !== null && ctx.seats[ctx.seat] && ctx.seats[ctx.seat].name === hand.seat;
      S.text(g, 10, y, `${hand.seat}${mine ? (ja ? "（あなた）" : " (you)") : ""}:`, { "font-weight": 600 });
      if (hand.cards) {
        y = S.chips(g, 96, y - 14, hand.cards, ctx, { width: 74, maxX: 630 }) + 14 - 26;
      } else {
        S.text(g, 96, y, ja ? `コード ${hand.codes ?? "?"} · 軍備 ${hand.army ?? "?"}（非公開）`
          : `code ${hand.codes ?? "?"} · army ${hand.army ?? "?"} (hidden)`, { fill: "#667" });
      }
      svg.append(g);
      y += 26;
    }
    if (view.stack && view.stack.length) {  // top first (it resolves first): who put it there, what it does
      const g = S.make("g", { "data-response-stack": view.stack.length });
      S.text(g, 10, y, ja ? "対応スタック（上から解決）" : "Response stack (top resolves first)", { "font-weight": 700 });
      y += 18;
      for (const x of [...view.stack].reverse()) {
        const line = stackLine(x, view, ctx);
        const item = S.tip(S.make("g", x.card ? { "data-stack-item": "", "data-card": x.card } : { "data-stack-item": "" }), line);
        S.text(item, 20, y, line.slice(0, 100));  // a card's item opens its card (the inspector)
        g.append(item);
        y += 18;
      }
      svg.append(g);
      y += 4;
    }
    svg.setAttribute("viewBox", `0 0 640 ${Math.max(y + 10, 400)}`);
    return svg;
  }

  // A stack item as players name it: an enemy piece's attack, the barrier core's effect, a card
  // (ctx.names) or a numbered part of one ("E10(1)": the card's name and the number); the other
  // squares' ids read the same in both languages.
  function stackLabel(x, view, ctx) {
    const ja = ctx.lang === "ja";
    const piece = /^piece(\d+)$/.exec(x.label || "");
    if (piece) return ja ? `エネミーコマ${piece[1]}` : `enemy piece ${piece[1]}`;
    if (ja && view.enemy_map && x.label === view.enemy_map.barrier_core) return "コア";
    if (x.card) return S.name(ctx, x.card) + x.label.slice(x.card.length);
    return x.label || x.verb;
  }

  // A stack item's line: its name, who put it there, negated or not, and its effect in the page's
  // language (the effects come once with the board data: /api/catalog/legion/board).
  function stackLine(x, view, ctx) {
    const effect = data && data.effects && data.effects[x.verb];
    const does = effect ? effect[ctx.lang === "ja" ? "ja" : "en"] : x.verb;
    return `${stackLabel(x, view, ctx)}${x.by ? " (" + x.by + ")" : ""}${x.negated ? " ✕" : ""}: ${does}`;
  }

  function deciding(view, lang) {
    const p = view.pending;
    if (!p) return "";
    const kind = window.asobiWord("legion", "step", p.kind);  // the game's words (i18n.js)
    return lang === "ja" ? `${p.seat}：${kind}` : `${p.seat} decides: ${kind}`;
  }

  // Space-map squares in actions: place, clear and repair name one first; move (piece, square) second.
  function squareOf(action) {
    if (["place", "clear", "repair"].includes(action[0])) return action[1];
    if (action[0] === "move") return action[2];
    return null;
  }

  window.AsobiBoards.legion = { draw, deciding, squareOf, ready };
})();
