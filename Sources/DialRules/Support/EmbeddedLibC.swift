// Embedded Swift for wasm32 (the browser playground, Tests/Playground/build.sh) has no C library
// module to import: these declare the two C functions the shot JSON reader uses, which the
// playground's runtime (Tests/Playground/runtime) defines. Every other build imports them from
// Glibc, Musl or Darwin.
#if hasFeature(Embedded)
  @_extern(c, "memchr")
  func memchr(_ bytes: UnsafeRawPointer, _ byte: Int32, _ count: Int) -> UnsafeMutableRawPointer?

  @_extern(c, "memcmp")
  func memcmp(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Int32
#endif
