import FastCopRecords

/// `fastcop infer INPUT [-o SCHEMA]`: a draft Table Schema from a sample of the input.
enum InferCommand {
    static let spec = CommandSpec(
        name: "infer",
        summary: "Write a draft Frictionless Table Schema for a CSV, TSV or JSON Lines file, from a sample.",
        usage: ["infer INPUT [-o SCHEMA] [--sample-rows N | --all] [--confidence P]"],
        discussion: """
            Reads the first 100,000 rows (--sample-rows N, or --all) on all cores and writes a
            Table Schema that 'clean --schema' and 'check --schema' take. Each column gets the
            first type, in frictionless-py's order (datetime, time, date, integer, number,
            boolean, year, string), that reads every value present: "1" and "0" make an integer
            column, "true" and "false" a boolean one; a column with no value is "any". Dates and
            times in ISO 8601 need no format; a few others are recognized and given one
            (%d/%m/%Y, %m/%d/%Y, %Y/%m/%d, %d.%m.%Y, %d-%m-%Y, %m-%d-%Y, %d %b %Y, %H:%M, ...;
            day first when both fit, with a note). Constraints: "required" when no value is
            missing (empty), "enum" for a string column of at most 10 distinct values
            (--enum-limit) over at least 20 values, "unique" for an integer or string column
            of at least 20 values with no repeat (--no-unique). The sample is what is described:
            review the draft before cleaning the whole file with it.

            Unlike 'frictionless describe' (100 rows, 90% confidence), every value of the sample
            must fit its column's type, so 'clean --schema' passes every well-formed row of the
            sample. With --confidence 0.9 a type read by 90% of a column's values is kept, and
            clean rejects the rows of the other values (a note on stderr counts them).

            CSV and TSV: the header names the fields; with --no-header they are field1, field2,
            ... (clean --schema --no-header names the columns by the schema's fields). JSON
            Lines: every member of the objects in the order first seen, nested objects' members
            as dotted paths (address.city), as clean reads them; arrays are left out with a
            note. Notes (formats that were ambiguous, rows left out) and a summary go to stderr
            (-q: notes only). See docs/table-schema-differences.md ("fastcop infer").
            """,
        options: InferOptions.declarations,
        positionals: 1...1)

    static func run(_ options: InferOptions) throws -> ExitStatus {
        let input = try InputSource.open(options.inputPath).decoding(options.reading.encoding)
        let output = try OutputSink.open(options.outputPath)
        let schema: InferredSchema
        do {
            schema = try SchemaInference.infer(
                input, format: options.format, dialect: options.reading.dialect, options: options.inference)
            try output.write(schema.json)
            try output.commit()
        } catch {
            output.abandon()
            throw error
        }
        var text = ""
        for note in schema.notes { text += "fastcop: note: \(note)\n" }
        if !options.quiet {
            let sample = schema.wholeInput ? "every row" : "the first rows"
            text +=
                "\(schema.fields.count) field\(schema.fields.count == 1 ? "" : "s") inferred from"
                + " \(Formatting.grouped(schema.rows)) rows of \(input.name) (\(sample))"
                + (options.outputPath == "-" ? "" : ", written to \(options.outputPath)") + "\n"
        }
        Console.error(text)
        return .success
    }
}
