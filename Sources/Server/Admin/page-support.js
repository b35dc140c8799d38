"use strict";
// The support queue: support staff and administrators. It arrives with the support area (on
// another branch): replace this file's render with the queue (take, comment, resolve) and add
// support.graphql.
Admin.page({
  id: "support", title: "Support queue", order: 20, roles: ["SUPPORT", "ADMINISTRATOR"],
  render: function (body) {
    body.appendChild(Admin.el("p", { class: "placeholder", "data-placeholder": "support" },
      "The support queue arrives with the support area: take an issue, comment on it, resolve it. " +
      "The API has no support issues yet, so this page shows nothing."));
  },
});
