#ifndef ANIMVID_CZLIB_SHIM_H
#define ANIMVID_CZLIB_SHIM_H

#include <zlib.h>

/// inflateInit2 is a macro Swift cannot import.
static inline int czlib_inflate_init_raw(z_stream *stream) { return inflateInit2(stream, -MAX_WBITS); }

#endif
