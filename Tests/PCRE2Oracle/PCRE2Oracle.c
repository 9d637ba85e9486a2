#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>

#include "PCRE2Oracle.h"

struct pcre2_oracle {
    pcre2_code *code;
    /// With JIT: a match context holding a JIT stack larger than PCRE2's 32 KiB default.
    pcre2_match_context *context;
    pcre2_jit_stack *jit_stack;
    uint32_t capture_count;
    int utf;
    int crlf_is_newline;
};

/// The compile options of Perl letters: `i`, `m`, `s`, `x` and `D` (others are ignored).
static uint32_t pcre2_oracle_letter_flags(const char *letters) {
    uint32_t flags = 0;
    for (const char *letter = letters; *letter != '\0'; letter++) {
        switch (*letter) {
        case 'i': flags |= PCRE2_CASELESS; break;
        case 'm': flags |= PCRE2_MULTILINE; break;
        case 's': flags |= PCRE2_DOTALL; break;
        case 'x': flags |= PCRE2_EXTENDED; break;
        case 'D': flags |= PCRE2_DOLLAR_ENDONLY; break;
        default: break;
        }
    }
    return flags;
}

pcre2_oracle *pcre2_oracle_compile(const uint8_t *pattern, size_t length, const char *letters,
                                   int dup_names, int ucp, int newline_lf, int whole, int jit,
                                   int *error_code, size_t *error_offset) {
    uint32_t flags = PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C | pcre2_oracle_letter_flags(letters);
    if (dup_names) flags |= PCRE2_DUPNAMES;
    if (ucp) flags |= PCRE2_UCP;
    if (whole) flags |= PCRE2_ANCHORED | PCRE2_ENDANCHORED;

    pcre2_compile_context *context = pcre2_compile_context_create(NULL);
    if (context == NULL) return NULL;
    pcre2_set_newline(context, newline_lf ? PCRE2_NEWLINE_LF : PCRE2_NEWLINE_ANY);
    PCRE2_SIZE offset = 0;
    // A zero-length pattern may come with a null pointer; PCRE2 wants a real one.
    PCRE2_SPTR text = pattern != NULL ? (PCRE2_SPTR)pattern : (PCRE2_SPTR) "";
    pcre2_code *code = pcre2_compile(text, length, flags, error_code, &offset, context);
    pcre2_compile_context_free(context);
    *error_offset = offset;
    if (code == NULL) return NULL;

    pcre2_oracle *oracle = calloc(1, sizeof *oracle);
    if (oracle == NULL) {
        pcre2_code_free(code);
        return NULL;
    }
    oracle->code = code;
    if (jit && pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0) {
        oracle->context = pcre2_match_context_create(NULL);
        oracle->jit_stack = pcre2_jit_stack_create(32 * 1024, 8 * 1024 * 1024, NULL);
        if (oracle->context == NULL || oracle->jit_stack == NULL) {
            pcre2_oracle_free(oracle);
            return NULL;
        }
        pcre2_jit_stack_assign(oracle->context, NULL, oracle->jit_stack);
    }
    pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, &oracle->capture_count);
    oracle->utf = 1;
    oracle->crlf_is_newline = !newline_lf;
    return oracle;
}

void pcre2_oracle_free(pcre2_oracle *oracle) {
    if (oracle == NULL) return;
    pcre2_jit_stack_free(oracle->jit_stack);
    pcre2_match_context_free(oracle->context);
    pcre2_code_free(oracle->code);
    free(oracle);
}

uint32_t pcre2_oracle_capture_count(const pcre2_oracle *oracle) { return oracle->capture_count; }

pcre2_oracle_outcome pcre2_oracle_outcome_of(int code) {
    if (code >= 0) return PCRE2_ORACLE_MATCHED;
    if (code == PCRE2_ERROR_NOMATCH) return PCRE2_ORACLE_NO_MATCH;
    if (code <= PCRE2_ERROR_UTF8_ERR1 && code >= PCRE2_ERROR_UTF8_ERR21) return PCRE2_ORACLE_INVALID_UTF;
    if (code == PCRE2_ERROR_MATCHLIMIT || code == PCRE2_ERROR_DEPTHLIMIT ||
        code == PCRE2_ERROR_HEAPLIMIT || code == PCRE2_ERROR_JIT_STACKLIMIT)
        return PCRE2_ORACLE_LIMIT;
    return PCRE2_ORACLE_OTHER_ERROR;
}

/// Copies the groups' offsets of the last match out of `data` (-1 for unset groups).
static void copy_offsets(const pcre2_oracle *oracle, pcre2_match_data *data, long *offsets) {
    PCRE2_SIZE *ovector = pcre2_get_ovector_pointer(data);
    uint32_t pairs = pcre2_get_ovector_count(data);
    for (uint32_t group = 0; group <= oracle->capture_count; group++) {
        int set = group < pairs && ovector[2 * group] != PCRE2_UNSET;
        offsets[2 * group] = set ? (long)ovector[2 * group] : -1;
        offsets[2 * group + 1] = set ? (long)ovector[2 * group + 1] : -1;
    }
}

/// A subject PCRE2 can read: a zero-length subject may come with a null pointer.
static PCRE2_SPTR readable(const uint8_t *subject) {
    return subject != NULL ? (PCRE2_SPTR)subject : (PCRE2_SPTR) "";
}

