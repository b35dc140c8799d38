#!/usr/bin/env python3
"""Writes the benchmark inputs shared by the Swift and graphql-js benchmarks (deterministic)."""
import os

here = os.path.dirname(os.path.abspath(__file__))

# A large SDL: 1500 object types with arguments, interfaces, enums, inputs and descriptions
# (about 20 000 lines, the size of GitHub's public schema).
lines = ['"""The root."""', "type Query {"]
for i in range(1500):
    lines.append(f"  item{i}(id: ID!, first: Int = 10, after: String): Item{i}")
lines.append("}")
lines.append("interface Node { id: ID! }")
lines.append('enum Order { ASC DESC }')
for i in range(1500):
    lines.append(f'"""Item number {i}, with a block description\nover two lines."""')
    lines.append(f"type Item{i} implements Node {{")
    lines.append("  id: ID!")
    lines.append(f'  "The name of item {i}."')
    lines.append("  name: String!")
    lines.append("  price(currency: String = \"CAD\"): Float")
    lines.append("  tags(first: Int, order: Order = ASC): [String!]!")
    lines.append(f"  next: Item{(i + 1) % 1500}")
    lines.append("  deprecatedField: Int @deprecated(reason: \"Use name.\")")
    lines.append("}")
    lines.append(f"input Item{i}Filter {{ name: String, minPrice: Float = 0, tags: [String!] }}")
open(os.path.join(here, "large-schema.graphql"), "w").write("\n".join(lines) + "\n")

# A large query document against that schema: many operations with fragments, arguments and aliases.
doc = []
for i in range(400):
    n = i % 1500
    doc.append(f"query Operation{i}($id: ID!, $first: Int = 5) {{")
    doc.append(f"  a: item{n}(id: $id, first: $first) {{ ...Fields{n} next {{ id name price(currency: \"EUR\") }} }}")
    doc.append(f"  b: item{(n + 1) % 1500}(id: \"{i}\") {{ id name tags(first: 3, order: DESC) }}")
    doc.append("}")
    doc.append(f"fragment Fields{n} on Item{n} {{ id name price tags(first: 10) next {{ id }} }}")
open(os.path.join(here, "large-query.graphql"), "w").write("\n".join(doc) + "\n")

# The execution benchmark's schema and query: 1000 objects with nested fields and fragments.
open(os.path.join(here, "execution-schema.graphql"), "w").write("""
type Query { products(count: Int!): [Product!]! product(id: Int!): Product }
type Product { id: ID! name: String! brand: String price: Float! tags: [String!]! category: Category! }
type Category { id: ID! name: String! parent: Category }
""")
open(os.path.join(here, "execution-query.graphql"), "w").write("""
query Products { products(count: 1000) { id ...Details category { id name parent { name } } } }
fragment Details on Product { name brand price tags }
""")

# The wide query: 500 aliases of one field, each with its own argument.
open(os.path.join(here, "wide-query.graphql"), "w").write(
    "query Wide {\n" + "".join(f"  p{i}: product(id: {i}) {{ id name price }}\n" for i in range(500)) + "}\n")
