// Writes random executable documents (most of them invalid in several ways at once) on three of
// the schemas of validation-graphql-js.json, each with the errors graphql-js 16 gives for it, in
// that fixture's form. GraphQLJSValidationTests runs the committed batch; a larger one hunts for
// differences:
//   NODE_PATH=/usr/share/nodejs node Tests/GraphQLEngineTests/Fixtures/validation-generated.js SEED COUNT [FILE]
//   VALIDATION_FIXTURE=FILE FOODGRAPH_LIGHT=1 swift test --filter GraphQLJSValidationTests
// The committed validation-generated.json is seed 1, 50 documents per schema, at most 1000 bytes each.
'use strict';
const fs = require('fs');
const path = require('path');
const {
  buildSchema, parse, validate, getNamedType, getNullableType, isCompositeType, isObjectType, isInterfaceType,
  isInputObjectType, isEnumType, isListType,
} = require('graphql');

const [seedArgument = '1', countArgument = '50', output = path.join(__dirname, 'validation-generated.json')] = process.argv.slice(2);
const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, 'validation-graphql-js.json'), 'utf8'));
const maxLength = output.endsWith('validation-generated.json') ? 1000 : Infinity;

// A linear congruential generator: the same seed writes the same batch on any machine.
let seed = Number(seedArgument);
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = (items) => items[Math.floor(random() * items.length)];
const chance = (probability) => random() < probability;

const variables = ['$a', '$b', '$c', '$d'];
const directives = [
  '@include(if: true)', '@skip(if: $a)', '@include(if: $b)', '@unknown(x: 1)', '@onField', '@onQuery',
  '@skip(iff: true)', '@skip(if: true, if: false)', '@include', '@onField @onField',
];
const fragmentNames = ['F1', 'F2', 'F3'];

