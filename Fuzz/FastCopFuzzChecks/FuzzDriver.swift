import Foundation

/// What the fuzz executables (`FastCopFuzz`, `FastCopRecordsFuzz`) share: libFuzzer's driver
/// in a fuzzing build, the replay of inputs from files in a plain one, and the stop on a
/// finding that makes libFuzzer keep the input.
package enum FuzzDriver {
    /// Stops the process, printing `findings`, when there are any (libFuzzer then saves the
    /// input as a crash); `name` says which fuzzer found them.
    package static func stop(on findings: [String], name: String) {
        guard findings.isEmpty else {
            fatalError("\(name) fuzz finding: " + findings.joined(separator: "\n\(name) fuzz finding: "))
        }
    }

    /// Runs `check` on every input file at `paths` (files, or folders of them), printing each
    /// finding with its file.
    ///
    /// - Throws: when a path does not exist or an input gave findings.
    package static func replay(_ paths: [String], name: String, check: ([UInt8]) -> [String]) throws {
        var count = 0
        var failed = 0
        for path in paths {
            for file in try FuzzCorpus.files(at: path) {
                let findings = check([UInt8](try Data(contentsOf: file)))
                for finding in findings { print("\(file.path): \(name) fuzz finding: \(finding)") }
                failed += findings.isEmpty ? 0 : 1
                count += 1
            }
        }
        guard failed == 0 else {
            throw FuzzCorpusError(message: "\(failed) of \(count) inputs gave findings")
        }
        print("replayed \(count) inputs: no finding")
    }

    #if FUZZING
        /// Hands control to libFuzzer's driver, which calls `callback` for each input and takes
        /// libFuzzer's usual arguments from the command line; exits with its status.
        ///
        /// SwiftPM links an executable with `main` defined as its module's entry point, so
        /// libFuzzer's own `main` is not used; its `LLVMFuzzerRunDriver` is.
        package static func runLibFuzzer(_ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
        }
    #endif
}

#if FUZZING
    /// libFuzzer's driver (`int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*cb)(const
    /// uint8_t *, size_t))`), from the runtime that `-sanitize=fuzzer` links.
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32
#endif
