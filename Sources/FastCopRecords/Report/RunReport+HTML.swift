/// The report as one self-contained page: no network, no script, no external font or style;
/// plain HTML and CSS, with inline SVG bars. Readable on a laptop screen and printable.
extension RunReport {
    /// The page.
    package var html: String {
        let summary = self.summary
        let entries = ruleEntries
        let failing = entries.filter { $0.failedRows > 0 }.sorted {
            $0.failedRows != $1.failedRows ? $0.failedRows > $1.failedRows : $0.number < $1.number
        }
        let most = max(1, failing.first?.failedRows ?? 1)
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>FastCop report: \(Self.escape(input.path))</title>
            <style>
            \(Self.style)
            </style>
            </head>
            <body>
            <header>
            <h1>FastCop report</h1>
            <p class="sub"><code>fastcop \(Self.escape(command))</code> on <code>\(Self.escape(input.path))</code>
            (\(Self.escape(input.format.rawValue))) with the \(Self.escape(rules.kind))\(rules.path.map { " <code>\(Self.escape($0))</code>" } ?? "")</p>
            </header>

            """
        // Totals, with one bar for clean against rejected.
        let rows = max(1, summary.rows)
        let cleanWidth = Double(summary.clean) / Double(rows) * 100
        page += """
            <section id="totals">
            <h2>Totals</h2>
            <div class="cards">
            \(Self.card("rows in", summary.rows, id: "rows-in"))
            \(Self.card("clean", summary.clean, id: "clean"))
            \(Self.card("rejected", summary.rejected, id: "rejected"))
            \(Self.card("malformed", summary.malformed, id: "malformed"))
            \(Self.card("blank lines skipped", summary.blankLines, id: "blank-lines"))
            </div>
            <svg class="split" viewBox="0 0 100 4" preserveAspectRatio="none" role="img" aria-label="clean \(Formatting.fixed(cleanWidth, decimals: 1))% of rows">
            <rect x="0" y="0" width="100" height="4" class="bad"/><rect x="0" y="0" width="\(Formatting.fixed(cleanWidth, decimals: 3))" height="4" class="good"/>
            </svg>
            <p class="legend"><span class="key good"></span> clean \(Formatting.fixed(cleanWidth, decimals: 1))%
            <span class="key bad"></span> rejected \(Formatting.fixed(100 - cleanWidth, decimals: 1))%</p>
            </section>

            """
        // A bar per failing rule.
        page += "<section id=\"rules\">\n<h2>Failures by rule</h2>\n"
        if failing.isEmpty {
            page += "<p>No row failed a rule.</p>\n"
        } else {
            page +=
                "<table class=\"bars\">\n<thead><tr><th>rule</th><th class=\"num\">rows</th><th class=\"num\">% of rows</th><th></th></tr></thead>\n<tbody>\n"
            for entry in failing {
                let width = Double(entry.failedRows) / Double(most) * 100
                page += """
                    <tr><td><a href="#rule-\(entry.number)">\(Self.escape(entry.name))</a></td>\
                    <td class="num" data-rule="\(entry.number)">\(Formatting.grouped(entry.failedRows))</td>\
                    <td class="num">\(Formatting.fixed(Double(entry.failedRows) / Double(rows) * 100, decimals: 1))</td>\
                    <td class="bar"><svg viewBox="0 0 100 6" preserveAspectRatio="none"><rect width="\(Formatting.fixed(width, decimals: 3))" height="6"/></svg></td></tr>

                    """
            }
            page += "</tbody>\n</table>\n"
        }
        page += "</section>\n\n"
        // Fields.
        page +=
            "<section id=\"fields\">\n<h2>Failures by field</h2>\n<table>\n<thead><tr><th>field</th><th class=\"num\">rows</th></tr></thead>\n<tbody>\n"
        for (name, count) in zip(summary.fieldNames, summary.failuresByField) {
            page += "<tr><td>\(Self.escape(name))</td><td class=\"num\">\(Formatting.grouped(count))</td></tr>\n"
        }
        page += "</tbody>\n</table>\n</section>\n\n"
        // Each failing rule: examples and frequent values.
        for entry in failing {
            page += "<section class=\"rule\" id=\"rule-\(entry.number)\">\n"
            page +=
                "<h2>\(Self.escape(entry.name)) <span class=\"count\">\(Formatting.grouped(entry.failedRows)) rows</span></h2>\n"
            if let place = entry.label.place { page += "<p class=\"sub\">at <code>\(Self.escape(place))</code></p>\n" }
            if !entry.examples.isEmpty {
                page +=
                    "<h3>First failing rows</h3>\n<table class=\"examples\">\n<thead><tr><th class=\"num\">row</th><th class=\"num\">line</th><th>value</th><th>message</th></tr></thead>\n<tbody>\n"
                for example in entry.examples {
                    let value =
                        example.value.map { "<code>\(Self.shown($0))</code>" }
                        ?? "<span class=\"none\">(the row)</span> <code>\(Self.shown(example.record))</code>"
                    page +=
                        "<tr><td class=\"num\">\(example.row)</td><td class=\"num\">\(example.line)</td><td>\(value)</td><td>\(Self.escape(example.message))</td></tr>\n"
                }
                page += "</tbody>\n</table>\n"
            }
            if !entry.frequent.isEmpty {
                let note =
                    entry.frequentError == 0
                    ? "exact counts"
                    : "each count at most \(Formatting.grouped(entry.frequentError)) below the true one"
                page +=
                    "<h3>Most frequent failing values <span class=\"sub\">(\(note))</span></h3>\n<table class=\"values\">\n<thead><tr><th>value</th><th class=\"num\">rows</th></tr></thead>\n<tbody>\n"
                for value in entry.frequent {
                    page +=
                        "<tr><td><code>\(Self.shown(value.value))\(value.whole ? "" : "…")</code></td><td class=\"num\">\(Formatting.grouped(value.count))</td></tr>\n"
                }
                page += "</tbody>\n</table>\n"
            }
            page += "</section>\n\n"
        }
        // The run: input, rules, timing.
        let rate = throughput
        var inputRows = [
            ("path", input.path), ("format", input.format.rawValue), ("encoding", input.encoding),
            ("bytes read", Formatting.grouped(summary.bytesRead)),
        ]
        if let bytes = input.fileBytes { inputRows.append(("file size", "\(Formatting.grouped(bytes)) bytes")) }
        if let dialect = input.dialect {
            let quote = dialect.quote.map { String(UnicodeScalar($0)) } ?? "none"
            inputRows.append(
                (
                    "dialect",
                    "delimiter \(Self.visible(dialect.delimiter)), quote \(quote), header \(dialect.hasHeader ? "yes" : "no")"
                ))
        }
        page += "<section id=\"run\">\n<h2>The run</h2>\n<table class=\"facts\">\n<tbody>\n"
        for (name, value) in inputRows {
            page += "<tr><th>\(Self.escape(name))</th><td>\(Self.escape(value))</td></tr>\n"
        }
        page += """
            <tr><th>time</th><td>\(Formatting.fixed(summary.seconds, decimals: 3)) s on \(summary.workers) threads</td></tr>
            <tr><th>throughput</th><td>\(Formatting.rate(rate.rows)) rows/s, \(Formatting.rate(rate.bytes / 1_048_576)) MiB/s</td></tr>
            </tbody>
            </table>
            <h3>Rules</h3>
            <table>
            <thead><tr><th>rule</th><th>where</th><th class="num">rows failed</th></tr></thead>
            <tbody>

            """
        for entry in entries {
            page +=
                "<tr><td>\(Self.escape(entry.name))</td><td><code>\(Self.escape(entry.label.place ?? ""))</code></td><td class=\"num\">\(Formatting.grouped(entry.failedRows))</td></tr>\n"
        }
        page +=
            "</tbody>\n</table>\n</section>\n<footer>Written by FastCop. Frequent values: a Misra-Gries summary of \(summary.tally.detail?.frequentCapacity ?? 0) values per rule.</footer>\n</body>\n</html>\n"
        return page
    }

    /// A number card.
    private static func card(_ name: String, _ value: Int, id: String) -> String {
        "<div class=\"card\" id=\"\(id)\"><div class=\"value\">\(Formatting.grouped(value))</div><div class=\"name\">\(name)</div></div>"
    }

    /// A byte shown as a character, a tab as `tab`.
    private static func visible(_ byte: UInt8) -> String { byte == ASCII.tab ? "tab" : String(UnicodeScalar(byte)) }

    /// A value or row as shown: control characters escaped (`\n`, `\u0000`), then HTML-escaped.
    private static func shown(_ text: String) -> String { escape(RejectText.escaped(text)) }

    /// `text` with `&`, `<`, `>` and `"` escaped for HTML.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static let style = """
        :root { --good: #2e7d4f; --bad: #c0392b; --ink: #1d2430; --muted: #5b6575; --line: #d9dee6; }
        * { box-sizing: border-box; }
        body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--ink);
               max-width: 72rem; margin: 0 auto; padding: 1.5rem; }
        h1 { margin: 0 0 .25rem; font-size: 1.6rem; }
        h2 { font-size: 1.2rem; margin: 2rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
        h3 { font-size: 1rem; margin: 1rem 0 .4rem; }
        .sub { color: var(--muted); font-weight: normal; font-size: .9rem; margin: 0; }
        code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .88em; background: #f3f5f8;
               padding: 0 .2em; border-radius: 3px; word-break: break-all; }
        .cards { display: flex; flex-wrap: wrap; gap: .75rem; }
        .card { border: 1px solid var(--line); border-radius: 6px; padding: .6rem 1rem; min-width: 9rem; }
        .card .value { font-size: 1.5rem; font-weight: 600; font-variant-numeric: tabular-nums; }
        .card .name { color: var(--muted); font-size: .85rem; }
        #rejected .value { color: var(--bad); } #clean .value { color: var(--good); }
        svg.split { width: 100%; height: 14px; margin-top: 1rem; display: block; }
        .good { fill: var(--good); background: var(--good); } .bad { fill: var(--bad); background: var(--bad); }
        .legend { color: var(--muted); font-size: .85rem; }
        .key { display: inline-block; width: .8em; height: .8em; margin: 0 .2em 0 .8em; vertical-align: -1px; }
        table { border-collapse: collapse; width: 100%; margin: .25rem 0 .75rem; }
        th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { font-weight: 600; color: var(--muted); font-size: .85rem; }
        .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        td.bar { width: 35%; } td.bar svg { width: 100%; height: 12px; } td.bar rect { fill: var(--bad); }
        .facts th { width: 10rem; }
        .count { color: var(--bad); font-size: .95rem; font-weight: normal; margin-left: .5rem; }
        .none { color: var(--muted); }
        a { color: inherit; }
        footer { margin-top: 2rem; color: var(--muted); font-size: .8rem; }
        @media print { body { padding: 0; font-size: 11pt; } section.rule { break-inside: avoid; } a { text-decoration: none; } }
        """
}
