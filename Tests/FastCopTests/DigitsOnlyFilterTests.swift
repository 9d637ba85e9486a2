import FastCop
import Testing

@Suite("DigitsOnlyFilter")
struct DigitsOnlyFilterTests {
    static let cases: [(String, String, String)] = [
        // input, ASCII result, result keeping the digits as they are
        ("+49 (0)30-123 45", "4903012345", "4903012345"),
        ("Tel. ０３０-１２", "03012", "０３０１２"),  // full-width
        ("٠١٢٣٤٥٦٧٨٩", "0123456789", "٠١٢٣٤٥٦٧٨٩"),  // Arabic-Indic
        ("१२३ रुपये", "123", "१२३"),  // Devanagari
        ("x²½Ⅻ③", "", ""),  // numeric symbols are not decimal digits
        ("1\u{FE0F}\u{20E3} 2", "12", "12"),  // keycap sequence
        ("no digits, é ß 👍🏽", "", ""),
        ("", "", ""),
        ("𝟙𝟚𝟛", "123", "𝟙𝟚𝟛"),  // mathematical double-struck digits are Nd
    ]

    @Test("keeps only decimal digits, as ASCII by default", arguments: cases)
    func digits(input: String, ascii: String, asIs: String) throws {
        #expect(try DigitsOnlyFilter().apply(to: input) == ascii)
        let generic: String? = try DigitsOnlyFilter().filter(input, nil)
        #expect(generic == ascii)
        let keeping = DigitsOnlyFilter { $0.convertsToASCII = false }
        #expect(try keeping.apply(to: input) == asIs)
    }

    @Test("the ASCII result parses as a number")
    func parses() throws {
        let digits = try #require(try DigitsOnlyFilter().apply(to: "Nº ４２"))
        #expect(Int(digits) == 42)
    }

    @Test("nil and non-String values give nil")
    func nonString() throws {
        let fromNil: String? = try DigitsOnlyFilter().filter(String?.none, nil)
        #expect(fromNil == nil)
        let fromInt: String? = try DigitsOnlyFilter().filter(42, nil)
        #expect(fromInt == nil)
    }
}
