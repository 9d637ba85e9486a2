import Foundation

/// The fenced code blocks of the README, the guides in `docs/` and the DocC catalog's articles, and the
/// tests that run them.
///
/// Every block says what it is, explicitly:
///
/// - ` ```swift ` and ` ```sh ` (also `bash`, `shell`, `console`) are examples. The line before
///   the fence (blank lines aside) is `<!-- test: Suite.function -->`, naming the `@Test`
///   function that compiles and runs it, or `<!-- not-run: why -->` for an example that cannot
///   run in a test (a manifest of another package, a command that installs software, a
///   benchmark).
/// - ` ```text `, ` ```json ` and the other languages of ``DocumentationExamples/dataLanguages``
///   are data shown as it is (output, a rules file, a pattern): not examples.
/// - A fence without a language, or with another one, is an error: say which it is.
///
/// A tested Swift block's code, comments removed and whitespace ignored, appears line by line
/// in order in the test function's body (its `import` lines anywhere in the test's file), so
/// the test may add its own lines (a fixture, an expectation) between them. A line's trailing
/// comment that states a result is checked too: a string or array literal (`// "2026"`,
/// `// ["Is not a valid email"]`) appears in the test after the line and before the next
/// one; `// true` needs the line inside `#expect(` or `#require(`, `// false` inside
/// `#expect(!`; `// throws …` needs `throws:` (in `#expect(throws:)`) before it.
///
/// A tested shell block holds `fastcop` commands only (`scripts/fastcop ARGS` is read as
/// `fastcop ARGS`: the test runs the built binary), each appearing, whitespace ignored, in the
/// test function's body in order, with an `#expect` or `#require` on its result before the
/// next command.
enum DocumentationExamples {
    /// Languages of blocks that are data, not examples.
    static let dataLanguages: Set<String> = ["text", "json", "jsonl", "csv", "tsv", "output"]
    /// Languages of shell examples.
    static let shellLanguages: Set<String> = ["sh", "bash", "shell", "console"]

    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Markdown files whose examples are checked: the README, `docs/*.md` and the DocC
    /// catalog's articles.
    static func markdownFiles() throws -> [String] {
        func markdown(in folder: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
        }
        return try ["README.md"] + markdown(in: "docs") + markdown(in: "Sources/FastCop/FastCop.docc")
    }

    /// What the line before a fence says about its block.
    enum Marker: Equatable {
        case test(suite: String, function: String)
        case notRun(reason: String)
    }

    /// One fenced block.
    struct Block {
        let file: String
        /// The 1-based line of the opening fence.
        let line: Int
        let language: String
        let marker: Marker?
        /// The problem with the marker line, if it is malformed.
        let markerProblem: String?
        /// The lines between the fences, with their 1-based line numbers.
        let lines: [(number: Int, text: String)]

        var place: String { "\(file):\(line)" }
        var text: String { lines.map(\.text).joined(separator: "\n") }
    }

    /// The fenced blocks of a Markdown text (CommonMark fences of three or more backticks or
    /// tildes, indented or not).
    static func blocks(in markdown: String, file: String) -> [Block] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].drop { $0 == " " || $0 == "\t" }
            guard let fenceCharacter = trimmed.first, fenceCharacter == "`" || fenceCharacter == "~" else {
                index += 1
                continue
            }
            let fence = trimmed.prefix { $0 == fenceCharacter }
            guard fence.count >= 3 else {
                index += 1
                continue
            }
            let info = trimmed.dropFirst(fence.count).trimmingCharacters(in: .whitespaces)
            let language = String(info.split(separator: " ").first ?? "")
            var marker: Marker?
            var markerProblem: String?
            var previous = index - 1
            while previous >= 0, lines[previous].trimmingCharacters(in: .whitespaces).isEmpty { previous -= 1 }
            if previous >= 0 {
                (marker, markerProblem) = parseMarker(lines[previous].trimmingCharacters(in: .whitespaces))
            }
            var body: [(number: Int, text: String)] = []
            var end = index + 1
            while end < lines.count {
                let closing = lines[end].drop { $0 == " " || $0 == "\t" }
                if closing.hasPrefix(String(fence)), closing.allSatisfy({ $0 == fenceCharacter || $0 == " " }) { break }
                body.append((end + 1, lines[end]))
                end += 1
            }
            blocks.append(
                Block(
                    file: file, line: index + 1, language: language, marker: marker, markerProblem: markerProblem,
                    lines: body))
            index = end + 1
        }
        return blocks
    }

    /// `<!-- test: Suite.function -->` or `<!-- not-run: reason -->`; nil for any other line.
    static func parseMarker(_ line: String) -> (Marker?, String?) {
        guard line.hasPrefix("<!--"), line.hasSuffix("-->") else { return (nil, nil) }
        let inside = line.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        if inside.hasPrefix("test:") {
            let name = inside.dropFirst(5).trimmingCharacters(in: .whitespaces)
            let parts = name.split(separator: ".")
            guard parts.count == 2 else {
                return (nil, "`\(line)`: write `<!-- test: Suite.function -->`")
            }
            return (.test(suite: String(parts[0]), function: String(parts[1])), nil)
        }
        if inside.hasPrefix("not-run:") {
            let reason = inside.dropFirst(8).trimmingCharacters(in: .whitespaces)
            guard !reason.isEmpty else { return (nil, "`\(line)`: say why the example is not run") }
            return (.notRun(reason: reason), nil)
        }
        return (nil, nil)
    }
}

