/// The jobs a child process started by ``ChildProcess`` can do, by the name `--child` gives.
enum ChildJobs {
    struct Unknown: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ job: String, _ arguments: Arguments) throws {
        if job == LinesSection.childJob {
            try LinesSection.child(arguments)
        } else if job.hasPrefix(BatchMemory.childJobPrefix) {
            try BatchMemory.child(String(job.dropFirst(BatchMemory.childJobPrefix.count)), arguments)
        } else {
            throw Unknown(description: "unknown child job \"\(job)\"")
        }
    }
}
