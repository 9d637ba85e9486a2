import FastCopRecords

/// The arguments of one command after parsing, read by the command's options struct
/// (``CleanOptions`` and the others) through the same ``OptionSpec`` values that declared them,
/// so that a name cannot be misspelled between the declaration and the use.
struct ParsedArguments: Sendable {
    /// The command the arguments were parsed for.
    let spec: CommandSpec
    /// Positional arguments, in order (`-` stays positional: it means stdin).
    var positionals: [String] = []
    private var values: [String: [String]] = [:]
    /// (An array: a `Set<String>` instantiated its generic metadata at start-up, a measurable
    /// part of a run that lasts milliseconds; a command has a handful of flags.)
    private var flags: [String] = []

    init(spec: CommandSpec) {
        self.spec = spec
    }

    /// Whether the flag was given.
    func flag(_ option: OptionSpec) -> Bool {
        assert(!option.takesValue && declared(option), "--\(option.name) is not a flag of \(spec.name)")
        return flags.contains(option.name)
    }

    /// The last value given for the option, if any.
    func value(_ option: OptionSpec) -> String? {
        assert(option.takesValue && declared(option), "--\(option.name) is not an option of \(spec.name)")
        return values[option.name]?.last
    }

    /// Every value given for the option, in order (for options that may be repeated, such as
    /// `match -e`).
    func values(_ option: OptionSpec) -> [String] {
        assert(option.takesValue && declared(option), "--\(option.name) is not an option of \(spec.name)")
        return values[option.name] ?? []
    }

    /// A usage error for this command.
    func usageError(_ message: String) -> ToolError { .usage(message, command: spec.name) }

    private func declared(_ option: OptionSpec) -> Bool { spec.options.contains { $0.name == option.name } }

    mutating func set(flag name: String) { if !flags.contains(name) { flags.append(name) } }
    mutating func add(value: String, for name: String) { values[name, default: []].append(value) }
}

/// A small command-line parser: long options (`--rules R`, `--rules=R`), one-letter aliases
/// (`-o CLEAN`, grouped flags such as `-cv`), `--` to end options, and `-` as a positional.
enum ArgumentParser {
    /// Parses `arguments` (after the command name) against `spec`.
    ///
    /// - Returns: the parsed arguments, or nil when `--help` was asked for.
    /// - Throws: ``ToolError`` (usage) for an unknown option, a missing value, or the wrong
    ///   number of positional arguments.
    static func parse(_ arguments: [String], for spec: CommandSpec) throws -> ParsedArguments? {
        var parsed = ParsedArguments(spec: spec)
        var index = 0
        var optionsEnded = false
        func fail(_ message: String) -> ToolError { .usage(message, command: spec.name) }

        func take(_ option: OptionSpec, inline: String?, spelled: String) throws {
            guard option.takesValue else {
                if inline != nil { throw fail("option \(spelled) takes no value") }
                parsed.set(flag: option.name)
                return
            }
            if let value = inline ?? (spelled.hasPrefix("--") ? option.bareValue : nil) {
                parsed.add(value: value, for: option.name)
                return
            }
            index += 1
            guard index < arguments.count else {
                throw fail("option \(spelled) needs a value (\(option.valueName ?? "VALUE"))")
            }
            parsed.add(value: arguments[index], for: option.name)
        }

        while index < arguments.count {
            let argument = arguments[index]
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
                if name == "help" { return nil }
                guard let option = spec.option(named: name) else {
                    throw fail("unknown option --\(name)" + suggestion(for: name, in: spec))
                }
                try take(option, inline: inline, spelled: "--\(name)")
            } else {
                // One or more one-letter options; the last may take a value (`-ofile` or `-o file`).
                var letters = Substring(argument.dropFirst())
                while let letter = letters.first {
                    letters = letters.dropFirst()
                    // `-h` is help unless the command gives it a meaning (`match -h`, as grep's).
                    if letter == "h" && spec.option(short: "h") == nil { return nil }
                    guard let option = spec.option(short: letter) else {
                        throw fail("unknown option -\(letter)")
                    }
                    if option.takesValue {
                        try take(option, inline: letters.isEmpty ? nil : String(letters), spelled: "-\(letter)")
                        break
                    }
                    parsed.set(flag: option.name)
                }
            }
            index += 1
        }
        let count = parsed.positionals.count
        if count < spec.positionals.lowerBound {
            throw fail("missing argument: expected \(spec.usage.first ?? spec.name)")
        }
        if count > spec.positionals.upperBound {
            let extra = parsed.positionals[spec.positionals.upperBound]
            throw fail("unexpected argument '\(extra)'")
        }
        return parsed
    }

    /// ", did you mean --rules?" when a known option is a close spelling of `name`.
    private static func suggestion(for name: String, in spec: CommandSpec) -> String {
        let close = spec.options.first { option in
            option.name.hasPrefix(name) || name.hasPrefix(option.name)
                || editDistance(option.name, name) <= 2
        }
        return close.map { " (did you mean --\($0.name)?)" } ?? ""
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            previous = current
        }
        return previous[b.count]
    }
}
