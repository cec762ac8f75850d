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
};