function documentsFor(schemaIndex, count) {
  const schema = buildSchema(fixture.schemas[schemaIndex]);
  const types = Object.values(schema.getTypeMap()).filter((type) => !type.name.startsWith('__'));
  const composites = types.filter(isCompositeType);

  function value(type, depth) {
    if (chance(0.15)) return pick(variables);
    if (chance(0.05)) return 'null';
    const named = type ? getNamedType(type) : undefined;
    if (type && isListType(getNullableType(type)) && chance(0.5)) return '[' + value(named, depth + 1) + ']';
    if (isEnumType(named)) return chance(0.8) ? pick(named.getValues()).name : 'NOPE';
    if (isInputObjectType(named) && depth < 2) {
      const fields = Object.values(named.getFields()).filter(() => chance(0.6));
      if (chance(0.2)) fields.push({ name: 'bogus', type: undefined });
      if (chance(0.1) && fields.length) fields.push(fields[0]);
      return '{' + fields.map((field) => field.name + ': ' + value(field.type, depth + 1)).join(', ') + '}';
    }
    if (named && named.name === 'Int') return pick(['1', '2', '"x"', '1.5']);
    if (named && named.name === 'Boolean') return pick(['true', 'false', '1']);
    if (named && named.name === 'String') return pick(['"s"', '"t"', '3']);
    return pick(['1', '"s"', 'true', 'ENUM', '{a: 1}']);
  }

  function field(type, depth) {
    const fields = type && (isObjectType(type) || isInterfaceType(type)) ? Object.values(type.getFields()) : [];
    const chosen = fields.length && chance(0.9) ? pick(fields) : { name: pick(['nam', 'unknownField', '__typename', 'name']), args: [] };
    let text = (chance(0.25) ? pick(['x', 'y', 'name']) + ': ' : '') + chosen.name;
    const args = chosen.args.filter(() => chance(0.6)).map((arg) => arg.name + ': ' + value(arg.type, 0));
    if (chance(0.1)) args.push(pick(['bogus', 'surname', 'if']) + ': ' + value(undefined, 0));
    if (chance(0.05) && args.length) args.push(args[0]);
    if (args.length) text += '(' + args.join(', ') + ')';
    if (chance(0.15)) text += ' ' + pick(directives);
    const named = chosen.type ? getNamedType(chosen.type) : undefined;
    if (depth < 5 && ((isCompositeType(named) && chance(0.9)) || chance(0.05))) {
      text += ' { ' + selections(isCompositeType(named) ? named : undefined, depth + 1) + ' }';
    }
    return text;
  }

  function selections(type, depth) {
    const parts = [];
    const count = 1 + Math.floor(random() * 4);
    for (let i = 0; i < count; i++) {
      const roll = depth > 4 ? 0 : random();
      if (roll < 0.65) {
        parts.push(field(type, depth));
      } else if (roll < 0.82) {
        const condition = chance(0.7) ? pick(composites) : pick(types);
        const on = chance(0.8) ? 'on ' + (chance(0.95) ? condition.name : 'Dgo') + ' ' : '';
        const directive = chance(0.1) ? pick(directives) + ' ' : '';
        parts.push('... ' + on + directive + '{ ' + selections(isCompositeType(condition) ? condition : type, depth + 1) + ' }');
      } else {
        parts.push('...' + pick(fragmentNames.concat(['Missing'])) + (chance(0.1) ? ' ' + pick(directives) : ''));
      }
    }
    return parts.join(' ');
  }

  function operation() {
    const kind = schemaIndex === 15 ? pick(['subscription', 'subscription', 'query']) : pick(['query', 'query', 'mutation', 'subscription']);
    const root = kind === 'query' ? schema.getQueryType() : kind === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
    const name = chance(0.6) ? ' ' + pick(['Q', 'R', 'Q']) : '';
    const definitions = variables.filter(() => chance(0.3)).map((variable) =>
      variable + ': ' + pick(['Int', 'String', 'Boolean!', 'Boolean', 'Dog', 'ComplexInput', '[String]', 'Unknwn', 'Int = "x"', 'FurColor']));
    if (chance(0.1) && definitions.length) definitions.push(definitions[0]);
    const head = name || definitions.length || chance(0.5) ? kind + name : kind === 'query' ? '' : kind;
    const variablesText = definitions.length ? '(' + definitions.join(', ') + ')' : '';
    const directive = chance(0.1) ? ' ' + pick(directives) : '';
    return head + variablesText + directive + ' { ' + selections(root, 0) + ' }\n';
  }

  const cases = [];
  for (let attempt = 0; cases.length < count && attempt < count * 50; attempt++) {
    let document = '';
    const operations = chance(0.3) ? 2 : 1;
    for (let i = 0; i < operations; i++) document += operation();
    const fragments = Math.floor(random() * 3);
    for (let i = 0; i < fragments; i++) {
      const condition = chance(0.9) ? pick(composites) : pick(types);
      const directive = chance(0.1) ? ' ' + pick(directives) : '';
      const name = chance(0.9) ? fragmentNames[i] : 'F1';
      document += 'fragment ' + name + ' on ' + condition.name + directive + ' { ' +
        selections(isCompositeType(condition) ? condition : undefined, 1) + ' }\n';
    }
    if (chance(0.05)) document = '\ufeff' + document;
    if (document.length > maxLength) continue;
    let errors;
    try {
      errors = validate(schema, parse(document));
    } catch {
      // Syntax errors, and the exceptions graphql-js throws for @skip(if: $variable) in a
      // subscription (no variable values during validation), are not compared.
      continue;
    }
    cases.push({
      rule: 'generated', title: `schema ${schemaIndex}, seed ${seedArgument}, #${cases.length}`, schema: schemaIndex, document,
      errors: errors.map((error) => ({ message: error.message, locations: error.locations ?? [] })),
    });
  }
  return cases;
}

const count = Number(countArgument);
const cases = [0, 15, 12].flatMap((schemaIndex) => documentsFor(schemaIndex, count));
fs.writeFileSync(output, JSON.stringify({ schemas: fixture.schemas, cases }) + '\n');
console.log(`${cases.length} documents, ${cases.filter((c) => c.errors.length).length} with errors, written to ${output}`);
