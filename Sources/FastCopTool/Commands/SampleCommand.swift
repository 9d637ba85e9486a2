import FastCopRecords
import Foundation

/// `fastcop` with no arguments, and `fastcop sample [--write DIR]`: the embedded sample.
enum SampleCommand {
    static let spec = CommandSpec(
        name: "sample",
        summary: "Clean the embedded sample (a dirty contacts CSV) and show the result; --write saves it.",
        usage: ["sample", "sample --write DIR"],
        discussion: """
            Runs 'clean' on a small contacts CSV shipped with the tool, with its rules file, and
            prints the summary, the first clean rows and the rejected rows. With --write, saves
            contacts.csv and rules.json in DIR instead, to try 'fastcop clean' on them:

              fastcop sample --write /tmp/sample
              fastcop clean /tmp/sample/contacts.csv --rules /tmp/sample/rules.json \\
                  -o clean.csv --rejects rejects.csv
            """,
        options: SampleOptions.declarations,
        positionals: 0...0)

    static func run(_ options: SampleOptions) throws -> ExitStatus {
        if let directory = options.directory {
            try write(to: directory)
            return .success
        }
        let rules = try RulesLoader.compile(Array(EmbeddedSample.rules.utf8), name: EmbeddedSample.rulesName)
        let input = InputSource.memory(Array(EmbeddedSample.contacts.utf8), name: EmbeddedSample.dataName)
        let clean = OutputSink.memory(name: "clean")
        let rejects = OutputSink.memory(name: "rejects")
        var summary = try RowPipeline(
            input: input, format: .csv, rules: rules, mode: .split, strict: false, clean: clean, rejects: rejects,
            progress: nil
        ).run()
        summary.input = "embedded sample \(EmbeddedSample.dataName)"
        var text = "Cleaning the embedded sample with its rules (fastcop sample --write DIR saves both).\n\n"
        text += summary.text(examples: RejectExample.limit)
        text += "\nFirst clean rows (name and email trimmed, case fixed, phones normalized):\n"
        let cleanLines = String(decoding: clean.contents, as: UTF8.self).split(separator: "\n").prefix(6)
        for line in cleanLines { text += "  \(line)\n" }
        text += "\nRejected rows, as written to REJECTS (original row + _row,_line,_field,_message):\n"
        let rejectLines = String(decoding: rejects.contents, as: UTF8.self).split(separator: "\n")
        for line in rejectLines { text += "  \(line)\n" }
        text += "\nNext: fastcop clean YOUR.csv --rules RULES.json -o clean.csv --rejects rejects.csv\n"
        Console.out(text)
        return .success
    }

    /// Writes the sample's files into `directory`, creating it (and the folders above it).
    private static func write(to directory: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ToolError.input("cannot create the folder '\(directory)': \(error.localizedDescription)")
        }
        for (name, text) in [
            (EmbeddedSample.dataName, EmbeddedSample.contacts), (EmbeddedSample.rulesName, EmbeddedSample.rules),
        ] {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            let sink = try OutputSink.open(path)
            do {
                try sink.write(text)
                try sink.commit()
            } catch {
                sink.abandon()
                throw error
            }
            Console.out("wrote \(path)\n")
        }
    }
}
