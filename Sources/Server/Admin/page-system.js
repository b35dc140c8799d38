"use strict";
// System: the figures of /metrics that matter (request rate, errors, latency percentiles, pool
// use), sampled every 5 seconds while the page is open, with two charts. Jobs and retention runs
// are on the Jobs page (page-jobs.js).
(function () {
  var el = Admin.el;
  var SVG = "http://www.w3.org/2000/svg";
  var samples = []; // { at: ms, requests: n }
  var timer = null;

  function svg(tag, attributes) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attributes || {}).forEach(function (k) { node.setAttribute(k, String(attributes[k])); });
    for (var i = 2; i < arguments.length; i++) if (arguments[i]) node.appendChild(arguments[i]);
    return node;
  }

  // Prometheus text → [{ name, labels: {k: v}, value }].
  function parse(text) {
    var out = [];
    text.split("\n").forEach(function (line) {
      if (!line || line.charAt(0) === "#") return;
      var m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([^}]*)\})?\s+(\S+)/.exec(line);
      if (!m) return;
      var labels = {};
      (m[3] || "").replace(/([a-zA-Z_]+)="([^"]*)"/g, function (_, k, v) { labels[k] = v; return ""; });
      out.push({ name: m[1], labels: labels, value: parseFloat(m[4]) });
    });
    return out;
  }
  function sum(metrics, name, filter) {
    return metrics.filter(function (m) { return m.name === name && (!filter || filter(m.labels)); })
      .reduce(function (a, m) { return a + m.value; }, 0);
  }
  // A histogram's cumulative buckets, by bound.
  function histogram(metrics, name, filter) {
    return metrics.filter(function (m) { return m.name === name && (!filter || filter(m.labels)); })
      .map(function (m) { return { le: m.labels.le === "+Inf" ? Infinity : parseFloat(m.labels.le), count: m.value }; })
      .sort(function (a, b) { return a.le - b.le; });
  }
  // A percentile from a cumulative histogram, interpolated inside its bucket.
  function percentile(buckets, count, q) {
    if (!count) return null;
    var rank = q * count, previousBound = 0, previousCount = 0;
    for (var i = 0; i < buckets.length; i++) {
      var b = buckets[i];
      if (b.count >= rank) {
        if (!isFinite(b.le)) return previousBound;
        var inBucket = b.count - previousCount;
        return previousBound + (b.le - previousBound) * (inBucket ? (rank - previousCount) / inBucket : 0);
      }
      previousBound = b.le; previousCount = b.count;
    }
    return previousBound;
  }
  function ms(seconds) { return seconds === null ? "—" : (seconds * 1000 < 10 ? (seconds * 1000).toFixed(1) : Math.round(seconds * 1000)) + " ms"; }

  function figure(label, value, key) {
    return el("div", { class: "figure", "data-figure": key }, el("div", { class: "label", text: label }), el("div", { class: "value", text: value }));
  }

  function lineChart(points, caption) {
    var w = 420, h = 160, pad = 28;
    var max = Math.max(1, Math.max.apply(null, points.map(function (p) { return p; })));
    var chart = svg("svg", { viewBox: "0 0 " + w + " " + h, width: "100%", role: "img", "aria-label": caption });
    chart.appendChild(svg("line", { class: "axis", x1: pad, y1: h - pad, x2: w - 4, y2: h - pad }));
    chart.appendChild(svg("line", { class: "axis", x1: pad, y1: 4, x2: pad, y2: h - pad }));
    var top = svg("text", { x: 2, y: 12 }); top.textContent = max.toFixed(1); chart.appendChild(top);
    var zero = svg("text", { x: 2, y: h - pad }); zero.textContent = "0"; chart.appendChild(zero);
    if (points.length > 1) {
      var step = (w - pad - 8) / (points.length - 1);
      var d = points.map(function (p, i) { return (i ? "L" : "M") + (pad + i * step).toFixed(1) + " " + (h - pad - (p / max) * (h - pad - 8)).toFixed(1); }).join(" ");
      chart.appendChild(svg("path", { class: "line", d: d }));
    }
    return chart;
  }

  function barChart(bars, caption) {
    var w = 420, h = 160, pad = 28;
    var max = Math.max(1, Math.max.apply(null, bars.map(function (b) { return b.value; })));
    var chart = svg("svg", { viewBox: "0 0 " + w + " " + h, width: "100%", role: "img", "aria-label": caption });
    var width = (w - pad) / Math.max(1, bars.length);
    bars.forEach(function (b, i) {
      var height = (b.value / max) * (h - pad - 8);
      var rect = svg("rect", { class: "bar", x: (pad + i * width + 2).toFixed(1), y: (h - pad - height).toFixed(1), width: Math.max(1, width - 4).toFixed(1), height: height.toFixed(1) });
      var title = svg("title"); title.textContent = b.label + ": " + b.value; rect.appendChild(title);
      chart.appendChild(rect);
      if (i % 2 === 0) { // every other bucket's bound, so the labels do not run into each other
        var label = svg("text", { x: (pad + i * width + 2).toFixed(1), y: h - 10 }); label.textContent = b.label; chart.appendChild(label);
      }
    });
    chart.appendChild(svg("line", { class: "axis", x1: pad, y1: h - pad, x2: w - 4, y2: h - pad }));
    return chart;
  }

  function render(box, text) {
    var metrics = parse(text);
    var requests = sum(metrics, "foodgraph_requests_total");
    var now = Date.now();
    samples.push({ at: now, requests: requests });
    if (samples.length > 60) samples.shift();
    var rates = [];
    for (var i = 1; i < samples.length; i++) {
      var seconds = (samples[i].at - samples[i - 1].at) / 1000;
      rates.push(seconds > 0 ? Math.max(0, samples[i].requests - samples[i - 1].requests) / seconds : 0);
    }
    var errors = metrics.filter(function (m) { return m.name === "foodgraph_errors_total"; });
    var buckets = histogram(metrics, "foodgraph_request_duration_seconds_bucket");
    var count = sum(metrics, "foodgraph_request_duration_seconds_count");
    // The primary's pool; read replicas have pools of their own (pool="replica").
    function primary(l) { return l.pool === "primary"; }
    var waitBuckets = histogram(metrics, "foodgraph_pool_wait_seconds_bucket", primary);
    var waits = sum(metrics, "foodgraph_pool_wait_seconds_count", primary);
    var poolOpen = sum(metrics, "foodgraph_pool_connections", function (l) { return primary(l) && l.state === "open"; });
    var poolUsed = sum(metrics, "foodgraph_pool_connections", function (l) { return primary(l) && l.state === "in_use"; });
    var waiting = sum(metrics, "foodgraph_pool_waiting", primary);

    Admin.clear(box);
    box.appendChild(el("div", { class: "figures" },
      figure("Requests since start", String(requests), "requests"),
      figure("Request rate", rates.length ? rates[rates.length - 1].toFixed(2) + " /s" : "measuring…", "rate"),
      figure("Errors since start", String(sum(metrics, "foodgraph_errors_total")), "errors"),
      figure("Latency p50", ms(percentile(buckets, count, 0.5)), "p50"),
      figure("Latency p90", ms(percentile(buckets, count, 0.9)), "p90"),
      figure("Latency p99", ms(percentile(buckets, count, 0.99)), "p99"),
      figure("Pool in use", poolUsed + " of " + poolOpen + " open", "pool"),
      figure("Waiting for a connection", String(waiting), "waiting"),
      figure("Connection wait p99", ms(percentile(waitBuckets, waits, 0.99)), "pool-wait")));
    var bars = [], previous = 0;
    buckets.forEach(function (b) {
      bars.push({ label: isFinite(b.le) ? (b.le < 1 ? Math.round(b.le * 1000) + "ms" : b.le + "s") : "more", value: b.count - previous });
      previous = b.count;
    });
    box.appendChild(el("div", { class: "charts" },
      el("figure", { class: "chart" }, lineChart(rates, "Requests per second, one point per 5 seconds"),
        el("figcaption", { text: "Requests per second while this page is open (one point per 5 s)." })),
      el("figure", { class: "chart" }, barChart(bars, "Requests by time to answer"),
        el("figcaption", { text: "Requests by time to answer, since the server started." }))));
    box.appendChild(el("h2", { text: "Errors by code" }));
    box.appendChild(Admin.table("GraphQL errors since the server started, by code", [
      { title: "Code", cell: function (m) { return m.labels.code; } },
      { title: "Count", num: true, cell: function (m) { return String(m.value); } },
    ], errors.filter(function (m) { return m.value > 0; }).sort(function (a, b) { return b.value - a.value; }), "No errors."));
  }

  function poll(box) {
    if (!document.body.contains(box)) { timer = null; return; }
    fetch("/metrics", { credentials: "omit", cache: "no-store" }).then(function (r) { return r.text(); }).then(function (text) {
      if (document.body.contains(box)) render(box, text);
    }, function (error) {
      Admin.clear(box).appendChild(el("p", { class: "refused", role: "alert", text: "/metrics could not be read: " + error }));
    }).then(function () {
      timer = document.body.contains(box) ? setTimeout(function () { poll(box); }, 5000) : null;
    });
  }

  Admin.page({
    id: "system", title: "System", order: 60, roles: ["ADMINISTRATOR"],
    render: function (body) {
      if (timer) { clearTimeout(timer); timer = null; }
      samples = [];
      var box = el("section", { class: "card", id: "system-figures", "aria-label": "Server figures" });
      body.appendChild(box);
      body.appendChild(el("section", { class: "card" }, el("h2", { text: "Jobs and retention runs" }),
        el("p", {}, "The job runner's jobs (retention purges among them), their failures with the last error, and their retries: ",
          el("a", { href: "#jobs", "data-link": "jobs", text: "Jobs" }), ".")));
      poll(box);
    },
  });
})();
