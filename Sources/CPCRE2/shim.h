#ifndef FASTCOP_CPCRE2_SHIM_H
#define FASTCOP_CPCRE2_SHIM_H

// FastCop works on UTF-8 only: the 8-bit code unit width.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

// Macros that Swift cannot import (they are expressions, not literals).

/// `PCRE2_UNSET`: the value of an unset ovector slot.
static inline PCRE2_SIZE cpcre2_unset(void) { return PCRE2_UNSET; }

#endif
