// Shared drawing helpers and the registry of board modules: boards/<game>.js sets
// AsobiBoards[<game id>] = { draw(view, ctx) -> SVGElement, deciding(view, lang) -> text }.
// ctx: { names: card id -> name, lang, seat (null: spectator), seats: [{name, kind}] }.
"use strict";
window.AsobiBoards = window.AsobiBoards || {};
window.AsobiSvg = {
  NS: "http://www.w3.org/2000/svg",
  make(tag, attrs, text) {
    const node = document.createElementNS(this.NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  },
  root(width, height) {
    return this.make("svg", { viewBox: `0 0 ${width} ${height}`, role: "img" });
  },
  text(parent, x, y, value, attrs) {
    parent.append(this.make("text", { x, y, "font-size": 12, ...(attrs || {}) }, value));
  },
  tip(node, value) {  // hover text: the full name or rule of what is drawn
    node.append(this.make("title", {}, value));
    return node;
  },
  name(ctx, id) { return (ctx.names && ctx.names[id]) || id; },
  // A row of card chips from (x, y), wrapping at maxX; each opens in the inspector (data-card).
  // Returns the y below the last row.
  chips(parent, x, y, ids, ctx, opts) {
    const o = { width: 96, height: 20, maxX: 500, fill: "#fffbe8", stroke: "#a90", ...(opts || {}) };
    let cx = x;
    for (const id of ids) {
      if (cx + o.width > o.maxX && cx > x) { cx = x; y += o.height + 4; }
      const g = this.make("g", { "data-card": id, class: "chip" });
      g.append(this.tip(this.make("rect", { x: cx, y, width: o.width, height: o.height, rx: 3, fill: o.fill, stroke: o.stroke }), this.name(ctx, id)));
      g.append(this.make("text", { x: cx + 4, y: y + o.height - 6, "font-size": 11 }, this.name(ctx, id).slice(0, Math.floor(o.width / 7))));
      parent.append(g);
      cx += o.width + 4;
    }
    return y + o.height + 4;
  },
  // The small ⓘ that opens a card drawn on a clickable square (the square keeps its action).
  badge(parent, x, y, id) {
    const g = this.make("g", { "data-card": id, "data-badge": "", class: "badge" });
    g.append(this.make("circle", { cx: x, cy: y, r: 8, fill: "#fff", stroke: "#2b6cb0" }));
    g.append(this.make("text", { x: x - 2.5, y: y + 4, "font-size": 11, fill: "#2b6cb0", "font-weight": 700 }, "i"));
    parent.append(g);
  },
};