// MARK: - Swift source

extension DocumentationExamples {
    /// Swift code with its comments removed (string literals kept whole, raw and multi-line
    /// ones included), and the comments found, by the 0-based line they start on.
    struct StrippedSwift {
        var code = ""
        /// `code` with the inside of every string literal replaced by `_` (line breaks kept),
        /// character for character: where to look for declarations and braces.
        var masked = ""
        var comments: [Int: String] = [:]
    }

    /// Removes `//` and `/* */` comments outside string literals.
    static func stripComments(_ source: String) -> StrippedSwift {
        var result = StrippedSwift()
        let characters = Array(source)
        var index = 0
        var line = 0
        func peek(_ offset: Int) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }
        while index < characters.count {
            let character = characters[index]
            if character == "/", peek(1) == "/" {
                var comment = ""
                index += 2
                while index < characters.count, characters[index] != "\n" {
                    comment.append(characters[index])
                    index += 1
                }
                result.comments[line] = comment.trimmingCharacters(in: .whitespaces)
                continue
            }
            if character == "/", peek(1) == "*" {
                index += 2
                while index < characters.count, !(characters[index] == "*" && peek(1) == "/") {
                    if characters[index] == "\n" {
                        line += 1
                        result.code.append("\n")
                        result.masked.append("\n")
                    }
                    index += 1
                }
                index += 2
                continue
            }
            if character == "#" || character == "\"" {
                // A string literal: `#`s, then `"` or `"""`; it ends at the same quotes and `#`s.
                var hashes = 0
                while peek(hashes) == "#" { hashes += 1 }
                guard peek(hashes) == "\"" else {
                    result.code.append(character)
                    result.masked.append(character)
                    index += 1
                    continue
                }
                let multiline = peek(hashes + 1) == "\"" && peek(hashes + 2) == "\""
                let quotes = multiline ? 3 : 1
                let opening = hashes + quotes
                result.code.append(contentsOf: characters[index..<index + opening])
                result.masked.append(contentsOf: characters[index..<index + opening])
                index += opening
                while index < characters.count {
                    let next = characters[index]
                    if next == "\\", hashes == 0 || (1...hashes).allSatisfy({ peek($0) == "#" }) {
                        // An escape: the backslash, its `#`s and the escaped character.
                        let length = min(hashes + 2, characters.count - index)
                        result.code.append(contentsOf: characters[index..<index + length])
                        result.masked.append(String(repeating: "_", count: length))
                        index += length
                        continue
                    }
                    if next == "\"", (0..<quotes).allSatisfy({ peek($0) == "\"" }),
                        (0..<hashes).allSatisfy({ peek(quotes + $0) == "#" })
                    {
                        result.code.append(contentsOf: characters[index..<index + quotes + hashes])
                        result.masked.append(contentsOf: characters[index..<index + quotes + hashes])
                        index += quotes + hashes
                        break
                    }
                    if !multiline, next == "\n" { break }
                    if next == "\n" { line += 1 }
                    result.code.append(next)
                    result.masked.append(next == "\n" ? "\n" : "_")
                    index += 1
                }
                continue
            }
            if character == "\n" { line += 1 }
            result.code.append(character)
            result.masked.append(character)
            index += 1
        }
        return result
    }

    /// The text without whitespace, which is how code is compared.
    static func squeezed(_ text: some StringProtocol) -> String {
        String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }.map(Character.init))
    }

    /// A test function found in the test sources.
    struct TestFunction {
        /// The file, relative to the package root.
        let file: String
        /// The function's body, comments removed.
        let body: String
        /// The whole file, comments removed.
        let fileCode: String
    }

    /// The `@Test` function `function` declared in the type (or an extension of the type)
    /// `suite`, in `Tests/`.
    static func testFunction(suite: String, function: String) throws -> TestFunction? {
        let tests = root.appendingPathComponent("Tests")
        guard let enumerator = FileManager.default.enumerator(atPath: tests.path) else { return nil }
        let typePattern = #"\b(struct|class|enum|actor|extension)\s+\#(suite)\b"#
        let functionPattern = #"@Test\b[^{}]*?\bfunc\s+\#(function)\s*\("#
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            let source = try String(contentsOf: tests.appendingPathComponent(path), encoding: .utf8)
            guard source.contains(suite), source.contains(function) else { continue }
            let stripped = stripComments(source)
            let code = Array(stripped.code)
            let masked = Array(stripped.masked)
            guard code.count == masked.count else { continue }
            var from = 0
            while let type = firstMatch(typePattern, in: masked, from: from) {
                from = type.upperBound
                guard let typeBody = braceBody(in: masked, from: type.upperBound),
                    let declaration = firstMatch(functionPattern, in: masked, from: typeBody.lowerBound),
                    declaration.upperBound <= typeBody.upperBound,
                    let body = braceBody(in: masked, from: declaration.upperBound)
                else { continue }
                return TestFunction(file: "Tests/" + path, body: String(code[body]), fileCode: stripped.code)
            }
        }
        return nil
    }

    /// The character offsets of the first match of `pattern` in `text` at or after `from`.
    static func firstMatch(_ pattern: String, in text: [Character], from: Int) -> Range<Int>? {
        let tail = String(text[from...])
        guard let range = tail.range(of: pattern, options: .regularExpression) else { return nil }
        let start = from + tail.distance(from: tail.startIndex, to: range.lowerBound)
        return start..<(start + tail.distance(from: range.lowerBound, to: range.upperBound))
    }

    /// The offsets inside the first `{ … }` at or after `start` (the text has its string
    /// literals masked, so every brace is code).
    static func braceBody(in text: [Character], from start: Int) -> Range<Int>? {
        guard let open = text[start...].firstIndex(of: "{") else { return nil }
        var depth = 0
        for index in open..<text.count {
            if text[index] == "{" { depth += 1 }
            if text[index] == "}" {
                depth -= 1
                if depth == 0 { return (open + 1)..<index }
            }
        }
        return nil
    }
}

