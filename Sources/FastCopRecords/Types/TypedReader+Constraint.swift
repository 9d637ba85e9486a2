extension TypedReader {
    /// A constraint value of the field (`minimum`, `maximum`, `exclusiveMinimum`,
    /// `exclusiveMaximum`, each item of `enum`) read as frictionless-py reads it: with the field's
    /// own value reader. A JSON string is read as a value of the field (in its format, with its
    /// decimalChar, groupChar and bareNumber; a string field's in its string format); a JSON
    /// number is an integer (when integral), a number or a year (0...9999, integral); true and
    /// false are booleans. Nil when the field cannot read it (frictionless-py then fails on the
    /// first value it checks: reject the schema, naming the constraint).
    package func readConstraint(_ node: JSONNode) -> TypedValue? {
        switch node.value {
        case .string(let text):
            return read(text: text)
        case .number(let number):
            switch type.kind {
            case .integer:
                guard number.rounded() == number, number >= -0x1p63, number < 0x1p63 else { return nil }
                return .integer(Int64(number))
            case .number:
                return .number(number)
            case .year:
                guard number.rounded() == number, number >= 0, number <= 9999 else { return nil }
                return .year(Int32(number))
            default:
                return nil
            }
        case .bool(let flag):
            return type.kind == .boolean ? .boolean(flag) : nil
        case .object, .array, .null:
            return nil
        }
    }
}
