"use strict";
// The support queue: support staff and administrators, as the API's `supportQueue`,
// `takeSupportIssue`, `commentOnSupportIssue` and `resolveSupportIssue` are. Issues oldest first,
// filtered by status (the API's default: open and in hand), severity and category; each with its
// requester, its comments and, for a critical one, the employee the API suggests. Taking an issue
// marks it in hand by the signed-in employee; another employee's take wins a race and is reported.
(function () {
  var el = Admin.el;
  var STATUSES = ["OPEN", "IN_HAND", "RESOLVED"];
  var SEVERITIES = ["CRITICAL", "HIGH", "MEDIUM", "LOW"];
  var CATEGORIES = ["BUG", "ACCOUNT", "ORDERS", "DATA", "FEATURE_REQUEST", "OTHER"];
  var PAGE = 50; // the API allows 1–100 a page
  var filters = { status: "", severity: "", category: "" };

  function words(value) { return value ? value.replace(/_/g, " ").toLowerCase() : "—"; }

  function select(id, label, values, key, allText, onChange) {
    var control = el("select", { id: id, "data-filter": key },
      el("option", { value: "", text: allText }),
      values.map(function (v) { return el("option", { value: v, text: words(v) }); }));
    control.value = filters[key];
    control.addEventListener("change", function () { filters[key] = control.value; onChange(); });
    return [el("label", { for: id }, label + " "), control];
  }

  function comments(issue) {
    if (!issue.comments.length) return el("p", { class: "muted", text: "No comments yet." });
    return el("ol", { class: "comments", "aria-label": "Comments on issue " + issue.number }, issue.comments.map(function (c) {
      return el("li", { "data-comment": c.id },
        el("span", { class: "muted", text: (c.fromStaff ? (c.author ? c.author.name : "support") : "requester") + " · " + Admin.date(c.createdAt) + ": " }),
        c.body);
    }));
  }

  function screenshotButton(issue) {
    var holder = el("div", {});
    var button = el("button", { type: "button", class: "secondary", "data-action": "screenshot",
      "aria-label": "Show the screenshot of issue " + issue.number, text: "Screenshot" });
    button.addEventListener("click", function () {
      button.disabled = true;
      Admin.run("AdminSupportScreenshot", { id: issue.id }).then(function (r) {
        var shot = r.data && r.data.node && r.data.node.screenshot;
        if (!shot) { Admin.clear(holder).appendChild(el("span", { class: "muted", text: "No screenshot." })); return; }
        Admin.clear(holder).appendChild(el("img", { src: "data:" + shot.contentType + ";base64," + shot.data, width: Math.min(shot.width, 320),
          alt: "Screenshot sent with issue " + issue.number }));
      });
    });
    holder.appendChild(button);
    return holder;
  }

  // Take, comment, resolve: what the issue's status allows (the API refuses the rest).
  function actions(issue, reload) {
    var me = Admin.viewer();
    var box = el("div", { class: "stack", "data-issue-actions": issue.number });
    if (issue.status === "OPEN") {
      var take = el("button", { type: "button", "data-action": "take", "aria-label": "Take issue " + issue.number + " in hand", text: "Take in hand" });
      take.addEventListener("click", function () {
        take.disabled = true;
        Admin.run("AdminTakeSupportIssue", { input: { issueId: issue.id } }).then(function (r) {
          take.disabled = false;
          if (Admin.report(r, "takeSupportIssue", "Issue #" + issue.number + " is in your hands.")) reload();
          else reload();
        });
      });
      box.appendChild(take);
    }
    if (issue.status !== "RESOLVED") {
      var id = Admin.uid("comment");
      var text = el("textarea", { id: id, rows: 2, maxlength: 5000, required: true, "data-field": "comment" });
      var form = el("form", { class: "stack", "aria-label": "Comment on issue " + issue.number },
        el("label", { for: id }, "Answer (1–5000 characters; the user is notified)"), text,
        el("button", { type: "submit", "data-action": "comment", text: "Send answer" }));
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var send = form.querySelector("button");
        send.disabled = true;
        Admin.run("AdminCommentOnSupportIssue", { input: { issueId: issue.id, body: text.value } }).then(function (r) {
          send.disabled = false;
          if (Admin.report(r, "commentOnSupportIssue", "Answer sent on issue #" + issue.number + ".")) reload();
        });
      });
      box.appendChild(form);
      var resolve = el("button", { type: "button", class: "secondary", "data-action": "resolve",
        "aria-label": "Resolve issue " + issue.number, text: "Resolve" });
      resolve.addEventListener("click", function () {
        resolve.disabled = true;
        Admin.run("AdminResolveSupportIssue", { input: { issueId: issue.id } }).then(function (r) {
          resolve.disabled = false;
          if (Admin.report(r, "resolveSupportIssue", "Issue #" + issue.number + " is resolved.")) reload();
        });
      });
      box.appendChild(resolve);
    }
    if (issue.status === "IN_HAND" && issue.assignee && me && issue.assignee.id !== me.id) {
      box.appendChild(el("span", { class: "muted", text: "In " + issue.assignee.name + "'s hands" }));
    }
    return box;
  }

  var latest = 0; // a slower answer to an earlier request never replaces a later one's

  function list(box, after, rows) {
    var variables = { first: PAGE };
    var shownFilters = { status: filters.status, severity: filters.severity, category: filters.category };
    Object.keys(shownFilters).forEach(function (key) { if (shownFilters[key]) variables[key] = shownFilters[key]; });
    if (after) variables.after = after;
    var request = ++latest;
    return Admin.run("AdminSupportQueue", variables).then(function (result) {
      if (request !== latest) return;
      Admin.clear(box);
      Object.keys(shownFilters).forEach(function (key) { box.setAttribute("data-" + key, shownFilters[key]); });
      if (result.errors) { box.appendChild(Admin.problem(result)); return; }
      var queue = result.data.supportQueue;
      var shown = (rows || []).concat(queue.edges.map(function (e) { return e.node; }));
      var reload = function () { list(box, null, null); };
      box.appendChild(el("p", { class: "muted", text: shown.length + " issue(s)" + (shownFilters.status ? " " + words(shownFilters.status) : " open or in hand") + ", oldest first." }));
      box.appendChild(Admin.table("Support issues", [
        { title: "#", num: true, cell: function (i) { return el("span", { "data-issue": i.id, "data-number": i.number, text: "#" + i.number }); } },
        { title: "Sent", cell: function (i) { return Admin.date(i.createdAt); } },
        { title: "Severity", cell: function (i) { return el("span", { class: "tag", "data-severity": i.severity, text: words(i.severity) }); } },
        { title: "Status", cell: function (i) {
          return [el("span", { "data-issue-status": i.status, text: words(i.status) }),
            i.assignee ? el("div", { class: "muted", text: i.assignee.name }) : null,
            i.suggestedAssignee ? el("div", { class: "muted", "data-suggested": i.suggestedAssignee.name, text: "Suggested: " + i.suggestedAssignee.name }) : null];
        } },
        { title: "Issue", cell: function (i) {
          return [el("strong", { text: i.subject }), el("span", { class: "muted", text: " · " + words(i.category) }),
            el("p", { class: "description", text: i.description }), comments(i), screenshotButton(i)];
        } },
        { title: "From", cell: function (i) {
          return i.requester ? [i.requester.displayName || "—", el("div", { class: "muted", text: i.requester.email || "" })] : "—";
        } },
        { title: "Actions", cell: function (i) { return actions(i, reload); } },
      ], shown, "No support issues" + (shownFilters.status ? " " + words(shownFilters.status) : "") + "."));
      if (queue.pageInfo.hasNextPage) {
        box.appendChild(el("button", { type: "button", class: "secondary", "data-action": "more", text: "More issues",
          onclick: function () { list(box, queue.pageInfo.endCursor, shown); } }));
      }
    });
  }

  Admin.page({
    id: "support", title: "Support queue", order: 20, roles: ["SUPPORT", "ADMINISTRATOR"],
    render: function (body) {
      var box = el("section", { class: "card", "aria-label": "Support issues", id: "support-queue" });
      var reload = function () { list(box, null, null); };
      var form = el("form", { class: "row", "aria-label": "Filter support issues" },
        select("support-status-filter", "Status", STATUSES, "status", "open and in hand", reload),
        select("support-severity-filter", "Severity", SEVERITIES, "severity", "any", reload),
        select("support-category-filter", "Category", CATEGORIES, "category", "any", reload),
        el("button", { type: "submit", text: "Show" }));
      form.addEventListener("submit", function (event) { event.preventDefault(); reload(); });
      body.appendChild(form);
      body.appendChild(box);
      return list(box, null, null);
    },
  });
})();
