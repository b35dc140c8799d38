import Foundation

/// Reads configuration from the process environment; flags given on the command line win.
enum Environment {
    static func string(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }

    static func integer(_ name: String) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text) else { throw StartupError("\(name) must be a whole number, not \"\(text)\".") }
        return value
    }

    /// `1/true/yes/on` or `0/false/no/off`.
    static func flag(_ name: String) throws -> Bool? {
        guard let text = string(name)?.lowercased() else { return nil }
        switch text {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw StartupError("\(name) must be true or false, not \"\(text)\".")
        }
    }
}
