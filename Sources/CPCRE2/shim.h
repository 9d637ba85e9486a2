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
/// `SearchWatch` and `CompiledCode.watching`).
typedef struct {
    uint64_t deadline;          // monotonic nanoseconds at which the thread's CPU time is read again
    uint64_t cpu_deadline;      // the thread's CPU nanoseconds after which the search stops
    uint64_t wall_limit;        // monotonic nanoseconds after which it stops whatever the CPU time
    PCRE2_SIZE callout_position; // the watched callout's pattern_position
    PCRE2_SIZE stopped_at;      // where the search stopped, when `stopped`
    uint32_t countdown;         // callouts left before the next clock reading
    uint32_t stopped;
} cpcre2_watch;

/// Failed start positions that share one clock reading.
#define CPCRE2_POSITIONS_PER_READING 8

/// Nanoseconds of `clock`, or of the monotonic clock when the system cannot read `clock`.
static inline uint64_t cpcre2_clock_nanoseconds(clockid_t clock) {
    struct timespec now;
    if (clock_gettime(clock, &now) != 0) clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/// The clock the watched search is charged by: the calling thread's CPU time, so that a
/// search's allowance is the work it did, not the time other threads or processes held the
/// core (`CLOCK_THREAD_CPUTIME_ID`; the monotonic clock where there is none).
static inline uint64_t cpcre2_thread_cpu_nanoseconds(void) {
#ifdef CLOCK_THREAD_CPUTIME_ID
    return cpcre2_clock_nanoseconds(CLOCK_THREAD_CPUTIME_ID);
#else
    return cpcre2_clock_nanoseconds(CLOCK_MONOTONIC);
#endif
}

/// The cheap clock the callout reads first: the coarse monotonic clock (a few nanoseconds).
static inline uint64_t cpcre2_coarse_nanoseconds(void) {
#ifdef CLOCK_MONOTONIC_COARSE
    return cpcre2_clock_nanoseconds(CLOCK_MONOTONIC_COARSE);
#else
    return cpcre2_clock_nanoseconds(CLOCK_MONOTONIC);
#endif
}

/// The watched search's callout, in C: called by PCRE2 at every start position that failed
/// (a callout costs several times PCRE2's work on such a position, so this one does as little
/// as it can). Other callouts in the pattern pass. Every `CPCRE2_POSITIONS_PER_READING`th call
/// reads the coarse monotonic clock; once that passes `deadline` (no sooner than the thread's
/// CPU time could reach `cpu_deadline`), it reads the thread's CPU time (a system call) and ends
/// the search with `PCRE2_ERROR_CALLOUT` if that has passed `cpu_deadline`, else sets `deadline`
/// to when it could at the earliest. A thread kept off its core by other work thus gets the
/// same work done before it stops, unless the monotonic clock passes `wall_limit` first.
static inline int cpcre2_watch_callout(pcre2_callout_block *block, void *data) {
    cpcre2_watch *watch = (cpcre2_watch *)data;
    if (block->pattern_position != watch->callout_position) return 0;
    if (--watch->countdown > 0) return 0;
    watch->countdown = CPCRE2_POSITIONS_PER_READING;
    uint64_t now = cpcre2_coarse_nanoseconds();
    if (now < watch->deadline) return 0;
    uint64_t cpu = cpcre2_thread_cpu_nanoseconds();
    if (cpu < watch->cpu_deadline && now < watch->wall_limit) {
        uint64_t left = watch->cpu_deadline - cpu; // now < wall_limit: no overflow below
        watch->deadline = left < watch->wall_limit - now ? now + left : watch->wall_limit;
        return 0;
    }
    watch->stopped_at = block->start_match;
    watch->stopped = 1;
    return PCRE2_ERROR_CALLOUT;
}

#endif
