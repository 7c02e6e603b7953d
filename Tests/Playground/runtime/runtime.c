// The C library the playground's WebAssembly module needs and the toolchain does not ship for
// wasm32-unknown-none-wasm (no libc, no compiler-rt): what the Embedded Swift standard library
// and the DialRules code call — an allocator with free, the mem* functions, the Hasher seed — and
// the 128-bit integer helpers LLVM calls for `Int128` multiplication and division.
//
// Compiled by Tests/Playground/build.sh with clang --target=wasm32 -nostdlib -O2 -mbulk-memory.
// The module is single-threaded: nothing here locks.

typedef unsigned long size_t;
typedef unsigned long uintptr_t;
typedef unsigned char uint8_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
typedef long long int64_t;
typedef unsigned __int128 uint128_t;
typedef __int128 int128_t;

#define NULL ((void *)0)
#define EXPORT __attribute__((visibility("default")))

// MARK: - Memory functions
//
// With -mbulk-memory, clang lowers the builtins to the memory.copy and memory.fill instructions
// (never back to a call of these functions).

EXPORT void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
  __builtin_memmove(dst, src, n);
  return dst;
}

EXPORT void *memmove(void *dst, const void *src, size_t n) {
  __builtin_memmove(dst, src, n);
  return dst;
}

EXPORT void *memset(void *dst, int c, size_t n) {
  __builtin_memset(dst, c, n);
  return dst;
}

EXPORT int memcmp(const void *a, const void *b, size_t n) {
  const uint8_t *p = a, *q = b;
  for (size_t i = 0; i < n; i++) {
    if (p[i] != q[i]) return p[i] < q[i] ? -1 : 1;
  }
  return 0;
}

EXPORT void *memchr(const void *s, int c, size_t n) {
  const uint8_t *p = s;
  for (size_t i = 0; i < n; i++) {
    if (p[i] == (uint8_t)c) return (void *)(p + i);
  }
  return NULL;
}

// MARK: - Allocator
//
// Every block starts with a 16-byte header and its payload is 16-byte aligned (what Swift's
// allocation functions expect of malloc). Blocks of up to SMALL_LIMIT payload bytes are sized in
// steps of 16 and reused through one free list per size; larger ones are sized in powers of two
// and reused through one free list per power. Fresh blocks are cut from the end of the heap,
// which grows by whole 64 KiB pages. Freed blocks are never returned to the host (wasm memory
// cannot shrink) but every size is reused.

#define HEADER 16u
#define SMALL_LIMIT 4096u
#define SMALL_CLASSES (SMALL_LIMIT / 16u)  // classes 1 … 256: payload 16·class bytes
#define LARGE_CLASSES 33u                  // powers of two 2^13 … 2^32 (indices 13 …)
#define ALIGNED_MARK 0xA11A11EDu

typedef struct Header {
  uint32_t payload;  // the usable bytes, or ALIGNED_MARK for the header before an aligned pointer
  uint32_t offset;   // for ALIGNED_MARK: bytes from the real block's payload to this payload
  struct Header *next;  // while free: the next free block of the same size
  uint32_t pad;
} Header;

_Static_assert(sizeof(Header) <= HEADER, "header fits");

extern unsigned char __heap_base;
static uintptr_t heapTop;  // the first byte not handed out
static uintptr_t heapEnd;  // the end of the memory the heap has
static Header *smallFree[SMALL_CLASSES + 1];
static Header *largeFree[LARGE_CLASSES];

static int grow(size_t bytes) {
  if (heapTop == 0) {
    heapTop = ((uintptr_t)&__heap_base + 15u) & ~(uintptr_t)15u;
    heapEnd = __builtin_wasm_memory_size(0) * 65536ul;
  }
  if (heapEnd - heapTop >= bytes) return 1;
  size_t missing = bytes - (heapEnd - heapTop);
  size_t pages = (missing + 65535u) / 65536u;
  if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
  heapEnd += pages * 65536ul;
  return 1;
}

static void *fresh(uint32_t payload) {
  if (!grow((size_t)HEADER + payload)) return NULL;
  Header *h = (Header *)heapTop;
  heapTop += HEADER + payload;
  h->payload = payload;
  h->offset = 0;
  h->next = NULL;
  return (uint8_t *)h + HEADER;
}

static unsigned largeClass(size_t n) {  // the smallest power 2^k >= n, k >= 13
  unsigned k = 13;
  while (((size_t)1 << k) < n) k++;
  return k;
}

