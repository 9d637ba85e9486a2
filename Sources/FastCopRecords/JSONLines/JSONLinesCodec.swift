/// JSON Lines: each line is one JSON object; a rule field names a top-level key or, with dots,
/// a nested member (`addr.city`; `a\\.b` for a key with a dot: see ``JSONFieldPath``).
///
/// Values keep their JSON types: a string goes through the field's filters and trials; a
/// number or a bool is judged by the trials as its JSON text (`1.50`, `true`) and left
/// untouched by the filters; `null` counts as a missing value (a required field fails, an
/// optional one passes); an object or an array rejects the row ("is an object, not text").
///
/// Clean rows keep the original text of every member that no filter changed (key order,
/// spacing, number spelling); a changed string is written as a JSON string. Rejects are the
/// original object with `"_row"`, `"_line"` and `"_errors": [{"field": …, "message": …}]`
/// added at the end; a line that is not a JSON object is written as
/// `{"_row": …, "_line": …, "_raw": "the line", "_errors": […]}`.
package struct JSONLinesCodec: RowCodec {
    /// A CR after the object is whitespace: the row reads back the same before any line end.
    package var keepsTrailingCR: Bool { false }

    /// The rule fields' paths, as a tree of UTF-8 keys (compared without decoding them).
    let paths: JSONPathTree
    let fieldCount: Int
    package let lineEnding: LineEnding

    init(rules: CompiledRules, crlf: Bool) {
        paths = JSONPathTree(rules.fields.map(\.name))
        fieldCount = rules.fields.count
        lineEnding = LineEnding(crlf: crlf)
    }

    /// Which rule fields the last row read has (a `null` value counts as had), for the check
    /// that every rule field is in the data.
    package func makeScratch() -> [Bool] { Array(repeating: false, count: fieldCount) }

    @discardableResult
    package func read(_ record: UnsafeBufferPointer<UInt8>, into inputs: inout [FieldInput], scratch: inout [Bool])
        throws(RecordProblem) -> RecordNotes
    {
        for index in inputs.indices {
            inputs[index] = .absent
            scratch[index] = false
        }
        var scanner = JSONScanner(record)
        do throws(JSONProblem) {
            scanner.skipWhitespace()
            guard scanner.current == UInt8(ascii: "{") else {
                throw scanner.problem("expected a JSON object '{'\(scanner.found)")
            }
            try readMembers(&scanner, node: 0, record: record, inputs: &inputs, present: &scratch)
            scanner.skipWhitespace()
            guard scanner.isAtEnd else { throw scanner.problem("text after the object") }
        } catch {
            throw RecordProblem(description: "invalid JSON: \(error.message) at column \(error.offset + 1)")
        }
        return []
    }

    /// Reads the object whose `{` is at the cursor, taking the values of the fields below
    /// `node` and descending into the members that paths continue into.
    private func readMembers(
        _ scanner: inout JSONScanner, node: Int, record: UnsafeBufferPointer<UInt8>,
        inputs: inout [FieldInput], present: inout [Bool]
    ) throws(JSONProblem) {
        try scanner.scanMembers { keyRange, keyEscapes, valueRange, kind throws(JSONProblem) in
            guard let child = try child(of: node, for: keyRange, escapes: keyEscapes, in: record) else { return }
            let field = paths.fields[child]
            if field >= 0 {
                inputs[field] = try input(valueRange, kind: kind, in: record)
                present[field] = true
            }
            if paths.hasChildren[child], kind == .object {
                var inner = JSONScanner(record, at: valueRange.lowerBound)
                try readMembers(&inner, node: child, record: record, inputs: &inputs, present: &present)
            }
        }
    }

    /// The path node below `node` that a key names, if any.
    private func child(
        of node: Int, for key: Range<Int>, escapes: Bool, in record: UnsafeBufferPointer<UInt8>
    ) throws(JSONProblem) -> Int? {
        let bytes = UnsafeBufferPointer(rebasing: record[key])
        if !escapes { return paths.child(of: node, key: bytes) }
        return paths.child(of: node, key: try JSONStrings.decode(bytes, hasEscapes: true, offset: key.lowerBound).utf8)
    }

    private func input(_ range: Range<Int>, kind: JSONKind, in record: UnsafeBufferPointer<UInt8>) throws(JSONProblem)
        -> FieldInput
    {
        switch kind {
        case .string(let escapes):
            let content = UnsafeBufferPointer(rebasing: record[(range.lowerBound + 1)..<(range.upperBound - 1)])
            return .text(
                try JSONStrings.decode(content, hasEscapes: escapes, offset: range.lowerBound + 1), span: range)
        case .number, .bool:
            return .literal(String(decoding: UnsafeBufferPointer(rebasing: record[range]), as: UTF8.self))
        case .null:
            return .absent
        case .object:
            return .unusable("is an object, not text")
        case .array:
            return .unusable("is an array, not text")
        }
    }

    package func encode(_ value: String, to output: inout [UInt8]) {
        JSONStrings.write(value, to: &output)
    }

    package func writeReject(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, fields: [String], messages: [String],
        to output: inout [UInt8]
    ) {
        // The record was read as an object: reopen it before its closing brace.
        var end = record.count
        while end > 0 && record[end - 1] != UInt8(ascii: "}") { end -= 1 }
        var inner = end - 1
        while inner > 0, [ASCII.space, ASCII.tab, ASCII.newline, ASCII.carriageReturn].contains(record[inner - 1]) {
            inner -= 1
        }
        let isEmptyObject = inner > 0 && record[inner - 1] == UInt8(ascii: "{")
        output.append(contentsOf: UnsafeBufferPointer(rebasing: record[..<max(0, end - 1)]))
        if !isEmptyObject { output.append(ASCII.comma) }
        appendMetadata(row: row, line: line, fields: fields, messages: messages, to: &output)
        output.append(UInt8(ascii: "}"))
        lineEnding.append(to: &output)
    }

    package func writeMalformed(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, message: String, to output: inout [UInt8]
    ) {
        output.append(UInt8(ascii: "{"))
        output.append(contentsOf: #""_raw":"#.utf8)
        // Invalid UTF-8 cannot go into a JSON string: such bytes become U+FFFD.
        JSONStrings.write(String(decoding: record, as: UTF8.self), to: &output)
        output.append(ASCII.comma)
        appendMetadata(row: row, line: line, fields: [nil], messages: [message], to: &output)
        output.append(UInt8(ascii: "}"))
        lineEnding.append(to: &output)
    }

    private func appendMetadata(row: Int, line: Int, fields: [String?], messages: [String], to output: inout [UInt8]) {
        output.append(contentsOf: #""_row":\#(row),"_line":\#(line),"_errors":["#.utf8)
        for (index, message) in messages.enumerated() {
            if index > 0 { output.append(ASCII.comma) }
            output.append(contentsOf: #"{"field":"#.utf8)
            if let field = fields[index] {
                JSONStrings.write(field, to: &output)
            } else {
                output.append(contentsOf: "null".utf8)
            }
            output.append(contentsOf: #","message":"#.utf8)
            JSONStrings.write(message, to: &output)
            output.append(UInt8(ascii: "}"))
        }
        output.append(UInt8(ascii: "]"))
    }
}
