// Introspection as graphql-js 16 answers it, for GraphQLJSIntrospectionTests, and the round trip
// clients make of an introspection result. Run with Debian's node-graphql (16.6):
//
//   NODE_PATH=/usr/share/nodejs node Tests/GraphQLEngineTests/Fixtures/introspection-graphql-js.js
//     writes, for sdl.graphql followed by introspection-extras.graphql:
//       introspection-graphql-js.query.graphql   the query (getIntrospectionQuery with every option)
//       introspection-graphql-js.json            graphql-js's answer to it
//       introspection-graphql-js.printed.graphql printSchema(lexicographicSortSchema(buildSchema(SDL)))
//
//   NODE_PATH=/usr/share/nodejs node Tests/GraphQLEngineTests/Fixtures/introspection-graphql-js.js \
//       roundtrip RESULT.json [SCHEMA.graphql ...]
//     rebuilds a schema from an introspection result (ours) with buildClientSchema and prints it
//     sorted; prints the same for buildSchema of the SDL files (the fixture's two when left out);
//     shows the lines that differ and exits 1 when there are any.
//
// graphql-js 16.6 predates @oneOf (16.9). An SDL that uses it gets the directive declared here as
// 16.9 declares it; the answer is then made 16.9's: the directive moves behind the specified ones,
// and `__Type` gains its last field, `isOneOf`. Neither this query nor the round trip asks for
// `isOneOf` itself (16.6's getIntrospectionQuery has no `oneOf` option): GraphQLJSIntrospectionTests
// checks it on its own.
'use strict';
const fs = require('fs');
const path = require('path');
const {
  buildSchema, buildClientSchema, getIntrospectionQuery, graphqlSync, lexicographicSortSchema, printSchema,
} = require('graphql');

const fixtures = __dirname;
const oneOfDeclaration =
  '\n"Indicates exactly one field must be supplied and this field must not be `null`."\n' +
  'directive @oneOf on INPUT_OBJECT\n';

function readSDL(files) {
  const sdl = files.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
  const usesOneOf = /@oneOf\b/.test(sdl) && !/directive\s+@oneOf\b/.test(sdl);
  return { sdl: usesOneOf ? sdl + oneOfDeclaration : sdl, shimmedOneOf: usesOneOf };
}

function sortedSDL(schema) {
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}

const query = getIntrospectionQuery({
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
});

const fixtureFiles = ['sdl.graphql', 'introspection-extras.graphql'].map((name) => path.join(fixtures, name));

function generate() {
  const { sdl, shimmedOneOf } = readSDL(fixtureFiles);
  const schema = buildSchema(sdl);
  const result = graphqlSync({ schema, source: query });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  if (shimmedOneOf) {
    const directives = result.data.__schema.directives;
    const index = directives.findIndex((directive) => directive.name === 'oneOf');
    directives.push(...directives.splice(index, 1));
  }
  const typeType = result.data.__schema.types.find((type) => type.name === '__Type');
  typeType.fields.push({
    name: 'isOneOf', description: null, args: [], type: { kind: 'SCALAR', name: 'Boolean', ofType: null },
    isDeprecated: false, deprecationReason: null,
  });
  const printed = sortedSDL(schema);
  // graphql-js's own answer survives the round trip; ours must too.
  const rebuilt = sortedSDL(buildClientSchema(result.data));
  if (rebuilt !== printed) throw new Error('graphql-js does not round-trip its own introspection');
  // The query as getIntrospectionQuery writes it, blank lines of the options left out included.
  fs.writeFileSync(path.join(fixtures, 'introspection-graphql-js.query.graphql'), query);
  fs.writeFileSync(path.join(fixtures, 'introspection-graphql-js.json'), JSON.stringify(result, null, 1) + '\n');
  fs.writeFileSync(path.join(fixtures, 'introspection-graphql-js.printed.graphql'), printed);
  console.log(`${result.data.__schema.types.length} types, ${result.data.__schema.directives.length} directives`);
}

function roundTrip(resultFile, sdlFiles) {
  const result = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
  if (result.errors) console.log('The result has errors:', JSON.stringify(result.errors));
  const rebuilt = sortedSDL(buildClientSchema(result.data)).split('\n');
  const expected = sortedSDL(buildSchema(readSDL(sdlFiles.length ? sdlFiles : fixtureFiles).sdl)).split('\n');
  // Enough of a diff to find each difference: lines of one side missing from the other, with line numbers.
  const inRebuilt = new Set(rebuilt);
  const inExpected = new Set(expected);
  const missing = expected.map((line, index) => [index + 1, line]).filter(([, line]) => !inRebuilt.has(line));
  const extra = rebuilt.map((line, index) => [index + 1, line]).filter(([, line]) => !inExpected.has(line));
  for (const [number, line] of missing) console.log(`- SDL ${number}: ${line}`);
  for (const [number, line] of extra) console.log(`+ introspection ${number}: ${line}`);
  const identical = rebuilt.join('\n') === expected.join('\n');
  if (identical) {
    console.log(`identical: ${expected.length} lines`);
  } else if (!missing.length && !extra.length) {
    console.log('same lines, in another order');
  }
  process.exitCode = identical ? 0 : 1;
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'roundtrip') {
  roundTrip(rest[0], rest.slice(1));
} else {
  generate();
}