// MARK: - Checking

extension DocumentationExamples {
    /// Everything wrong with the blocks of `file`, each naming the file, the line and the block.
    static func problems(in file: String) throws -> [String] {
        let markdown = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        var problems: [String] = []
        for block in blocks(in: markdown, file: file) {
            let found = try Self.problems(with: block)
            if !found.isEmpty {
                problems.append(found.map { "\(block.place): \($0)" }.joined(separator: "\n") + "\n" + quoted(block))
            }
        }
        return problems
    }

    static func quoted(_ block: Block) -> String {
        "    ```\(block.language)\n" + block.lines.map { "    \($0.text)" }.joined(separator: "\n") + "\n    ```"
    }

    static func problems(with block: Block) throws -> [String] {
        if let problem = block.markerProblem { return [problem] }
        let isSwift = block.language == "swift"
        let isShell = shellLanguages.contains(block.language)
        guard isSwift || isShell else {
            if dataLanguages.contains(block.language) {
                return block.marker == nil
                    ? [] : ["a `\(block.language)` block is data, not an example: drop its marker"]
            }
            return [
                block.language.isEmpty
                    ? "a fenced block without a language: write ```swift or ```sh for an example (with its marker), or one of \(dataLanguages.sorted()) for data"
                    : "the language `\(block.language)` is neither an example (swift, \(shellLanguages.sorted())) nor data (\(dataLanguages.sorted()))"
            ]
        }
        switch block.marker {
        case nil:
            return [
                "an example without a marker: put `<!-- test: Suite.function -->` (the test that runs it) or `<!-- not-run: why -->` on the line before the fence"
            ]
        case .notRun:
            return []
        case .test(let suite, let function):
            guard let test = try testFunction(suite: suite, function: function) else {
                return ["no `@Test func \(function)` in a type `\(suite)` under Tests/"]
            }
            return isSwift ? swiftProblems(block, test) : shellProblems(block, test)
        }
    }

