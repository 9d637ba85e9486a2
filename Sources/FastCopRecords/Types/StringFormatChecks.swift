/// The checks of string formats (placeholders until each is matched to frictionless-py).
enum StringFormatChecks {
    static func isEmail(_ text: UnsafeBufferPointer<UInt8>) -> Bool { true }
    static func isURI(_ text: UnsafeBufferPointer<UInt8>) -> Bool { true }
    static func isUUID(_ text: UnsafeBufferPointer<UInt8>) -> Bool { true }
    static func isBase64(_ text: UnsafeBufferPointer<UInt8>) -> Bool { true }
}
