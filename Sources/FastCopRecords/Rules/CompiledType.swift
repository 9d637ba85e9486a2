package import FastCop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A field's type and the constraints on its typed value, ready for many rows at once: the
/// reader built, the bounds and enumerations read as the type, the patterns compiled.
///
/// An object, borrowed by the row pipeline (``FieldPlans``): a value holding the reader's and
/// constraints' arrays was copied per row, each copy a retain and a release on counts both
/// workers share (`perf`: a quarter of the CPU time of typed checks). The constraints are also
/// kept as ``PlainConstraint``s, trivial values that refer to their patterns and sets without
/// owning them, read in place per row.
package final class CompiledType: Sendable {
    let reader: TypedReader
    let kind: FieldKind
    /// Whether a clean row gets the value in the type's canonical form.
    let normalizes: Bool
    /// The checks of the typed value, in the order the file gives them.
    let constraints: [CompiledConstraint]
    /// The same checks as trivial values (the objects they use are `constraints`').
    nonisolated(unsafe) let plain: UnsafeBufferPointer<PlainConstraint>

    /// Compiles `rule` with `constraints`.
    ///
    /// - Throws: ``RulesError`` for a bound or enumeration member that is not a value of the
    ///   type, or a pattern that does not compile, with its place.
    init(
        _ rule: TypeRule, constraints: [(spec: ConstraintSpec, message: String?, place: RulePlace)],
        patternOptions: Pattern.Options
    ) throws(RulesError) {
        do {
            reader = try TypedReader(rule.type)
        } catch {
            throw RulesError(path: rule.place.path, offset: rule.place.offset, message: error.description)
        }
        kind = rule.type.kind
        normalizes = rule.normalizes
        var compiled: [CompiledConstraint] = []
        for (spec, _, place) in constraints {
            compiled.append(
                try Self.constraint(spec, reader: reader, kind: kind, place: place, options: patternOptions))
        }
        self.constraints = compiled
        let plain = UnsafeMutableBufferPointer<PlainConstraint>.allocate(capacity: compiled.count)
        for (index, constraint) in compiled.enumerated() {
            (plain.baseAddress! + index).initialize(to: constraint.plain)
        }
        self.plain = UnsafeBufferPointer(plain)
    }

    deinit {
        plain.deallocate()
    }

    /// Whether a value of this type is its text, with nothing to check (a string or `any`
    /// field without a format or constraints).
    var isPlainText: Bool {
        (kind == .string || kind == .any) && reader.type.format == nil && constraints.isEmpty && !normalizes
    }

    /// A bound or enumeration member read as the field's type, as frictionless-py reads it
    /// (``TypedReader/readConstraint(_:)``); a date, time or datetime bound may also be written
    /// in ISO 8601 whatever the field's format (the form a typed filter writes; frictionless-py
    /// fails on it).
    private static func constraintValue(_ node: JSONNode, reader: TypedReader, kind: FieldKind) -> TypedValue? {
        if let value = reader.readConstraint(node) { return value }
        guard case .string(let text) = node.value, [.date, .time, .datetime].contains(kind),
            reader.type.format != nil, let iso = try? TypedReader(FieldType(kind: kind))
        else { return nil }
        return iso.read(text: text)
    }

    /// The value of a JSON Lines number or bool (its JSON text), as it stands: a number is an
    /// integer when it is whole, `true` and `false` are booleans, whatever the type's
    /// `trueValues`; nil when the type does not take it (a number for a string field, as
    /// frictionless-py answers).
    func readLiteral(_ text: UnsafeBufferPointer<UInt8>) -> TypedValue? {
        Self.literal(text, kind: kind)
    }

    /// ``readLiteral(_:)`` for a field of `kind` (schema inference tries JSON values so).
    static func literal(_ text: UnsafeBufferPointer<UInt8>, kind: FieldKind) -> TypedValue? {
        let json = String(decoding: text, as: UTF8.self)
        switch kind {
        case .boolean:
            if json == "true" { return .boolean(true) }
            if json == "false" { return .boolean(false) }
            return nil
        case .integer:
            if let whole = Int64(json) { return .integer(whole) }
            guard let number = Double(json), number.isFinite, number == number.rounded(),
                abs(number) < 9.2e18
            else { return nil }
            return .integer(Int64(number))
        case .number:
            guard json != "true" && json != "false", let number = Double(json) else { return nil }
            return .number(number)
        case .any:
            return .string
        case .string, .date, .time, .datetime, .year:
            // frictionless-py reads a year from a JSON integer too.
            if kind == .year, let whole = Int32(json) { return .year(whole) }
            return nil
        }
    }

    private static func constraint(
        _ spec: ConstraintSpec, reader: TypedReader, kind: FieldKind, place: RulePlace, options: Pattern.Options
    ) throws(RulesError) -> CompiledConstraint {
        /// A bound or member read as the type, as frictionless-py reads it (its value reader).
        func value(_ node: JSONNode, path: String) throws(RulesError) -> TypedValue {
            guard let value = constraintValue(node, reader: reader, kind: kind) else {
                throw RulesError(
                    path: path, offset: node.offset,
                    message: "\(ConstraintText.json(node)) is not a value of type"
                        + " \"\(ConstraintText.typeName(reader.type))\"")
            }
            return value
        }
        switch spec {
        case .minimum(let node): return .bound(try value(node, path: place.path), below: false, strict: false)
        case .maximum(let node): return .bound(try value(node, path: place.path), below: true, strict: false)
        case .exclusiveMinimum(let node): return .bound(try value(node, path: place.path), below: false, strict: true)
        case .exclusiveMaximum(let node): return .bound(try value(node, path: place.path), below: true, strict: true)
        case .minLength(let count): return .length(count, atMost: false)
        case .maxLength(let count): return .length(count, atMost: true)
        case .pattern(let source):
            do {
                return .pattern(try PatternCache.shared.pattern(source, options: options, wholeMatch: true))
            } catch {
                let text = (error as? PatternError).map { "the pattern does not compile:\n\($0.description)" }
                throw RulesError(path: place.path, offset: place.offset, message: text ?? "\(error)")
            }
        case .enumeration(let nodes):
            if kind == .string || kind == .any {
                // Text compared as text: a member must be a string (frictionless-py compares
                // the cell's text with the members as they are).
                var texts: Set<[UInt8]> = []
                for (index, node) in nodes.enumerated() {
                    guard case .string(let text) = node.value else {
                        throw RulesDecoder.typeError(node, "a string", "\(place.path)[\(index)]")
                    }
                    texts.insert(Array(text.utf8))
                }
                return .texts(MemberSet(texts: texts))
            }
            var members: Set<TypedValue> = []
            for (index, node) in nodes.enumerated() { members.insert(try value(node, path: "\(place.path)[\(index)]")) }
            return .members(MemberSet(values: members))
        }
    }
}

