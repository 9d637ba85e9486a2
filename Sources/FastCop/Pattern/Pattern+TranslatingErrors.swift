extension Pattern {
    /// Runs `body` and turns engine failures into ``PatternError``s naming this pattern.
    @inline(__always)
    func translatingErrors<R>(_ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let failure as EngineFailure {
            throw PatternError(failure, pattern: source)
        }
    }
}
