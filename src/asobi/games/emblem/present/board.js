// The Fire Emblem TCG flow: the 3×4 field (row 1 is A's deployment row, row 4 B's) with units,
// their 気力 chips and equipment; each side's chips, deck, hand, 戦場外 and 国外.
"use strict";
(function () {
  const S = window.AsobiSvg;
  const W = 150, H = 78;
  const SIDE = ["#2b6cb0", "#b83232"];

  function unit(g, u, x, y, ctx) {
    const name = S.name(ctx, u.card);
    const card = S.make("g", { "data-card": u.card });
    g.append(card);
    card.append(S.tip(S.make("rect", { x: x + 3, y: y + 3, width: W - 6, height: H - 6, rx: 5, fill: u.owner === 0 ? "#e6effa" : "#fae8e8", stroke: SIDE[u.owner], "stroke-width": u.ready ? 2 : 1, "stroke-dasharray": u.ready ? "" : "4 3" }),
      `${name} — ${u.move}/${u.attack_type}${u.weapon ? " · " + S.name(ctx, u.weapon) : ""}${u.magic ? " · " + S.name(ctx, u.magic) : ""}${u.item ? " · " + S.name(ctx, u.item) : ""}`));
    S.text(card, x + 8, y + 20, name.slice(0, 16), { "font-weight": 600 });
    S.text(card, x + 8, y + 37, `攻${u.attack} 反${u.counter}${u.poison ? " ☠" : ""}${u.hone ? " 研" + u.hone : ""}`, { "font-size": 11 });
    for (let i = 0; i < u.max; i++) {  // 気力 chips: filled while on the unit
      card.append(S.make("circle", { cx: x + 14 + i * 14, cy: y + 52, r: 5, fill: i < u.chips ? "#e6a100" : "#fff", stroke: "#a07000" }));
    }
    let gx = x + 8;
    for (const c of [u.weapon, u.magic, u.item].filter(Boolean)) {  // each piece of equipment opens on its own
      const piece = S.make("g", { "data-card": c, "data-badge": "" });
      const label = S.name(ctx, c).slice(0, 10);
      piece.append(S.tip(S.make("text", { x: gx, y: y + 70, "font-size": 10, fill: "#555", "text-decoration": "underline" }, label), S.name(ctx, c)));
      g.append(piece);
      gx += label.length * 6 + 8;
    }
    S.badge(g, x + W - 14, y + 14, u.card);
  }

  function field(svg, view, ctx, x0, y0) {
    const cols = 3, rows = view.field.length / cols;
    view.field.forEach((u, i) => {
      const c = i % cols, r = Math.floor(i / cols);
      const x = x0 + 24 + c * W, y = y0 + (rows - 1 - r) * H;  // row 1 at the bottom (A's side)
      const g = S.make("g", { "data-square": i });
      g.append(S.make("rect", { x, y, width: W, height: H, fill: r === 0 ? "#f4f8fd" : r === rows - 1 ? "#fdf4f4" : "#fafafa", stroke: "#99a" }));
      if (u) unit(g, u, x, y, ctx);
      svg.append(g);
      if (c === 0) S.text(svg, x0 + 6, y + H / 2 + 4, String(r + 1));
      if (r === 0) S.text(svg, x + W / 2 - 3, y0 + rows * H + 14, "abc"[c]);
    });
  }

  function side(svg, p, index, ctx, x, y) {
    const names = (ctx.seats || []).map((s) => s.name);
    const deck = window.asobiWord("emblem", "deck", p.deck_name);  // in the page's language (i18n.js)
    S.text(svg, x, y, `${names[index] || "AB"[index]} — ${deck}`, { "font-weight": 600, fill: SIDE[index] });
    const ja = ctx.lang === "ja";
    S.text(svg, x, y + 16, ja ? `気力チップ 未使用 ${p.unused} / 使用済 ${p.used} · デッキ ${p.deck} · 手札 ${p.hand_count}`
      : `chips ${p.unused} unused / ${p.used} used · deck ${p.deck} · hand ${p.hand_count}`, { "font-size": 11 });
    y += 22;
    const rows = [
      [ja ? "手札" : "hand", p.hand, { "data-hand": index }],
      [ja ? "戦場外" : "戦場外 off-field", p.offfield, {}],
      [ja ? "国外" : "国外 removed", p.kokugai, {}],
      [ja ? "土地・守護" : "land, guardian", [p.land, p.guardian].filter(Boolean), {}],
    ];
    for (const [label, ids, attrs] of rows) {
      const g = S.make("g", attrs);
      S.text(g, x, y + 14, label + ":", { "font-size": 11, "font-weight": 600 });
      if (ids === null || ids === undefined) {
        S.text(g, x + 96, y + 14, ja ? `（非公開 hidden）${p.hand_count}枚` : `(hidden) ${p.hand_count} cards`, { "font-size": 11, fill: "#667" });
        y += 22;
      } else if (!ids.length) {
        S.text(g, x + 96, y + 14, "—", { "font-size": 11, fill: "#667" });
        y += 22;
      } else {
        y = S.chips(g, x + 96, y, ids, ctx, { maxX: 515, width: 100 });
      }
      svg.append(g);
    }
    return y;
  }

  function draw(view, ctx) {
    const rows = view.field.length / 3;
    const svg = S.root(520, 10);
    const top = side(svg, view.players[1], 1, ctx, 10, 16) + 8;
    field(svg, view, ctx, 10, top);
    const bottom = side(svg, view.players[0], 0, ctx, 10, top + rows * H + 30);
    svg.setAttribute("viewBox", `0 0 520 ${bottom + 6}`);
    return svg;
  }

  // The step being decided, as the game's words say it (i18n.js: the step's id until they come).
  function deciding(view, lang) {
    const who = "AB"[view.actor] || "";
    return `${who}${lang === "ja" ? "：" : ": "}${window.asobiWord("emblem", "step", view.step)}`;
  }

  // The verbs whose first parameter is a square of the field (equip: its second).
  const ON_SQUARE = new Set(["activate", "attack", "capture", "chip", "heal", "honing", "inherit", "legacy", "move",
    "poison", "rally", "shed", "succeed", "symbol", "training", "unequip"]);
  function squareOf(action) {
    if (ON_SQUARE.has(action[0])) return action[1];
    if (action[0] === "equip") return action[2];
    return null;
  }

  window.AsobiBoards.emblem = { draw, deciding, squareOf };
})();
