"""The five queries of issue #32, shared by e2e.py and load.py: their titles, files in queries/,
and whether they are signed in (the diary day)."""
import json
import os

here = os.path.dirname(os.path.abspath(__file__))

# In the table's order.
queries = [
    ("{ __typename }", "typename", False),
    ("14 products with nutrition", "products-nutrition", False),
    ("50 products → prices → store → chain", "products-prices", False),
    ("product by barcode", "product-by-barcode", False),
    ("signed-in diary day with summary", "diary-day", True),
]

# QUERIES="typename,product-by-barcode" runs only those: more rounds of a few queries in the time
# all five take, which a change of a few per cent needs on a host that drifts.
_only = [name for name in os.environ.get("QUERIES", "").split(",") if name]
if _only:
    _unknown = set(_only) - {name for _, name, _ in queries}
    if _unknown:
        raise SystemExit(f"QUERIES: no such query: {', '.join(sorted(_unknown))}")
    queries = [query for query in queries if query[1] in _only]


def body(name, date):
    """The JSON request body of query `name`, its diary date filled in."""
    with open(os.path.join(here, "queries", name + ".graphql")) as f:
        return json.dumps({"query": f.read().strip().replace("@DATE@", date)})


def wrk_script(path, data, token=None):
    """Writes wrk's Lua script posting `data` (with the bearer token when given) to `path`."""
    with open(path, "w") as f:
        f.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n')
        if token:
            f.write(f'wrk.headers["Authorization"] = "Bearer {token}"\n')
        f.write(f"wrk.body = [==[{data}]==]\n")
    return path
