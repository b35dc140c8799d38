"use strict";
// Moderation: products and recipes waiting for an administrator (approve, or reject with a
// reason), and the community product mappings of receipt texts (`productMappings`: revoke with a
// reason, or approve a revoked one again, `reviewProductMapping`).
(function () {
  var el = Admin.el;

  // Approve / reject controls for one pending item; `decide(decision, reason)` runs the mutation.
  function decisionControls(label, decide) {
    var reasonID = Admin.uid("reason");
    var reason = el("input", { id: reasonID, type: "text", maxlength: "1000", "aria-label": "Reason to reject " + label, placeholder: "Reason (to reject)" });
    var approve = el("button", { type: "button", "data-action": "approve", "aria-label": "Approve " + label, text: "Approve" });
    var reject = el("button", { type: "button", class: "danger", "data-action": "reject", "aria-label": "Reject " + label, text: "Reject" });
    approve.addEventListener("click", function () { decide("APPROVE", null); });
    reject.addEventListener("click", function () {
      var text = reason.value.trim();
      if (!text) { Admin.status("Give a reason to reject " + label + ".", "bad"); reason.focus(); return; }
      decide("REJECT", text);
    });
    return el("div", { class: "row" }, approve, reason, reject);
  }

  function products(box) {
    return Admin.run("AdminPendingProducts", { first: 50 }).then(function (result) {
      Admin.clear(box);
      box.appendChild(el("h2", { text: "Products" }));
      if (result.errors) { box.appendChild(Admin.problem(result)); return; }
      var list = result.data.pendingProducts;
      box.appendChild(el("p", { class: "muted", text: list.totalCount + " waiting, oldest first." }));
      box.appendChild(Admin.table("Products waiting for moderation", [
        { title: "Product", cell: function (p) { return el("span", { "data-product": p.id }, p.name + (p.brand ? " · " + p.brand : "")); } },
        { title: "Category", cell: function (p) { return p.category.name; } },
        { title: "Barcode", cell: function (p) { return p.barcode; } },
        { title: "From", cell: function (p) { return p.chain ? p.chain.name : "a user"; } },
        { title: "Change to", cell: function (p) { return p.revisionOf ? p.revisionOf.name : "new product"; } },
        { title: "Decision", cell: function (p) {
          return decisionControls(p.name, function (decision, note) {
            var input = { productId: p.id, decision: decision };
            if (note) input.note = note;
            Admin.run("AdminReviewProduct", { input: input }).then(function (r) {
              if (Admin.report(r, "reviewProduct", (decision === "APPROVE" ? "Approved " : "Rejected ") + p.name + ".")) products(box);
            });
          });
        } },
      ], list.edges.map(function (e) { return e.node; }), "No products are waiting."));
    });
  }

  function recipes(box) {
    return Admin.run("AdminPendingRecipes", { first: 50 }).then(function (result) {
      Admin.clear(box);
      box.appendChild(el("h2", { text: "Recipes" }));
      if (result.errors) { box.appendChild(Admin.problem(result)); return; }
      box.appendChild(Admin.table("Recipes waiting for moderation", [
        { title: "Recipe", cell: function (r) { return el("span", { "data-recipe": r.id, text: r.title }); } },
        { title: "Author", cell: function (r) { return r.authorName; } },
        { title: "Submitted", cell: function (r) { return Admin.date(r.createdAt); } },
        { title: "Decision", cell: function (r) {
          return decisionControls(r.title, function (decision, reason) {
            var input = { recipeId: r.id, decision: decision };
            if (reason) input.reason = reason;
            Admin.run("AdminModerateRecipe", { input: input }).then(function (x) {
              if (Admin.report(x, "moderateRecipe", (decision === "APPROVE" ? "Approved " : "Rejected ") + r.title + ".")) recipes(box);
            });
          });
        } },
      ], result.data.pendingRecipes.edges.map(function (e) { return e.node; }), "No recipes are waiting."));
    });
  }


  function mappingControls(m, reload) {
    var label = "mapping " + m.text + (m.product ? " to " + m.product.name : "");
    var revoking = m.status === "ACTIVE";
    var note = el("input", { type: "text", maxlength: "1000", "data-field": "note",
      "aria-label": (revoking ? "Reason to revoke " : "Note for approving ") + label, placeholder: revoking ? "Reason (to revoke)" : "Note (optional)" });
    var button = el("button", { type: "button", class: revoking ? "danger" : null, "data-action": revoking ? "revoke" : "approve",
      "aria-label": (revoking ? "Revoke " : "Approve ") + label, text: revoking ? "Revoke" : "Approve" });
    function decide() {
      var text = note.value.trim();
      if (revoking && !text) { Admin.status("Give a reason to revoke " + label + ".", "bad"); note.focus(); return; }
      var input = { mappingId: m.id, decision: revoking ? "REVOKE" : "APPROVE" };
      if (text) input.note = text;
      button.disabled = true;
      Admin.run("AdminReviewProductMapping", { input: input }).then(function (r) {
        button.disabled = false;
        if (Admin.report(r, "reviewProductMapping", (revoking ? "Revoked " : "Approved ") + label + ".")) reload();
      });
    }
    button.addEventListener("click", decide);
    note.addEventListener("keydown", function (event) { if (event.key === "Enter") { event.preventDefault(); decide(); } });
    return el("div", { class: "row" }, note, button);
  }

  var mappingFilter = "";
  function mappings(box) {
    var variables = { first: 50 };
    if (mappingFilter) variables.status = mappingFilter;
    return Admin.run("AdminProductMappings", variables).then(function (result) {
      Admin.clear(box);
      box.appendChild(el("h2", { text: "Community product mappings" }));
      var select = el("select", { id: "mapping-status-filter" },
        el("option", { value: "", text: "any" }), el("option", { value: "ACTIVE", text: "active" }), el("option", { value: "REVOKED", text: "revoked" }));
      select.value = mappingFilter;
      select.addEventListener("change", function () { mappingFilter = select.value; mappings(box); });
      box.appendChild(el("div", { class: "row" }, el("label", { for: "mapping-status-filter" }, "Status "), select));
      box.setAttribute("data-status", mappingFilter);
      if (result.errors) { box.appendChild(Admin.problem(result)); return; }
      var reload = function () { mappings(box); };
      box.appendChild(el("p", { class: "muted", text: "Receipt texts that enough independent users mapped to the same product; the newest first. " +
        "A revoked mapping stops applying at once and is not made again by further agreement." }));
      box.appendChild(Admin.table("Community mappings of receipt texts", [
        { title: "Receipt text", cell: function (m) { return el("code", { "data-mapping": m.id, text: m.text }); } },
        { title: "Store", cell: function (m) { return m.store ? m.store.name + " · " + m.store.chain.name : null; } },
        { title: "Product", cell: function (m) { return m.product ? m.product.name + (m.product.brand ? " · " + m.product.brand : "") : null; } },
        { title: "Users", num: true, cell: function (m) { return m.agreeingUsers; } },
        { title: "Status", cell: function (m) { return el("span", { "data-mapping-status": m.status, text: m.status.toLowerCase() }); } },
        { title: "Since", cell: function (m) { return Admin.date(m.createdAt); } },
        { title: "Review", cell: function (m) { return m.reviewedAt ? Admin.date(m.reviewedAt) + (m.reviewNote ? ": " + m.reviewNote : "") : null; } },
        { title: "Decision", cell: function (m) { return mappingControls(m, reload); } },
      ], result.data.productMappings.edges.map(function (e) { return e.node; }), "No community mappings" + (mappingFilter ? " " + mappingFilter.toLowerCase() : "") + "."));
    });
  }

  Admin.page({
    id: "moderation", title: "Moderation", order: 30, roles: ["ADMINISTRATOR"],
    render: function (body) {
      var productBox = el("section", { class: "card", "aria-label": "Products waiting", id: "pending-products" });
      var recipeBox = el("section", { class: "card", "aria-label": "Recipes waiting", id: "pending-recipes" });
      body.appendChild(productBox);
      body.appendChild(recipeBox);
      var mappingBox = el("section", { class: "card", "aria-label": "Community product mappings", id: "product-mappings" });
      body.appendChild(mappingBox);
      return Promise.all([products(productBox), recipes(recipeBox), mappings(mappingBox)]);
    },
  });
})();
