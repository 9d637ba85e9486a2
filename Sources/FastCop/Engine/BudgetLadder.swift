/// What a search or a substitution does once its first pass has reached the limit (a start
/// position needed more than its share of ``EngineLimits/total``): the ladder of ways to go on,
/// written once for both. Each rung either answers or hands on to the next:
///
/// 1. **Linear**: a JIT pattern of ``LinearShape`` is searched by PCRE2 alone with the full
///    ``EngineLimits/match`` at every start position and no clock (its time is linear in the
///    subject): ``CompiledCode/searchLinear(_:from:options:scratch:remaining:)``, and a
///    substitution finds each match so. Nil for any other pattern.
/// 2. **Watched**: PCRE2's own search (or substitution) on the watched form, under a clock
///    that the whole-search budget pays for: ``CompiledCode/watch(_:from:options:scratch:remaining:)``,
///    ``CompiledCode/substituteWatched(_:replacement:options:scratch:remaining:)``. It gives
///    PCRE2's answer; nil when the pattern has no watched form (a verb or `\G` that the added
///    branch would steer, ``CompiledCode/watchedVariant``) or when the time ran out.
/// 3. **Windows**: from where the watched search stopped, the search in windows of start
///    positions with what is left of the budget (``CompiledCode/step(_:from:options:scratch:share:remaining:)``,
///    ``CompiledCode/substituteByStepping(_:replacement:global:literal:scratch:remaining:from:linearFirst:)``),
///    whose limit error is the last resort.
enum BudgetLadder {
    /// The first answer of `linear`, `watched` and `windows`, tried in that order.
    @inline(__always)
    static func climb<Answer>(
        linear: () throws -> Answer?, watched: () throws -> Answer?, windows: () throws -> Answer
    ) rethrows -> Answer {
        if let answer = try linear() { return answer }
        if let answer = try watched() { return answer }
        return try windows()
    }
}
