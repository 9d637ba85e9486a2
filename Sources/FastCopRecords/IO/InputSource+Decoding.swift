/// What an input is decoded through before its records are read: gzip (by its magic number;
/// a `.gz` name that is not gzip is an error), then a text encoding other than UTF-8, then, for
/// an input whose lines end with CR alone, CR and LF trading places (``CarriageReturnLines``).
extension InputSource {
    /// gzip's magic number, the first two bytes of every gzip member.
    static let gzipMagic: [UInt8] = [0x1F, 0x8B]

    /// Makes the source decompress gzip data and transcode `encoding` to UTF-8. With no
    /// encoding, the input is UTF-8, unless it starts with a UTF-16 byte order mark. Plain UTF-8
    /// input is read as before, with no copy.
    ///
    /// - Returns: the source itself.
    /// - Throws: ``RecordsError`` for a `.gz` name on data that is not gzip, `--encoding utf-16`
    ///   without a byte order mark, or an encoding this system's iconv lacks.
    @discardableResult
    package func decoding(_ encoding: TextEncoding?) throws -> InputSource {
        var (head, stream) = try currentStream.peek(2)
        if head == Self.gzipMagic {
            (head, stream) = try GzipStream(source: stream, name: name).peek(2)
        } else if let path, path.lowercased().hasSuffix(".gz") {
            throw RecordsError(
                "\(name): the name ends in .gz but the data is not gzip (it does not start with 1f 8b)")
        }
        var target = encoding
        switch encoding {
        case nil: target = TextEncoding.utf16(byteOrderMark: head)
        case .utf16?:
            guard let order = TextEncoding.utf16(byteOrderMark: head) else {
                throw RecordsError(
                    "\(name): --encoding utf-16 needs a byte order mark to tell the byte order, and the input"
                        + " has none: say utf-16le or utf-16be")
            }
            target = order
        case .utf16LE?, .utf16BE?:
            if let order = TextEncoding.utf16(byteOrderMark: head), order != encoding {
                throw RecordsError(
                    "\(name): --encoding \(encoding!.rawValue), but the byte order mark says \(order.rawValue)")
            }
        default: break
        }
        if let target, let iconvName = target.iconvName {
            stream = try TranscodingStream(
                source: stream, encoding: encoding ?? target, iconvName: iconvName, name: name)
        }
        let (crOnly, peeked) = try stream.peek(
            upTo: CarriageReturnLines.lookahead, until: CarriageReturnLines.endsLinesWithCR)
        stream = peeked
        if crOnly == true {
            stream = SwappedLineBreaksStream(source: stream)
            endsLinesWithCR = true
        }
        decode(through: stream)
        return self
    }
}
