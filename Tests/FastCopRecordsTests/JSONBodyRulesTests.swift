import FastCop
import FastCopRecords
import Foundation
import Testing

/// JSON bodies checked before decoding, with the tool's rules model: missing keys, wrong JSON
/// types, failing checks, every field at once; then decoding only a valid body.
@Suite("JSON body rules")
struct JSONBodyRulesTests {
    struct SignUp: Decodable, Equatable {
        var email: String
        var age: Int
        var newsletter: Bool
        var address: Address
    }

    struct Address: Decodable, Equatable {
        var city: String
    }

    static let rulesJSON = """
        {"fields": {
          "email": {"filters": ["trim", "lowercase"], "trials": ["email"], "message": "Invalid email"},
          "age": {"trials": ["integer", {"range": {"minimum": 18, "maximum": 130}}]},
          "newsletter": {"trials": ["boolean"]},
          "address.city": {"trials": [{"length": {"minimum": 2}}], "message": "City too short"},
          "nickname": {"trials": [{"format": "[a-z]+"}], "optional": true}
        }}
        """

    static let rules: JSONBodyRules = {
        do { return try JSONBodyRules(rules: rulesJSON) } catch { fatalError("\(error)") }
    }()

    @Test("the cleaned body: changed strings written anew, the rest byte for byte")
    func cleanedBody() throws {
        let body =
            #"{ "age" : 36.0e0, "email": " Ada@Example.com\u0020", "x": [1, {"y": "\u00e9"}], "newsletter":false, "address": {"city": "Oslo"} }"#
        let checked = try Self.rules.cleaned(Data(body.utf8))
        #expect(checked.report.isValid)
        #expect(
            String(decoding: checked.body, as: UTF8.self)
                == #"{ "age" : 36.0e0, "email": "ada@example.com", "x": [1, {"y": "\u00e9"}], "newsletter":false, "address": {"city": "Oslo"} }"#
        )
        let unchanged = #"{"email": "a@b.co", "age": 20, "newsletter": true, "address": {"city": "Oslo"}}"#
        #expect(try Self.rules.cleaned(Data(unchanged.utf8)).body == Data(unchanged.utf8))
    }

    @Test("a valid body passes and decodes, cleaned by the rules' filters")
    func validBody() throws {
        let body = Data(
            #"{"email": " Ada@Example.com ", "age": 36, "newsletter": true, "address": {"city": "London"}}"#.utf8)
        let report = try Self.rules.validate(body)
        #expect(report.isValid)
        #expect(report.fields.map(\.name) == ["email", "age", "newsletter", "address.city", "nickname"])
        let signUp = try Self.rules.decode(SignUp.self, from: body)
        #expect(
            signUp == SignUp(email: "ada@example.com", age: 36, newsletter: true, address: Address(city: "London")))
    }

    @Test("missing keys, wrong JSON types and failing checks, every field at once")
    func invalidBody() throws {
        let body = Data(
            """
            {
              "email": "ada@",
              "age": "thirty",
              "newsletter": "yes",
              "address": {"city": "X"},
              "nickname": 7
            }
            """.utf8)
        let report = try Self.rules.validate(body)
        #expect(!report.isValid)
        #expect(report.invalidFields.map(\.name) == ["email", "age", "newsletter", "address.city", "nickname"])
        #expect(report["email"] == ["Invalid email"])
        #expect(report["age"] == ["is a JSON string, not a number"])
        #expect(report["newsletter"] == ["is a JSON string, not true or false"])
        #expect(report["address.city"] == ["City too short"])
        #expect(report["nickname"].count == 1)

        let missing = try Self.rules.validate(Data(#"{"age": 12.5, "newsletter": false, "address": null}"#.utf8))
        #expect(missing.invalidFields.map(\.name) == ["email", "age", "address.city"])
        #expect(missing["age"].count == 1)
        #expect(missing["age"] != ["is a JSON string, not a number"])

        let error = try #require(throws: JSONBodyError.self) { try Self.rules.decode(SignUp.self, from: body) }
        guard case .invalid(let thrown) = error else {
            Issue.record("expected the report, got \(error)")
            return
        }
        #expect(thrown == report)
        let json = String(decoding: report.jsonData(), as: UTF8.self)
        #expect(json.hasPrefix(#"{"email":["Invalid email"],"age":["is a JSON string, not a number"]"#))
    }

    @Test("a body that is not a JSON object, or not UTF-8, is malformed, with what and where")
    func malformed() throws {
        for (body, fragment) in [
            (Data("[1, 2]".utf8), "expected a JSON object"),
            (Data(#"{"email": "a@b.co""#.utf8), "invalid JSON"),
            (Data(#"{"email": "a@b.co"} {}"#.utf8), "text after the object"),
            (Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]), "not UTF-8: an invalid byte at byte 3"),
        ] {
            let error = try #require(throws: JSONBodyError.self) { try Self.rules.validate(body) }
            guard case .malformed(let message) = error else {
                Issue.record("expected malformed, got \(error)")
                continue
            }
            #expect(message.contains(fragment), "\(message)")
        }
    }

    @Test("rules that do not compile are the developer's error, with the place and the caret")
    func brokenRules() throws {
        let error = try #require(throws: JSONBodyError.self) {
            try JSONBodyRules(rules: #"{"fields": {"code": {"trials": [{"format": "(ab"}]}}}"#)
        }
        guard case .rules(let message) = error else {
            Issue.record("expected a rules error, got \(error)")
            return
        }
        #expect(message.contains("rules:1:"))
        #expect(message.contains("fields.code.trials[0]"))
        #expect(message.contains("^"))
    }

    @Test("a Table Schema works the same way")
    func schema() throws {
        let schema = try JSONBodyRules(
            schema: """
                {"fields": [
                  {"name": "id", "type": "integer", "constraints": {"required": true, "minimum": 1}},
                  {"name": "born", "type": "date"},
                  {"name": "country", "type": "string", "constraints": {"enum": ["FR", "DE"]}}
                ]}
                """)
        #expect(try schema.validate(Data(#"{"id": 4, "born": "2024-02-29", "country": "FR"}"#.utf8)).isValid)
        let report = try schema.validate(Data(#"{"id": 0, "born": "2026-02-30", "country": 1}"#.utf8))
        #expect(report.invalidFields.map(\.name) == ["id", "born", "country"])
        #expect(report["country"] == ["is a JSON number, not a string"])
    }

    @Test("bodies checked from many tasks at once (concurrent): each gets its own answer")
    func concurrentBodies() async {
        let answers = await withTaskGroup(of: (Int, Bool).self) { group in
            for age in 0..<64 {
                group.addTask {
                    let body = Data(
                        #"{"email": "a@b.co", "age": \#(age), "newsletter": true, "address": {"city": "Oslo"}}"#.utf8)
                    return (age, (try? Self.rules.validate(body).isValid) ?? false)
                }
            }
            var answers: [Int: Bool] = [:]
            for await (age, valid) in group { answers[age] = valid }
            return answers
        }
        #expect(answers.count == 64)
        #expect(answers.allSatisfy { $0.value == ($0.key >= 18) })
    }
}
