"use strict";
// Moderation: products and recipes waiting for an administrator (approve, or reject with a
// reason). Community product mappings arrive with the spending area (`reviewProductMapping`).
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

  Admin.page({
    id: "moderation", title: "Moderation", order: 30, roles: ["ADMINISTRATOR"],
    render: function (body) {
      var productBox = el("section", { class: "card", "aria-label": "Products waiting", id: "pending-products" });
      var recipeBox = el("section", { class: "card", "aria-label": "Recipes waiting", id: "pending-recipes" });
      body.appendChild(productBox);
      body.appendChild(recipeBox);
      body.appendChild(el("section", { class: "card" }, el("h2", { text: "Community product mappings" }),
        el("p", { class: "placeholder", "data-placeholder": "mappings" },
          "Receipt-line mappings to screen arrive with the spending area (reviewProductMapping).")));
      return Promise.all([products(productBox), recipes(recipeBox)]);
    },
  });
})();
