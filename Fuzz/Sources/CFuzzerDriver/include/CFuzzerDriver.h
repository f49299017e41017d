// libFuzzer's driver, called from each target's `main.swift`. SwiftPM gives an executable's
// `main` a name of its own on Linux, so the targets keep their own `main` (top-level code) and
// hand over to libFuzzer through this documented entry point instead of libFuzzer's `main`.
#include <stddef.h>
#include <stdint.h>

typedef int (*GlossaFuzzCallback)(const uint8_t *data, size_t size);

int LLVMFuzzerRunDriver(int *argc, char ***argv, GlossaFuzzCallback callback);
