// Byte scans that need instructions Swift's SIMD types do not reach (a byte shuffle by a vector
// of indices: SSSE3's pshufb, AVX2's vpshufb), for FastCop's line engine (Sources/FastCop/Lines).
// Written for FastCop; no outside code.
#ifndef FASTCOP_CLINESCAN_H
#define FASTCOP_CLINESCAN_H

#include <stddef.h>
#include <stdint.h>

/// The widest fingerprint scan this machine runs: 32 (AVX2), 16 (SSSE3) or 0 (neither, or not
/// an x86-64 build: the caller scans another way). 32 also says that the pair scan and the
/// UTF-8 check below run.
int fastcop_fingerprint_width(void);

/// The first window of 16 start positions, at `start`, `start + 16`, ... and before `end`, in
/// which some position's next `length` bytes (1 to 3) fit the fingerprint `masks`, or -1.
///
/// `masks` holds, for each byte k of the fingerprint (k < length), 16 bytes indexed by the low
/// nibble of the subject byte at position + k, then 16 indexed by its high nibble: a position
/// fits bucket b when bit b is set in both for every k. For the window found, `lanes[i]` gets
/// the buckets position `start of window + i` fits (16 bytes). Reads `base[start]` up to
/// `base[end + 15 + length - 1]`, which the caller must own. `width` is what
/// fastcop_fingerprint_width() answered (16 or 32).
ptrdiff_t fastcop_fingerprint_scan(const uint8_t *base, ptrdiff_t start, ptrdiff_t end, const uint8_t *masks,
                                   int length, int width, uint8_t *lanes);

/// The first window of 64 start positions at `start`, `start + 64`, ... (each window wholly at
/// or before `last`, the last start position) in which some position has `rare` at position +
/// `rare_index` and `other` at position + `other_index`, or some byte of the window's
/// `base[window + rare_index ..< window + rare_index + 64]` is 0x80 or more, `*found` then
/// saying which (1: a position, 2: a byte, 3: both); -1 when none is, `*next` then being the
/// first window start not scanned. Reads `base[start]` up to
/// `base[last + max(rare_index, other_index)]`, which the caller must own. Only when
/// fastcop_fingerprint_width() is 32 (AVX2).
ptrdiff_t fastcop_pair_scan(const uint8_t *base, ptrdiff_t start, ptrdiff_t last, ptrdiff_t rare_index,
                            ptrdiff_t other_index, uint8_t rare, uint8_t other, ptrdiff_t *next, int *found);

/// The length of the longest prefix of `base[0..<count]` that this scan finds valid UTF-8 in
/// whole blocks of 64 bytes, ending at a character boundary: every byte before it is valid,
/// and a caller checks the rest (the last bytes, or the block where an error is) another way.
/// 0 when the machine has no AVX2 (then the caller checks it all).
ptrdiff_t fastcop_utf8_valid_prefix(const uint8_t *base, ptrdiff_t count);

#endif