/// One constraint, compiled.
package enum CompiledConstraint: Sendable {
    /// At least (`below` false) or at most (`below` true) the bound; strictly when `strict`.
    case bound(TypedValue, below: Bool, strict: Bool)
    /// At least (`atMost` false) or at most this many characters (Unicode scalars).
    case length(Int, atMost: Bool)
    /// The whole text matches.
    case pattern(Pattern)
    /// The typed value is one of these.
    case members(MemberSet)
    /// The text is one of these (string and `any` fields).
    case texts(MemberSet)

    /// The constraint as a trivial value, referring to its pattern or set unowned.
    var plain: PlainConstraint {
        switch self {
        case .bound(let bound, let below, let strict): return .bound(bound, below: below, strict: strict)
        case .length(let count, let atMost): return .length(count, atMost: atMost)
        case .pattern(let pattern): return .pattern(Unmanaged.passUnretained(pattern))
        case .members(let set): return .members(Unmanaged.passUnretained(set))
        case .texts(let set): return .texts(Unmanaged.passUnretained(set))
        }
    }
}

/// An enumeration's members, as typed values or as texts.
package final class MemberSet: Sendable {
    let values: Set<TypedValue>
    /// The texts by their hash (``KeyTable/hash(_:)``): a value's bytes are looked up without
    /// making an array of them.
    private let texts: [UInt64: [[UInt8]]]

    init(values: Set<TypedValue> = [], texts: Set<[UInt8]> = []) {
        self.values = values
        var byHash: [UInt64: [[UInt8]]] = [:]
        for text in texts { byHash[text.withUnsafeBufferPointer(KeyTable.hash), default: []].append(text) }
        self.texts = byHash
        let sorted = texts.sorted { $0.lexicographicallyPrecedes($1) }
        let isFew = texts.count <= Self.fewLimit
        let short = isFew && sorted.allSatisfy { $0.count <= 8 }
        words = short ? FieldPlans.buffer(sorted.map { text in text.withUnsafeBufferPointer { ShortText($0) } }) : nil
        few = isFew && !short ? FieldPlans.buffer(sorted.map(FieldPlans.buffer)) : nil
    }

    /// Whether `text` is one of the texts: a few are compared one by one (no hashing; a word at
    /// a time when none is longer than eight bytes), more looked up by their hash.
    func contains(text: UnsafeBufferPointer<UInt8>) -> Bool {
        if let words {
            guard text.count <= 8 else { return false }
            let short = ShortText(text)
            for member in words where member == short { return true }
            return false
        }
        if let few {
            for member in few where member.count == text.count {
                if member.isEmpty || memcmp(member.baseAddress!, text.baseAddress!, text.count) == 0 { return true }
            }
            return false
        }
        guard let candidates = texts[KeyTable.hash(text)] else { return false }
        return candidates.contains { $0.withUnsafeBufferPointer { $0.elementsEqual(text) } }
    }

    deinit {
        for member in few ?? UnsafeBufferPointer(start: nil, count: 0) { member.deallocate() }
        few?.deallocate()
        words?.deallocate()
    }

    /// A text of at most eight bytes as one word (its bytes from the lowest, zeros above) and
    /// its length (a text may end in NUL bytes).
    private struct ShortText: Equatable {
        var word: UInt64 = 0
        var count: Int

        @inline(__always)
        init(_ text: UnsafeBufferPointer<UInt8>) {
            count = text.count
            for (offset, byte) in text.enumerated() { word |= UInt64(byte) << (8 * offset) }
        }
    }

    /// At most ``fewLimit`` texts, each in a buffer of its own, when one is longer than eight
    /// bytes; nil otherwise. Buffers, not arrays: reading them per row costs no reference
    /// counting.
    nonisolated(unsafe) private let few: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>?
    /// At most ``fewLimit`` texts as words, when none is longer than eight bytes; nil otherwise.
    nonisolated(unsafe) private let words: UnsafeBufferPointer<ShortText>?
    private static let fewLimit = 16
}

