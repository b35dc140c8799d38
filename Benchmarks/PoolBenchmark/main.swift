import Foundation
import Postgres

// Pool throughput against pgbench -S: many concurrent single-row SELECTs by primary key on
// pgbench's own table, through FoodGraph's pool. Usage (tools/bench pool runs it):
//   PoolBenchmark <conninfo> <pool size> <concurrent tasks> <seconds>
let arguments = CommandLine.arguments
guard arguments.count == 5, let poolSize = Int(arguments[2]), let tasks = Int(arguments[3]), let seconds = Double(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: PoolBenchmark <conninfo> <pool size> <tasks> <seconds>\n".utf8))
    exit(2)
}
let pool = PostgresPool(configuration: .init(conninfo: arguments[1], size: poolSize))
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
print("FoodGraph pool: \(Int(Double(total) / elapsed)) queries/s (\(poolSize) connections, \(tasks) tasks, \(Int(elapsed)) s)")
await pool.close()
