#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CReference.h"

struct creference_pattern {
    pcre2_code *code;
    pcre2_match_data *match_data;
    pcre2_match_context *context;
    int jit;
};

creference_pattern *creference_compile(const char *pattern, size_t length, int whole,
                                       int unicode_classes, uint32_t match_limit, char *error,
                                       size_t error_size) {
    pcre2_compile_context *compile_context = pcre2_compile_context_create(NULL);
    if (compile_context == NULL) {
        snprintf(error, error_size, "pcre2_compile_context_create failed");
        return NULL;
    }
    pcre2_set_newline(compile_context, PCRE2_NEWLINE_ANY);

    uint32_t flags = PCRE2_UTF;
    if (unicode_classes) flags |= PCRE2_UCP;
    if (whole) flags |= PCRE2_ANCHORED | PCRE2_ENDANCHORED;

    int error_code = 0;
    PCRE2_SIZE error_offset = 0;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)pattern, length, flags, &error_code,
                                     &error_offset, compile_context);
    pcre2_compile_context_free(compile_context);
    if (code == NULL) {
        PCRE2_UCHAR message[256];
        pcre2_get_error_message(error_code, message, sizeof message);
        snprintf(error, error_size, "%s at offset %zu", (const char *)message,
                 (size_t)error_offset);
        return NULL;
    }

    creference_pattern *result = calloc(1, sizeof *result);
    if (result == NULL) {
        pcre2_code_free(code);
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    result->code = code;
    result->jit = pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0;
    result->match_data = pcre2_match_data_create_from_pattern(code, NULL);
    result->context = pcre2_match_context_create(NULL);
    if (result->match_data == NULL || result->context == NULL) {
        creference_free(result);
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    pcre2_set_match_limit(result->context, match_limit);
    return result;
}

void creference_free(creference_pattern *pattern) {
    if (pattern == NULL) return;
    pcre2_match_data_free(pattern->match_data);
    pcre2_match_context_free(pattern->context);
    pcre2_code_free(pattern->code);
    free(pattern);
}

int creference_is_jit(const creference_pattern *pattern) { return pattern->jit; }

long creference_count_matches(creference_pattern *pattern, const uint8_t *arena,
                              const size_t *offsets, size_t count) {
    long matched = 0;
    for (size_t i = 0; i < count; i++) {
        int status;
        if (pattern->jit) {
            status = pcre2_jit_match(pattern->code, arena + offsets[i], offsets[i + 1] - offsets[i],
                                     0, 0, pattern->match_data, pattern->context);
        } else {
            status = pcre2_match(pattern->code, arena + offsets[i], offsets[i + 1] - offsets[i], 0,
                                 PCRE2_NO_UTF_CHECK, pattern->match_data, pattern->context);
        }
        if (status >= 0) {
            matched++;
        } else if (status != PCRE2_ERROR_NOMATCH) {
            return status;
        }
    }
    return matched;
}

long creference_substitute_all(creference_pattern *pattern, const uint8_t *replacement,
                               size_t replacement_length, const uint8_t *arena,
                               const size_t *offsets, size_t count, uint8_t *output,
                               size_t capacity, size_t *output_offsets) {
    size_t used = 0;
    output_offsets[0] = 0;
    for (size_t i = 0; i < count; i++) {
        PCRE2_SIZE length = capacity - used;
        int status = pcre2_substitute(pattern->code, arena + offsets[i],
                                      offsets[i + 1] - offsets[i], 0,
                                      PCRE2_SUBSTITUTE_GLOBAL | PCRE2_NO_UTF_CHECK,
                                      pattern->match_data, pattern->context, replacement,
                                      replacement_length, output + used, &length);
        if (status < 0) return status;
        used += length;
        output_offsets[i + 1] = used;
    }
    return 0;
}
