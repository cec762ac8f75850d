// The HTTP API page (/docs): every route of the server's OpenAPI document with its parameters,
// its body and its answers, drawn here from /openapi.json — nothing is fetched from elsewhere.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) { if (k === "text") node.textContent = v; else node.setAttribute(k, v); }
    for (const c of children) node.append(c);
    return node;
  }
  // A schema in a few words: a reference by its name, an array of…, or its type.
  function schemaText(s) {
    if (!s) return "";
    if (s.$ref) return s.$ref.split("/").pop();
    if (s.type === "array") return `array of ${schemaText(s.items)}`;
    if (s.anyOf) return s.anyOf.map(schemaText).join(" or ");
    return s.type || "object";
  }
  function fieldsOf(doc, s) {  // a named schema's fields, each with its type and description
    const name = s && s.$ref ? s.$ref.split("/").pop() : null;
    const schema = name ? doc.components.schemas[name] : null;
    if (!schema || !schema.properties) return null;
    const list = el("ul", { class: "fields" });
    for (const [field, f] of Object.entries(schema.properties)) {
      const required = (schema.required || []).includes(field) ? "" : " (optional)";
      list.append(el("li", {}, el("code", { text: field }), ` ${schemaText(f)}${required}${f.description ? " — " + f.description : ""}`));
    }
    return list;
  }
  fetch("/openapi.json").then((r) => r.json()).then((doc) => {
    $("about").textContent = [doc.info.summary, doc.info.description].filter(Boolean).join(" ");
    const box = $("routes");
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const section = el("section", { class: "route", "data-route": `${method.toUpperCase()} ${path}` });
        section.append(el("h3", {}, el("code", { text: `${method.toUpperCase()} ${path}` })), el("p", { text: op.summary || "" }));
        if (op.description) section.append(el("p", { class: "muted", text: op.description }));
        const params = op.parameters || [];
        if (params.length) {
          const list = el("ul", { class: "fields" });
          for (const p of params) list.append(el("li", {}, el("code", { text: p.name }), ` (${p.in}${p.required ? ", required" : ""}) ${schemaText(p.schema)}${p.description ? " — " + p.description : ""}`));
          section.append(el("p", { text: "Parameters:" }), list);
        }
        const body = op.requestBody && op.requestBody.content && op.requestBody.content["application/json"];
        if (body) {
          section.append(el("p", { text: `Body (JSON): ${schemaText(body.schema)}` }));
          const fields = fieldsOf(doc, body.schema);
          if (fields) section.append(fields);
        }
        const answers = el("ul", { class: "fields" });
        for (const [status, r] of Object.entries(op.responses || {})) {
          const json = r.content && r.content["application/json"];
          answers.append(el("li", {}, el("code", { text: status }), ` ${r.description || ""}${json ? ": " + schemaText(json.schema) : ""}`));
        }
        section.append(el("p", { text: "Answers:" }), answers);
        box.append(section);
      }
    }
  }).catch((e) => { $("error").textContent = `the OpenAPI document could not be read: ${e.message}`; });
})();
