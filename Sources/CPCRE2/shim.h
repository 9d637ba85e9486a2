#ifndef FASTCOP_CPCRE2_SHIM_H
#define FASTCOP_CPCRE2_SHIM_H

// FastCop works on UTF-8 only: the 8-bit code unit width.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

// Macros that Swift cannot import (they are expressions, not literals).

/// `PCRE2_UNSET`: the value of an unset ovector slot.
static inline PCRE2_SIZE cpcre2_unset(void) { return PCRE2_UNSET; }

#include <stdint.h>
#include <time.h>

/// What the watched search's callout (`cpcre2_watch_callout`) reads and writes (see FastCop's
/// `CompiledCode.watching`).
typedef struct {
    uint64_t deadline;          // monotonic nanoseconds after which the search stops
    PCRE2_SIZE callout_position; // the watched callout's pattern_position
    PCRE2_SIZE stopped_at;      // where the search stopped, when `stopped`
    uint32_t countdown;         // callouts left before the next clock reading
    uint32_t stopped;
} cpcre2_watch;

/// Failed start positions that share one clock reading.
#define CPCRE2_POSITIONS_PER_READING 8

/// The watched search's callout, in C: called by PCRE2 at every start position that failed
/// (a callout costs several times PCRE2's work on such a position, so this one does as little
/// as it can). Other callouts in the pattern pass. Every `CPCRE2_POSITIONS_PER_READING`th call
/// reads the coarse monotonic clock and ends the search with `PCRE2_ERROR_CALLOUT` once the
/// deadline has passed.
static inline int cpcre2_watch_callout(pcre2_callout_block *block, void *data) {
    cpcre2_watch *watch = (cpcre2_watch *)data;
    if (block->pattern_position != watch->callout_position) return 0;
    if (--watch->countdown > 0) return 0;
    watch->countdown = CPCRE2_POSITIONS_PER_READING;
    struct timespec now;
#ifdef CLOCK_MONOTONIC_COARSE
    clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
#else
    clock_gettime(CLOCK_MONOTONIC, &now);
#endif
    if ((uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec < watch->deadline) return 0;
    watch->stopped_at = block->start_match;
    watch->stopped = 1;
    return PCRE2_ERROR_CALLOUT;
}

#endif
