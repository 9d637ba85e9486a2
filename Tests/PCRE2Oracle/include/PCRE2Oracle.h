#ifndef FASTCOP_PCRE2_ORACLE_H
#define FASTCOP_PCRE2_ORACLE_H

// The tests' oracle: plain PCRE2, called from C with the compile flags FastCop passes and
// nothing of FastCop between the caller and PCRE2 (no rewritten patterns, no search budget,
// PCRE2's default limits; JIT-compiled when asked, as FastCop compiles the same pattern, since
// PCRE2's JIT and interpreter do not always agree). The differential suite compares FastCop's
// answers with these.
//
// Compile flags, as FastCop's Pattern.Options.engineFlags makes them: PCRE2_UTF and
// PCRE2_NEVER_BACKSLASH_C always; PCRE2_UCP unless asked otherwise (`.asciiCharacterClasses`);
// the newline convention PCRE2_NEWLINE_ANY, or PCRE2_NEWLINE_LF (`.lineFeedOnly`);
// PCRE2_ANCHORED | PCRE2_ENDANCHORED for whole matches.

#include <stddef.h>
#include <stdint.h>

/// A compiled pattern.
typedef struct pcre2_oracle pcre2_oracle;

/// What a PCRE2 return code says, in the terms the tests compare.
typedef enum {
    PCRE2_ORACLE_MATCHED = 0,
    PCRE2_ORACLE_NO_MATCH = 1,
    PCRE2_ORACLE_INVALID_UTF = 2,
    PCRE2_ORACLE_LIMIT = 3,
    PCRE2_ORACLE_OTHER_ERROR = 4,
} pcre2_oracle_outcome;

/// Compiles `pattern` (`length` bytes) with `pcre2_compile_8`.
///
/// - letters: the pattern's flags as Perl letters: `i` PCRE2_CASELESS, `m` PCRE2_MULTILINE,
///   `s` PCRE2_DOTALL, `x` PCRE2_EXTENDED, `D` PCRE2_DOLLAR_ENDONLY (others are ignored).
/// - dup_names: PCRE2_DUPNAMES. ucp: PCRE2_UCP. newline_lf: PCRE2_NEWLINE_LF, else ANY.
/// - whole: PCRE2_ANCHORED | PCRE2_ENDANCHORED.
/// - jit: `pcre2_jit_compile_8` with PCRE2_JIT_COMPLETE (matched with an 8 MiB JIT stack); when
///   that fails, the interpreter.
///
/// Returns NULL when the pattern does not compile, with PCRE2's error code and offset.
pcre2_oracle *pcre2_oracle_compile(const uint8_t *pattern, size_t length, const char *letters,
                                   int dup_names, int ucp, int newline_lf, int whole, int jit,
                                   int *error_code, size_t *error_offset);

/// Frees a pattern from `pcre2_oracle_compile`.
void pcre2_oracle_free(pcre2_oracle *oracle);

/// The number of capture groups (`PCRE2_INFO_CAPTURECOUNT`).
uint32_t pcre2_oracle_capture_count(const pcre2_oracle *oracle);

/// What a PCRE2 return code means (`code` > 0 or 0: a match).
pcre2_oracle_outcome pcre2_oracle_outcome_of(int code);

/// One `pcre2_match_8` from offset 0. On a match, writes the offsets of group 0 and of every
/// capture group (`2 * (capture count + 1)` values; -1 for a group that is unset) into `offsets`.
///
/// Returns PCRE2's return code.
int pcre2_oracle_match(pcre2_oracle *oracle, const uint8_t *subject, size_t length,
                       long *offsets);

/// Every non-overlapping match, found as pcre2demo.c and pcre2test's /g find them: after an
/// empty match, the same place again with PCRE2_NOTEMPTY_ATSTART | PCRE2_ANCHORED, and when that
/// fails one character on (past a CR LF as a unit when the newline convention knows CR LF).
/// Writes each match's group offsets, as `pcre2_oracle_match` does, one match after another
/// into `offsets`, which holds room for `capacity` matches.
///
/// Returns the number of matches, or a negative PCRE2 error code (PCRE2_ERROR_NOMEMORY when
/// there are more than `capacity` matches).
long pcre2_oracle_all_matches(pcre2_oracle *oracle, const uint8_t *subject, size_t length,
                              long *offsets, size_t capacity);

/// `pcre2_substitute_8` with PCRE2_SUBSTITUTE_GLOBAL and PCRE2_SUBSTITUTE_UNSET_EMPTY, as FastCop
/// replaces (and PCRE2_SUBSTITUTE_LITERAL when `literal`), writing the result into `output` (`capacity` bytes).
///
/// Returns the result's length, or a negative PCRE2 error code; when `output` is too small,
/// PCRE2_ERROR_NOMEMORY with the length needed in `needed`.
long pcre2_oracle_substitute(pcre2_oracle *oracle, const uint8_t *subject, size_t length,
                             const uint8_t *replacement, size_t replacement_length, int literal,
                             uint8_t *output, size_t capacity, size_t *needed);

/// PCRE2's own reading of a pattern's items: compiles `pattern` with PCRE2_AUTO_CALLOUT, the
/// flags as `pcre2_oracle_compile` makes them from `letters` (without anchoring) and `extra`
/// compile options, and writes each automatic callout's `pattern_position` and
/// `next_item_length` (`pcre2_callout_enumerate`) into `positions` and `lengths` (room for
/// `capacity`), and the capture count into `captures`.
///
/// Returns the number of callouts (more than `capacity` when they did not all fit), or -1 when
/// the pattern does not compile.
long pcre2_oracle_items(const uint8_t *pattern, size_t length, const char *letters, uint32_t extra,
                        int newline_lf, size_t *positions, size_t *lengths, size_t capacity,
                        uint32_t *captures);

/// PCRE2_ERROR_NOMEMORY, for callers that cannot see pcre2.h.
int pcre2_oracle_no_memory(void);

#endif
