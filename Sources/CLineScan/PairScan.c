// The wide loop of a required literal's scan (FastCop's RequiredLiteral): 64 start positions a
// step, comparing the literal's two chosen bytes at their places with AVX2 (32 bytes a compare)
// and noting bytes with the high bit set, which the caller's UTF-8 check must look at. Swift's
// SIMD types compile to 16-byte compares in a portable build; this halves the instructions.
#include "CLineScan.h"

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2"))) static ptrdiff_t pair_scan32(const uint8_t *base, ptrdiff_t start, ptrdiff_t last,
                                                             ptrdiff_t rare_index, ptrdiff_t other_index,
                                                             uint8_t rare, uint8_t other, ptrdiff_t *next,
                                                             int *found) {
    const __m256i rare_vector = _mm256_set1_epi8((char)rare);
    const __m256i other_vector = _mm256_set1_epi8((char)other);
    ptrdiff_t at = start;
    for (; at + 63 <= last; at += 64) {
        const uint8_t *rare_bytes = base + at + rare_index;
        const uint8_t *other_bytes = base + at + other_index;
        __m256i r0 = _mm256_loadu_si256((const __m256i *)rare_bytes);
        __m256i r1 = _mm256_loadu_si256((const __m256i *)(rare_bytes + 32));
        __m256i o0 = _mm256_loadu_si256((const __m256i *)other_bytes);
        __m256i o1 = _mm256_loadu_si256((const __m256i *)(other_bytes + 32));
        __m256i hits = _mm256_or_si256(
            _mm256_and_si256(_mm256_cmpeq_epi8(r0, rare_vector), _mm256_cmpeq_epi8(o0, other_vector)),
            _mm256_and_si256(_mm256_cmpeq_epi8(r1, rare_vector), _mm256_cmpeq_epi8(o1, other_vector)));
        // A hit is 0xFF (high bit set), as is a byte of 0x80 or more: one mask answers both.
        if (_mm256_movemask_epi8(_mm256_or_si256(hits, _mm256_or_si256(r0, r1))) != 0) {
            int high = _mm256_movemask_epi8(_mm256_or_si256(r0, r1)) != 0;
            *found = (_mm256_movemask_epi8(hits) != 0) | high << 1;
            return at;
        }
    }
    *next = at;
    return -1;
}

ptrdiff_t fastcop_pair_scan(const uint8_t *base, ptrdiff_t start, ptrdiff_t last, ptrdiff_t rare_index,
                            ptrdiff_t other_index, uint8_t rare, uint8_t other, ptrdiff_t *next, int *found) {
    return pair_scan32(base, start, last, rare_index, other_index, rare, other, next, found);
}

#else

ptrdiff_t fastcop_pair_scan(const uint8_t *base, ptrdiff_t start, ptrdiff_t last, ptrdiff_t rare_index,
                            ptrdiff_t other_index, uint8_t rare, uint8_t other, ptrdiff_t *next, int *found) {
    (void)base, (void)last, (void)rare_index, (void)other_index, (void)rare, (void)other, (void)found;
    *next = start;
    return -1;
}

#endif
