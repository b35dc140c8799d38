-- A product's latest prices, cheapest first, read from an index: a page of `latestPrices`
-- without a radius reads `first + 1` rows a product (`Page.fetchForParents`), however many
-- stores sell it, instead of sorting all of them.
CREATE INDEX latest_prices_by_price ON latest_prices (product_id, price, id);
