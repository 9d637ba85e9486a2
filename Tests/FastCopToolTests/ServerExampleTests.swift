import Foundation
import Testing

/// The server example (Examples/ServerExample), run as a user runs it: a JSON body in, an HTTP
/// answer out.
@Suite("Server example")
struct ServerExampleTests {
    func post(_ body: String) throws -> ToolResult {
        try ToolRunner.withRunner { runner in try runner.run(["-"], stdin: Array(body.utf8), binary: "ServerExample") }
    }

    /// The JSON after the answer's blank line.
    func body(of result: ToolResult) -> String {
        String(result.stdout.split(separator: "\r\n\r\n", maxSplits: 1).last ?? "").trimmingCharacters(in: .newlines)
    }

    @Test("a valid sign-up is created, its name, email and items cleaned")
    func created() throws {
        let result = try post(
            #"{"name": " Ada   Lovelace ", "email": " Ada@Example.com ", "age": 36, "plan": "pro", "address": {"city": "London", "zip": "12345"}, "items": [{"sku": "abc-1234", "quantity": 2}]}"#
        )
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("HTTP/1.1 201 Created\r\n"))
        #expect(body(of: result).contains(#""email":"ada@example.com""#))
        #expect(body(of: result).contains(#""name":"Ada Lovelace""#))
        #expect(body(of: result).contains(#""sku":"ABC-1234""#))
    }

    @Test("a body failing its rules gets 422 with every failing field, in the rules' order")
    func unprocessable() throws {
        let result = try post(
            #"{"name": "", "email": "ada@", "age": "thirty", "plan": "gold", "address": {"zip": "1234"}, "items": []}"#)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("HTTP/1.1 422 Unprocessable Entity\r\n"))
        #expect(
            body(of: result)
                == #"{"name":["Enter your name (80 characters at most)"],"email":["Enter a valid email address"],"age":["is a JSON string, not a number"],"plan":["Choose free or pro"],"address.city":["Enter a city"],"address.zip":["A zip code is five digits"]}"#
        )
    }

    @Test("a decoded value's array is checked by key path: 422 naming items[0]")
    func items() throws {
        let result = try post(
            #"{"name": "Ada", "email": "ada@example.com", "age": 36, "plan": "free", "address": {"city": "London", "zip": "12345"}, "items": [{"sku": "XYZ", "quantity": 0}]}"#
        )
        #expect(result.stdout.hasPrefix("HTTP/1.1 422 "))
        #expect(
            body(of: result)
                == #"{"items[0].sku":["items[0].sku is not a product code (ABC-1234)"],"items[0].quantity":["items[0].quantity must be between 1 and 99"]}"#
        )
    }

    @Test("a body that is not JSON gets 400 saying where")
    func badRequest() throws {
        let result = try post(#"{"name": "Ada", "#)
        #expect(result.stdout.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(body(of: result).contains("invalid JSON"))
        #expect(body(of: result).contains("at byte 17"))
    }
}
