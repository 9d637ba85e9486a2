/// Rule field names as paths into a JSON Lines object: `addr.city` is the member `city` of the
/// object under the top-level key `addr`.
///
/// A dot separates keys; a backslash makes the next dot or backslash part of the key:
/// `a\.b` names the top-level key `a.b`, `a\\b` the key `a\b` (in the rules file's JSON these
/// are written `"a\\.b"` and `"a\\\\b"`). Any other backslash is kept as it is.
package enum JSONFieldPath {
    /// The keys `name` names, outermost first.
    package static func keys(of name: String) -> [String] {
        var keys: [String] = []
        var current = ""
        var iterator = name.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            switch scalar {
            case ".":
                keys.append(current)
                current = ""
            case "\\":
                guard let next = iterator.next() else {
                    current.unicodeScalars.append(scalar)
                    break
                }
                if next != "." && next != "\\" { current.unicodeScalars.append(scalar) }
                current.unicodeScalars.append(next)
            default:
                current.unicodeScalars.append(scalar)
            }
        }
        keys.append(current)
        return keys
    }
}

/// The rule fields' paths as a tree of keys, so one pass over an object finds every field,
/// descending only into the members that some path continue into. The tree is flat arrays
/// (node 0 is the root), so a lookup copies no arrays and touches no reference counts.
struct JSONPathTree: Sendable {
    /// Each node's key, as UTF-8 (the root's is empty).
    private(set) var keys: [[UInt8]] = [[]]
    /// Each node's parent (the root's is -1).
    private(set) var parents: [Int] = [-1]
    /// The rule field each node's path ends at, or -1.
    private(set) var fields: [Int] = [-1]
    /// Whether paths continue below each node.
    private(set) var hasChildren: [Bool] = [false]

    /// The tree for `names` (the rule fields, in order).
    init(_ names: [String]) {
        for (field, name) in names.enumerated() {
            var node = 0
            for key in JSONFieldPath.keys(of: name) {
                let bytes = Array(key.utf8)
                if let child = keys.indices.first(where: { parents[$0] == node && keys[$0] == bytes }) {
                    node = child
                } else {
                    hasChildren[node] = true
                    keys.append(bytes)
                    parents.append(node)
                    fields.append(-1)
                    hasChildren.append(false)
                    node = keys.count - 1
                }
            }
            fields[node] = field
        }
    }

    /// The child of `node` whose key is `key`, if any.
    func child(of node: Int, key: some Sequence<UInt8>) -> Int? {
        for index in 1..<keys.count where parents[index] == node && keys[index].elementsEqual(key) { return index }
        return nil
    }
}

extension JSONFieldPath {
    /// `key` as one key of a path: its dots and backslashes escaped with a backslash, so that
    /// ``keys(of:)`` reads it back as one key (`a.b` is `a\.b`).
    package static func escaped(_ key: String) -> String {
        guard key.contains(where: { $0 == "." || $0 == "\\" }) else { return key }
        var escaped = ""
        for character in key {
            if character == "." || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
