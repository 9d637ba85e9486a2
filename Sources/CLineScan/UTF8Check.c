// UTF-8 validation 64 bytes a step with AVX2, for FastCop's line engine (UTF8TextScan): each
// byte is judged with the three before it by looking their nibbles up in three small tables of
// error bits (a lookup with a byte shuffle), after Keiser and Lemire's method ("Validating UTF-8
// in less than one instruction per byte", 2021). Written for FastCop from the method's
// description.
#include "CLineScan.h"

#if defined(__x86_64__)
#include <immintrin.h>

// Error bits: a pair of bytes (the one before, this one) is wrong when a bit set in all three
// lookups survives.
enum {
    TOO_SHORT = 1 << 0,      // a lead, then no continuation
    TOO_LONG = 1 << 1,       // ASCII, then a continuation
    OVERLONG_3 = 1 << 2,     // E0 80..9F
    TOO_LARGE = 1 << 3,      // F4 90..BF, F5..FF then 80..BF
    SURROGATE = 1 << 4,      // ED A0..BF
    OVERLONG_2 = 1 << 5,     // C0, C1 then a continuation
    TOO_LARGE_1000 = 1 << 6, // F5..FF 80..8F
    OVERLONG_4 = 1 << 6,     // F0 80..8F
    TWO_CONTS = 1 << 7,      // a continuation after a continuation (right in a 3- or 4-byte sequence)
    CARRY = TOO_SHORT | TOO_LONG | TWO_CONTS,
};

#define B(x) ((char)(unsigned char)(x))
#define TABLE(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, aA, aB, aC, aD, aE, aF)                              \
    _mm256_setr_epi8(B(a0), B(a1), B(a2), B(a3), B(a4), B(a5), B(a6), B(a7), B(a8), B(a9), B(aA), B(aB),      \
                     B(aC), B(aD), B(aE), B(aF), B(a0), B(a1), B(a2), B(a3), B(a4), B(a5), B(a6), B(a7), B(a8), \
                     B(a9), B(aA), B(aB), B(aC), B(aD), B(aE), B(aF))

// `input`'s bytes shifted right by `N` positions, the first `N` taken from the end of `previous`.
#define PREVIOUS(input, previous, N)                                                                         \
    _mm256_alignr_epi8(input, _mm256_permute2x128_si256(previous, input, 0x21), 16 - (N))

// The error bits of the 32 bytes of `input` that follow `previous`: nonzero where a byte is wrong.
__attribute__((target("avx2"))) static inline __m256i utf8_errors(__m256i input, __m256i previous) {
    const __m256i byte_1_high = TABLE(TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
                                      TOO_LONG, TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS, TOO_SHORT | OVERLONG_2,
                                      TOO_SHORT, TOO_SHORT | OVERLONG_3 | SURROGATE,
                                      TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4);
    const __m256i byte_1_low = TABLE(
        CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4, CARRY | OVERLONG_2, CARRY, CARRY, CARRY | TOO_LARGE,
        CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000, CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE, CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000);
    const __m256i byte_2_high = TABLE(
        TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT);
    const __m256i low_nibble = _mm256_set1_epi8(0x0F);
    __m256i previous1 = PREVIOUS(input, previous, 1);
    __m256i special = _mm256_and_si256(
        _mm256_and_si256(
            _mm256_shuffle_epi8(byte_1_high, _mm256_and_si256(_mm256_srli_epi16(previous1, 4), low_nibble)),
            _mm256_shuffle_epi8(byte_1_low, _mm256_and_si256(previous1, low_nibble))),
        _mm256_shuffle_epi8(byte_2_high, _mm256_and_si256(_mm256_srli_epi16(input, 4), low_nibble)));
    // A continuation two or three bytes after a lead of a 3- or 4-byte sequence is expected:
    // its TWO_CONTS bit is cancelled, and a missing one (TWO_CONTS clear there) is an error.
    __m256i third = _mm256_subs_epu8(PREVIOUS(input, previous, 2), _mm256_set1_epi8((char)(0xE0 - 0x80)));
    __m256i fourth = _mm256_subs_epu8(PREVIOUS(input, previous, 3), _mm256_set1_epi8((char)(0xF0 - 0x80)));
    __m256i expected = _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8((char)0x80));
    return _mm256_xor_si256(expected, special);
}

// Whether the last bytes of `input` start a sequence that goes on past it.
__attribute__((target("avx2"))) static inline int ends_within_sequence(__m256i input) {
    const __m256i most = _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                          -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, (char)0xEF, (char)0xDF,
                                          (char)0xBF);
    return !_mm256_testz_si256(_mm256_subs_epu8(input, most), _mm256_subs_epu8(input, most));
}

__attribute__((target("avx2"))) static ptrdiff_t valid_prefix32(const uint8_t *base, ptrdiff_t count) {
    __m256i previous = _mm256_setzero_si256();
    int pending = 0; // the last block ended within a sequence
    ptrdiff_t at = 0;
    for (; at + 64 <= count; at += 64) {
        __m256i low = _mm256_loadu_si256((const __m256i *)(base + at));
        __m256i high = _mm256_loadu_si256((const __m256i *)(base + at + 32));
        if (_mm256_movemask_epi8(_mm256_or_si256(low, high)) == 0) {
            if (pending) break; // a sequence cut short by ASCII
            previous = high;
            continue;
        }
        __m256i errors = _mm256_or_si256(utf8_errors(low, previous), utf8_errors(high, low));
        if (!_mm256_testz_si256(errors, errors)) break;
        pending = ends_within_sequence(high);
        previous = high;
    }
    // Back to the lead of a sequence the last block left unfinished: every byte before it is
    // valid and it starts a character.
    if (pending) {
        ptrdiff_t back = at;
        while (back > at - 3 && (base[back - 1] & 0xC0) == 0x80) back -= 1;
        return back - 1 >= 0 && base[back - 1] >= 0xC0 ? back - 1 : back;
    }
    return at;
}

ptrdiff_t fastcop_utf8_valid_prefix(const uint8_t *base, ptrdiff_t count) {
    return fastcop_fingerprint_width() == 32 ? valid_prefix32(base, count) : 0;
}

#else

ptrdiff_t fastcop_utf8_valid_prefix(const uint8_t *base, ptrdiff_t count) {
    (void)base, (void)count;
    return 0;
}

#endif
