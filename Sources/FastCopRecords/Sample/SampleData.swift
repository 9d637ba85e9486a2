/// Deterministic generated data for `fastcop bench` when no file is given.
package enum SampleData {
    /// `count` lines of contact-like text, about a third of them with a valid email address.
    package static func contactLines(count: Int) -> [String] {
        let names = ["ada", "grace", "alan", "émilie", "carl", "katherine", "sofia", "hedy", "jürgen", "zoë"]
        let domains = ["example.com", "mail.example.org", "navy.mil", "exemple.fr", "beispiel.de"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { index in
            let name = names[next() % names.count]
            let title = name.prefix(1).uppercased() + name.dropFirst()
            let domain = domains[next() % domains.count]
            switch next() % 3 {
            case 0: return "\(index),\(title),\(name).\(index)@\(domain),+44 20 7946 \(next() % 10_000)"
            case 1: return "\(index),\(title),\(name) at \(domain),(202) 555-\(next() % 10_000)"
            default: return "\(index),\(title),,no contact given; call the office"
            }
        }
    }
}