EXPORT void *malloc(size_t n) {
  if (n > 0xFFFFFFF0u - HEADER) return NULL;
  if (n <= SMALL_LIMIT) {
    unsigned c = n == 0 ? 1 : (unsigned)((n + 15u) / 16u);
    Header *h = smallFree[c];
    if (h) {
      smallFree[c] = h->next;
      return (uint8_t *)h + HEADER;
    }
    return fresh(c * 16u);
  }
  unsigned k = largeClass(n);
  if (k >= 32) return NULL;
  Header *h = largeFree[k];
  if (h) {
    largeFree[k] = h->next;
    return (uint8_t *)h + HEADER;
  }
  return fresh((uint32_t)1u << k);
}

static Header *headerOf(void *p) { return (Header *)((uint8_t *)p - HEADER); }

EXPORT void free(void *p) {
  if (!p) return;
  Header *h = headerOf(p);
  if (h->payload == ALIGNED_MARK) {
    p = (uint8_t *)p - h->offset;
    h = headerOf(p);
  }
  if (h->payload <= SMALL_LIMIT) {
    unsigned c = h->payload / 16u;
    h->next = smallFree[c];
    smallFree[c] = h;
  } else {
    unsigned k = largeClass(h->payload);
    h->next = largeFree[k];
    largeFree[k] = h;
  }
}

EXPORT void *calloc(size_t count, size_t size) {
  if (size && count > (size_t)-1 / size) return NULL;
  void *p = malloc(count * size);
  if (p) __builtin_memset(p, 0, count * size);
  return p;
}

static size_t usable(void *p) {
  Header *h = headerOf(p);
  if (h->payload == ALIGNED_MARK) return headerOf((uint8_t *)p - h->offset)->payload - h->offset;
  return h->payload;
}

EXPORT void *realloc(void *p, size_t n) {
  if (!p) return malloc(n);
  size_t have = usable(p);
  if (n <= have) return p;
  void *q = malloc(n);
  if (!q) return NULL;
  __builtin_memcpy(q, p, have);
  free(p);
  return q;
}

// An alignment above 16: a block with room to move the payload to the next multiple of the
// alignment; the header before the moved payload says how far it moved.
EXPORT int posix_memalign(void **out, size_t alignment, size_t n) {
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return 22;  // EINVAL
  if (alignment <= 16) {
    void *p = malloc(n);
    if (!p) return 12;  // ENOMEM
    *out = p;
    return 0;
  }
  if (n > (size_t)-1 - alignment - HEADER) return 12;
  uint8_t *p = malloc(n + alignment + HEADER);
  if (!p) return 12;
  uintptr_t aligned = ((uintptr_t)p + HEADER + alignment - 1) & ~(uintptr_t)(alignment - 1);
  Header *h = headerOf((void *)aligned);
  h->payload = ALIGNED_MARK;
  h->offset = (uint32_t)(aligned - (uintptr_t)p);
  *out = (void *)aligned;
  return 0;
}

EXPORT void *aligned_alloc(size_t alignment, size_t n) {
  void *p = NULL;
  return posix_memalign(&p, alignment, n) == 0 ? p : NULL;
}

// MARK: - Randomness
//
// Only `Hasher`'s per-process seed asks for random bytes. A fixed sequence keeps the module
// deterministic; nothing the engine prints depends on hash order.

EXPORT void arc4random_buf(void *buffer, size_t n) {
  static uint64_t state = 0x9E3779B97F4A7C15ull;
  uint8_t *b = buffer;
  for (size_t i = 0; i < n; i++) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    b[i] = (uint8_t)(state >> 24);
  }
}

// MARK: - Output
//
// The engine prints nothing (every result is returned as text); these keep `print`, should a
// diagnostic path reach it, from needing a host import.

EXPORT int putchar(int c) { return c; }

// MARK: - 128-bit integers
//
// Written with 64-bit operations only (a 128-bit `/` or `*` here would call these very functions).

typedef struct {
  uint64_t lo, hi;
} U128;

static inline U128 split(uint128_t v) { return (U128){(uint64_t)v, (uint64_t)(v >> 64)}; }
static inline uint128_t join(U128 v) { return ((uint128_t)v.hi << 64) | v.lo; }

// The full 128-bit product of two 64-bit numbers, from 32-bit halves.
static U128 mul64(uint64_t a, uint64_t b) {
  uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t middle = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
  return (U128){(middle << 32) | (uint32_t)p00, p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32)};
}

