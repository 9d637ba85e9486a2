import Testing

@Suite("fastcop bench")
struct BenchCommandTests {
    @Test("compares FastCop, NSRegularExpression and Swift Regex on the user's file, as ratios")
    func table() throws {
        try ToolRunner.withRunner { tool in
            try tool.write(
                "in.txt", (0..<500).map { $0 % 2 == 0 ? "user\($0)@example.com é" : "nobody ß" }.joined(separator: "\n")
            )
            let result = try tool.run(["bench", "in.txt", "--pattern", "[a-z0-9]+@[a-z]+\\.com"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("fastcop bench: in.txt, 500 lines"))
            for engine in ["FastCop (1 core)", "NSRegularExpression", "Swift Regex", "FastCop ("] {
                #expect(result.stdout.contains(engine))
            }
            #expect(result.stdout.contains("250"))
            #expect(result.stdout.contains("x slower") || result.stdout.contains("x faster"))
        }
    }

    @Test("a file too small to time gets a warning that the ratios are noise")
    func tooSmall() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.txt", (0..<21).map { "zoë\($0)@example.com" }.joined(separator: "\n"))
            let result = try tool.run(["bench", "in.txt"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("warning: too small to time: 21 lines"), "\(result.stdout)")
            #expect(result.stdout.contains("the ratios above are noise"))
        }
    }
}
