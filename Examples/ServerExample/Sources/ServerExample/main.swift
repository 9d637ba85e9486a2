// A JSON endpoint checked with FastCop: `POST /signup` validates the body before decoding it
// and answers 422 with every failing field, 400 for a body that is not JSON, 201 otherwise.
//
//   swift run ServerExample                       # three sample requests and their answers
//   swift run ServerExample body.json             # POST /signup with that body ("-": stdin)

import Foundation

let handler: SignUpHandler
do {
    handler = try SignUpHandler()
} catch {
    FileHandle.standardError.write(Data("ServerExample: \(error)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments.dropFirst()
if let path = arguments.first {
    let body: Data
    if path == "-" {
        body = FileHandle.standardInput.readDataToEndOfFile()
    } else if let data = FileManager.default.contents(atPath: path) {
        body = data
    } else {
        FileHandle.standardError.write(Data("ServerExample: cannot read \(path)\n".utf8))
        exit(2)
    }
    let response = handler.handle(Request(method: "POST", path: "/signup", contentType: "application/json", body: body))
    print(response.text)
    exit(response.status < 400 ? 0 : 1)
}

let samples = [
    #"{"name": " Ada  Lovelace ", "email": " Ada@Example.com ", "age": 36, "plan": "pro", "address": {"city": "London", "zip": "12345"}, "items": [{"sku": "abc-1234", "quantity": 2}]}"#,
    #"{"name": "", "email": "ada@", "age": "thirty", "plan": "gold", "address": {"zip": "1234"}, "items": []}"#,
    #"{"name": "Ada", "email": "ada@example.com", "age": 36, "plan": "free", "address": {"city": "London", "zip": "12345"}, "items": [{"sku": "XYZ", "quantity": 0}]}"#,
    #"{"name": "Ada", "#,
]
for body in samples {
    print("POST /signup \(body)")
    print(
        handler.handle(Request(method: "POST", path: "/signup", contentType: "application/json", body: Data(body.utf8)))
            .text)
    print()
}
