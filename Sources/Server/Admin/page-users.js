"use strict";
// Users: search accounts, grant and revoke roles, disable and re-enable. Administrators only,
// as the API's `users`, `grantRole`, `revokeRole` and `setAccountDisabled` are.
(function () {
  var el = Admin.el;
  var ROLES = ["SUPPORT", "ORDER_HANDLER", "ADMINISTRATOR", "CHAIN_REPRESENTATIVE"];
  var lastQuery = "";

  function roleControls(user, reload) {
    var selectID = Admin.uid("role");
    var select = el("select", { id: selectID, "aria-label": "Role for " + user.email },
      ROLES.map(function (r) { return el("option", { value: r, text: r.replace(/_/g, " ").toLowerCase() }); }));
    var chain = el("input", { type: "text", class: "small", "aria-label": "Chain ID (for chain representative) for " + user.email, placeholder: "chain ID" });
    var grant = el("button", { type: "button", "data-action": "grant", text: "Grant" });
    var revoke = el("button", { type: "button", class: "secondary", "data-action": "revoke", text: "Revoke" });
    grant.addEventListener("click", function () {
      var input = { userId: user.id, role: select.value };
      if (chain.value.trim()) input.chainId = chain.value.trim();
      Admin.run("AdminGrantRole", { input: input }).then(function (r) {
        if (Admin.report(r, "grantRole", "Granted " + select.value + " to " + user.email + ".")) reload();
      });
    });
    revoke.addEventListener("click", function () {
      Admin.run("AdminRevokeRole", { input: { userId: user.id, role: select.value } }).then(function (r) {
        if (Admin.report(r, "revokeRole", "Revoked " + select.value + " from " + user.email + ".")) reload();
      });
    });
    return el("div", { class: "row" }, select, chain, grant, revoke);
  }

  function disableControl(user, reload) {
    var button = el("button", { type: "button", class: user.disabled ? "secondary" : "danger", "data-action": user.disabled ? "enable" : "disable",
      text: user.disabled ? "Enable" : "Disable" });
    button.addEventListener("click", function () {
      var disabled = !user.disabled;
      Admin.run("AdminSetAccountDisabled", { input: { userId: user.id, disabled: disabled } }).then(function (r) {
        if (Admin.report(r, "setAccountDisabled", (disabled ? "Disabled " : "Enabled ") + user.email + ".")) reload();
      });
    });
    return button;
  }

  function list(box, query) {
    lastQuery = query;
    var variables = { first: 50 };
    if (query) variables.query = query;
    return Admin.run("AdminUsers", variables).then(function (result) {
      Admin.clear(box);
      box.setAttribute("data-query", query); // what the list shows, for tests and assistive tools
      if (result.errors) { box.appendChild(Admin.problem(result)); return; }
      var reload = function () { list(box, lastQuery); };
      var users = result.data.users;
      box.appendChild(el("p", { class: "muted", text: users.totalCount + " account(s)" + (query ? " match “" + query + "”" : "") + "; the first 50, newest first." }));
      box.appendChild(Admin.table("Accounts", [
        { title: "Email", cell: function (u) { return el("span", { "data-user": u.id, text: u.email }); } },
        { title: "Name", cell: function (u) { return u.profile.displayName; } },
        { title: "Roles", cell: function (u) { return el("span", { class: "roles" }, Admin.tags(u.roles), u.representedChain ? " (" + u.representedChain.name + ")" : ""); } },
        { title: "State", cell: function (u) { return (u.disabled ? "disabled" : "active") + (u.emailConfirmed ? "" : ", unconfirmed"); } },
        { title: "Since", cell: function (u) { return Admin.date(u.createdAt); } },
        { title: "Roles", cell: function (u) { return roleControls(u, reload); } },
        { title: "Account", cell: function (u) { return disableControl(u, reload); } },
      ], users.edges.map(function (e) { return e.node; }), "No accounts match."));
    });
  }

  Admin.page({
    id: "users", title: "Users", order: 50, roles: ["ADMINISTRATOR"],
    render: function (body) {
      var search = el("input", { id: "user-search", type: "search", maxlength: "200", placeholder: "email, username or name" });
      var results = el("div", { id: "user-results" });
      var form = el("form", { role: "search", class: "row" },
        el("label", { for: "user-search" }, "Search accounts", search), el("button", { type: "submit", text: "Search" }));
      form.addEventListener("submit", function (event) { event.preventDefault(); list(results, search.value.trim()); });
      body.appendChild(el("section", { class: "card" }, form, results));
      return list(results, "");
    },
  });
})();
