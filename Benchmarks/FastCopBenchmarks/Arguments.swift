/// The command line of `fastcop-bench` (see ``usage``).
struct Arguments {
    /// Strings per data set.
    var count = 1_000_000
    /// Timed rounds per method.
    var rounds = 5
    /// Items per chunk: each round runs every method on one chunk before the next chunk.
    var chunk = 50_000
    /// Run only this section.
    var section: String?
    /// Print tables as Markdown.
    var markdown = false
    /// Time only the methods whose name contains one of these texts (for profiling).
    var methods: [String]?
    /// A method stops being repeated once its rounds add up to this many seconds (it always
    /// runs at least once), so that 1,000,000 strings through a slow baseline do not take
    /// many minutes. The tables say how many rounds each method got.
    var budget = 30.0
    /// The size of the largest file the `lines` section writes and reads, in bytes (it also
    /// reads one a tenth of this size).
    var linesBytes = 1_000_000_000
    /// Internal: run as a child process doing one measurement (see ``ChildProcess``), e.g.
    /// `batch-memory:evaluate` or `lines`. Not in the usage text.
    var child: String?

    static let usage = """
        usage: fastcop-bench [--count N] [--rounds R] [--chunk N] [--section NAME] [--quick] [--markdown]
                             [--method TEXT] [--budget S] [--lines-bytes N]

          --count N        strings per data set (default 1000000)
          --rounds R       timed rounds per method (default 5)
          --chunk N        strings per chunk (default 50000): every method runs on a chunk
                           before the next chunk, and a method's time is the sum of its best
                           time on each chunk
          --section NAME   run one section: \(Sections.all.map(\.name).joined(separator: ", "))
          --quick          100000 strings, 3 rounds, budget 5 s: a first look in seconds
                           (flags after it override it)
          --markdown       print the tables as Markdown
          --method TEXT    time only methods whose name contains TEXT (for profiling;
                           several texts separated by commas)
          --budget S       stop repeating a method once its rounds add up to S seconds
                           (default 30; every method runs at least one round)
          --lines-bytes N  size of the large file of the lines section, in bytes (default
                           1000000000); it also reads a file of a tenth of that size
          --help           this text

        Build and run it in release mode with scripts/bench (arguments pass through).
        """

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses `arguments` (without the program name). Returns nil for `--help`.
    static func parse(_ arguments: [String]) throws -> Arguments? {
        var result = Arguments()
        var remaining = arguments[...]
        func value(for flag: String) throws -> String {
            guard let next = remaining.popFirst() else { throw Problem(description: "\(flag) needs a value") }
            return next
        }
        func positive(_ text: String, for flag: String) throws -> Int {
            guard let number = Int(text.replacingUnderscores()), number > 0 else {
                throw Problem(description: "\(flag) needs a positive whole number, not \"\(text)\"")
            }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--count": result.count = try positive(value(for: argument), for: argument)
            case "--rounds": result.rounds = try positive(value(for: argument), for: argument)
            case "--chunk": result.chunk = try positive(value(for: argument), for: argument)
            case "--section":
                let name = try value(for: argument)
                guard Sections.all.contains(where: { $0.name == name }) else {
                    throw Problem(
                        description: "unknown section \"\(name)\"; sections: "
                            + Sections.all.map(\.name).joined(separator: ", "))
                }
                result.section = name
            case "--quick":
                result.count = 100_000
                result.rounds = 3
                result.budget = 5
            case "--markdown": result.markdown = true
            case "--method": result.methods = try value(for: argument).split(separator: ",").map(String.init)
            case "--budget":
                let text = try value(for: argument)
                guard let seconds = Double(text), seconds >= 0 else {
                    throw Problem(description: "--budget needs a number of seconds, not \"\(text)\"")
                }
                result.budget = seconds
            case "--lines-bytes": result.linesBytes = try positive(value(for: argument), for: argument)
            case "--child": result.child = try value(for: argument)
            case "--help", "-h": return nil
            default: throw Problem(description: "unknown argument \"\(argument)\"")
            }
        }
        return result
    }
}

extension String {
    /// "1_000_000" -> "1000000", so counts can be written readably.
    fileprivate func replacingUnderscores() -> String { filter { $0 != "_" } }
}
