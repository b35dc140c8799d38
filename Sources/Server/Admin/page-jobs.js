"use strict";
// Jobs (the System area): the job runner's table, as the API's `jobs` shows it to administrators:
// each job's status, when it runs next, its attempts against its limit (failed runs are retried
// with back-off), and the last error; the failures (given up, or retrying) are listed first.
(function () {
  var el = Admin.el;
  var STATUSES = ["QUEUED", "RUNNING", "SUCCEEDED", "FAILED"];
  var PAGE = 100; // the API allows 1–100 a page
  var filter = "";

  function every(seconds) {
    if (seconds === null || seconds === undefined) return "once";
    if (seconds % 86400 === 0) return "every " + seconds / 86400 + " d";
    if (seconds % 3600 === 0) return "every " + seconds / 3600 + " h";
    if (seconds % 60 === 0) return "every " + seconds / 60 + " min";
    return "every " + seconds + " s";
  }
  // A periodic job is never given up: its failed runs count up until a success.
  function tries(job) { return job.periodicSeconds ? String(job.attempts) : job.attempts + " / " + job.maxAttempts; }
  function error(job) { return job.lastError ? el("code", { class: "error", text: job.lastError }) : null; }

  function failures(box) {
    // Given up, then retrying: failed runs of any job (their attempts count up until a success).
    return Promise.all([Admin.run("AdminJobs", { status: "FAILED", first: PAGE }), Admin.run("AdminJobs", { first: PAGE })]).then(function (results) {
      Admin.clear(box);
      box.appendChild(el("h2", { text: "Failures" }));
      var bad = results.filter(function (r) { return r.errors; })[0];
      if (bad) { box.appendChild(Admin.problem(bad)); return; }
      var failed = results[0].data.jobs.edges.map(function (e) { return e.node; });
      var retrying = results[1].data.jobs.edges.map(function (e) { return e.node; })
        .filter(function (j) { return j.status !== "FAILED" && j.attempts > 0; });
      box.appendChild(el("p", { class: "muted", "data-failed": failed.length, "data-retrying": retrying.length,
        text: failed.length + " given up, " + retrying.length + " retrying (of the newest " + PAGE + ")." }));
      box.appendChild(Admin.table("Jobs given up or retrying", [
        { title: "Kind", cell: function (j) { return el("span", { "data-job": j.id, text: j.kind }); } },
        { title: "Key", cell: function (j) { return j.key; } },
        { title: "Status", cell: function (j) { return j.status === "FAILED" ? "given up" : "retrying (" + j.status.toLowerCase() + ")"; } },
        { title: "Attempts", num: true, cell: tries },
        { title: "Next run", cell: function (j) { return j.status === "FAILED" ? "—" : Admin.date(j.runAt); } },
        { title: "Last error", cell: error },
      ], failed.concat(retrying), "No failures."));
    });
  }

  function list(box, after, rows) {
    var variables = { first: PAGE };
    if (filter) variables.status = filter;
    if (after) variables.after = after;
    return Admin.run("AdminJobs", variables).then(function (result) {
      Admin.clear(box);
      box.appendChild(el("h2", { text: "All jobs" }));
      box.setAttribute("data-status", filter);
      if (result.errors) { box.appendChild(Admin.problem(result)); return; }
      var page = result.data.jobs;
      var shown = (rows || []).concat(page.edges.map(function (e) { return e.node; }));
      box.appendChild(el("p", { class: "muted", text: shown.length + " job(s)" + (filter ? " " + filter.toLowerCase() : "") + ", newest first." }));
      box.appendChild(Admin.table("Jobs" + (filter ? " " + filter.toLowerCase() : ""), [
        { title: "Kind", cell: function (j) { return el("span", { "data-job": j.id, text: j.kind }); } },
        { title: "Key", cell: function (j) { return j.key; } },
        { title: "Status", cell: function (j) { return el("span", { "data-job-status": j.status, text: j.status.toLowerCase() }); } },
        { title: "Runs", cell: function (j) { return every(j.periodicSeconds); } },
        { title: "Next run", cell: function (j) { return Admin.date(j.runAt); } },
        { title: "Attempts", num: true, cell: tries },
        { title: "Last run", cell: function (j) { return j.lastStartedAt ? Admin.date(j.lastStartedAt) + (j.lastFinishedAt ? "" : " (running)") : "never"; } },
        { title: "Held by", cell: function (j) { return j.lockedBy; } },
        { title: "Last error", cell: error },
      ], shown, "No jobs" + (filter ? " " + filter.toLowerCase() : "") + "."));
      if (page.pageInfo.hasNextPage) {
        box.appendChild(el("button", { type: "button", class: "secondary", "data-action": "more", text: "More jobs",
          onclick: function () { list(box, page.pageInfo.endCursor, shown); } }));
      }
    });
  }

  Admin.page({
    id: "jobs", title: "Jobs", order: 61, roles: ["ADMINISTRATOR"],
    render: function (body) {
      var failureBox = el("section", { class: "card", "aria-label": "Job failures", id: "job-failures" });
      var listBox = el("section", { class: "card", "aria-label": "Jobs", id: "job-list" });
      var select = el("select", { id: "job-status-filter" },
        el("option", { value: "", text: "any" }),
        STATUSES.map(function (s) { return el("option", { value: s, text: s.toLowerCase() }); }));
      select.value = filter;
      var form = el("form", { class: "row", "aria-label": "Filter jobs" },
        el("label", { for: "job-status-filter" }, "Status "), select, el("button", { type: "submit", text: "Show" }));
      form.addEventListener("submit", function (event) { event.preventDefault(); filter = select.value; list(listBox, null, null); });
      select.addEventListener("change", function () { filter = select.value; list(listBox, null, null); });
      body.appendChild(failureBox);
      body.appendChild(form);
      body.appendChild(listBox);
      return Promise.all([failures(failureBox), list(listBox, null, null)]);
    },
  });
})();
