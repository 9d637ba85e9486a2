import Foundation
import Testing

@Suite("fastcop clean: JSON Lines")
struct CleanJSONLinesTests {
    @Test("untouched members keep their text and order; changed values are JSON strings")
    func preservesMembers() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Rules.contacts)
            try tool.write(
                "in.jsonl",
                #"""
                {"id": 1, "email": " ADA@Example.com ", "tags": ["a", {"b": null}], "phone": "+44 20 7946 0958", "score": 1.50e2}
                {"phone":"5550101234","email":"grace@navy.mil","note":"caf\u00e9 \"q\""}

                """#)
            let result = try tool.run(["clean", "in.jsonl", "--rules", "rules.json", "-o", "clean.jsonl"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                tool.read("clean.jsonl") == #"""
                    {"id": 1, "email": "ada@example.com", "tags": ["a", {"b": null}], "phone": "+442079460958", "score": 1.50e2}
                    {"phone":"5550101234","email":"grace@navy.mil","note":"caf\u00e9 \"q\""}

                    """#)
        }
    }

    @Test("rejects are the original object plus _row, _line and _errors for every failing field")
    func rejects() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Rules.contacts)
            try tool.write(
                "in.jsonl",
                """
                {"email": "bad", "phone": "12"}

                {"email": "ok@example.com"}
                {"email": {"nested": true}, "phone": "5550101234"}
                {}

                """)
            let result = try tool.run([
                "clean", "in.jsonl", "--rules", "rules.json", "-o", "clean.jsonl", "--rejects", "rejects.jsonl",
            ])
            #expect(result.status == 1)
            #expect(tool.read("clean.jsonl") == "")
            let lines = try #require(tool.read("rejects.jsonl")).lines
            #expect(lines.count == 4)
            #expect(
                lines[0]
                    == #"{"email": "bad", "phone": "12","_row":1,"_line":1,"_errors":[{"field":"email","message":"Invalid email"},{"field":"phone","message":"Invalid phone"}]}"#
            )
            #expect(
                lines[1]
                    == #"{"email": "ok@example.com","_row":2,"_line":3,"_errors":[{"field":"phone","message":"Invalid phone"}]}"#
            )
            #expect(lines[2].contains(#""field":"email","message":"is an object, not text""#))
            #expect(lines[3].hasPrefix(#"{"_row":4,"_line":5,"_errors":["#))
            for line in lines {
                #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
            }
        }
    }

    static let badLines: [(line: String, reason: String)] = [
        (#"{"email": "a@b.co""#, "expected ',' or '}'"),
        (#"["not", "an object"]"#, "expected a JSON object"),
        (#"{"email": "a@b.co"} trailing"#, "text after the object"),
        (#"{"email": "a\qb"}"#, "invalid escape"),
        (#"{"email": 01}"#, "expected ',' or '}'"),
        (#"{email: "x"}"#, "expected a string"),
    ]

    @Test("a line that is not a JSON object is rejected with the reason, kept in _raw", arguments: badLines)
    func malformed(line: String, reason: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"email": {"optional": true}}}"#)
            try tool.write("in.jsonl", "{\"email\": \"x@y.co\"}\n\(line)\n")
            let result = try tool.run([
                "clean", "in.jsonl", "--rules", "rules.json", "-o", "clean.jsonl", "--rejects", "rejects.jsonl",
            ])
            #expect(result.status == 1)
            let reject = try #require(tool.read("rejects.jsonl"))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(reject.utf8)) as? [String: Any])
            #expect(object["_raw"] as? String == line)
            #expect(object["_row"] as? Int == 2)
            let errors = try #require(object["_errors"] as? [[String: Any]])
            #expect((errors.first?["message"] as? String)?.contains(reason) == true)
        }
    }

    @Test("numbers and booleans are judged as their text; null and missing keys are absent")
    func valueKinds() throws {
        try ToolRunner.withRunner { tool in
            try tool.write(
                "rules.json",
                #"{"fields": {"phone": {"trials": [{"format": "[0-9]{7,15}"}]}, "vip": {"optional": true, "trials": [{"oneOf": ["true"]}]}}}"#
            )
            try tool.write(
                "in.jsonl",
                "{\"phone\": 5550101234, \"vip\": true}\n{\"phone\": null}\n{\"phone\": \"1\", \"vip\": false}\n")
            let result = try tool.run([
                "clean", "in.jsonl", "--rules", "rules.json", "-o", "clean.jsonl", "--rejects", "rejects.jsonl",
            ])
            #expect(result.status == 1)
            #expect(tool.read("clean.jsonl") == "{\"phone\": 5550101234, \"vip\": true}\n")
            let rejects = try #require(tool.read("rejects.jsonl")).lines
            #expect(rejects.count == 2)
            #expect(rejects[0].contains(#"{"field":"phone","message":"is required"}"#))
            #expect(rejects[1].contains(#""field":"vip""#))
        }
    }
}
