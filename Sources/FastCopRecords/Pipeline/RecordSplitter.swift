/// Finds where records end in a buffer of input bytes.
package protocol RecordSplitter {
    /// Appends the complete records found in `bytes[from...]` to `records`.
    ///
    /// - Parameters:
    ///   - atEnd: no more input follows `bytes`; the tail is a record too.
    ///   - maxRecordBytes: the longest record to wait for.
    /// - Returns: the offset of the first byte not consumed (the start of an incomplete record).
    /// - Throws: ``RecordsError`` when a record is longer than `maxRecordBytes` and cannot be cut.
    mutating func split(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, atEnd: Bool, maxRecordBytes: Int,
        into records: inout [RecordSpan]
    ) throws -> Int

    /// Blank lines passed over so far, as no record (the summary counts them, so none goes
    /// unmentioned).
    var skippedBlankLines: Int { get }
}

package enum ASCII {
    package static let newline = UInt8(ascii: "\n")
    package static let carriageReturn = UInt8(ascii: "\r")
    static let quote = UInt8(ascii: "\"")
    static let comma = UInt8(ascii: ",")
    static let tab = UInt8(ascii: "\t")
    static let backslash = UInt8(ascii: "\\")
    static let space = UInt8(ascii: " ")
}
