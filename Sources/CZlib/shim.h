#ifndef GLOSSA_CZLIB_SHIM_H
#define GLOSSA_CZLIB_SHIM_H

// The system zlib (zlib1g-dev on Debian and Ubuntu; part of the SDK on Apple platforms), for
// GlossaCore's DeflateCodec.swift: raw deflate, inflate and CRC-32.
#include <zlib.h>

#endif
