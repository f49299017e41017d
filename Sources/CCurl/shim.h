#ifndef GLOSSA_CCURL_SHIM_H
#define GLOSSA_CCURL_SHIM_H

// Calls into the system's libcurl, which GlossaCore loads at run time (LibCurl.swift): nothing
// here includes curl's headers or links the library, so building needs no curl development
// files and the binary runs without libcurl until a URL is fetched.
//
// curl_easy_setopt and curl_easy_getinfo are variadic, and Swift cannot make a variadic call;
// these typed trampolines make it, with the function pointer LibCurl looked up.

#include <stdint.h>

typedef int (*glossa_curl_variadic)(void *handle, int option, ...);

static inline int glossa_curl_call_long(glossa_curl_variadic function, void *handle, int option, long value) {
  return function(handle, option, value);
}

static inline int glossa_curl_call_offset(glossa_curl_variadic function, void *handle, int option, int64_t value) {
  return function(handle, option, value);
}

static inline int glossa_curl_call_pointer(glossa_curl_variadic function, void *handle, int option, const void *value) {
  return function(handle, option, value);
}

static inline int glossa_curl_call_long_out(glossa_curl_variadic function, void *handle, int option, long *value) {
  return function(handle, option, value);
}

#endif
