// Fills in the expected errors of validation-graphql-js.json with graphql-js 16's own: every
// specified rule, default options (at most 100 errors), messages and locations in its order.
// The schemas and documents are those of graphql-js's validation tests (src/validation/__tests__,
// v16.6.0, one per expectValid/expectErrors call, schemas printed with printSchema), followed by
// FoodGraph's own cases. To add a case, append {rule, title, schema, document} and run:
//   NODE_PATH=/usr/share/nodejs node Tests/GraphQLEngineTests/Fixtures/validation-graphql-js.js
'use strict';
const fs = require('fs');
const path = require('path');
const { buildSchema, parse, validate } = require('graphql');

const file = path.join(__dirname, 'validation-graphql-js.json');
const fixture = JSON.parse(fs.readFileSync(file, 'utf8'));
const schemas = fixture.schemas.map((sdl) => buildSchema(sdl));
for (const testCase of fixture.cases) {
  const errors = validate(schemas[testCase.schema], parse(testCase.document));
  testCase.errors = errors.map((error) => ({ message: error.message, locations: error.locations ?? [] }));
}
fs.writeFileSync(file, JSON.stringify(fixture, null, 1) + '\n');
console.log(`${fixture.cases.length} cases, ${fixture.cases.filter((c) => c.errors.length).length} with errors`);
