import Foundation
import Testing

/// Every example in the README and the guides in `docs/` is compiled and run by a test, or says
/// why not (see ``DocumentationExamples`` for the markers and what is compared).
@Suite("Documentation examples")
struct DocumentationExamplesTests {
    @Test("every fenced block of the README and docs/*.md is a tested example, a marked untested one, or data")
    func everyBlockIsCovered() throws {
        let files = try DocumentationExamples.markdownFiles()
        #expect(files.contains("README.md"))
        var problems: [String] = []
        for file in files { problems += try DocumentationExamples.problems(in: file) }
        #expect(problems.isEmpty, "\(problems.count) examples not covered:\n\n\(problems.joined(separator: "\n\n"))")
    }

    @Test("the README has examples of each kind and stays a five-minute read")
    func readmeShape() throws {
        let readme = try String(
            contentsOf: DocumentationExamples.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = DocumentationExamples.blocks(in: readme, file: "README.md")
        #expect(blocks.contains { $0.language == "swift" && $0.marker.map(isTest) == true })
        #expect(blocks.contains { $0.language == "sh" && $0.marker.map(isTest) == true })
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count < 250)
    }

    private func isTest(_ marker: DocumentationExamples.Marker) -> Bool {
        if case .test = marker { return true }
        return false
    }

    /// A page with one block of each kind, for the checker.
    static let samplePage = """
        Intro.

        <!-- test: DocumentationExamplesTests.sampleExample -->
        ```swift
        let answer = 6 * 7   // 42
        let missing = nowhere()
        ```

        ```swift
        print("no marker")
        ```

        ```
        no language
        ```

        <!-- not-run: a benchmark -->
        ```sh
        scripts/bench
        ```

        ```json
        {"data": true}
        ```

        <!-- test: DocumentationExamplesTests.sampleExample -->
        ```sh
        fastcop clean in.csv --rules r.json
        ls -l
        ```
        """

    @Test("the sample page's tested example")
    func sampleExample() {
        let answer = 6 * 7
        #expect(answer == 42)
    }

    @Test("the checker finds what is missing, naming the file, the line and the block")
    func checkerFindsProblems() throws {
        let blocks = DocumentationExamples.blocks(in: Self.samplePage, file: "example.md")
        #expect(blocks.map(\.line) == [4, 9, 13, 18, 22, 27])
        #expect(blocks.map(\.language) == ["swift", "swift", "", "sh", "json", "sh"])
        let problems = try blocks.map { try DocumentationExamples.problems(with: $0) }
        #expect(problems[0].count == 1, "\(problems)")
        #expect(problems[0].first?.hasPrefix("line 6: ") == true)
        #expect(problems[0].first?.contains("is not in the test's body") == true)
        #expect(problems[1].first?.contains("an example without a marker") == true)
        #expect(problems[2].first?.contains("without a language") == true)
        #expect(problems[3].isEmpty)
        #expect(problems[4].isEmpty)
        #expect(problems[5].count == 2)
        #expect(problems[5].contains { $0.hasPrefix("line 28: ") && $0.contains("is not in the test's body") })
        #expect(problems[5].contains { $0.hasPrefix("line 29: ") && $0.contains("is not a fastcop command") })
        let whole = try DocumentationExamples.problems(with: blocks[0]).map { "\(blocks[0].place): \($0)" }
        #expect(whole.first?.hasPrefix("example.md:4: line 6: ") == true)
    }

    @Test("stated results must be checked by the test")
    func statedResults() {
        #expect(DocumentationExamples.leadingLiteral(#""2026" (a Substring of the input)"#) == #""2026""#)
        #expect(DocumentationExamples.leadingLiteral(#"["a", "b]"] and more"#) == #"["a", "b]"]"#)
        #expect(DocumentationExamples.leadingLiteral("true") == nil)
        #expect(DocumentationExamples.resultProblem(comment: "true", before: "x=1;#expect(", after: ")") == nil)
        #expect(DocumentationExamples.resultProblem(comment: "true", before: "x=1;", after: "") != nil)
        #expect(DocumentationExamples.resultProblem(comment: "false", before: "#expect(!", after: ")") == nil)
        #expect(DocumentationExamples.resultProblem(comment: #""a b""#, before: "", after: #"==("ab")"#) == nil)
        #expect(DocumentationExamples.resultProblem(comment: #""a b""#, before: "", after: #"==("ac")"#) != nil)
        #expect(
            DocumentationExamples.resultProblem(
                comment: "throws an error", before: "#expect(throws:E.self){", after: "") == nil)
        #expect(DocumentationExamples.resultProblem(comment: "prints \"ok\"", before: "", after: "") == nil)
    }

    @Test("comments are removed outside string literals only")
    func commentStripping() {
        let source = #"""
            let a = "http://x" // one
            let b = #"\d+ // not a comment"# /* two */ + "q\"//"
            let c = """
                // inside
                """
            """#
        let stripped = DocumentationExamples.stripComments(source)
        #expect(stripped.comments == [0: "one"])
        #expect(stripped.code.contains(##"#"\d+ // not a comment"#"##))
        #expect(stripped.code.contains(#""q\"//""#))
        #expect(stripped.code.contains("// inside"))
        #expect(!stripped.code.contains("two"))
        #expect(
            DocumentationExamples.shellCommand("fastcop match -c 'a #b' x.txt   # count")
                == "fastcop match -c 'a #b' x.txt")
    }
}
