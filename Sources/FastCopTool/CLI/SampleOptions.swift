/// The options of `fastcop sample` (and of `fastcop` with no arguments), decoded once.
struct SampleOptions {
    static let write = OptionSpec.option("write", value: "DIR", help: "Write contacts.csv and rules.json into DIR.")

    /// The declarations, in the order help lists them.
    static let declarations: [OptionSpec] = [write]

    /// Where to write the sample's files instead of cleaning it.
    let directory: String?

    init(_ arguments: ParsedArguments) {
        directory = arguments.value(Self.write)
    }
}
