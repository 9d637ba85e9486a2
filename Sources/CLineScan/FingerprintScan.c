// A fingerprint scan over nibble tables, for FastCop's sets of literal texts: each text's first
// one to three bytes set its bucket's bit in a table indexed by each byte's low nibble and in
// one indexed by its high nibble; a byte shuffle looks 16 (or 32) subject bytes up in each table
// at once, and a position where every looked-up pair shares a bit is a candidate that the caller
// compares with the bucket's texts. The cost per 16 bytes does not grow with the number of texts.
#include "CLineScan.h"

#if defined(__x86_64__)
#include <immintrin.h>

static int detected_width = -1;

int fastcop_fingerprint_width(void) {
    // A benign race: every thread computes the same answer.
    int width = __atomic_load_n(&detected_width, __ATOMIC_RELAXED);
    if (width < 0) {
        __builtin_cpu_init();
        width = __builtin_cpu_supports("avx2") ? 32 : __builtin_cpu_supports("ssse3") ? 16 : 0;
        __atomic_store_n(&detected_width, width, __ATOMIC_RELAXED);
    }
    return width;
}

// The buckets each of the 16 positions at `at` fits, for a fingerprint of LENGTH bytes.
#define FINGERPRINT16(LENGTH)                                                                        \
    __attribute__((target("ssse3"))) static inline __m128i fingerprint16_##LENGTH(                   \
        const uint8_t *at, const __m128i *low, const __m128i *high) {                                \
        const __m128i nibble = _mm_set1_epi8(0x0F);                                                  \
        __m128i fits = _mm_set1_epi8((char)0xFF);                                                    \
        for (int k = 0; k < LENGTH; k++) {                                                           \
            __m128i bytes = _mm_loadu_si128((const __m128i *)(at + k));                              \
            __m128i lows = _mm_shuffle_epi8(low[k], _mm_and_si128(bytes, nibble));                   \
            __m128i highs = _mm_shuffle_epi8(high[k], _mm_and_si128(_mm_srli_epi16(bytes, 4), nibble)); \
            fits = _mm_and_si128(fits, _mm_and_si128(lows, highs));                                  \
        }                                                                                            \
        return fits;                                                                                 \
    }
FINGERPRINT16(1)
FINGERPRINT16(2)
FINGERPRINT16(3)

#define FINGERPRINT32(LENGTH)                                                                        \
    __attribute__((target("avx2"))) static inline __m256i fingerprint32_##LENGTH(                    \
        const uint8_t *at, const __m256i *low, const __m256i *high) {                                \
        const __m256i nibble = _mm256_set1_epi8(0x0F);                                               \
        __m256i fits = _mm256_set1_epi8((char)0xFF);                                                 \
        for (int k = 0; k < LENGTH; k++) {                                                           \
            __m256i bytes = _mm256_loadu_si256((const __m256i *)(at + k));                           \
            __m256i lows = _mm256_shuffle_epi8(low[k], _mm256_and_si256(bytes, nibble));             \
            __m256i highs =                                                                          \
                _mm256_shuffle_epi8(high[k], _mm256_and_si256(_mm256_srli_epi16(bytes, 4), nibble)); \
            fits = _mm256_and_si256(fits, _mm256_and_si256(lows, highs));                            \
        }                                                                                            \
        return fits;                                                                                 \
    }
FINGERPRINT32(1)
FINGERPRINT32(2)
FINGERPRINT32(3)

__attribute__((target("ssse3"))) static ptrdiff_t scan16(const uint8_t *base, ptrdiff_t start, ptrdiff_t end,
                                                         const uint8_t *masks, int length, uint8_t *lanes) {
    __m128i low[3], high[3];
    for (int k = 0; k < length; k++) {
        low[k] = _mm_loadu_si128((const __m128i *)(masks + 32 * k));
        high[k] = _mm_loadu_si128((const __m128i *)(masks + 32 * k + 16));
    }
    const __m128i zero = _mm_setzero_si128();
    for (ptrdiff_t at = start; at < end; at += 16) {
        __m128i fits = length == 3   ? fingerprint16_3(base + at, low, high)
                       : length == 2 ? fingerprint16_2(base + at, low, high)
                                     : fingerprint16_1(base + at, low, high);
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(fits, zero)) != 0xFFFF) {
            _mm_storeu_si128((__m128i *)lanes, fits);
            return at;
        }
    }
    return -1;
}

__attribute__((target("avx2"))) static ptrdiff_t scan32(const uint8_t *base, ptrdiff_t start, ptrdiff_t end,
                                                        const uint8_t *masks, int length, uint8_t *lanes) {
    __m256i low[3], high[3];
    for (int k = 0; k < length; k++) {
        low[k] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(masks + 32 * k)));
        high[k] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(masks + 32 * k + 16)));
    }
    const __m256i zero = _mm256_setzero_si256();
    ptrdiff_t at = start;
    // Thirty-two positions a step while both halves' windows are before `end`.
    for (; at + 16 < end; at += 32) {
        __m256i fits = length == 3   ? fingerprint32_3(base + at, low, high)
                       : length == 2 ? fingerprint32_2(base + at, low, high)
                                     : fingerprint32_1(base + at, low, high);
        uint32_t empty = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(fits, zero));
        if (empty != 0xFFFFFFFFu) {
            // The first half with a candidate is the window found.
            if ((empty & 0xFFFF) != 0xFFFF) {
                _mm_storeu_si128((__m128i *)lanes, _mm256_castsi256_si128(fits));
                return at;
            }
            _mm_storeu_si128((__m128i *)lanes, _mm256_extracti128_si256(fits, 1));
            return at + 16;
        }
    }
    return at < end ? scan16(base, at, end, masks, length, lanes) : -1;
}

ptrdiff_t fastcop_fingerprint_scan(const uint8_t *base, ptrdiff_t start, ptrdiff_t end, const uint8_t *masks,
                                   int length, int width, uint8_t *lanes) {
    if (length < 1 || length > 3) return -1;
    return width == 32 ? scan32(base, start, end, masks, length, lanes)
                       : scan16(base, start, end, masks, length, lanes);
}

#else

int fastcop_fingerprint_width(void) { return 0; }

ptrdiff_t fastcop_fingerprint_scan(const uint8_t *base, ptrdiff_t start, ptrdiff_t end, const uint8_t *masks,
                                   int length, int width, uint8_t *lanes) {
    (void)base, (void)start, (void)end, (void)masks, (void)length, (void)width, (void)lanes;
    return -1;
}

#endif
