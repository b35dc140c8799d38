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

    /// A duration given on the command line or in `variable`: a whole number with `s`, `m`, `h` or `d`
    /// (seconds when bare), at least one minute.
    static func seconds(_ option: String?, variable: String) throws -> Int? {
        guard let text = option ?? string(variable) else { return nil }
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        let unit = text.last.flatMap { units[$0] }
        guard let number = Int(unit == nil ? Substring(text) : text.dropLast()), number > 0,
            case let (seconds, overflow) = number.multipliedReportingOverflow(by: unit ?? 1), !overflow, seconds >= 60
        else {
            throw StartupError("\(variable) must be a duration of at least a minute such as 30d, 12h or 90m, not \"\(text)\".")
        }
        return seconds
    }

    /// A duration given on the command line or in `variable`: a positive whole number with `ms`,
    /// `s`, `m` or `h` (seconds when bare).
    static func duration(_ option: String?, variable: String) throws -> Duration? {
        guard let text = option ?? string(variable) else { return nil }
        let units: [(suffix: String, duration: Duration)] = [
            ("ms", .milliseconds(1)), ("s", .seconds(1)), ("m", .seconds(60)), ("h", .seconds(3600)),
        ]
        let unit = units.first { text.hasSuffix($0.suffix) && Int(text.dropLast($0.suffix.count)) != nil }
        guard let number = Int(unit.map { text.dropLast($0.suffix.count) } ?? Substring(text)), number > 0,
            number <= 1_000_000
        else {
            throw StartupError("\(variable) must be a positive duration such as 30s, 2m or 500ms, not \"\(text)\".")
        }
        return (unit?.duration ?? .seconds(1)) * number
    }
}
