/// A small RFC 4180 reader for checking the tool's CSV output in tests.
enum CSVTestParser {
    /// The records of `text`, each a list of field values; `quote` is the quote character.
    static func records(_ text: String, delimiter: Character = ",", quote: Character = "\"") -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var inQuotes = false
        var afterQuote = false
        var characters = Array(text.unicodeScalars)
        characters.append("\n")
        var index = 0
        var fieldStarted = false
        while index < characters.count {
            let character = characters[index]
            if inQuotes {
                if Character(character) == quote {
                    if index + 1 < characters.count && Character(characters[index + 1]) == quote {
                        field.unicodeScalars.append(character)
                        index += 1
                    } else {
                        inQuotes = false
                        afterQuote = true
                    }
                } else {
                    field.unicodeScalars.append(character)
                }
            } else if Character(character) == quote && !fieldStarted {
                inQuotes = true
                fieldStarted = true
            } else if Character(character) == delimiter {
                record.append(field)
                field = ""
                fieldStarted = false
                afterQuote = false
            } else if character == "\n" || character == "\r" {
                if character == "\r" && index + 1 < characters.count && characters[index + 1] == "\n" { index += 1 }
                if fieldStarted || afterQuote || !record.isEmpty || !field.isEmpty {
                    record.append(field)
                    records.append(record)
                }
                record = []
                field = ""
                fieldStarted = false
                afterQuote = false
            } else {
                field.unicodeScalars.append(character)
                fieldStarted = true
            }
            index += 1
        }
        return records
    }
}
