import FastCop
import Foundation
import Testing

/// Rules for Swift values by key path: every failing field at once, keyed by path, nested
/// values and arrays, filters, a stable JSON report.
@Suite("Rules by key path")
struct RulesTests {
    struct Address: Codable {
        var city: String
        var zip: String
    }

    struct Item: Codable {
        var sku: String
        var quantity: Int
    }

    struct Order: Codable {
        var name: String
        var email: String
        var age: Int
        var phone: String?
        var address: Address
        var billing: Address?
        var items: [Item]
        var tags: [String]
    }

    static let addressRules = Rules<Address>([
        .field("city", \.city, .presence()),
        .field("zip", \.zip, .format("[0-9]{5}", message: "Must be five digits")),
    ])

    static let itemRules = Rules<Item>([
        .field("sku", \.sku, .format("[A-Z]{3}-[0-9]{4}", message: "Is not a SKU")),
        .field("quantity", \.quantity, .range(1...99, message: "Must be between 1 and 99")),
    ])

    static let orderRules = Rules<Order>([
        .field("name", \.name, filters: [TrimFilter()], .presence(), .count(lessThan: 40)),
        .field("email", \.email, filters: [TrimFilter(), CharCaseFilter { $0.charCase = .lowercase }], .modernEmail()),
        .field("age", \.age, .range(18...130, message: "Must be between 18 and 130")),
        .field("phone", \.phone, .ifPresent(.format(#"\+?[0-9 ]{7,20}"#, message: "Is not a phone number"))),
        .nested("address", \.address, addressRules),
        .nested("billing", \.billing, addressRules),
        .each("items", \.items, itemRules),
        .each("tags", \.tags, .count(in: 1...10)),
    ])

    static func order() -> Order {
        Order(
            name: "  Ada Lovelace ", email: " Ada@Example.COM ", age: 36, phone: nil,
            address: Address(city: "London", zip: "12345"), billing: nil,
            items: [Item(sku: "ABC-1234", quantity: 2)], tags: ["maths"])
    }

    @Test("a valid value passes; validate leaves it as it is, clean writes the filtered strings")
    func valid() {
        var order = Self.order()
        #expect(Self.orderRules.validate(order).isValid)
        #expect(order.email == " Ada@Example.COM ")
        #expect(Self.orderRules.clean(&order).isValid)
        #expect(order.name == "Ada Lovelace")
        #expect(order.email == "ada@example.com")
        #expect(throws: Never.self) { try Self.orderRules.check(order) }
    }

    @Test("every failing field at once, by path, in the rules' order, with messages naming the field")
    func failures() throws {
        var order = Self.order()
        order.name = "   "
        order.email = "ada@"
        order.age = 12
        order.phone = "call me"
        order.address.city = ""
        order.billing = Address(city: "Paris", zip: "7500")
        order.items = [Item(sku: "ABC-1234", quantity: 2), Item(sku: "abc", quantity: 0)]
        order.tags = ["ok", ""]
        let report = Self.orderRules.validate(order)
        #expect(!report.isValid)
        #expect(
            report.invalidFields.map(\.name) == [
                "name", "email", "age", "phone", "address.city", "billing.zip", "items[1].sku",
                "items[1].quantity", "tags[1]",
            ])
        #expect(report["age"] == ["age must be between 18 and 130"])
        #expect(report["billing.zip"] == ["billing.zip must be five digits"])
        #expect(report["items[1].sku"] == ["items[1].sku is not a SKU"])
        #expect(report["email"] == ["email is not a valid email"])
        #expect(report["name"].count == 1)
        #expect(report["name"][0].hasPrefix("name "))
        let violation = try #require(throws: RulesViolation.self) { try Self.orderRules.check(order) }
        #expect(violation.report == report)
    }

    @Test("jsonData keeps the rules' order, the same bytes on every run; JSONEncoder gives the same object")
    func stableJSON() throws {
        var order = Self.order()
        order.age = 3
        order.address.zip = "x"
        order.items = [Item(sku: "bad", quantity: 1)]
        let json = String(decoding: Self.orderRules.validate(order).jsonData(), as: UTF8.self)
        #expect(
            json
                == #"{"age":["age must be between 18 and 130"],"address.zip":["address.zip must be five digits"],"items[0].sku":["items[0].sku is not a SKU"]}"#
        )
        for _ in 0..<20 {
            #expect(String(decoding: Self.orderRules.validate(order).jsonData(), as: UTF8.self) == json)
        }
        let back = try JSONDecoder().decode(ValidationReport.self, from: Data(json.utf8))
        #expect(back["address.zip"] == ["address.zip must be five digits"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            try JSONDecoder().decode([String: [String]].self, from: encoder.encode(Self.orderRules.validate(order)))
                == back.messages)
        let quoted = ValidationReport(fields: [.init(name: "a\"b", messages: ["line\nbreak\u{1}é"])])
        #expect(String(decoding: quoted.jsonData(), as: UTF8.self) == #"{"a\"b":["line\nbreak\u0001é"]}"#)
    }

    @Test("a filter that gives no value fails its field, and its checks do not run")
    func filterFailure() {
        struct Nothing: FilterType {
            func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? { nil }
        }
        let rules = Rules<Address>([.field("city", \.city, filters: [Nothing()], .presence())])
        var address = Address(city: "Oslo", zip: "1")
        let report = rules.clean(&address)
        #expect(report["city"].count == 1)
        #expect(report["city"][0].hasPrefix("city could not be cleaned"))
        #expect(address.city == "Oslo")
    }

    @Test("rules are Sendable: one set used from many tasks gives each task its own answer")
    func concurrentUse() async {
        let results = await withTaskGroup(of: (Int, Bool).self) { group in
            for age in 0..<64 {
                group.addTask {
                    var order = Self.order()
                    order.age = age
                    return (age, Self.orderRules.validate(order).isValid)
                }
            }
            var results: [Int: Bool] = [:]
            for await (age, valid) in group { results[age] = valid }
            return results
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0.value == ($0.key >= 18) })
    }
}
