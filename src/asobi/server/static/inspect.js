// The inspector: any card, unit or enemy drawn with data-card="ID" opens to its full text in
// Japanese and English (from /api/catalog/<game>/cards, the same for every seat); a clause id
// opens to its text. Used by the game page and the replay viewer.
"use strict";
window.AsobiInspect = (function () {
  const catalogues = {};
  let panel = null;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) { if (k === "text") node.textContent = v; else node.setAttribute(k, v); }
    for (const c of children) node.append(c);
    return node;
  }

  async function load(game) {
    if (!catalogues[game]) {
      catalogues[game] = fetch(`/api/catalog/${game}/cards`).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
    }
    return catalogues[game];
  }

  function ensurePanel() {
    if (panel) return panel;
    panel = el("aside", { id: "inspect", "data-testid": "inspect", hidden: "" });
    panel.addEventListener("click", (e) => { if (e.target === panel || e.target.dataset.close !== undefined) panel.hidden = true; });
    document.addEventListener("keydown", (e) => { if (e.key === "Escape" && panel) panel.hidden = true; });
    document.body.append(panel);
    return panel;
  }

  function show(title, kind, blocks) {
    const box = ensurePanel();
    const inner = el("div", { class: "inspect-box" },
      el("button", { class: "close", "data-close": "", "aria-label": "close", text: "×" }),
      el("h3", { text: title }), kind ? el("p", { class: "muted", text: kind }) : "", ...blocks);
    box.replaceChildren(inner);
    box.hidden = false;
  }

  async function card(game, id, lang) {
    const entry = (await load(game))[id];
    if (!entry) { show(id, "", [el("p", { class: "muted", text: lang === "ja" ? "この項目の説明はありません" : "no text for this item" })]); return; }
    const first = lang === "ja" ? "ja" : "en", second = first === "ja" ? "en" : "ja";
    const facts = Object.entries(entry.facts || {});
    const blocks = [];
    if (facts.length) blocks.push(el("p", { class: "facts" }, ...facts.map(([k, v]) => el("span", { text: `${k}: ${v}` }))));
    blocks.push(el("p", { class: "text-" + first, lang: first, "data-lang-text": first, text: entry["text_" + first] }));
    blocks.push(el("p", { class: "other muted", lang: second, "data-lang-text": second }, el("strong", { text: entry["name_" + second] + " — " }), entry["text_" + second]));
    show(`${entry["name_" + first]} (${entry.id})`, entry.kind, blocks);
  }

  function clause(id, text) {
    show(id, "", [el("p", { "data-clause-text": id, text: text || "—" })]);
  }

  // Clicks on anything with data-card inside root open it; a click inside a clickable square of
  // the board only opens when it lands on the card's own badge (the square keeps its action).
  function attach(root, gameOf, langOf) {
    root.addEventListener("click", (e) => {
      const target = e.target.closest ? e.target.closest("[data-card]") : null;
      if (!target || !root.contains(target)) return;
      const drawing = target.closest("svg");
      if (drawing && drawing.dataset.dragged) return;  // the end of a drag (zoom.js), not a click
      const square = target.closest("[data-square]");
      if (square && square.classList.contains("can") && !target.hasAttribute("data-badge")) return;
      e.stopPropagation();
      card(gameOf(), target.getAttribute("data-card"), langOf());
    }, true);
  }

  return { load, card, clause, attach, close() { if (panel) panel.hidden = true; } };
})();