/// A ``CompiledConstraint`` as a trivial value: its pattern or set referred to, not owned (the
/// ``CompiledType`` that holds both keeps them alive), so that reading one per row costs no
/// reference counting.
enum PlainConstraint {
    case bound(TypedValue, below: Bool, strict: Bool)
    case length(Int, atMost: Bool)
    case pattern(Unmanaged<Pattern>)
    case members(Unmanaged<MemberSet>)
    case texts(Unmanaged<MemberSet>)

    /// Whether the value (`text`, read as `value`) passes.
    ///
    /// - Throws: a ``PatternError`` for a pattern that hits a limit.
    @inline(__always)
    func admits(_ value: TypedValue, text: UnsafeBufferPointer<UInt8>) throws -> Bool {
        switch self {
        case .bound(let bound, let below, let strict):
            // Values that cannot be ordered (NaN; a time with an offset against one without)
            // fail, as in frictionless-py.
            guard let order = value.compare(to: bound) else { return false }
            if order == .equal { return !strict }
            return below ? order == .less : order == .greater
        case .length(let count, let atMost):
            var scalars = 0
            for byte in text where byte & 0xC0 != 0x80 { scalars += 1 }
            return atMost ? scalars <= count : scalars >= count
        case .pattern(let pattern):
            return try pattern.borrow { try $0.firstMatchRange(in: text, whole: true, validUTF8: true) != nil }
        case .members(let members):
            return members.borrow { $0.values.contains(value) }
        case .texts(let texts):
            return texts.borrow { $0.contains(text: text) }
        }
    }
}

/// The words of type and constraint failures, in the rules file's terms or the Table Schema's.
enum ConstraintText {
    /// A JSON value as a schema writes it in a message (`130`, `2020-01-01`, `true`).
    static func json(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let text): return text
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            // JSONNode keeps a number as a Double: its shortest text reads back the same.
            return "\(number)"
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let elements): return elements.map(json).joined(separator: ", ")
        case .object: return "{…}"
        }
    }

    /// Table Schema's `integer/default`, `date/%d/%m/%Y`.
    static func typeName(_ type: FieldType) -> String { "\(type.kind.rawValue)/\(type.format ?? "default")" }

    /// The message when a value is not of the type.
    static func typeError(_ type: FieldType, vocabulary: RulesVocabulary) -> String {
        if vocabulary == .tableSchema { return "type error: type is \"\(typeName(type))\"" }
        let article: String
        switch type.kind {
        case .integer: article = "an integer"
        case .number: article = "a number"
        case .boolean:
            article = "a boolean (\((type.trueValues + type.falseValues).joined(separator: ", ")))"
        case .date: article = "a date"
        case .time: article = "a time"
        case .datetime: article = "a date and time"
        case .year: article = "a year"
        case .string, .any: article = "a \(type.kind.rawValue)"
        }
        if let format = type.format { return "not \(article) in the format \(format)" }
        return "not \(article)"
    }

    /// The message when a constraint fails.
    static func constraint(_ spec: ConstraintSpec, vocabulary: RulesVocabulary) -> String {
        let given = self.given(spec)
        if vocabulary == .tableSchema {
            let shown = if case .enumeration = spec { "[\(given)]" } else { given }
            return "constraint error: constraint \"\(spec.name)\" is \"\(shown)\""
        }
        switch spec {
        case .minimum: return "must be at least \(given)"
        case .maximum: return "must be at most \(given)"
        case .exclusiveMinimum: return "must be above \(given)"
        case .exclusiveMaximum: return "must be below \(given)"
        case .minLength: return "must have at least \(given) characters"
        case .maxLength: return "must have at most \(given) characters"
        case .pattern: return "does not match \(given)"
        case .enumeration: return "is not one of \(given)"
        }
    }

    /// What a constraint asks for, as the rules wrote it (`0`, `^[a-z]+$`, `"a", "b"`).
    static func given(_ spec: ConstraintSpec) -> String {
        switch spec {
        case .minimum(let node), .maximum(let node), .exclusiveMinimum(let node), .exclusiveMaximum(let node):
            json(node)
        case .minLength(let count), .maxLength(let count): String(count)
        case .pattern(let source): source
        case .enumeration(let nodes): nodes.map(json).joined(separator: ", ")
        }
    }

    /// The message when a required value is missing.
    static func required(vocabulary: RulesVocabulary) -> String {
        vocabulary == .tableSchema ? "constraint error: constraint \"required\" is \"true\"" : "is required"
    }
}
