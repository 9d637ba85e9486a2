import FastCop
import Foundation

print(Pattern.engineVersion, Pattern.isJITSupported)
let subject = String(repeating: "a", count: 30) + "!"
for (p, s) in [
    ("^(a+)+$", subject), ("^(a|a)*$", subject), ("^(a|aa)+$", subject),
    ("(x+x+)+y", String(repeating: "x", count: 40)), (#"^(\w+\s?)*$"#, String(repeating: "ab ", count: 20) + "!"),
    (#"^[\s\x{200c}]+|[\s\x{200c}]+$"#, String(repeating: " ", count: 100_000) + "x"),
] {
    for jit in [Pattern.JITMode.ifAvailable, .never] {
        let pat = try Pattern(p, jit: jit)
        let t = Date()
        do { print(p, jit, try pat.hasMatch(in: s)) } catch { print(p, jit, error) }
        print("  ", Date().timeIntervalSince(t))
    }
}
