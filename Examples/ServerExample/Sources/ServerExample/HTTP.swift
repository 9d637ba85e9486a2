import FastCop
import Foundation

/// A request as a server framework hands it over: enough for a JSON endpoint.
struct Request: Sendable {
    var method: String
    var path: String
    var contentType: String?
    var body: Data
}

/// A response with a JSON body.
struct Response: Sendable, Equatable {
    var status: Int
    var body: Data

    /// A response whose body is `value` as JSON.
    static func json(_ status: Int, _ value: some Encodable) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(status: status, body: (try? encoder.encode(value)) ?? Data("{}".utf8))
    }

    /// A response whose body is the report's failing fields, in the rules' order.
    static func report(_ status: Int, _ report: ValidationReport) -> Response {
        Response(status: status, body: report.jsonData())
    }

    /// A response whose body is `{"error": message}`.
    static func error(_ status: Int, _ message: String) -> Response {
        json(status, ["error": message])
    }

    /// The status line's reason phrase.
    var reason: String {
        switch status {
        case 201: return "Created"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 415: return "Unsupported Media Type"
        case 422: return "Unprocessable Entity"
        default: return "Status \(status)"
        }
    }

    /// The response as an HTTP/1.1 message.
    var text: String {
        "HTTP/1.1 \(status) \(reason)\r\ncontent-type: application/json\r\ncontent-length: \(body.count)\r\n\r\n"
            + String(decoding: body, as: UTF8.self)
    }
}
