// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FastCop",
    products: [
        .library(name: "FastCop", targets: ["FastCop"]),
        // The rules model of the `fastcop` tool for Swift code: JSON bodies checked before decoding.
        .library(name: "FastCopRecords", targets: ["FastCopRecords"]),
        .executable(name: "fastcop", targets: ["FastCopTool"]),
        // Release-mode benchmarks: `scripts/bench` (see Benchmarks/README.md).
        .executable(name: "fastcop-bench", targets: ["FastCopBenchmarks"]),
    ],
    targets: [
        // PCRE2 from the system (Debian: libpcre2-dev). Only Sources/FastCop/Engine imports it.
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        // zlib from the system (Debian: zlib1g-dev), for `.gz` input. Only FastCopRecords/IO imports it.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // The speed limit: plain C loops over PCRE2's JIT, compiled with FastCop's flags.
        .target(
            name: "CReference",
            dependencies: ["CPCRE2"],
            path: "Benchmarks/CReference"
        ),
        .executableTarget(
            name: "FastCopBenchmarks",
            dependencies: ["FastCop", "CReference"],
            path: "Benchmarks/FastCopBenchmarks"
        ),
        // Byte scans that need a shuffle by a vector of indices (SSSE3, AVX2), chosen at run
        // time; C, written here. Only Sources/FastCop/Lines imports it.
        .target(name: "CLineScan"),
        // Which CPUs a thread runs on (sched_setaffinity and sched_getcpu, GNU extensions Swift's
        // Glibc module does not import); C, written here. Only Sources/FastCop/Support imports it.
        .target(name: "CThreadPlacement"),
        .target(
            name: "FastCop",
            dependencies: ["CPCRE2", "CLineScan", "CThreadPlacement"],
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]
        ),
        // Records as bytes: CSV, JSON Lines and lines (reader and writer per format), the row
        // pipeline, the rules model and decoder, and the IO the pipeline needs (gzip through
        // zlib, other encodings through glibc's iconv).
        .target(
            name: "FastCopRecords",
            dependencies: ["FastCop", "CZlib"],
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]
        ),
        // The `fastcop` executable: CLI/ (typed options, help) and Commands/ only.
        .executableTarget(
            name: "FastCopTool",
            dependencies: ["FastCop", "FastCopRecords"]
        ),
        // The server example (an HTTP-shaped JSON endpoint); Examples/ServerExample is also a
        // package of its own that depends on this one by path.
        .executableTarget(
            name: "ServerExample",
            dependencies: ["FastCop", "FastCopRecords"],
            path: "Examples/ServerExample/Sources/ServerExample"
        ),
        .executableTarget(
            name: "SwiftCopExample",
            dependencies: ["FastCop"],
            path: "Examples/SwiftCopExample"
        ),
        // The fuzzer's checks (findings are returned, not fatal): linked by the fuzzer and the tests;
        // also the driver and corpus replay both fuzz targets share.
        .target(
            name: "FastCopFuzzChecks",
            dependencies: ["FastCop"],
            path: "Fuzz/FastCopFuzzChecks"
        ),
        // The fuzz target: with `-Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING` (see scripts/fuzz)
        // a libFuzzer target; in a plain build, a tool that replays fuzz inputs from files.
        .executableTarget(
            name: "FastCopFuzz",
            dependencies: ["FastCop", "FastCopFuzzChecks"],
            path: "Fuzz/FastCopFuzz"
        ),
        // The tests' oracle for the differential check against PCRE2 alone: plain C over PCRE2,
        // with FastCop's compile flags and nothing else of FastCop.
        .target(
            name: "PCRE2Oracle",
            dependencies: ["CPCRE2"],
            path: "Tests/PCRE2Oracle"
        ),
        // Finds the public test suites beside the clone (../shared/suites), for the tests that
        // read them and skip with a note when they are absent.
        .target(
            name: "PublicSuites",
            path: "Tests/PublicSuites"
        ),
        // The records fuzzer's checks (CSV and TSV in every dialect, JSON Lines, lines, rules
        // files; findings returned, not fatal): linked by its fuzz target and the records tests.
        .target(
            name: "FastCopRecordsFuzzChecks",
            dependencies: ["FastCopRecords"],
            path: "Fuzz/FastCopRecordsFuzzChecks"
        ),
        // The records library's fuzz target, built and run as FastCopFuzz is (scripts/fuzz).
        .executableTarget(
            name: "FastCopRecordsFuzz",
            dependencies: ["FastCopFuzzChecks", "FastCopRecordsFuzzChecks"],
            path: "Fuzz/FastCopRecordsFuzz"
        ),
        .testTarget(
            name: "FastCopTests",
            dependencies: ["FastCop", "FastCopFuzzChecks", "PCRE2Oracle", "PublicSuites"]
        ),
        // The records library in process: every format, the rules decoder and the row pipeline.
        .testTarget(
            name: "FastCopRecordsTests",
            dependencies: ["FastCopRecords", "PublicSuites", "FastCopFuzzChecks", "FastCopRecordsFuzzChecks"]
        ),
        // Runs the built `fastcop` binary as a user would (no dependency on its module).
        .testTarget(
            name: "FastCopToolTests",
            dependencies: ["PublicSuites"],
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
