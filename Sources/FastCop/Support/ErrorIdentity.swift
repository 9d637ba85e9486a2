/// Whether two thrown errors are one and the same boxed value: an error made once and thrown
/// again, as FastCop's built-in validations throw their failure.
///
/// **The trick.** An `any Error` is a single reference to the box that holds the error's value
/// (the Swift ABI's error existential, on Linux and on Apple platforms alike), so comparing the
/// two references answers without the dynamic casts a comparison of values needs (about a tenth
/// of a `@Validate` set on an invalid value, profiled in issue 34).
///
/// **Why it is safe.** Nothing is read through the references and no ownership changes hands:
/// the bits are compared while the caller holds both errors. A box is immutable, so the same
/// box means the same value; different boxes only mean "not known to be equal" (the caller
/// then treats the errors as new).
@inline(__always)
func isSameErrorBox(_ first: any Error, _ second: any Error) -> Bool {
    // `as any Error` keeps the existential closed: opened, it would be the error's own value.
    unsafeBitCast(first as any Error, to: UnsafeRawPointer.self)
        == unsafeBitCast(second as any Error, to: UnsafeRawPointer.self)
}
