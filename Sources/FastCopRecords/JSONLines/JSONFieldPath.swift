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
/// descending only into the members that some path continues into.
struct JSONPathNode: Sendable {
    /// This member's key, as UTF-8.
    let key: [UInt8]
    /// The rule field this path ends at, if one does.
    var field: Int?
    /// The members below this one that paths continue into.
    var children: [JSONPathNode] = []

    init(key: [UInt8]) {
        self.key = key
    }

    /// The tree for `names` (the rule fields, in order).
    static func tree(_ names: [String]) -> JSONPathNode {
        var root = JSONPathNode(key: [])
        for (field, name) in names.enumerated() {
            root.insert(JSONFieldPath.keys(of: name).map { Array($0.utf8) }[...], field: field)
        }
        return root
    }

    private mutating func insert(_ keys: ArraySlice<[UInt8]>, field: Int) {
        guard let first = keys.first else {
            self.field = field
            return
        }
        if let index = children.firstIndex(where: { $0.key == first }) {
            children[index].insert(keys.dropFirst(), field: field)
        } else {
            var child = JSONPathNode(key: first)
            child.insert(keys.dropFirst(), field: field)
            children.append(child)
        }
    }
}
