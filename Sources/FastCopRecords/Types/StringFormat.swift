/// The `format` of a string field. frictionless-py checks "email", "uri", "uuid" and "binary"
/// (base64); FastCop does too, each as frictionless-py's library does (see each case).
enum StringFormat: Sendable {
    case plain
    case email
    case uri
    case uuid
    case binary

    init(_ format: String?) throws(TypeFormatError) {
        switch format {
        case nil, "any": self = .plain
        case "email": self = .email
        case "uri": self = .uri
        case "uuid": self = .uuid
        case "binary": self = .binary
        case let other?:
            throw TypeFormatError(
                "the format \"\(other)\" of a string field is not supported (FastCop knows default, email, uri, uuid and binary)"
            )
        }
    }

    @inline(__always)
    func accepts(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .plain: return true
        case .email: return StringFormatChecks.isEmail(text)
        case .uri: return StringFormatChecks.isURI(text)
        case .uuid: return StringFormatChecks.isUUID(text)
        case .binary: return StringFormatChecks.isBase64(text)
        }
    }
}
