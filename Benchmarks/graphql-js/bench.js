// The same workloads as Benchmarks/EngineBenchmarks on graphql-js 16 (Debian's node-graphql):
//   NODE_PATH=/usr/share/nodejs node Benchmarks/graphql-js/bench.js
// Prints the median time per operation over repeated runs after a warm-up.
const g = require("graphql");
const fs = require("fs");
const path = require("path");
const inputs = path.join(__dirname, "..", "Inputs");
const read = (name) => fs.readFileSync(path.join(inputs, name), "utf8");

function measure(name, fn, seconds = 3) {
  for (let i = 0; i < 5; i++) fn();
  const samples = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end && samples.length < 1000) {
    const start = process.hrtime.bigint();
    fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  console.log(`${name}: median ${samples[Math.floor(samples.length / 2)].toFixed(3)} ms (${samples.length} runs)`);
}

const largeQuery = read("large-query.graphql");
const largeSchema = read("large-schema.graphql");
measure("Parse large query (110 KB)", () => g.parse(largeQuery));
measure("Parse large schema (660 KB, 19.5k lines)", () => g.parse(largeSchema));

const schema = g.buildSchema(largeSchema);
const document = g.parse(largeQuery);
measure("Validate large query", () => g.validate(schema, document));

// Our schema uses @oneOf, which graphql-js 16.6 does not know: drop it for this comparison.
const foodGraphSDL = fs.readFileSync(path.join(__dirname, "..", "..", "Sources", "FoodGraph", "Resources", "schema.graphql"), "utf8")
  .replace(/@oneOf/g, "");
const foodGraph = g.buildSchema(foodGraphSDL);
const introspection = g.parse(g.getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true }));
measure("Validate introspection query", () => g.validate(foodGraph, introspection));

const categories = Array.from({ length: 10 }, (_, i) => ({ id: i, name: `Category ${i}`, parent: i === 0 ? null : 0 }));
const execSchema = g.buildSchema(read("execution-schema.graphql"));
const rootValue = {
  products: ({ count }) => Array.from({ length: count }, (_, i) => ({
    id: i, name: `Product ${i}`, brand: i % 3 === 0 ? null : "Brand", price: i / 4, tags: ["a", "b"],
    category: { ...categories[i % 10], parent: categories[i % 10].parent === null ? null : categories[0] },
  })),
};
rootValue.product = ({ id }) => ({ id, name: `Product ${id}`, brand: "Brand", price: id / 4, tags: [], category: categories[0] });
const execDocument = g.parse(read("execution-query.graphql"));
measure("Execute 1000 objects with fragments", () => JSON.stringify(g.execute({ schema: execSchema, document: execDocument, rootValue })));
const wideDocument = g.parse(read("wide-query.graphql"));
measure("Execute a wide query (500 aliases)", () => JSON.stringify(g.execute({ schema: execSchema, document: wideDocument, rootValue })));
measure("Execute introspection query", () => JSON.stringify(g.execute({ schema: foodGraph, document: introspection })));