    /// Each code line of a Swift block in the test's body, in order, with its stated result.
    static func swiftProblems(_ block: Block, _ test: TestFunction) -> [String] {
        let stripped = stripComments(block.text)
        let codeLines = stripped.code.split(separator: "\n", omittingEmptySubsequences: false)
        let body = squeezed(test.body)
        let fileCode = squeezed(test.fileCode)
        var problems: [String] = []
        // Each code line's place in the squeezed body, and the result its comment states.
        var matches: [(line: Int, range: Range<String.Index>, comment: String?)] = []
        var searchFrom = body.startIndex
        for (offset, rawLine) in codeLines.enumerated() {
            let line = squeezed(rawLine)
            let number = block.lines[offset].number
            let comment = stripped.comments[offset]
            if line.isEmpty {
                // A comment alone on its line states the result of the line before.
                if let comment, let last = matches.last, last.comment == nil {
                    matches[matches.count - 1].comment = comment
                }
                continue
            }
            if rawLine.trimmingCharacters(in: .whitespaces).hasPrefix("import ") {
                if !fileCode.contains(line) { problems.append("line \(number): `\(rawLine)` is not in \(test.file)") }
                continue
            }
            guard let range = body.range(of: line, range: searchFrom..<body.endIndex) else {
                problems.append(
                    "line \(number): `\(rawLine.trimmingCharacters(in: .whitespaces))` is not in the test's body "
                        + "(\(test.file)), after the lines before it (whitespace and comments ignored)")
                continue
            }
            matches.append((number, range, comment))
            searchFrom = range.upperBound
        }
        for (position, match) in matches.enumerated() {
            guard let comment = match.comment else { continue }
            let before = body[
                (position == 0 ? body.startIndex : matches[position - 1].range.upperBound)..<match.range.lowerBound]
            let after = body[
                match.range
                    .upperBound..<(position + 1 < matches.count
                    ? matches[position + 1].range.lowerBound : body.endIndex)]
            if let problem = resultProblem(comment: comment, before: before, after: after) {
                problems.append("line \(match.line): the result `// \(comment)` is not checked: \(problem)")
            }
        }
        return problems
    }

    /// Whether the test checks the result a comment states; nil when it does (or states none).
    static func resultProblem(comment: String, before: Substring, after: Substring) -> String? {
        // A literal followed by `->` describes a mapping (`"e\u{301}" -> "é"`), not a result.
        if let literal = leadingLiteral(comment),
            !comment.dropFirst(literal.count).trimmingCharacters(in: .whitespaces).hasPrefix("->")
        {
            return after.contains(squeezed(literal)) ? nil : "\(literal) does not follow the line in the test"
        }
        let word = comment.prefix { $0.isLetter }
        let asserted = before.hasSuffix("#expect(") || before.hasSuffix("#require(")
        switch word {
        case "true":
            return asserted || after.hasPrefix("==true") ? nil : "the test does not wrap the line in #expect(…)"
        case "false":
            return before.hasSuffix("#expect(!") || after.hasPrefix("==false")
                || (asserted && after.hasPrefix("==false"))
                ? nil : "the test does not check it with #expect(!…)"
        case "throws":
            return before.contains("throws:") ? nil : "the test does not wrap the line in #expect(throws: …)"
        default:
            return nil
        }
    }

    /// A string or array literal at the start of a comment (`"2026" (a Substring)` → `"2026"`).
    static func leadingLiteral(_ comment: String) -> String? {
        guard let first = comment.first, first == "\"" || first == "[" else { return nil }
        var depth = 0
        var inString = false
        var escaped = false
        for (offset, character) in comment.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    if depth == 0 { return String(comment.prefix(offset + 1)) }
                }
                continue
            }
            if character == "\"" { inString = true }
            if character == "[" { depth += 1 }
            if character == "]" {
                depth -= 1
                if depth == 0 { return String(comment.prefix(offset + 1)) }
            }
        }
        return nil
    }

    /// A shell line without its `# comment` (a `#` at the start or after a blank, outside quotes).
    static func shellCommand(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        var result = ""
        for character in line {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" {
                break
            }
            result.append(character)
            previous = character
        }
        return result.trimmingCharacters(in: .whitespaces)
    }

    /// Each `fastcop` command of a shell block in the test's body, in order, each followed by
    /// an expectation.
    static func shellProblems(_ block: Block, _ test: TestFunction) -> [String] {
        let body = squeezed(test.body)
        var problems: [String] = []
        var matches: [(line: Int, range: Range<String.Index>)] = []
        var searchFrom = body.startIndex
        for (number, text) in block.lines {
            var command = shellCommand(text)
            if command.isEmpty { continue }
            if command == "scripts/fastcop" || command.hasPrefix("scripts/fastcop ") {
                command.removeFirst("scripts/".count)
            }
            guard command == "fastcop" || command.hasPrefix("fastcop ") else {
                problems.append(
                    "line \(number): `\(command)` is not a fastcop command: a tested shell block holds only those (move it to a block marked not-run)"
                )
                continue
            }
            guard let range = body.range(of: squeezed(command), range: searchFrom..<body.endIndex) else {
                problems.append(
                    "line \(number): `\(command)` is not in the test's body (\(test.file)), after the commands before it (whitespace ignored)"
                )
                continue
            }
            matches.append((number, range))
            searchFrom = range.upperBound
        }
        for (position, match) in matches.enumerated() {
            let end = position + 1 < matches.count ? matches[position + 1].range.lowerBound : body.endIndex
            let after = body[match.range.upperBound..<end]
            if !after.contains("#expect(") && !after.contains("#require(") {
                problems.append(
                    "line \(match.line): the test checks nothing about this command's result before the next one")
            }
        }
        return problems
    }
}
