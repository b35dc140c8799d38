"use strict";
// The order queue: order handlers and administrators, as the API's `orderQueue` and
// `setOrderStatus` are. Submitted orders oldest first, filtered by status (the API's default: all
// but cancelled and delivered), each with its items and delivery address; an order moves along
// IN_PROCESS → ACCEPTED → PENDING_DELIVERY → DELIVERED, or to CANCELLED before it is delivered.
(function () {
  var el = Admin.el;
  var STATUSES = ["IN_PROCESS", "ACCEPTED", "PENDING_DELIVERY", "DELIVERED", "CANCELLED"];
  var NEXT = { IN_PROCESS: "ACCEPTED", ACCEPTED: "PENDING_DELIVERY", PENDING_DELIVERY: "DELIVERED" };
  var PAGE = 50; // the API allows 1–100 a page
  var filter = "";

  function words(status) { return status ? status.replace(/_/g, " ").toLowerCase() : "—"; }

  function address(a) {
    if (!a) return "—";
    var lines = [a.recipient, a.line1, a.line2, [a.postalCode, a.city, a.region].filter(Boolean).join(" "), a.country, a.phone ? "☎ " + a.phone : null]
      .filter(Boolean);
    return el("address", {}, lines.map(function (line, i) { return [i ? el("br") : null, line]; }));
  }

  function items(order) {
    return el("ul", { class: "items" }, order.items.map(function (item) {
      return el("li", {}, item.quantity + " × " + item.product.name + (item.product.brand ? " · " + item.product.brand : ""));
    }));
  }

  // The statuses an order can move to from its own (the API refuses the others with INVALID_STATE).
  function statusControls(order, reload) {
    var targets = [];
    if (NEXT[order.status]) targets.push(NEXT[order.status]);
    if (order.status !== "DELIVERED" && order.status !== "CANCELLED") targets.push("CANCELLED");
    if (!targets.length) return el("span", { class: "muted", text: "final" });
    var select = el("select", { "aria-label": "New status for order " + order.number, "data-field": "status" },
      targets.map(function (s) { return el("option", { value: s, text: words(s) }); }));
    var button = el("button", { type: "button", "data-action": "set-status", "aria-label": "Change the status of order " + order.number, text: "Change" });
    button.addEventListener("click", function () {
      var target = select.value;
      button.disabled = true;
      Admin.run("AdminSetOrderStatus", { input: { orderId: order.id, status: target } }).then(function (r) {
        button.disabled = false;
        if (Admin.report(r, "setOrderStatus", "Order " + order.number + " is now " + words(target) + ".")) reload();
      });
    });
    return el("div", { class: "row" }, select, button);
  }

  function list(box, after, rows) {
    var variables = { first: PAGE };
    if (filter) variables.status = filter;
    if (after) variables.after = after;
    return Admin.run("AdminOrderQueue", variables).then(function (result) {
      Admin.clear(box);
      box.setAttribute("data-status", filter);
      if (result.errors) { box.appendChild(Admin.problem(result)); return; }
      var queue = result.data.orderQueue;
      var shown = (rows || []).concat(queue.edges.map(function (e) { return e.node; }));
      var reload = function () { list(box, null, null); };
      box.appendChild(el("p", { class: "muted", text: shown.length + " order(s)" + (filter ? " " + words(filter) : " not delivered or cancelled") + ", oldest first." }));
      box.appendChild(Admin.table("Orders" + (filter ? " " + words(filter) : ""), [
        { title: "Order", cell: function (o) { return el("span", { "data-order": o.id, "data-number": o.number, text: o.number }); } },
        { title: "Submitted", cell: function (o) { return Admin.date(o.submittedAt); } },
        { title: "Status", cell: function (o) { return el("span", { "data-order-status": o.status, text: words(o.status) }); } },
        { title: "Chain", cell: function (o) { return o.chain.name; } },
        { title: "Items", cell: items },
        { title: "Deliver to", cell: function (o) { return address(o.deliveryAddress); } },
        { title: "When", cell: function (o) {
          return [o.deliveryTime ? Admin.date(o.deliveryTime) : "standard", o.quickDelivery ? " (quick)" : "",
            o.deliveryInstructions ? el("div", { class: "muted", text: o.deliveryInstructions }) : null];
        } },
        { title: "Total", num: true, cell: function (o) { return o.total.amount + " " + o.total.currency; } },
        { title: "Change status", cell: function (o) { return statusControls(o, reload); } },
      ], shown, "No orders" + (filter ? " " + words(filter) : "") + "."));
      if (queue.pageInfo.hasNextPage) {
        box.appendChild(el("button", { type: "button", class: "secondary", "data-action": "more", text: "More orders",
          onclick: function () { list(box, queue.pageInfo.endCursor, shown); } }));
      }
    });
  }

  Admin.page({
    id: "orders", title: "Order queue", order: 10, roles: ["ORDER_HANDLER", "ADMINISTRATOR"],
    render: function (body) {
      var box = el("section", { class: "card", "aria-label": "Orders", id: "order-queue" });
      var selectID = Admin.uid("order-status");
      var select = el("select", { id: "order-status-filter", name: selectID },
        el("option", { value: "", text: "open (not delivered or cancelled)" }),
        STATUSES.map(function (s) { return el("option", { value: s, text: words(s), selected: s === filter }); }));
      select.value = filter;
      var form = el("form", { class: "row", "aria-label": "Filter orders" },
        el("label", { for: "order-status-filter" }, "Status "), select,
        el("button", { type: "submit", text: "Show" }));
      form.addEventListener("submit", function (event) { event.preventDefault(); filter = select.value; list(box, null, null); });
      select.addEventListener("change", function () { filter = select.value; list(box, null, null); });
      body.appendChild(form);
      body.appendChild(box);
      return list(box, null, null);
    },
  });
})();
