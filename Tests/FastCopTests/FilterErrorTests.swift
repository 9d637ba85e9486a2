import FastCop
import Foundation
import Testing

@Suite("FilterError: unconfigured filters")
struct FilterErrorTests {
    static let unconfigured: [(any FilterType, String)] = [
        (CallbackFilter(), "No callback given for CallbackFilter"),
        (CharCaseFilter(), "No case convert mode set in CharCaseFilter"),
        (RegexReplaceFilter(), "No pattern or no replacement given in RegexReplaceFilter"),
        (RegexReplaceFilter { $0.pattern = "a" }, "No pattern or no replacement given in RegexReplaceFilter"),
        (RegexReplaceFilter { $0.replacement = "a" }, "No pattern or no replacement given in RegexReplaceFilter"),
        (ReplaceFilter(), "No replacementType given in ReplaceFilter"),
    ]

    @Test("the message is the original's, as localizedDescription and as NSError", arguments: unconfigured)
    func message(filter: any FilterType, message: String) throws {
        let error = try #require(throws: FilterError.self) {
            let _: String? = try filter.filter("é", nil)
        }
        #expect(error.message == message)
        #expect(error.localizedDescription == message)
        #expect("\(error)" == message)
        let nsError = error as NSError
        #expect(nsError.domain == "de.nerdsee.SwiftFilter.Error")
        #expect(nsError.domain == swiftFilterErrorDomain)
        #expect(nsError.code == 1)
        #expect(nsError.userInfo[NSLocalizedDescriptionKey] as? String == message)
        #expect(nsError.localizedDescription == message)
    }

    @Test("the configuration is checked first: nil and non-String values throw too", arguments: unconfigured)
    func checkedBeforeTheValue(filter: any FilterType, message: String) {
        #expect(throws: FilterError(message: message)) {
            let _: String? = try filter.filter(String?.none, nil)
        }
        #expect(throws: FilterError(message: message)) {
            let _: Int? = try filter.filter(42, nil)
        }
        #expect(throws: FilterError(message: message)) { try filter.apply(to: "x") }
    }

    @Test("a caught error reads as an Error like the original's NSError")
    func asPlainError() {
        do {
            let _: String? = try CallbackFilter().filter("x", nil)
            Issue.record("no error thrown")
        } catch {
            #expect(error.localizedDescription == "No callback given for CallbackFilter")
            #expect((error as NSError).domain == swiftFilterErrorDomain)
        }
    }
}
