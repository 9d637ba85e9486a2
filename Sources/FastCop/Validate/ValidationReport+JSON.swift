public import Foundation

extension ValidationReport {
    /// The report as a JSON object of the failing fields' messages by name, in the order of
    /// ``fields``: the same bytes on every run (FastCop addition).
    ///
    /// `JSONEncoder` writes the same object (``encode(to:)``), but in an order of its own that
    /// changes from run to run unless `.sortedKeys` is set; this keeps the rules' order
    /// (`{"name":[…],"address.city":[…],"items[1].sku":[…]}`), for answers to compare or cache.
    ///
    /// ```swift
    /// let body = report.jsonData()    // 422's body
    /// ```
    public func jsonData() -> Data {
        var json = "{"
        var messages = messages
        for field in fields {
            guard let fieldMessages = messages.removeValue(forKey: field.name) else { continue }
            if json.count > 1 { json += "," }
            Self.appendJSONString(field.name, to: &json)
            json += ":["
            for (index, message) in fieldMessages.enumerated() {
                if index > 0 { json += "," }
                Self.appendJSONString(message, to: &json)
            }
            json += "]"
        }
        json += "}"
        return Data(json.utf8)
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped,
    /// everything else as it is (UTF-8).
    static func appendJSONString(_ text: String, to json: inout String) {
        json += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "\n": json += "\\n"
            case "\r": json += "\\r"
            case "\t": json += "\\t"
            case let control where control.value < 0x20 || control.value == 0x7F:
                json +=
                    "\\u" + String(repeating: "0", count: 4 - String(control.value, radix: 16).count)
                    + String(control.value, radix: 16)
            default: json.unicodeScalars.append(scalar)
            }
        }
        json += "\""
    }
}
