// The system zlib (Debian: zlib1g-dev), for reading the deflate streams inside zip archives.
// `inflateInit2` is a macro, which Swift cannot call: this wrapper starts a raw inflate (no zlib
// header or trailer, as zip entries store it).
#ifndef DIALRULES_CZLIB_SHIM_H
#define DIALRULES_CZLIB_SHIM_H
#include <zlib.h>

static inline int dialrules_inflate_init_raw(z_stream *stream) {
  return inflateInit2(stream, -MAX_WBITS);
}
#endif
