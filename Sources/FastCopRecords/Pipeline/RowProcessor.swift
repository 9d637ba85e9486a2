#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a run writes for each row.
package enum OutputMode: Sendable {
    /// `clean`: clean rows to CLEAN, rejected rows (with reasons) to REJECTS.
    case split
    /// `check`: one report line per invalid row; nothing else.
    case report
    /// `clean --output-mode lines` (for Spark's `pipe` and other line-by-line callers): one
    /// output line per input line, in order, to CLEAN: `ok<TAB>cleaned row` or
    /// `rejected<TAB>fields<TAB>messages<TAB>original row`. Each line is a row: blank lines are
    /// rows here (then malformed, with an empty fields column), and a CSV record ends at its
    /// line's end, so that no input line goes unanswered and no answer spans two lines.
    case lines
}

/// Processes a run of consecutive records on one worker: reads each row, judges it, and
/// encodes it into the worker's own buffers (so workers never share mutable state).
package struct RowProcessor<Codec: RowCodec>: Sendable {
    let codec: Codec
    let evaluator: RowEvaluator
    let mode: OutputMode
    let strict: Bool
    /// Whether the input was read with CR and LF trading places (lines ended by CR alone,
    /// ``CarriageReturnLines``): the rows written then trade them back (not `check`'s report).
    var swapsLineBreaks = false
    /// The duplicates a run looks for (unique fields, a primary key); nil: none.
    var uniqueness: Uniqueness?
    /// What the report keeps beyond the counts per rule (nil: the counts alone).
    var reportDetail: ReportDetail?
    /// The rules whose examples the run has all of (the run's tally's).
    var exampleDemand: ExampleDemand?

    /// What became of a row, and where its output ends in the task's buffers (kept when the
    /// run looks for duplicates, to turn a clean row into a rejected one after its turn).
    struct RowEnd {
        enum Verdict { case clean, rejected, malformed }
        let verdict: Verdict
        let clean: Int
        let rejects: Int
    }

    /// Processes `records[range]` of a block.
    ///
    /// - Parameters:
    ///   - bytes: the block's bytes.
    ///   - firstRow: the row number of `records[0]`.
    ///   - buffers: written buffers to write this task's output into (emptied, their room kept).
    func process(
        _ bytes: UnsafeBufferPointer<UInt8>, records: [RecordSpan], range: Range<Int>, firstRow: Int,
        reusing buffers: OutputBuffers = OutputBuffers()
    ) -> TaskResult {
        guard let uniqueness else {
            var keys: TaskKeys?
            var ends: [RowEnd]?
            return finished(
                processRows(
                    bytes, records: records, range: range, firstRow: firstRow, reusing: buffers, keys: &keys,
                    ends: &ends))
        }
        var keys: TaskKeys? = TaskKeys()
        var ends: [RowEnd]? = []
        var result = processRows(
            bytes, records: records, range: range, firstRow: firstRow, reusing: buffers, keys: &keys, ends: &ends)
        // Every task takes its turn, a stopped one too: the tasks after it wait for it.
        do {
            let duplicates = try uniqueness.keys.insert(
                keys!, firstRow: firstRow + range.lowerBound, endRow: firstRow + range.upperBound)
            if !duplicates.isEmpty && result.strictStop == nil {
                rejectDuplicates(
                    duplicates, bytes, records: records, range: range, firstRow: firstRow, ends: ends!,
                    into: &result)
            }
        } catch {
            result.stop = "\(error)"
        }
        return finished(result)
    }

    /// Processes `records[range]`, and when the run looks for duplicates (`keys` and `ends` not
    /// nil) collects the rows' keys and where their output ends.
    private func processRows(
        _ bytes: UnsafeBufferPointer<UInt8>, records: [RecordSpan], range: Range<Int>, firstRow: Int,
        reusing buffers: OutputBuffers, keys: inout TaskKeys?, ends: inout [RowEnd]?
    ) -> TaskResult {
        let fieldCount = evaluator.rules.fields.count
        var result = TaskResult(
            fieldCount: fieldCount, ruleCount: evaluator.plans.catalog.count, detail: reportDetail,
            demand: exampleDemand)
        result.clean = buffers.clean
        result.clean.removeAll(keepingCapacity: true)
        result.rejects = buffers.rejects
        result.rejects.removeAll(keepingCapacity: true)
        // Room for the output up front (a row comes out about as long as it went in, plus a
        // reject's metadata), instead of growing the buffers by doubling, each step a copy.
        if !range.isEmpty {
            let inputBytes = records[range.upperBound - 1].end - records[range.lowerBound].start
            result.clean.reserveCapacity(inputBytes + inputBytes / 8)
            result.rejects.reserveCapacity(inputBytes + range.count * 48)
        }
        var scratch = codec.makeScratch()
        var inputs = [FieldInput](repeating: .absent, count: fieldCount)
        var values = FieldValues(count: fieldCount, keepsTyped: uniqueness != nil)
        var failures: [FieldFailure] = []
        var changes: [(span: Range<Int>, value: Range<Int>)] = []
        /// The spans of the row that a clean row is written without (``RowCodec/paddings(in:into:)``).
        var paddings: [Range<Int>] = []
        var rejectScratch: [UInt8] = []
        // One UTF-8 check for all the task's records; only when it fails is each row checked
        // (to reject just the rows with invalid bytes, with the offset).
        let allValid =
            range.isEmpty
            || UTF8Validation.firstInvalidOffset(
                UnsafeBufferPointer(
                    rebasing: bytes[records[range.lowerBound].start..<records[range.upperBound - 1].end]))
                == nil
        var allMissing: [Int] = []
        for index in range {
            let span = records[index]
            let row = firstRow + index
            let record = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
            result.rows += 1
            let before = (rows: result.cleanRows, malformed: result.malformedRows)
            defer {
                if ends != nil {
                    let verdict: RowEnd.Verdict =
                        result.malformedRows > before.malformed
                        ? .malformed : result.cleanRows > before.rows ? .clean : .rejected
                    ends!.append(RowEnd(verdict: verdict, clean: result.clean.count, rejects: result.rejects.count))
                }
            }
            var problem = span.problem
            if problem == nil, !allValid, let bad = UTF8Validation.firstInvalidOffset(record) {
                problem = RecordProblem(
                    description: "invalid UTF-8 at byte \(bad + 1) of the row \(UTF8Validation.encodingHint)")
                result.invalidUTF8Rows += 1
            }
            /// Whether the row's bytes are fine but its fields are not (the wrong number of them).
            var badFields = false
            if problem == nil {
                do {
                    let notes = try codec.read(record, into: &inputs, scratch: &scratch)
                    if notes.contains(.strayQuote) { result.strayQuoteRows += 1 }
                    if notes.contains(.quotePadding) {
                        codec.paddings(in: scratch, into: &paddings)
                    } else if !paddings.isEmpty {
                        paddings.removeAll(keepingCapacity: true)
                    }
                } catch {
                    problem = error
                    badFields = true
                }
            }
            if let problem {
                if let uniqueness, keys != nil, badFields,
                    codec.readLoosely(record, into: &inputs, scratch: &scratch)
                {
                    // A row of the wrong width is rejected, but its values are keys all the same
                    // (frictionless-py reads its cells by position).
                    evaluator.evaluate(record, inputs: inputs, values: &values, failures: &failures)
                    uniqueness.collect(
                        row: index - range.lowerBound, values: values, plans: evaluator.plans, into: &keys!,
                        allMissing: &allMissing)
                }
                result.rejectedRows += 1
                result.malformedRows += 1
                if strict {
                    result.strictStop = "line \(span.line): \(problem.description)"
                    return result
                }
                writeMalformed(record, row: row, line: span.line, problem.description, into: &result)
                continue
            }
            evaluator.evaluate(record, inputs: inputs, values: &values, failures: &failures)
            if keys != nil {
                // Optional chaining borrows `uniqueness`; `if let` would copy it (a retain and a
                // release of its tables and keys per row).
                uniqueness?.collect(
                    row: index - range.lowerBound, values: values, plans: evaluator.plans, into: &keys!,
                    allMissing: &allMissing)
                uniqueness?.appendFailures(allMissing: allMissing, catalog: evaluator.plans.catalog, to: &failures)
            }
            if codec.restrictsValues && failures.isEmpty {
                codec.checkWritable(inputs, values: values, catalog: evaluator.plans.catalog, failures: &failures)
            }
            if failures.isEmpty {
                result.cleanRows += 1
                switch mode {
                case .split:
                    let start = result.clean.count
                    writeClean(
                        record, inputs: inputs, values: values, changes: &changes, dropping: paddings,
                        to: &result.clean)
                    if codec.keepsTrailingCR && endsWithCRBeforeLF(result.clean, from: start) {
                        // A CR that ends the row's data, written before a LF line end, would be
                        // read back as part of a CRLF line end: the row would lose it unseen.
                        // (Read with CR line ends, CR and LF trade places: a LF of data before the
                        // CR line end.)
                        let (data, end) = swapsLineBreaks ? ("a LF (\\n)", "CR") : ("a CR (\\r)", "LF")
                        let reason =
                            "the row ends with \(data) that is data: written before the \(end) line end,"
                            + " it would be read back as part of the line end"
                        if unwrite(record, row: row, line: span.line, from: start, reason, into: &result) {
                            return result
                        }
                    }
                case .lines:
                    let start = result.clean.count
                    result.clean.append(contentsOf: Self.okPrefix)
                    writeClean(
                        record, inputs: inputs, values: values, changes: &changes, dropping: paddings,
                        to: &result.clean)
                    if let control = firstControl(inAnswer: result.clean, from: start) {
                        // An answer is a line of text: a control character in the row cannot
                        // be written raw, and escaped it would change the row unseen. The row
                        // is answered as one that cannot be read.
                        let reason =
                            "the row holds the control character \(RejectText.escape(control: control)),"
                            + " which --output-mode lines does not write in an answer"
                        if unwrite(record, row: row, line: span.line, from: start, reason, into: &result) {
                            return result
                        }
                    }
                case .report:
                    break
                }
            } else {
                result.rejectedRows += 1
                Self.count(failures, into: &result.failuresByField)
                result.tally.count(failures)
                if result.tally.keepsDetail {
                    note(failures, record, row: row, line: span.line, inputs: inputs, in: &result.tally)
                }
                writeRejected(
                    record, row: row, line: span.line, inputs: inputs, failures: failures, scratch: &rejectScratch,
                    into: &result)
            }
        }
        return result
    }

    /// Counts each failing field of a row once (a field may fail several constraints).
    @inline(__always)
    /// Those already counted for the row (`countedBefore`) are not counted again.
    private static func count(
        _ failures: [FieldFailure], countedBefore: [FieldFailure] = [], into counts: inout [Int]
    ) {
        for (number, failure) in failures.enumerated()
        where !failures[..<number].contains(where: { $0.field == failure.field })
            && !countedBefore.contains(where: { $0.field == failure.field })
        {
            counts[failure.field] += 1
        }
    }

    /// Turns the rows of `duplicates` (a clean row, or a rejected one that now has one more
    /// reason) into rejected rows with the duplicate's reason, in place: the task's buffers are
    /// written again, each other row's output copied as it was.
    private func rejectDuplicates(
        _ duplicates: [UniqueKeys.Duplicate], _ bytes: UnsafeBufferPointer<UInt8>, records: [RecordSpan],
        range: Range<Int>, firstRow: Int, ends: [RowEnd], into result: inout TaskResult
    ) {
        guard let uniqueness else { return }
        var rebuilt = result
        rebuilt.clean = []
        rebuilt.rejects = []
        rebuilt.clean.reserveCapacity(result.clean.count)
        rebuilt.rejects.reserveCapacity(result.rejects.count + duplicates.count * 64)
        var scratch = codec.makeScratch()
        var inputs = [FieldInput](repeating: .absent, count: evaluator.rules.fields.count)
        var values = FieldValues(count: evaluator.rules.fields.count, keepsTyped: true)
        var failures: [FieldFailure] = []
        var rejectScratch: [UInt8] = []
        // The rows before `copied` are in `rebuilt`; a row left as it was is copied with the
        // rows around it, in one append.
        var copied = (clean: 0, rejects: 0)
        var next = 0
        while next < duplicates.count {
            let offset = duplicates[next].row
            let end = ends[offset]
            let start =
                offset == 0
                ? (clean: 0, rejects: 0) : (clean: ends[offset - 1].clean, rejects: ends[offset - 1].rejects)
            var own: [FieldFailure] = []
            while next < duplicates.count && duplicates[next].row == offset {
                let duplicate = duplicates[next]
                let table = uniqueness.tables[duplicate.table]
                let field = table.fields[0]
                let catalog = evaluator.plans.catalog
                for (applies, what, rule) in [
                    (table.isUnique, "unique error", catalog.uniqueRule(field)),
                    (table.isPrimaryKey, "primary key error", catalog.primaryKeyRule(field)),
                ] where applies {
                    own.append(
                        FieldFailure(
                            field: field, rule: rule, message: "\(what): duplicate of row \(duplicate.previousRow)"))
                }
                next += 1
            }
            let index = range.lowerBound + offset
            let span = records[index]
            let record = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
            guard !own.isEmpty, end.verdict != .malformed,
                (try? codec.read(record, into: &inputs, scratch: &scratch)) != nil
            else { continue }
            rebuilt.clean.append(contentsOf: result.clean[copied.clean..<start.clean])
            rebuilt.rejects.append(contentsOf: result.rejects[copied.rejects..<start.rejects])
            copied = (end.clean, end.rejects)
            // The row's other reasons, as before; then the duplicate's.
            evaluator.evaluate(record, inputs: inputs, values: &values, failures: &failures)
            if end.verdict == .clean {
                rebuilt.cleanRows -= 1
                rebuilt.rejectedRows += 1
            } else {
                rebuilt.examples.removeAll { $0.row == firstRow + index }
            }
            // A primary key's "all missing" reason, given when the row was judged.
            var allMissing: [Int] = []
            var keys = TaskKeys()
            uniqueness.collect(row: 0, values: values, plans: evaluator.plans, into: &keys, allMissing: &allMissing)
            uniqueness.appendFailures(allMissing: allMissing, catalog: evaluator.plans.catalog, to: &failures)
            // The fields that did not fail before fail now (each counted once per row).
            Self.count(own, countedBefore: failures, into: &rebuilt.failuresByField)
            rebuilt.tally.count(own)
            if rebuilt.tally.keepsDetail {
                note(own, record, row: firstRow + index, line: span.line, inputs: inputs, in: &rebuilt.tally)
            }
            writeRejected(
                record, row: firstRow + index, line: span.line, inputs: inputs, failures: failures + own,
                scratch: &rejectScratch, into: &rebuilt)
        }
        rebuilt.clean.append(contentsOf: result.clean[copied.clean...])
        rebuilt.rejects.append(contentsOf: result.rejects[copied.rejects...])
        rebuilt.examples.sort { $0.row < $1.row }
        rebuilt.tally.sortExamples()
        if rebuilt.examples.count > RejectExample.limit {
            rebuilt.examples.removeLast(rebuilt.examples.count - RejectExample.limit)
        }
        result = rebuilt
    }

    /// The task's result with its rows' line breaks traded back, when the input's lines ended
    /// with CR alone.
    private func finished(_ result: TaskResult) -> TaskResult {
        guard swapsLineBreaks && mode != .report else { return result }
        var result = result
        CarriageReturnLines.swapLineBreaks(&result.clean)
        CarriageReturnLines.swapLineBreaks(&result.rejects)
        return result
    }

    /// Appends the row with each changed field's span replaced by its new value and without
    /// `paddings` (the spaces after CSV closing quotes); the rest of the row is copied as it is.
    private func writeClean(
        _ record: UnsafeBufferPointer<UInt8>, inputs: [FieldInput], values: FieldValues,
        changes: inout [(span: Range<Int>, value: Range<Int>)], dropping paddings: [Range<Int>],
        to output: inout [UInt8]
    ) {
        values.changes(from: record, inputs: inputs, into: &changes)
        var copied = 0
        var padding = 0
        /// Copies the row up to `end`, without the paddings before it.
        @inline(__always) func copy(upTo end: Int) {
            while padding < paddings.count && paddings[padding].lowerBound < end {
                let dropped = paddings[padding]
                padding += 1
                guard dropped.lowerBound >= copied else { continue }  // inside a changed span
                output.append(contentsOf: UnsafeBufferPointer(rebasing: record[copied..<dropped.lowerBound]))
                copied = dropped.upperBound
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: record[copied..<end]))
        }
        for (span, value) in changes where span.lowerBound >= copied {
            copy(upTo: span.lowerBound)
            values.bytes.withUnsafeBufferPointer {
                codec.encode(utf8: UnsafeBufferPointer(rebasing: $0[value]), to: &output)
            }
            copied = span.upperBound
        }
        copy(upTo: record.count)
        codec.lineEnding.append(to: &output)
    }

    private func writeRejected(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, inputs: [FieldInput], failures: [FieldFailure],
        scratch: inout [UInt8], into result: inout TaskResult
    ) {
        // The names and messages are read from `texts` where they are needed (no shared
        // `String` or array is copied per row: see FieldFailure).
        let texts = evaluator.texts
        switch mode {
        case .split:
            codec.writeReject(
                record, row: row, line: line, failures: failures, texts: texts, scratch: &scratch,
                to: &result.rejects)
        case .lines:
            writePiped(
                record, fields: failures.map { texts.nameText($0.field) },
                messages: failures.map(texts.messageText(of:)), to: &result.clean)
        case .report:
            var text = "row \(row), line \(line): "
            for (number, failure) in failures.enumerated() {
                if number > 0 { text += "; " }
                text += "\(texts.nameText(failure.field)): \(texts.messageText(of: failure))"
                if let original = inputs[failure.field].text(in: record) { text += " (\(Self.quoted(original)))" }
            }
            result.rejects.append(contentsOf: text.utf8)
            result.rejects.append(ASCII.newline)
        }
        if result.examples.count < RejectExample.limit {
            let reasons = failures.map { "\(texts.nameText($0.field)): \(texts.messageText(of: $0))" }
            result.examples.append(
                RejectExample(
                    row: row, line: line, reasons: reasons.joined(separator: "; "),
                    original: Self.shortened(String(decoding: record, as: UTF8.self))))
        }
    }

    private func writeMalformed(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, _ message: String, into result: inout TaskResult
    ) {
        let rule = evaluator.plans.catalog.malformedRule
        result.tally.countMalformed(evaluator.plans.catalog)
        if result.tally.wantsExample(rule) {
            result.tally.keep(
                FailureExample(
                    row: row, line: line, value: nil, message: message,
                    record: FailureExample.shown(String(decoding: record, as: UTF8.self))),
                rule: rule)
        }
        switch mode {
        case .split:
            codec.writeMalformed(record, row: row, line: line, message: message, to: &result.rejects)
        case .lines:
            writePiped(record, fields: [], messages: [message], to: &result.clean)
        case .report:
            result.rejects.append(contentsOf: "row \(row), line \(line): \(message)\n".utf8)
        }
        if result.examples.count < RejectExample.limit {
            result.examples.append(
                RejectExample(
                    row: row, line: line, reasons: message,
                    original: Self.shortened(String(decoding: record, as: UTF8.self))))
        }
    }

    /// Keeps, for the report, each failure's value among its rule's frequent values, and the
    /// row as an example of the rules that want one.
    private func note(
        _ failures: [FieldFailure], _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, inputs: [FieldInput],
        in tally: inout RuleTally
    ) {
        let blankRow = evaluator.plans.catalog.blankRowRule
        // By index: a failure copied is its message's reference counted.
        for index in failures.indices {
            let rule = failures[index].rule
            let input = rule == blankRow ? FieldInput.absent : inputs[failures[index].field]
            input.withValueBytes(in: record) { value in
                if let value { tally.addValue(value, rule: rule) }
                guard tally.wantsExample(rule) else { return }
                tally.keep(
                    FailureExample(
                        row: row, line: line,
                        value: value.map { FailureExample.shown(String(decoding: $0, as: UTF8.self)) },
                        message: evaluator.texts.messageText(of: failures[index]),
                        record: FailureExample.shown(String(decoding: record, as: UTF8.self))),
                    rule: rule)
            }
        }
    }

    private static var okPrefix: [UInt8] { Array("ok\t".utf8) }

    /// The first control character other than tab in the `ok` answer that starts at `start` of
    /// `output` (its line ending left out), or nil.
    /// Takes back a clean row written from `start` that cannot stand as written, and rejects it
    /// as unreadable with `reason` (counted as malformed).
    ///
    /// - Returns: whether the run stops here (`--strict`).
    private func unwrite(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, from start: Int, _ reason: String,
        into result: inout TaskResult
    ) -> Bool {
        result.clean.removeSubrange(start...)
        result.cleanRows -= 1
        result.rejectedRows += 1
        result.malformedRows += 1
        if strict {
            result.strictStop = "line \(line): \(reason)"
            return true
        }
        writeMalformed(record, row: row, line: line, reason, into: &result)
        return false
    }

    /// Whether the row written from `start` ends with a CR before a LF line end (never with
    /// CRLF line ends: the row's CR then stands before the CRLF).
    private func endsWithCRBeforeLF(_ output: [UInt8], from start: Int) -> Bool {
        !codec.lineEnding.crlf && output.count - start >= 2 && output[output.count - 2] == ASCII.carriageReturn
    }

    private func firstControl(inAnswer output: [UInt8], from start: Int) -> UInt8? {
        output.withUnsafeBufferPointer { bytes in
            let end = bytes.count - (codec.lineEnding.crlf ? 2 : 1)
            let row = UnsafeBufferPointer(rebasing: bytes[start..<end])
            return RejectText.firstControl(in: row).map { row[$0] }
        }
    }

    /// `rejected<TAB>fields<TAB>messages<TAB>original row`, for `.lines` mode. Control
    /// characters are shown escaped (``RejectText/escape(control:)``), the original row's tabs
    /// excepted: an answer is one line of text.
    private func writePiped(
        _ record: UnsafeBufferPointer<UInt8>, fields: [String], messages: [String], to output: inout [UInt8]
    ) {
        output.append(contentsOf: "rejected\t".utf8)
        output.append(contentsOf: Self.piped(fields).utf8)
        output.append(ASCII.tab)
        output.append(contentsOf: Self.piped(messages).utf8)
        output.append(ASCII.tab)
        RejectText.appendShowingControls(record, to: &output)
        codec.lineEnding.append(to: &output)
    }

    /// Names or messages joined for a pipe-mode answer's column: tabs and line breaks made
    /// spaces, other control characters escaped.
    private static func piped(_ texts: [String]) -> String {
        RejectText.escaped(RejectText.oneLine(texts.joined(separator: RejectText.separator)))
    }

    /// A value in double quotes, shortened, with line breaks shown as `\n`.
    static func quoted(_ value: String) -> String {
        "\"\(RejectText.escaped(shortened(value), escapingQuotes: true))\""
    }

    /// At most 80 characters, with `…` when cut.
    static func shortened(_ text: String) -> String {
        text.count <= 80 ? text : String(text.prefix(79)) + "…"
    }
}
