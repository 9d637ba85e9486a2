package import FastCop

/// Reads, parses, checks and compiles a rules file, before any row is read.
package enum RulesLoader {
    /// The largest rules file accepted.
    static let maximumBytes = 16 * 1024 * 1024

    /// Loads the rules at `path`.
    ///
    /// - Throws: ``RecordsError`` for an unreadable file, broken JSON (with line and column), an
    ///   unknown filter or trial, or a pattern that does not compile (with its place in the
    ///   file, such as `fields.phone.trials[0]`, and a caret under the error).
    /// - Parameter patternOptions: options every `format` trial is compiled with
    ///   (``CompiledRules/lineSemantics`` for plain lines, as `fastcop match` reads them).
    /// - Parameter vocabulary: ``RulesVocabulary/tableSchema`` reads a Frictionless Table
    ///   Schema (`--schema`), ``RulesVocabulary/rules`` a rules file.
    package static func load(
        _ path: String, patternOptions: Pattern.Options = [], vocabulary: RulesVocabulary = .rules
    ) throws -> CompiledRules {
        let bytes = try InputSource.open(path).readAll(stoppingAfter: maximumBytes)
        let what = vocabulary == .tableSchema ? "schema" : "rules file"
        if bytes.count > maximumBytes { throw RecordsError("\(what) '\(path)' is larger than 16 MiB") }
        return try compile(
            bytes, name: path == "-" ? "stdin" : path, patternOptions: patternOptions, vocabulary: vocabulary)
    }

    /// Parses and compiles rules held in memory (the embedded sample's). A UTF-8 byte order
    /// mark before the JSON (some Windows editors write one) is skipped, as editors hide it:
    /// positions in messages count from the byte after it.
    package static func compile(
        _ bytes: [UInt8], name: String, patternOptions: Pattern.Options = [], vocabulary: RulesVocabulary = .rules
    ) throws -> CompiledRules {
        let mark = TextEncoding.utf8ByteOrderMark
        let bytes = bytes.starts(with: mark) ? Array(bytes.dropFirst(mark.count)) : bytes
        if let bad = bytes.withUnsafeBufferPointer({ UTF8Validation.firstInvalidOffset($0) }) {
            let (line, column) = JSONDocument.position(of: bad, in: bytes)
            throw RecordsError(
                "\(name):\(line):\(column): invalid UTF-8 in the \(vocabulary == .tableSchema ? "schema" : "rules file")"
            )
        }
        let root: JSONNode
        do {
            root = try JSONDocument.parse(bytes)
        } catch {
            let (line, column) = JSONDocument.position(of: error.offset, in: bytes)
            throw RecordsError("\(name):\(line):\(column): invalid JSON: \(error.message)")
        }
        do {
            let spec =
                vocabulary == .tableSchema ? try TableSchemaDecoder.decode(root) : try RulesDecoder.decode(root)
            return try CompiledRules(spec, patternOptions: patternOptions)
        } catch {
            throw RecordsError(error.report(file: name, bytes: bytes))
        }
    }
}
