"use strict";
// The order queue: order handlers and administrators. It arrives with the orders area
// (`orderQueue(status:)`, `setOrderStatus`, on another branch): replace this file's render with
// the queue (filter by status, change status, items and address) and add orders.graphql.
Admin.page({
  id: "orders", title: "Order queue", order: 10, roles: ["ORDER_HANDLER", "ADMINISTRATOR"],
  render: function (body) {
    body.appendChild(Admin.el("p", { class: "placeholder", "data-placeholder": "orders" },
      "The order queue arrives with the orders area: filter by status, change an order's status, see its items and " +
      "delivery address. The API has no order queue yet, so this page shows nothing."));
  },
});