EXPORT int128_t __multi3(int128_t a, int128_t b) {
  U128 x = split((uint128_t)a), y = split((uint128_t)b);
  U128 r = mul64(x.lo, y.lo);
  r.hi += x.lo * y.hi + x.hi * y.lo;
  return (int128_t)join(r);
}

static inline unsigned clz128(U128 v) {
  return v.hi ? (unsigned)__builtin_clzll(v.hi) : 64u + (v.lo ? (unsigned)__builtin_clzll(v.lo) : 64u);
}

static inline U128 shl(U128 v, unsigned s) {
  if (s == 0) return v;
  if (s >= 64) return (U128){0, v.lo << (s - 64)};
  return (U128){v.lo << s, (v.hi << s) | (v.lo >> (64 - s))};
}

static inline int lessThan(U128 a, U128 b) { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo); }

static inline U128 sub(U128 a, U128 b) { return (U128){a.lo - b.lo, a.hi - b.hi - (a.lo < b.lo)}; }

// Unsigned division with remainder: 64-bit division when both fit, else shift and subtract from
// the divisor's leading bit down (at most 128 steps). Division by zero is the caller's trap:
// Swift checks before it divides.
static U128 udivmod(U128 n, U128 d, U128 *remainder) {
  if (n.hi == 0 && d.hi == 0) {
    if (d.lo == 0) __builtin_trap();
    if (remainder) *remainder = (U128){n.lo % d.lo, 0};
    return (U128){n.lo / d.lo, 0};
  }
  if (d.hi == 0 && d.lo == 0) __builtin_trap();
  U128 q = {0, 0};
  if (lessThan(n, d)) {
    if (remainder) *remainder = n;
    return q;
  }
  unsigned shift = clz128(d) - clz128(n);
  U128 s = shl(d, shift);
  for (int i = (int)shift; i >= 0; i--) {
    q = shl(q, 1);
    if (!lessThan(n, s)) {
      n = sub(n, s);
      q.lo |= 1;
    }
    s = (U128){(s.lo >> 1) | (s.hi << 63), s.hi >> 1};
  }
  if (remainder) *remainder = n;
  return q;
}

EXPORT uint128_t __udivti3(uint128_t a, uint128_t b) { return join(udivmod(split(a), split(b), NULL)); }

EXPORT uint128_t __umodti3(uint128_t a, uint128_t b) {
  U128 r;
  udivmod(split(a), split(b), &r);
  return join(r);
}

static inline U128 negate(U128 v) { return sub((U128){0, 0}, v); }

// Shifts by a variable amount (the standard library's conversion of Int128 to Double, which the
// charts' layout uses to place values, shifts its words).
EXPORT int128_t __ashlti3(int128_t a, int s) { return (int128_t)join(shl(split((uint128_t)a), (unsigned)s & 127u)); }

EXPORT uint128_t __lshrti3(uint128_t a, int s) {
  U128 v = split(a);
  unsigned n = (unsigned)s & 127u;
  if (n == 0) return a;
  if (n >= 64) return join((U128){v.hi >> (n - 64), 0});
  return join((U128){(v.lo >> n) | (v.hi << (64 - n)), v.hi >> n});
}

EXPORT int128_t __ashrti3(int128_t a, int s) {
  U128 v = split((uint128_t)a);
  unsigned n = (unsigned)s & 127u;
  int64_t hi = (int64_t)v.hi;
  if (n == 0) return a;
  if (n >= 64) return (int128_t)join((U128){(uint64_t)(hi >> (n - 64)), (uint64_t)(hi >> 63)});
  return (int128_t)join((U128){(v.lo >> n) | (v.hi << (64 - n)), (uint64_t)(hi >> n)});
}

EXPORT int128_t __divti3(int128_t a, int128_t b) {
  U128 x = split((uint128_t)a), y = split((uint128_t)b);
  int negA = (int64_t)x.hi < 0, negB = (int64_t)y.hi < 0;
  U128 q = udivmod(negA ? negate(x) : x, negB ? negate(y) : y, NULL);
  return (int128_t)join(negA != negB ? negate(q) : q);
}

EXPORT int128_t __modti3(int128_t a, int128_t b) {
  U128 x = split((uint128_t)a), y = split((uint128_t)b);
  int negA = (int64_t)x.hi < 0, negB = (int64_t)y.hi < 0;
  U128 r;
  udivmod(negA ? negate(x) : x, negB ? negate(y) : y, &r);
  return (int128_t)join(negA ? negate(r) : r);
}
