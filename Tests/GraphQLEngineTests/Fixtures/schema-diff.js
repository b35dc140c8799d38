// Writes schema-diff-expected.json: graphql-js 16's findBreakingChanges and findDangerousChanges
// for each pair of SDL below. SchemaDiffTests checks that schemaChanges(from:to:) agrees on
// kinds, messages and order. Run with Debian's node-graphql:
//   NODE_PATH=/usr/share/nodejs node Tests/GraphQLEngineTests/Fixtures/schema-diff.js
'use strict';
const fs = require('fs');
const path = require('path');
const { buildSchema, findBreakingChanges, findDangerousChanges } = require('graphql');

const cases = [
  // Types
  ['type removed', 'type Query { a: Int } type Gone { b: Int }', 'type Query { a: Int }'],
  ['standard scalar no longer referenced', 'type Query { a: Float b: Int }', 'type Query { b: Int }'],
  ['type changed kind', 'type Query { a: T } type T { b: Int } interface I { c: Int } type X implements I { c: Int }',
    'type Query { a: T } interface T { b: Int } type I { c: Int } type X { c: Int }'],
  ['every kind change', `type Query { a: Int o: O i: I u: U e: E s: S f(in: In): Int }
     type O { a: Int } interface I { a: Int } union U = O enum E { A } scalar S input In { a: Int }`,
    `type Query { a: Int o: S i: U u: O }
     scalar O union I = O2 type U { a: Int } input E { a: Int } enum S { A } type In { a: Int } type O2 { a: Int }`],
  ['type added', 'type Query { a: Int }', 'type Query { a: Int b: New } type New { c: Int }'],
  // Unions
  ['type removed from union', 'type Query { u: U } type A { a: Int } type B { b: Int } union U = A | B',
    'type Query { u: U b: B } type A { a: Int } type B { b: Int } union U = A'],
  ['type added to union', 'type Query { u: U b: B } type A { a: Int } type B { b: Int } union U = A',
    'type Query { u: U b: B } type A { a: Int } type B { b: Int } union U = A | B'],
  ['union member swapped', 'type Query { u: U b: B } type A { a: Int } type B { b: Int } union U = A',
    'type Query { u: U a: A } type A { a: Int } type B { b: Int } union U = B'],
  // Enums
  ['value removed from enum', 'type Query { e: E } enum E { A B C }', 'type Query { e: E } enum E { A C }'],
  ['value added to enum', 'type Query { e: E } enum E { A B }', 'type Query { e: E } enum E { A B C }'],
  ['enum values replaced', 'type Query { e: E } enum E { A B }', 'type Query { e: E } enum E { C D }'],
  // Input objects
  ['required input field added', 'type Query { f(i: I): Int } input I { a: Int }',
    'type Query { f(i: I): Int } input I { a: Int b: Int! }'],
  ['required input field with default is optional', 'type Query { f(i: I): Int } input I { a: Int }',
    'type Query { f(i: I): Int } input I { a: Int b: Int! = 3 c: String }'],
  ['input field removed', 'type Query { f(i: I): Int } input I { a: Int b: String }',
    'type Query { f(i: I): Int } input I { a: Int }'],
  ['input field types', `type Query { f(i: I): Int } input I {
      a: Int b: Int! c: [Int] d: [Int!]! e: [Int]! f: Int g: [[Int!]!] h: String! i: [Int] j: Int! }`,
    `type Query { f(i: I): Int } input I {
      a: Int! b: Int c: [Int!] d: [Int] e: Int f: [Int] g: [[Int]] h: Int i: [String] j: String }`],
  // Interfaces
  ['implemented interface removed', 'type Query { o: O } interface I { a: Int } type O implements I { a: Int }',
    'type Query { o: O } interface I { a: Int } type O { a: Int }'],
  ['implemented interface added', 'type Query { o: O i: I } interface I { a: Int } type O { a: Int }',
    'type Query { o: O i: I } interface I { a: Int } type O implements I { a: Int }'],
  ['interface on interface', `type Query { o: O } interface I { a: Int } interface J implements I { a: Int } interface K { a: Int }
      type O implements I & J & K { a: Int }`,
    `type Query { o: O } interface I { a: Int } interface J implements K { a: Int } interface K { a: Int }
      type O implements J & K { a: Int }`],
  // Output fields
  ['field removed', 'type Query { products: [String] name: String }', 'type Query { name: String }'],
  ['interface field removed', 'type Query { i: I } interface I { a: Int b: Int } type O implements I { a: Int b: Int }',
    'type Query { i: I } interface I { a: Int } type O implements I { a: Int b: Int }'],
  ['output field types', `type Query {
      a: Int b: Int! c: [Int] d: [Int!] e: [Int]! f: Int g: [[Int]] h: String i: [Int] j: Int! k: [Int]
      l: Int m: [Int!]! n: T o: T p: I }
      type T { x: Int } interface I { x: Int } type U implements I { x: Int }`,
    `type Query {
      a: Int! b: Int c: [Int!] d: [Int] e: [Int] f: [Int] g: [[Int!]!]! h: Int i: [String] j: [Int!] k: [Int]!
      l: String! m: [Int!] n: T! o: U p: U }
      type T { x: Int } interface I { x: Int } type U implements I { x: Int }`],
  ['field added', 'type Query { a: Int }', 'type Query { a: Int b: String }'],
  // Arguments
  ['required arg added', 'type Query { f: Int }', 'type Query { f(a: Int!): Int }'],
  ['optional args added', 'type Query { f(a: Int): Int }', 'type Query { f(a: Int, b: String, c: Int! = 1): Int }'],
  ['arg removed', 'type Query { f(a: Int, b: Int): Int } interface I { g(x: Int): Int } type O implements I { g(x: Int): Int }',
    'type Query { f(b: Int): Int } interface I { g: Int } type O implements I { g(x: Int): Int }'],
  ['arg types', `type Query { f(
      a: Int b: Int! c: [Int] d: [Int!]! e: [Int]! f: Int g: [[Int!]!] h: String! i: [Int] j: Int! k: In l: In!
    ): Int } input In { x: Int } input Other { x: Int }`,
    `type Query { f(
      a: Int! b: Int c: [Int!] d: [Int] e: Int f: [Int] g: [[Int]] h: Int i: [String] j: String k: Other l: In
    ): Int } input In { x: Int } input Other { x: Int }`],
  ['arg default values', `type Query { f(
      a: Int = 1 b: Int = 1 c: String = "x" d: Float = 1 e: [Int] = [1, 2] f: In = {x: 1, y: "a"} g: E = A h: Int = 1
      i: ID = "1" j: Float = 0.5 k: [Int] = 1 l: Boolean = true m: In = {y: "a"} n: String = """block""" o: In
    ): Int } input In { x: Int = 3 y: String } enum E { A B }`,
    `type Query { f(
      a: Int = 1 b: Int = 2 c: String = "y" d: Float = 1.0 e: [Int] = [1, 2, 3] f: In = {y: "a", x: 1} g: E = B h: Int
      i: ID = 1 j: Float = 5e-1 k: [Int] = [1] l: Boolean = false m: In = {y: "a", x: 3} n: String = "block" o: In = {x: 1}
    ): Int } input In { x: Int = 3 y: String } enum E { A B }`],
  ['arg default with type change', 'type Query { f(a: Int! = 1, b: Int = 1, c: Int = 1): Int }',
    'type Query { f(a: Int = 2, b: String = "1", c: Int! = 1): Int }'],
  ['float defaults in JavaScript form', `type Query { f(a: Float = 0.000001, b: Float = 1e21, c: Float = 123456789012,
      d: Float = 1.5e-7, e: Float = 100, f: Float = -0.25 ): Int }`,
    `type Query { f(a: Float = 0.0000015, b: Float = 2e21, c: Float = 123456789013,
      d: Float = 2.5e-7, e: Float = 1e2, f: Float = -0.5 ): Int }`],
  // Directives
  ['directive removed', 'directive @a on FIELD directive @b on QUERY type Query { a: Int }',
    'directive @b on QUERY type Query { a: Int }'],
  ['directive arg removed', 'directive @a(x: Int, y: Int) on FIELD type Query { a: Int }',
    'directive @a(y: Int) on FIELD type Query { a: Int }'],
  ['required directive arg added', 'directive @a on FIELD type Query { a: Int }',
    'directive @a(x: Int!, y: Int, z: Int! = 1) on FIELD type Query { a: Int }'],
  ['directive repeatable removed', 'directive @a repeatable on FIELD type Query { a: Int }',
    'directive @a on FIELD type Query { a: Int }'],
  ['directive location removed', 'directive @a on FIELD | QUERY | MUTATION type Query { a: Int }',
    'directive @a on MUTATION | FRAGMENT_SPREAD type Query { a: Int }'],
  ['directive added', 'type Query { a: Int }', 'directive @a repeatable on FIELD type Query { a: Int }'],
  // Safe only: descriptions and deprecations
  ['descriptions and deprecations', 'type Query { a: Int b(x: Int): Int @deprecated c: Int @deprecated(reason: "old") } enum E { A B }',
    '"Root" type Query { "A" a: Int @deprecated(reason: "use b") b("X" x: Int @deprecated): Int c: Int } enum E { A @deprecated B }'],
  // Many at once, to fix the order
  ['everything at once', `
      directive @d(a: Int, b: Int) repeatable on FIELD | QUERY
      type Query { f(a: Int, b: Int = 1): T g: [T] old: Int u: U e: E i(in: In): Int }
      type T implements N { id: ID name: String } interface N { id: ID } type W { w: Int }
      union U = T | W enum E { A B } input In { a: Int b: Int }`,
    `
      directive @d(b: String, c: Int!) on QUERY | SUBSCRIPTION
      type Query { f(b: Int = 2, c: Int!, d: Int): T! g: T u: U e: E i(in: In): Int n: New }
      type T { id: ID name: Int } interface N { id: ID } type W { w: Int } type New implements N { id: ID }
      union U = W | New enum E { A C } input In { b: String c: Int! d: Int }`],
];

const expected = cases.map(([name, oldSDL, newSDL]) => {
  const oldSchema = buildSchema(oldSDL);
  const newSchema = buildSchema(newSDL);
  return {
    name,
    old: oldSDL,
    new: newSDL,
    breaking: findBreakingChanges(oldSchema, newSchema).map(({ type, description }) => ({ type, description })),
    dangerous: findDangerousChanges(oldSchema, newSchema).map(({ type, description }) => ({ type, description })),
  };
});
fs.writeFileSync(path.join(__dirname, 'schema-diff-expected.json'), JSON.stringify(expected, null, 1) + '\n');