int pcre2_oracle_match(pcre2_oracle *oracle, const uint8_t *subject, size_t length,
                       long *offsets) {
    pcre2_match_data *data = pcre2_match_data_create_from_pattern(oracle->code, NULL);
    if (data == NULL) return PCRE2_ERROR_NOMEMORY;
    int code = pcre2_match(oracle->code, readable(subject), length, 0, 0, data, oracle->context);
    if (code >= 0) copy_offsets(oracle, data, offsets);
    pcre2_match_data_free(data);
    return code;
}

long pcre2_oracle_all_matches(pcre2_oracle *oracle, const uint8_t *subject, size_t length,
                              long *offsets, size_t capacity) {
    pcre2_match_data *data = pcre2_match_data_create_from_pattern(oracle->code, NULL);
    if (data == NULL) return PCRE2_ERROR_NOMEMORY;
    PCRE2_SPTR text = readable(subject);
    size_t stride = 2 * ((size_t)oracle->capture_count + 1);
    long count = 0;
    PCRE2_SIZE start = 0;
    uint32_t options = 0;
    for (;;) {
        int code = pcre2_match(oracle->code, text, length, start, options, data, oracle->context);
        if (code == PCRE2_ERROR_NOMATCH) {
            if (options == 0) break;
            // No non-empty match where the empty one was: one character on.
            options = 0;
            start += 1;
            if (oracle->crlf_is_newline && start < length && subject[start - 1] == '\r' &&
                subject[start] == '\n') {
                start += 1;
            } else if (oracle->utf) {
                while (start < length && (subject[start] & 0xc0) == 0x80) start += 1;
            }
            if (start > length) break;
            continue;
        }
        if (code < 0) {
            count = code;
            break;
        }
        if ((size_t)count == capacity) {
            count = PCRE2_ERROR_NOMEMORY;
            break;
        }
        copy_offsets(oracle, data, offsets + (size_t)count * stride);
        count += 1;
        PCRE2_SIZE *ovector = pcre2_get_ovector_pointer(data);
        // \K in an assertion can end a match before its start: stop, as pcre2demo.c does.
        if (ovector[0] > ovector[1]) break;
        start = ovector[1];
        if (ovector[0] == ovector[1]) {
            if (ovector[0] == length) break;
            options = PCRE2_NOTEMPTY_ATSTART | PCRE2_ANCHORED;
        } else {
            options = 0;
        }
    }
    pcre2_match_data_free(data);
    return count;
}

long pcre2_oracle_substitute(pcre2_oracle *oracle, const uint8_t *subject, size_t length,
                             const uint8_t *replacement, size_t replacement_length, int literal,
                             uint8_t *output, size_t capacity, size_t *needed) {
    uint32_t options =
        PCRE2_SUBSTITUTE_GLOBAL | PCRE2_SUBSTITUTE_OVERFLOW_LENGTH | PCRE2_SUBSTITUTE_UNSET_EMPTY;
    if (literal) options |= PCRE2_SUBSTITUTE_LITERAL;
    PCRE2_SIZE size = capacity;
    int code = pcre2_substitute(oracle->code, readable(subject), length, 0, options, NULL, oracle->context,
                                readable(replacement), replacement_length, output, &size);
    *needed = size;
    return code < 0 ? code : (long)size;
}

int pcre2_oracle_no_memory(void) { return PCRE2_ERROR_NOMEMORY; }

struct pcre2_oracle_item_list {
    size_t *positions;
    size_t *lengths;
    size_t capacity;
    long count;
};

static int pcre2_oracle_visit_item(pcre2_callout_enumerate_block *block, void *data) {
    struct pcre2_oracle_item_list *list = data;
    if ((size_t)list->count < list->capacity) {
        list->positions[list->count] = block->pattern_position;
        list->lengths[list->count] = block->next_item_length;
    }
    list->count++;
    return 0;
}

long pcre2_oracle_items(const uint8_t *pattern, size_t length, const char *letters, uint32_t extra,
                        int newline_lf, size_t *positions, size_t *lengths, size_t capacity,
                        uint32_t *captures) {
    uint32_t flags =
        PCRE2_UTF | PCRE2_NEVER_BACKSLASH_C | PCRE2_AUTO_CALLOUT | extra | pcre2_oracle_letter_flags(letters);
    pcre2_compile_context *context = pcre2_compile_context_create(NULL);
    if (context == NULL) return -1;
    pcre2_set_newline(context, newline_lf ? PCRE2_NEWLINE_LF : PCRE2_NEWLINE_ANY);
    int error_code = 0;
    PCRE2_SIZE offset = 0;
    PCRE2_SPTR text = pattern != NULL ? (PCRE2_SPTR)pattern : (PCRE2_SPTR) "";
    pcre2_code *code = pcre2_compile(text, length, flags, &error_code, &offset, context);
    pcre2_compile_context_free(context);
    if (code == NULL) return -1;
    struct pcre2_oracle_item_list list = {positions, lengths, capacity, 0};
    pcre2_callout_enumerate(code, pcre2_oracle_visit_item, &list);
    pcre2_pattern_info(code, PCRE2_INFO_CAPTURECOUNT, captures);
    pcre2_code_free(code);
    return list.count;
}
