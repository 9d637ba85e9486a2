import FastCop
import Foundation

// fastcop-bench: release-mode benchmarks of FastCop against the C speed limit,
// NSRegularExpression and Swift's Regex. Run it with scripts/bench.

let arguments: Arguments
do {
    guard let parsed = try Arguments.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(Arguments.usage)
        exit(0)
    }
    arguments = parsed
} catch {
    FileHandle.standardError.write(Data("fastcop-bench: \(error)\n\n\(Arguments.usage)\n".utf8))
    exit(2)
}

#if DEBUG
    FileHandle.standardError.write(
        Data("fastcop-bench: this is a debug build; its times mean nothing. Use scripts/bench.\n".utf8))
#endif

if let child = arguments.child {
    // A measurement in a fresh process (see ChildProcess): results go to standard output.
    do {
        try ChildJobs.run(child, arguments)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("fastcop-bench --child \(child): \(error)\n".utf8))
        exit(1)
    }
}

print(MachineSummary.line(arguments))
print()
var failed = false
for section in Sections.all where arguments.section == nil || arguments.section == section.name {
    do {
        for table in try section.run(arguments) {
            print(table.render(markdown: arguments.markdown))
        }
    } catch {
        FileHandle.standardError.write(Data("fastcop-bench: section \(section.name) failed: \(error)\n".utf8))
        failed = true
    }
}
exit(failed ? 1 : 0)
