"use strict";
// Catalog: one chain's stores, own products, and its offers (price, sale, stock) of any catalog
// product. A chain representative works on their own chain (`representedChain`); administrators
// pick a chain. The API decides: another chain's offer is FORBIDDEN for a representative.
(function () {
  var el = Admin.el;

  function money(m) { return m ? m.amount : null; }

  function chainDetails(box, chainId) {
    return Admin.run("AdminChain", { chainId: chainId }).then(function (result) {
      Admin.clear(box);
      if (result.errors) { box.appendChild(Admin.problem(result)); return; }
      var chain = result.data.node;
      if (!chain) { box.appendChild(el("p", { class: "refused", role: "alert", text: "No such chain." })); return; }
      box.appendChild(el("h2", { text: chain.name }));
      box.appendChild(el("p", { class: "muted" }, [chain.website, chain.contactEmail].filter(Boolean).join(" · ")));
      box.appendChild(Admin.table("Stores of " + chain.name, [
        { title: "Store", cell: function (s) { return s.name; } },
        { title: "Address", cell: function (s) { return s.address.line1 + ", " + s.address.city + " " + s.address.region + " " + s.address.postalCode; } },
      ], chain.stores.edges.map(function (e) { return e.node; }), "No stores."));
      box.appendChild(el("h2", { text: "The chain's own products" }));
      box.appendChild(Admin.table("Products created by " + chain.name, [
        { title: "Product", cell: function (p) { return p.name + (p.brand ? " · " + p.brand : ""); } },
        { title: "Status", cell: function (p) { return p.status.toLowerCase(); } },
      ], chain.products.edges.map(function (e) { return e.node; }), "The chain has created no products."));
    });
  }

  function offerForm(product, chainId, onSaved) {
    var offer = product.offers.filter(function (o) { return o.chain.id === chainId; })[0];
    var label = product.name;
    var price = el("input", { type: "text", inputmode: "decimal", class: "small", "aria-label": "Price of " + label, value: offer ? offer.price.amount : "", "data-field": "price" });
    var sale = el("input", { type: "text", inputmode: "decimal", class: "small", "aria-label": "Sale price of " + label, value: offer && offer.salePrice ? offer.salePrice.amount : "", "data-field": "sale" });
    var stock = el("input", { type: "number", min: "0", max: "1000000", class: "small", "aria-label": "Stock of " + label, value: offer ? offer.stock : 0, "data-field": "stock" });
    var save = el("button", { type: "submit", text: "Save", "aria-label": "Save offer for " + label });
    var form = el("form", { class: "row", "data-offer": product.id }, price, sale, stock, save);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var input = { productId: product.id, chainId: chainId };
      input.catalogPrice = price.value.trim() === "" ? null : price.value.trim();
      input.salePrice = sale.value.trim() === "" ? null : sale.value.trim();
      if (stock.value.trim() !== "") input.stock = parseInt(stock.value, 10);
      Admin.run("AdminUpdateOffer", { input: input }).then(function (r) {
        if (Admin.report(r, "updateProductOffer", "Saved the offer for " + label + ".")) onSaved();
      });
    });
    return form;
  }

  function offers(box, chainId, query) {
    var variables = { first: 25 };
    if (query) variables.query = query;
    return Admin.run("AdminChainOffers", variables).then(function (result) {
      Admin.clear(box);
      box.setAttribute("data-query", query);
      if (result.errors) { box.appendChild(Admin.problem(result)); return; }
      var reload = function () { offers(box, chainId, query); };
      box.appendChild(Admin.table("The chain's offers: price and sale price in CAD, stock in units", [
        { title: "Product", cell: function (p) { return el("span", { "data-product": p.id }, p.name + (p.brand ? " · " + p.brand : "")); } },
        { title: "Price now", num: true, cell: function (p) {
          var o = p.offers.filter(function (x) { return x.chain.id === chainId; })[0];
          return o ? (o.onSale ? money(o.salePrice) + " (sale, was " + money(o.price) + ")" : money(o.price)) : "not offered";
        } },
        { title: "Stock", num: true, cell: function (p) {
          var o = p.offers.filter(function (x) { return x.chain.id === chainId; })[0];
          return o ? String(o.stock) : "—";
        } },
        { title: "Price · sale price · stock", cell: function (p) { return offerForm(p, chainId, reload); } },
      ], result.data.products.edges.map(function (e) { return e.node; }), "No products match."));
    });
  }

  function chainPage(body, chainId) {
    var details = el("section", { class: "card", id: "chain-details" });
    var search = el("input", { id: "offer-search", type: "search", maxlength: "200", placeholder: "product name or brand" });
    var results = el("div", { id: "offer-results" });
    var form = el("form", { role: "search", class: "row" },
      el("label", { for: "offer-search" }, "Find products", search), el("button", { type: "submit", text: "Search" }));
    form.addEventListener("submit", function (event) { event.preventDefault(); offers(results, chainId, search.value.trim()); });
    body.appendChild(details);
    body.appendChild(el("section", { class: "card" }, el("h2", { text: "Prices, sales and stock" }), form, results));
    return Promise.all([chainDetails(details, chainId), offers(results, chainId, "")]);
  }

  Admin.page({
    id: "catalog", title: "Catalog", order: 40, roles: ["CHAIN_REPRESENTATIVE", "ADMINISTRATOR"],
    render: function (body, viewer) {
      var chainBox = el("div", { id: "chain-page" });
      if (viewer.representedChain && !Admin.hasRole("ADMINISTRATOR")) {
        body.appendChild(chainBox);
        return chainPage(chainBox, viewer.representedChain.id);
      }
      // Administrators (and anyone else, whom the API will refuse where it must) pick a chain.
      return Admin.run("AdminChains").then(function (result) {
        if (result.errors) { body.appendChild(Admin.problem(result)); return; }
        var chains = result.data.retailChains.edges.map(function (e) { return e.node; });
        var select = el("select", { id: "chain-select" }, chains.map(function (c) { return el("option", { value: c.id, text: c.name }); }));
        if (viewer.representedChain) select.value = viewer.representedChain.id;
        var open = el("button", { type: "submit", text: "Open" });
        var form = el("form", { class: "row" }, el("label", { for: "chain-select" }, "Chain", select), open);
        form.addEventListener("submit", function (event) {
          event.preventDefault();
          Admin.clear(chainBox);
          chainPage(chainBox, select.value);
        });
        body.appendChild(el("section", { class: "card" }, form));
        body.appendChild(chainBox);
        if (chains.length) return chainPage(chainBox, select.value);
      });
    },
  });
})();
