#ifndef FASTCOP_CZLIB_SHIM_H
#define FASTCOP_CZLIB_SHIM_H

#include <zlib.h>

// Macros that Swift cannot import (they call a function with the library's version and the
// size of z_stream).

/// `inflateInit2(stream, 15 + 16)`: inflate gzip data (a gzip header and trailer, with its
/// CRC-32 and length checked), with the largest window.
static inline int czlib_inflate_init_gzip(z_streamp stream) { return inflateInit2(stream, 15 + 16); }

#endif
