import FastCop
import FastCopRecords
import Foundation
import Testing

/// docs/servers.md's examples, compiled and run (the documentation check names these tests).
@Suite("docs/servers.md examples")
struct ServersGuideTests {
    @Test("docs/servers.md: a Codable value by key paths")
    func keyPathRules() throws {
        struct Address: Codable {
            var city: String
            var zip: String
        }
        struct Item: Codable {
            var sku: String
            var quantity: Int
        }
        struct Order: Codable {
            var email: String
            var age: Int
            var address: Address
            var items: [Item]
        }

        let addressRules = Rules<Address>([
            .field("city", \.city, .presence(message: "Can't be blank")),
            .field("zip", \.zip, .format("[0-9]{5}", message: "Must be five digits")),
        ])
        let itemRules = Rules<Item>([
            .field(
                "sku", \.sku, filters: [TrimFilter(), CharCaseFilter(.uppercase)],
                .format("[A-Z]{3}-[0-9]{4}", message: "Is not a product code")),
            .field("quantity", \.quantity, .range(1...99, message: "Must be between 1 and 99")),
        ])
        let orderRules = Rules<Order>([
            .field("email", \.email, filters: [TrimFilter(), CharCaseFilter(.lowercase)], .modernEmail()),
            .field("age", \.age, .range(18...130, message: "Must be 18 or older")),
            .nested("address", \.address, addressRules),
            .each("items", \.items, itemRules),
        ])

        let json = #"""
            {"email": " Ada@Example.COM ", "age": 12, "address": {"city": "", "zip": "75001"},
             "items": [{"sku": " abc-1234", "quantity": 2}, {"sku": "x", "quantity": 0}]}
            """#
        var order = try JSONDecoder().decode(Order.self, from: Data(json.utf8))
        let report = orderRules.clean(&order)
        #expect(!report.isValid)
        #expect(order.email == "ada@example.com")
        #expect(order.items[0].sku == "ABC-1234")
        #expect(report.invalidFields.map(\.name) == ["age", "address.city", "items[1].sku", "items[1].quantity"])
        #expect(report["items[1].sku"] == ["items[1].sku is not a product code"])
        #expect(
            String(decoding: report.jsonData(), as: UTF8.self)
                == #"{"age":["age must be 18 or older"],"address.city":["address.city can't be blank"],"#
                + #""items[1].sku":["items[1].sku is not a product code"],"#
                + #""items[1].quantity":["items[1].quantity must be between 1 and 99"]}"#)
        #expect(throws: RulesViolation.self) { try orderRules.check(order) }
    }

    @Test("docs/servers.md: a JSON body before decoding it")
    func jsonBody() throws {
        struct SignUp: Decodable {
            var email: String
            var age: Int
            var address: Address
            struct Address: Decodable { var city: String }
        }

        let signUpRules = try JSONBodyRules(
            rules: """
                {"fields": {
                  "email": {"filters": ["trim", "lowercase"], "trials": ["email"], "message": "Enter a valid email"},
                  "age": {"trials": ["integer", {"range": {"minimum": 18, "maximum": 130}}],
                          "message": "You must be 18 or older"},
                  "address.city": {"filters": ["trim"], "trials": [{"length": {"minimum": 1}}], "message": "Enter a city"}
                }}
                """)

        let bad = Data(#"{"email": "ada@", "age": "thirty", "address": {"city": " "}}"#.utf8)
        let report = try signUpRules.validate(bad)
        #expect(report.invalidFields.map(\.name) == ["email", "age", "address.city"])
        #expect(report["age"] == ["is a JSON string, not a number"])
        #expect(
            String(decoding: report.jsonData(), as: UTF8.self)
                == #"{"email":["Enter a valid email"],"age":["is a JSON string, not a number"],"address.city":["Enter a city"]}"#
        )

        let good = Data(#"{"email": " Ada@Example.com ", "age": 36, "address": {"city": "London"}}"#.utf8)
        let signUp = try signUpRules.decode(SignUp.self, from: good)
        #expect(signUp.email == "ada@example.com")
        #expect(throws: JSONBodyError.self) { try signUpRules.decode(SignUp.self, from: bad) }
    }
}
