import Foundation

/// One migration file, `NNNN_name.sql`.
public struct Migration: Hashable, Sendable {
    public var version: Int
    public var name: String
    public var fileName: String
    public var sql: String

    /// Reads every `NNNN_name.sql` in the folder, in version order. Other files are ignored; two
    /// files with one version are an error.
    public static func load(from directory: URL) throws -> [Migration] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw MigrationError("The migrations folder \(directory.path) cannot be read; pass the right folder with --migrations.")
        }
        var migrations: [Migration] = []
        for fileName in names where fileName.hasSuffix(".sql") {
            let stem = fileName.dropLast(4)
            guard let separator = stem.firstIndex(of: "_"), let version = Int(stem[..<separator]), version > 0 else {
                throw MigrationError("The migration file \(fileName) is not named NNNN_name.sql.")
            }
            let text: String
            do {
                text = try String(contentsOf: directory.appendingPathComponent(fileName), encoding: .utf8)
            } catch {
                throw MigrationError("The migration file \(fileName) cannot be read as UTF-8 text.")
            }
            migrations.append(
                Migration(version: version, name: String(stem[stem.index(after: separator)...]), fileName: fileName, sql: text))
        }
        migrations.sort { $0.version < $1.version }
        for (previous, next) in zip(migrations, migrations.dropFirst()) where previous.version == next.version {
            throw MigrationError("The migration files \(previous.fileName) and \(next.fileName) have the same version number.")
        }
        return migrations
    }
}

/// A migration recorded in `schema_migrations`.
public struct AppliedMigration: Hashable, Sendable {
    public var version: Int
    public var name: String
    public var checksum: String
    public var appliedAt: Date
}

/// A migration problem, said in one sentence that names the file and the fix.
public struct MigrationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
