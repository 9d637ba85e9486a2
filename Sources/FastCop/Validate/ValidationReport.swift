/// The validation errors of a whole form: every ``Validate`` property of a value, by name, in
/// declaration order. (FastCop addition; the original validates one property at a time.)
///
/// ```swift
/// struct SignUp: ValidatableForm {
///     @Validate(.presence()) var name: String = ""
///     @Validate(.email()) var email: String = "ada@"
/// }
///
/// let report = SignUp().validationErrors
/// report.isValid      // false
/// report["email"]     // ["Is not a valid email"]
/// report.messages     // ["name": ["Can't be blank"], "email": ["Is not a valid email"]]
/// ```
///
/// It encodes as a JSON object of the invalid fields' messages
/// (`{"name":["Can't be blank"],"email":["Is not a valid email"]}`, `{}` when valid), so a
/// server can answer a whole form at once.
public struct ValidationReport: Sendable, Hashable {
    /// One validated property and its messages.
    public struct Field: Sendable, Hashable {
        /// The property's name (`name` for `@Validate var name`).
        public var name: String
        /// The `localizedDescription` of each error, in the order of the validations; empty
        /// when the property is valid.
        public var messages: [String]
        /// Whether the property has no error.
        public var isValid: Bool { messages.isEmpty }

        /// Creates a field.
        public init(name: String, messages: [String]) {
            self.name = name
            self.messages = messages
        }
    }

    /// Every validated property, valid ones included, in declaration order (a superclass's
    /// properties first).
    public var fields: [Field]

    /// Creates a report from fields.
    public init(fields: [Field]) {
        self.fields = fields
    }

    /// Collects the errors of every ``Validate`` property of `subject` (a struct or class
    /// instance), by reflection.
    ///
    /// A `@Validate var name` property is stored as `_name`; the leading underscore is dropped.
    /// Properties of other types, and ``Validate`` values nested inside them, are not looked at.
    ///
    /// - Complexity: O(*n*) in the number of stored properties; it reads the errors already
    ///   computed, it does not validate again.
    public init(reflecting subject: Any) {
        var mirrors: [Mirror] = []
        var mirror: Mirror? = Mirror(reflecting: subject)
        while let current = mirror {
            mirrors.append(current)
            mirror = current.superclassMirror
        }
        var fields: [Field] = []
        for mirror in mirrors.reversed() {
            for child in mirror.children {
                guard let property = child.value as? any ValidatedProperty, let label = child.label else { continue }
                let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
                fields.append(Field(name: name, messages: property.errors.localizedDescriptions))
            }
        }
        self.init(fields: fields)
    }

    /// Whether every property is valid.
    public var isValid: Bool { fields.allSatisfy(\.isValid) }

    /// The properties that have errors, in declaration order.
    public var invalidFields: [Field] { fields.filter { !$0.isValid } }

    /// The messages of the properties that have errors, by property name (valid properties
    /// are left out, as in Rails' `errors.to_hash`).
    public var messages: [String: [String]] {
        var messages: [String: [String]] = [:]
        for field in fields where !field.isValid {
            messages[field.name, default: []].append(contentsOf: field.messages)
        }
        return messages
    }

    /// The messages of the property called `name`; empty when it is valid or unknown.
    public subscript(name: String) -> [String] {
        fields.first { $0.name == name }?.messages ?? []
    }
}

extension ValidationReport: Codable {
    /// Decodes a JSON object of messages by property name, as ``encode(to:)`` writes it.
    /// The fields come out sorted by name (JSON objects have no order).
    public init(from decoder: any Decoder) throws {
        let messages = try decoder.singleValueContainer().decode([String: [String]].self)
        self.init(fields: messages.sorted { $0.key < $1.key }.map { Field(name: $0.key, messages: $0.value) })
    }

    /// Encodes ``messages``: an object of the invalid properties' messages by name.
    ///
    /// `JSONEncoder` orders the keys its own way, which changes from run to run unless
    /// `.sortedKeys` is set; ``jsonData()`` writes them in the order of ``fields``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(messages)
    }
}

extension ValidationReport: CustomStringConvertible {
    /// "valid", or one line per invalid property: `name: message; message`.
    public var description: String {
        let invalid = invalidFields
        guard !invalid.isEmpty else { return "valid" }
        return invalid.map { "\($0.name): \($0.messages.joined(separator: "; "))" }.joined(separator: "\n")
    }
}
