/// One filter of a chain made ready to run on bytes: the common filters (``PlainByteStep``),
/// without a payload (no dynamic dispatch, and no reference counting when a step is read), the
/// other ``ByteFilter``s, and the rest through a `String`.
///
/// Made once per filter (when rules are loaded), then applied to many values from many threads.
/// A step holds the filter's settings as they were when it was made (one snapshot, read once,
/// not per value): a later change of the filter does not reach a step made before it.
package enum ByteStep: Sendable {
    /// ``TrimFilter``, ``CharCaseFilter``, ``CollapseWhitespaceFilter`` or
    /// ``StripInvisiblesFilter``.
    case plain(PlainByteStep)
    /// ``RegexReplaceFilter`` with a literal replacement and no matching options.
    case replaceLiteral(LiteralReplacement)
    /// Another filter with a byte path.
    case bytes(any ByteFilter)
    /// A filter without one: its value goes through a `String`.
    case string(any FilterType)

    /// The step that runs `filter`.
    package init(_ filter: any FilterType) {
        if filter is TrimFilter {
            self = .plain(.trim)
        } else if let filter = filter as? CharCaseFilter, filter.currentCase == .lowercase {
            self = .plain(.lowercase)
        } else if let filter = filter as? CharCaseFilter, filter.currentCase == .uppercase {
            self = .plain(.uppercase)
        } else if filter is CollapseWhitespaceFilter {
            self = .plain(.collapseWhitespace)
        } else if let filter = filter as? StripInvisiblesFilter {
            self = .plain(.stripInvisibles(keepsWhitespaceControls: filter.keepsControls))
        } else if let filter = filter as? RegexReplaceFilter, let literal = filter.literalReplacement {
            self = .replaceLiteral(literal)
        } else if let filter = filter as? any ByteFilter {
            self = .bytes(filter)
        } else {
            self = .string(filter)
        }
    }

    /// Appends the filtered value of `bytes` (valid UTF-8) to `output`: the bytes of
    /// `filter.apply(to: String(decoding: bytes, as: UTF8.self)) ?? ""`.
    @inline(__always)
    package func apply(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws {
        switch self {
        case .plain(let step):
            step.apply(utf8: bytes, to: &output)
        case .replaceLiteral(let replacement):
            try replacement.apply(utf8: bytes, to: &output)
        case .bytes(let filter):
            try filter.apply(utf8: bytes, to: &output)
        case .string(let filter):
            try filter.applyThroughString(utf8: bytes, to: &output)
        }
    }
}

/// The common filters, which need no payload: reading one costs no reference counting, so
/// the row pipeline keeps them in its own plans as they are.
package enum PlainByteStep: Sendable {
    /// ``TrimFilter``.
    case trim
    /// ``CharCaseFilter`` with `.lowercase`.
    case lowercase
    /// ``CharCaseFilter`` with `.uppercase`.
    case uppercase
    /// ``CollapseWhitespaceFilter``.
    case collapseWhitespace
    /// ``StripInvisiblesFilter`` with its ``StripInvisiblesFilter/keepsWhitespaceControls``
    /// (read when the step is made).
    case stripInvisibles(keepsWhitespaceControls: Bool)

    /// Appends the filtered value of `bytes` (valid UTF-8) to `output`.
    @inline(__always)
    package func apply(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        switch self {
        case .trim:
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[TrimFilter.trimmedRange(utf8: bytes)]))
        case .lowercase:
            CharCaseFilter.append(bytes, .lowercase, to: &output)
        case .uppercase:
            CharCaseFilter.append(bytes, .uppercase, to: &output)
        case .collapseWhitespace:
            CollapseWhitespaceFilter.append(utf8: bytes, to: &output)
        case .stripInvisibles(let keepsWhitespaceControls):
            StripInvisiblesFilter.append(utf8: bytes, keepsWhitespaceControls: keepsWhitespaceControls, to: &output)
        }
    }
}
