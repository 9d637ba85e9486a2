import FastCop
import FastCopRecords
import Foundation

/// What `POST /signup` takes.
struct SignUp: Codable, Sendable {
    struct Address: Codable, Sendable {
        var city: String
        var zip: String
    }

    struct Item: Codable, Sendable {
        var sku: String
        var quantity: Int
    }

    var name: String
    var email: String
    var age: Int
    var plan: String
    var address: Address
    var items: [Item]
}

/// `POST /signup`: the body is checked with the rules file's model before it is decoded (every
/// failing field at once, 422) and decoded as the rules' filters cleaned it; then the decoded
/// value's array is cleaned and checked by key path; 201 when all pass.
struct SignUpHandler: Sendable {
    /// The body's rules, in the `fastcop` tool's rules file format (the same file could clean a
    /// JSON Lines export of sign-ups with `fastcop clean signups.jsonl --rules …`).
    static let bodyRulesJSON = """
        {"fields": {
          "name": {"filters": ["trim", "collapseWhitespace"], "trials": [{"length": {"in": [1, 80]}}],
                   "message": "Enter your name (80 characters at most)"},
          "email": {"filters": ["trim", "lowercase"], "trials": ["email"], "message": "Enter a valid email address"},
          "age": {"trials": ["integer", {"range": {"minimum": 18, "maximum": 130}}],
                  "message": "You must be 18 or older"},
          "plan": {"trials": [{"oneOf": ["free", "pro"]}], "message": "Choose free or pro"},
          "address.city": {"filters": ["trim"], "trials": [{"length": {"minimum": 1}}], "message": "Enter a city"},
          "address.zip": {"trials": [{"format": "[0-9]{5}"}], "message": "A zip code is five digits"}
        }}
        """

    /// Rules for what a body's rules cannot reach: the items of the array, by key path.
    static let itemRules = Rules<SignUp.Item>([
        .field(
            "sku", \.sku, filters: [TrimFilter(), CharCaseFilter { $0.charCase = .uppercase }],
            .format("[A-Z]{3}-[0-9]{4}", message: "Is not a product code (ABC-1234)")),
        .field("quantity", \.quantity, .range(1...99, message: "Must be between 1 and 99")),
    ])

    static let valueRules = Rules<SignUp>([
        .field("items", \.items, .count(in: 1...20, message: { _ in "Order 1 to 20 items" })),
        .each("items", \.items, itemRules),
    ])

    let bodyRules: JSONBodyRules

    /// Reads the rules once; a mistake in them is the developer's, thrown at start-up.
    init() throws {
        bodyRules = try JSONBodyRules(rules: Self.bodyRulesJSON, name: "signup-rules")
    }

    func handle(_ request: Request) -> Response {
        guard request.path == "/signup" else { return .error(404, "no such endpoint: \(request.path)") }
        guard request.method == "POST" else { return .error(405, "use POST") }
        guard request.contentType?.hasPrefix("application/json") == true else {
            return .error(415, "send the body as application/json")
        }
        do {
            var signUp = try bodyRules.decode(SignUp.self, from: request.body)
            let report = Self.valueRules.clean(&signUp)
            guard report.isValid else { return .report(422, report) }
            return .json(201, signUp)
        } catch JSONBodyError.invalid(let report) {
            return .report(422, report)
        } catch JSONBodyError.malformed(let message) {
            return .error(400, message)
        } catch {
            // A body that passed the rules but does not decode (a key the rules do not cover).
            return .error(400, "the body does not match the sign-up form: \(error)")
        }
    }
}
