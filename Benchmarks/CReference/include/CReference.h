#ifndef FASTCOP_CREFERENCE_H
#define FASTCOP_CREFERENCE_H

// The benchmark's speed limit: plain C loops that call PCRE2 directly, with nothing between
// the loop and the JIT. Patterns are compiled with FastCop's flags (PCRE2_UTF, PCRE2_UCP unless
// asked otherwise, PCRE2_NEWLINE_ANY, and PCRE2_ANCHORED | PCRE2_ENDANCHORED for whole
// matches) and FastCop's match limit, so the C loop does exactly the work FastCop asks PCRE2
// to do.
//
// Subjects are passed as one byte arena: subject i is bytes [offsets[i], offsets[i + 1]).

#include <stddef.h>
#include <stdint.h>

/// A compiled, JIT-compiled pattern with one match data and one match context that every
/// call reuses (so a pattern must not be used by two threads at once).
typedef struct creference_pattern creference_pattern;

/// Compiles `pattern` (`length` UTF-8 bytes) with `pcre2_compile_8` and JIT-compiles it.
///
/// - whole: add PCRE2_ANCHORED | PCRE2_ENDANCHORED (whole-string match).
/// - unicode_classes: add PCRE2_UCP (FastCop's default).
/// - match_limit: `pcre2_set_match_limit` value (FastCop's default is 1,000,000).
///
/// Returns NULL on failure and writes PCRE2's message into `error` (`error_size` bytes).
creference_pattern *creference_compile(const char *pattern, size_t length, int whole,
                                       int unicode_classes, uint32_t match_limit, char *error,
                                       size_t error_size);

/// Frees a pattern from `creference_compile`.
void creference_free(creference_pattern *pattern);

/// 1 if the pattern was JIT-compiled, 0 if PCRE2 fell back to the interpreter.
int creference_is_jit(const creference_pattern *pattern);

/// Calls `pcre2_jit_match_8` on each of the `count` subjects with the reused match data and
/// returns how many matched, or a negative PCRE2 error code when a match fails with an error.
long creference_count_matches(creference_pattern *pattern, const uint8_t *arena,
                              const size_t *offsets, size_t count);

/// Calls `pcre2_substitute_8` (PCRE2_SUBSTITUTE_GLOBAL, PCRE2_NO_UTF_CHECK; the match runs on
/// the JIT code) on each subject, writing the results one after another into `output`
/// (`capacity` bytes) with their bounds in `output_offsets` (`count + 1` entries).
///
/// Returns 0, or a negative PCRE2 error code (PCRE2_ERROR_NOMEMORY when `output` is too small).
long creference_substitute_all(creference_pattern *pattern, const uint8_t *replacement,
                               size_t replacement_length, const uint8_t *arena,
                               const size_t *offsets, size_t count, uint8_t *output,
                               size_t capacity, size_t *output_offsets);

#endif
