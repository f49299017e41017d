#if canImport(Glibc)
  import Glibc
#endif

/// The C allocator's thresholds for a process that reads a bundle file by file.
///
/// Each file of a bundle is a few buffers of a few megabytes (its decoded text, its entries),
/// made and dropped on two threads in turn. With glibc's defaults a buffer that size is a
/// mapping of its own, unmapped when dropped, so the next file's buffers fault in zeroed pages
/// again: about 3 % of `glossa lint`'s time on the 100 × 20,000 bundle. Kept in the allocator's
/// heaps instead (below 8 MB; a String Catalog's whole text still gets a mapping of its own) and
/// given back to the system only past 64 MB free at the top of a heap, they are reused; the
/// peak grows by a few megabytes (`docs/performance.md`, "What costs what").
///
/// `mallopt` is not in the Glibc module's headers: it is looked up by name, and a C library
/// without it (musl) keeps its defaults.
enum AllocatorTuning {
  static func apply() {
    #if canImport(Glibc)
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
      // glibc's `<malloc.h>`: M_TRIM_THRESHOLD is -1, M_MMAP_THRESHOLD -3.
      _ = mallopt(-3, 8 << 20)
      _ = mallopt(-1, 64 << 20)
    #endif
  }
}
