"use strict";
// The admin console's shell: sign in and out, the GraphQL client (persisted queries only), the
// page registry and hash routing, and small DOM helpers. Pages are `page-*.js` files that call
// `Admin.page({...})`; the server adds a script tag for each. No inline script, no markup built from
// data: everything shown is set as text.
var Admin = (function () {
  var token = null; // in memory only: a reload signs out, and nothing else on the page can read it
  var viewer = null;
  var operations = null;
  var documents = {};
  var pages = [];
  var current = null;

  // ---- DOM helpers --------------------------------------------------------------------------
  function el(tag, attributes) {
    var node = document.createElement(tag);
    var attrs = attributes || {};
    Object.keys(attrs).forEach(function (key) {
      var value = attrs[key];
      if (value === null || value === undefined || value === false) return;
      if (key === "text") node.textContent = value;
      else if (key === "class") node.className = value;
      else if (key.slice(0, 2) === "on") node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    });
    for (var i = 2; i < arguments.length; i++) append(node, arguments[i]);
    return node;
  }
  function append(node, child) {
    if (child === null || child === undefined || child === false) return;
    if (Array.isArray(child)) { child.forEach(function (c) { append(node, c); }); return; }
    node.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  var uniqueCounter = 0;
  function uid(prefix) { uniqueCounter += 1; return (prefix || "f") + "-" + uniqueCounter; }
  // A labelled control: <label>text <input></label>.
  function field(label, control) { return el("label", {}, label, control); }
  // A table: columns [{title, cell: row -> node|string, num}], with a caption for screen readers.
  function table(caption, columns, rows, empty) {
    if (!rows.length) return el("p", { class: "muted" }, empty || "Nothing here.");
    return el("table", {},
      el("caption", { text: caption }),
      el("thead", {}, el("tr", {}, columns.map(function (c) { return el("th", { scope: "col", class: c.num ? "num" : null, text: c.title }); }))),
      el("tbody", {}, rows.map(function (row) {
        return el("tr", {}, columns.map(function (c) {
          var value = c.cell(row);
          return el("td", { class: c.num ? "num" : null }, value === null || value === undefined ? "—" : value);
        }));
      })));
  }
  function tags(list) { return (list || []).map(function (t) { return el("span", { class: "tag", text: t }); }); }
  function date(text) { return text ? new Date(text).toLocaleString() : "—"; }

  function status(message, kind) {
    var box = document.getElementById("status");
    box.className = "status " + (kind || "");
    box.textContent = message || "";
  }

  // ---- GraphQL ------------------------------------------------------------------------------
  function loadOperations() {
    if (operations) return Promise.resolve(operations);
    return fetch("/admin/operations.json", { credentials: "omit" }).then(function (r) { return r.json(); })
      .then(function (o) { operations = o; return o; });
  }
  function post(body) {
    var headers = { "Content-Type": "application/json", "Accept": "application/graphql-response+json, application/json" };
    if (token) headers["Authorization"] = "Bearer " + token;
    return fetch("/graphql", { method: "POST", headers: headers, body: JSON.stringify(body), credentials: "omit", cache: "no-store" })
      .then(function (response) {
        return response.json().catch(function () { return { errors: [{ message: "The server answered " + response.status + ".", extensions: { code: "HTTP_" + response.status } }] }; });
      });
  }
  function documentOf(file) {
    if (documents[file]) return Promise.resolve(documents[file]);
    return fetch("/admin/" + file, { credentials: "omit" }).then(function (r) { return r.text(); })
      .then(function (text) { documents[file] = text; return text; });
  }
  // Runs one of the console's operations by name: its hash is sent, not its text (the server has
  // the documents). Resolves to { data, errors, codes }; never rejects for a GraphQL error.
  function run(name, variables) {
    return loadOperations().then(function (ops) {
      var op = ops[name];
      if (!op) throw new Error("The console has no operation " + name + ".");
      var body = { operationName: name, variables: variables || {}, extensions: { persistedQuery: { version: 1, sha256Hash: op.sha256Hash } } };
      return post(body).then(function (result) {
        if (codesOf(result).indexOf("PERSISTED_QUERY_NOT_FOUND") < 0) return result;
        return documentOf(op.file).then(function (text) { body.query = text; return post(body); });
      });
    }).then(function (result) {
      result.codes = codesOf(result);
      if (result.codes.indexOf("UNAUTHENTICATED") >= 0 && token) { signedOut("Your session ended; sign in again."); }
      return result;
    }, function (error) {
      return { data: null, errors: [{ message: String(error && error.message || error), extensions: { code: "NETWORK" } }], codes: ["NETWORK"] };
    });
  }
  function codesOf(result) {
    return (result.errors || []).map(function (e) { return (e.extensions && e.extensions.code) || "ERROR"; });
  }
  // A refusal or failure from the API, shown where the page's content would be.
  function problem(result) {
    var errors = result.errors || [];
    var forbidden = result.codes.indexOf("FORBIDDEN") >= 0 || result.codes.indexOf("UNAUTHENTICATED") >= 0;
    return el("div", { class: "refused", role: "alert", "data-code": result.codes.join(" ") },
      el("strong", { text: forbidden ? "Not permitted for your account" : "The request failed" }),
      el("ul", {}, errors.map(function (e) {
        return el("li", {}, e.message + " (" + ((e.extensions && e.extensions.code) || "ERROR") + ")");
      })));
  }
  // A mutation's payload: GraphQL errors or user errors, reported in the status line.
  function report(result, payloadName, success) {
    if (result.errors && result.errors.length) {
      status(result.errors.map(function (e) { return e.message + " (" + ((e.extensions && e.extensions.code) || "ERROR") + ")"; }).join(" "), "bad");
      return null;
    }
    var payload = result.data && result.data[payloadName];
    if (payload && payload.userErrors && payload.userErrors.length) {
      status(payload.userErrors.map(function (e) { return e.message + " (" + e.code + ")"; }).join(" "), "bad");
      return null;
    }
    status(success, "good");
    return payload;
  }

  // ---- Pages and routing --------------------------------------------------------------------
  // page: { id, title, roles: [Role] that the API lets use it, render(container, viewer) }
  // `order` places it in the navigation (pages load in file-name order).
  function page(definition) {
    pages.push(definition);
    pages.sort(function (a, b) { return (a.order || 0) - (b.order || 0); });
  }
  function hasRole(role) { return !!viewer && viewer.roles.indexOf(role) >= 0; }
  function mayUse(definition) {
    return definition.roles.some(function (role) { return hasRole(role); });
  }
  function showNav() {
    var nav = clear(document.getElementById("nav"));
    pages.filter(mayUse).forEach(function (p) {
      nav.appendChild(el("a", { href: "#" + p.id, "data-page": p.id, text: p.title }));
    });
    nav.hidden = false;
  }
  function route() {
    if (!viewer) return;
    var id = (location.hash || "").replace(/^#/, "");
    var usable = pages.filter(mayUse);
    // Any page can be asked for by its address: what it shows is what the API answers this
    // account, so a page of another role shows the API's refusal, not data.
    var target = pages.filter(function (p) { return p.id === id; })[0] || usable[0];
    var container = clear(document.getElementById("page"));
    container.hidden = false;
    document.getElementById("sign-in").hidden = true;
    Array.prototype.forEach.call(document.querySelectorAll("#nav a"), function (a) {
      if (target && a.getAttribute("data-page") === target.id) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
    });
    status("");
    if (!target) {
      container.appendChild(el("h1", { tabindex: "-1", text: "No pages" }));
      container.appendChild(el("p", { text: "Your account has no staff role: the console has nothing for it." }));
      return;
    }
    current = target;
    var heading = el("h1", { tabindex: "-1", text: target.title });
    container.appendChild(heading);
    container.setAttribute("data-page", target.id);
    document.title = target.title + " · FoodGraph admin";
    var body = el("div", { "data-loading": "true" });
    container.appendChild(body);
    heading.focus();
    Promise.resolve(target.render(body, viewer)).catch(function (error) {
      body.appendChild(el("div", { class: "refused", role: "alert", text: "The page failed: " + error }));
    }).then(function () { body.removeAttribute("data-loading"); });
  }

  // ---- Signing in and out -------------------------------------------------------------------
  function signedIn(me) {
    viewer = me;
    var who = document.getElementById("who");
    who.textContent = me.email + " · " + me.roles.filter(function (r) { return r !== "USER"; }).join(", ");
    who.hidden = false;
    document.getElementById("sign-out").hidden = false;
    showNav();
    route();
  }
  function signedOut(message) {
    token = null;
    viewer = null;
    current = null;
    clear(document.getElementById("nav")).hidden = true;
    document.getElementById("who").hidden = true;
    document.getElementById("sign-out").hidden = true;
    var pageBox = clear(document.getElementById("page"));
    pageBox.hidden = true;
    pageBox.removeAttribute("data-page");
    document.getElementById("sign-in").hidden = false;
    document.getElementById("password").value = "";
    document.title = "FoodGraph admin";
    // The next account starts on its own first page, not on the page this one left open.
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);
    status(message || "", message ? "bad" : "");
    document.getElementById("email").focus();
  }
  function start() {
    var form = document.getElementById("sign-in-form");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var button = form.querySelector("button");
      button.disabled = true;
      status("Signing in…");
      var email = document.getElementById("email").value.trim();
      var password = document.getElementById("password").value;
      run("AdminSignIn", { input: { email: email, password: password } }).then(function (result) {
        var payload = report(result, "login", "");
        if (!payload) return;
        if (!payload.token) { status("Sign-in failed.", "bad"); return; }
        token = payload.token;
        return run("AdminViewer").then(function (me) {
          if (!me.data || !me.data.me) { signedOut("Sign-in failed."); return; }
          document.getElementById("password").value = "";
          signedIn(me.data.me);
        });
      }).then(function () { button.disabled = false; });
    });
    document.getElementById("sign-out").addEventListener("click", function () {
      run("AdminSignOut").then(function () { signedOut(""); status("Signed out.", "good"); });
    });
    window.addEventListener("hashchange", route);
    loadOperations();
    document.getElementById("email").focus();
  }

  return {
    el: el, clear: clear, field: field, table: table, tags: tags, date: date, uid: uid,
    run: run, problem: problem, report: report, status: status,
    page: page, start: start, hasRole: hasRole, refresh: route,
    viewer: function () { return viewer; },
  };
})();
