import Foundation

/// Runs `fastcop-bench` again as a child process, for measurements that must not see the
/// parent's memory: a child's `VmHWM` counts only what the child did.
///
/// The child is started with the hidden `--child MODE` flag (see ``Arguments/child``), does
/// one job and prints its results as `key=value` lines on standard output.
enum ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the child with `arguments` (after the program name) and returns its `key=value`
    /// lines. `input`, if given, becomes the child's standard input.
    ///
    /// - Throws: ``Failure`` when the child cannot start or exits with a non-zero status
    ///   (its standard error is passed through to ours).
    static func run(_ arguments: [String], input: FileHandle? = nil) throws -> [String: String] {
        let process = Process()
        // /proc/self/exe: this very binary, whatever the working directory and argv[0].
        let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/proc/self/exe"
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        if let input { process.standardInput = input }
        do {
            try process.run()
        } catch {
            throw Failure(description: "could not start the child process \(arguments): \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(
                description: "child process \(arguments.joined(separator: " ")) ended with status "
                    + "\(process.terminationStatus) (\(process.terminationReason == .exit ? "exit" : "signal"))")
        }
        var values: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return values
    }

    /// The integer `key` of a child's results.
    ///
    /// - Throws: ``Failure`` naming the key when it is missing or not a number.
    static func integer(_ key: String, in values: [String: String]) throws -> Int {
        guard let text = values[key], let value = Int(text) else {
            throw Failure(description: "the child process did not report \(key) (got \(values))")
        }
        return value
    }

    /// Prints one result line for the parent (in a child).
    static func report(_ key: String, _ value: some CustomStringConvertible) {
        print("\(key)=\(value)")
    }
}
