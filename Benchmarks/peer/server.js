// The peer of `tools/bench e2e`: graphql-js 16 and node-pg (Debian's node-graphql and node-pg) as a
// cluster of two workers, answering the five benchmark queries of queries/ over FoodGraph's
// database with the statements FoodGraph sends (statements.js), batched per list level as FoodGraph
// batches them, and with byte-identical responses (tools/bench checks that before timing).
//
// Usage: node server.js <port> <postgresql URL or socket folder> [workers=2] [pool size per worker=5]
'use strict';
const cluster = require('node:cluster');
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const port = Number(process.argv[2] || 8098);
const database = process.argv[3];
const workers = Number(process.argv[4] || 2);
const poolSize = Number(process.argv[5] || 5);

if (cluster.isPrimary) {
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code) => {
    console.error(`peer: worker ${worker.process.pid} exited with ${code}`);
    process.exitCode = 1;
  });
  const stop = () => { for (const id in cluster.workers) cluster.workers[id].kill('SIGTERM'); setTimeout(() => process.exit(), 200); };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  serve();
}

function serve() {
  const { buildSchema, parse, validate, execute, specifiedRules } = require('graphql');
  const { Pool } = require('pg');
  const sql = require('./statements.js');

  const pool = database.startsWith('postgres')
    ? new Pool({ connectionString: database, max: poolSize })
    : new Pool({ host: database, user: process.env.PGUSER || 'postgres', database: process.env.PGDATABASE || 'postgres', max: poolSize });
  // Named statements: prepared once per connection, as FoodGraph's pool prepares them.
  const query = (name, values) => {
    if (recording !== null) recording.push(inlined(sql[name], values));
    return pool.query({ name, text: sql[name], values }).then((result) => result.rows);
  };
  // With PEER_RECORD=<file> (one worker), each request's statements are written to that file with
  // their parameters inlined: the raw-SQL floor's pgbench script for that request.
  const recordFile = process.env.PEER_RECORD || null;
  let recording = null;
  const literal = (value) => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number') return String(value);
    if (Buffer.isBuffer(value)) return `'\\x${value.toString('hex')}'::bytea`;
    if (Array.isArray(value)) return `'{${value.join(',')}}'`;
    return `'${String(value).replace(/'/g, "''")}'`;
  };
  const inlined = (text, values) =>
    text.replace(/\$([0-9]+)/g, (_, index) => literal(values[Number(index) - 1])).replace(/\s*\n\s*/g, ' ') + ';';

  const schema = buildSchema(fs.readFileSync(path.join(__dirname, 'schema.graphql'), 'utf8'));

  // A per-request loader: the keys asked for in one tick of the executor go in one statement, as
  // FoodGraph's DataLoaders batch a list level.
  function loader(batch) {
    const cache = new Map();
    let pending = null;
    return (key) => {
      if (cache.has(key)) return cache.get(key);
      if (!pending) {
        pending = new Map();
        Promise.resolve().then(() => process.nextTick(() => {
          const keys = [...pending.keys()];
          const waiting = pending;
          pending = null;
          batch(keys).then(
            (found) => { for (const k of keys) waiting.get(k).resolve(found.get(k) ?? null); },
            (error) => { for (const k of keys) waiting.get(k).reject(error); });
        }));
      }
      let resolve, reject;
      const promise = new Promise((res, rej) => { resolve = res; reject = rej; });
      pending.set(key, { resolve, reject });
      cache.set(key, promise);
      return promise;
    };
  }

  const byID = (rows) => new Map(rows.map((row) => [row.id, row]));

  function context(token) {
    const loaders = {
      category: loader(async (ids) => byID(await query('categories', [ids]))),
      store: loader(async (ids) => byID(await query('stores', [ids]))),
      chain: loader(async (ids) => byID(await query('chains', [ids]))),
      prices: loader(async (ids) => {
        const found = new Map(ids.map((id) => [id, []]));
        for (const row of await query('latestPrices', [ids])) found.get(row.page_parent).push(row);
        return found;
      }),
    };
    return { token, loaders, viewer: null };
  }

  const nutrition = (row) => ({
    energyKcal: row.energy_kcal ?? 0, fatG: row.fat_g ?? 0, carbohydratesG: row.carbohydrates_g ?? 0,
    fibreG: row.fibre_g, sodiumMg: row.sodium_mg, proteinG: row.protein_g ?? 0,
  });

  // Sums to the hundredth; a nutrient no entry knows stays unknown (energy and macros are 0).
  function sum(entries) {
    const total = (key) => {
      let value = 0; let known = false;
      for (const entry of entries) if (entry[key] !== null) { value += entry[key]; known = true; }
      return known ? Math.round(value * 100) / 100 : null;
    };
    return {
      energyKcal: total('energy_kcal') ?? 0, fatG: total('fat_g') ?? 0, carbohydratesG: total('carbohydrates_g') ?? 0,
      fibreG: total('fibre_g'), sodiumMg: total('sodium_mg'), proteinG: total('protein_g') ?? 0,
    };
  }

  const meals = ['BREAKFAST', 'LUNCH', 'DINNER', 'SNACK'];
  const units = { g: 'GRAM', ml: 'MILLILITRE', serving: 'SERVING', piece: 'PIECE' };

  const product = (row) => ({
    id: Buffer.from(`Product:${row.id}`).toString('base64url'),
    name: row.name, brand: row.brand, barcode: row.barcode,
    category: (_, context) => context.loaders.category(row.category_id).then(category),
    nutritionPer100: nutrition(row),
    latestPrices: (_, context) => context.loaders.prices(row.id).then((rows) => ({
      edges: rows.slice(0, 3).map((price) => ({
        node: {
          price: { amount: price.price, currency: price.currency },
          store: (_, context) => context.loaders.store(price.store_id).then((store) => ({
            name: store.name,
            chain: (_, context) => context.loaders.chain(store.chain_id),
          })),
        },
      })),
    })),
  });
  const category = (row) => ({
    name: row.name,
    parent: (_, context) => (row.parent_id === null ? null : context.loaders.category(row.parent_id).then(category)),
  });

  const root = {
    products: async ({ first }) => {
      const rows = await query('productsPage', [first + 1]);
      return {
        totalCount: async () => Number((await query('productsCount', []))[0].count),
        edges: rows.slice(0, first).map((row) => ({ node: product(row) })),
      };
    },
    productByBarcode: async ({ barcode }) => {
      if (!/^[0-9]{8,14}$/.test(barcode)) throw new Error('The barcode is not valid.');
      const rows = await query('productByBarcode', [barcode.padStart(13, '0')]);
      return rows.length ? product(rows[0]) : null;
    },
    me: async (_, context) => {
      if (!context.viewer) return null;
      const [user] = await query('users', [[context.viewer.userID]]);
      return {
        diaryDay: async ({ date }) => {
          const [profile] = await query('profiles', [[user.id]]);
          const day = date ?? profile.text;
          const entries = await query('diaryDay', [[user.id], day]);
          const totals = sum(entries);
          const protein = totals.proteinG * 4; const fat = totals.fatG * 9; const carbohydrates = totals.carbohydratesG * 4;
          const energy = protein + fat + carbohydrates;
          const percent = (part) => (energy > 0 ? Math.round(part / energy * 1000) / 10 : 0);
          return {
            date: day,
            meals: meals.map((meal) => {
              const mealEntries = entries.filter((entry) => entry.meal === meal.toLowerCase());
              return {
                meal,
                entries: mealEntries.map((entry) => ({
                  foodName: entry.food_name, quantity: entry.quantity, unit: units[entry.quantity_unit], grams: entry.grams,
                  nutrition: nutrition(entry),
                })),
                totals: sum(mealEntries),
              };
            }),
            totals,
            macroSplit: { proteinPercent: percent(protein), fatPercent: percent(fat), carbohydratesPercent: percent(carbohydrates) },
          };
        },
      };
    },
  };

  // Parsed and validated documents by text, as FoodGraph's document cache keeps them.
  const documents = new Map();

  async function answer(body, token) {
    const request = JSON.parse(body);
    let document = documents.get(request.query);
    if (!document) {
      document = parse(request.query);
      const errors = validate(schema, document, specifiedRules);
      if (errors.length) return { errors: errors.map((e) => ({ message: e.message })) };
      documents.set(request.query, document);
    }
    const contextValue = context(token);
    if (recordFile) recording = [];
    if (token) {
      const hash = crypto.createHash('sha256').update(token).digest();
      const [session] = await query('session', [hash, 2592000, 31536000, 60]);
      if (!session) return { errors: [{ message: 'The session token is invalid or has expired; sign in again.' }] };
      if (session.due) await query('touchSession', [session.id, 2592000, 31536000, 60]);
      contextValue.viewer = { userID: session.user_id };
    }
    const result = await execute({ schema, document, rootValue: root, contextValue, variableValues: request.variables });
    if (recordFile) fs.writeFileSync(recordFile, recording.join('\n') + '\n');
    return result;
  }

  http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/graphql') {
      response.writeHead(404).end();
      return;
    }
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const authorization = request.headers.authorization;
      const token = authorization && authorization.startsWith('Bearer ') ? authorization.slice(7).trim() : null;
      answer(Buffer.concat(chunks).toString('utf8'), token).then(
        (result) => {
          const body = JSON.stringify(result);
          response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
          response.end(body);
        },
        (error) => {
          const body = JSON.stringify({ errors: [{ message: String(error && error.message) }] });
          response.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
          response.end(body);
        });
    });
  }).listen(port, '127.0.0.1');
}
