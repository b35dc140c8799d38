import Foundation
import Postgres

// Pool throughput against pgbench -S: many concurrent single-row SELECTs by primary key on
// pgbench's own table, through FoodGraph's pool. Then the cost of decoding rows, per column type.
// Usage (tools/bench pool runs it):
//   PoolBenchmark <conninfo> <pool size> <concurrent tasks> <seconds> [--no-decoding] [--blocking]
// --blocking waits for every statement on its connection's own thread (no socket reactor).
let arguments = CommandLine.arguments
guard arguments.count >= 5, let poolSize = Int(arguments[2]), let tasks = Int(arguments[3]), let seconds = Double(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: PoolBenchmark <conninfo> <pool size> <tasks> <seconds> [--no-decoding]\n".utf8))
    exit(2)
}
var configuration = PostgresPool.Configuration(conninfo: arguments[1], size: poolSize)
configuration.sendsWithoutBlocking = !arguments.contains("--blocking")
let pool = PostgresPool(configuration: configuration)
let database = PostgresDatabase(pool: pool)
let accounts = try await database.query("SELECT count(*) FROM pgbench_accounts")[0].decode(Int.self, at: 0)
let deadline = Date().addingTimeInterval(seconds)
let started = Date()
let total = await withTaskGroup(of: Int.self) { group in
    for task in 0..<tasks {
        group.addTask {
            var count = 0
            var key = task * 7919
            while Date() < deadline {
                key = (key &* 1_103_515_245 &+ 12345) % accounts
                _ = try? await database.query("SELECT abalance FROM pgbench_accounts WHERE aid = $1", [key + 1])
                count += 1
            }
            return count
        }
    }
    var sum = 0
    for await count in group { sum += count }
    return sum
}
let elapsed = Date().timeIntervalSince(started)
let mode = configuration.sendsWithoutBlocking ? "socket reactor" : "blocking"
print("FoodGraph pool (\(mode)): \(Int(Double(total) / elapsed)) queries/s (\(poolSize) connections, \(tasks) tasks, \(Int(elapsed)) s)")
if arguments.contains("--no-decoding") { exit(0) }

/// Decodes every row of `rows` `rounds` times with `decode`; returns nanoseconds per row.
func nanosecondsPerRow(_ rows: PostgresRows, rounds: Int = 5, _ decode: (PostgresRow) throws -> Void) throws -> Double {
    let clock = ContinuousClock()
    let elapsed = try clock.measure {
        for _ in 0..<rounds {
            for row in rows { try decode(row) }
        }
    }
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    return nanoseconds / Double(rows.count * rounds)
}

// 100 000 rows of typical columns, fetched once; only the decoding is timed.
let sample = try await database.query(
    """
    SELECT i::int8, 'product name ' || i, i * 1.5::float8, (i / 7.0)::numeric(12, 2), i % 2 = 0,
      now() - make_interval(secs => i), ('2026-01-01'::date + (i % 365))::text, ARRAY[i, i + 1]::int8[]
    FROM generate_series(1, 100000) AS i
    """, [])
print("Decoding 100 000 rows (ns per row):")
let columns: [(String, (PostgresRow) throws -> Void)] = [
    ("int8", { _ = try $0.decode(Int64.self, at: 0) }),
    ("text", { _ = try $0.decode(String.self, at: 1) }),
    ("float8", { _ = try $0.decode(Double.self, at: 2) }),
    ("numeric → Decimal", { _ = try $0.decode(Decimal.self, at: 3) }),
    ("bool", { _ = try $0.decode(Bool.self, at: 4) }),
    ("timestamptz → Date", { _ = try $0.decode(Date.self, at: 5) }),
    ("date text", { _ = try $0.decode(String.self, at: 6) }),
    ("int8[]", { _ = try $0.decode([Int64].self, at: 7) }),
]
for (name, decode) in columns {
    print("  \(name): \(String(format: "%.0f", try nanosecondsPerRow(sample, decode)))")
}
let whole = try nanosecondsPerRow(sample) { row in
    _ = try row.decode(Int64.self, at: 0)
    _ = try row.decode(String.self, at: 1)
    _ = try row.decode(Double.self, at: 2)
    _ = try row.decode(Decimal.self, at: 3)
    _ = try row.decode(Bool.self, at: 4)
    _ = try row.decode(Date.self, at: 5)
    _ = try row.decode(String.self, at: 6)
    _ = try row.decode([Int64].self, at: 7)
}
print("  all eight columns: \(String(format: "%.0f", whole))")
await pool.close()
