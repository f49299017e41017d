#ifndef GLOSSA_CNCURSESW_SHIM_H
#define GLOSSA_CNCURSESW_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>

// Swift cannot import C globals such as stdscr/LINES/COLS or function-like macros such as
// COLOR_PAIR, so they are wrapped here.
static inline WINDOW *glossa_stdscr(void) { return stdscr; }
static inline int glossa_lines(void) { return LINES; }
static inline int glossa_cols(void) { return COLS; }
static inline int glossa_color_pair(int n) { return COLOR_PAIR(n); }
static inline int glossa_key_resize(void) { return KEY_RESIZE; }
static inline int glossa_err(void) { return ERR; }
static inline int glossa_ok(void) { return OK; }
static inline attr_t glossa_a_bold(void) { return A_BOLD; }
static inline attr_t glossa_a_reverse(void) { return A_REVERSE; }
static inline attr_t glossa_a_underline(void) { return A_UNDERLINE; }
static inline attr_t glossa_a_dim(void) { return A_DIM; }
static inline int glossa_key_code_yes(void) { return KEY_CODE_YES; }

/// Put one wide character (possibly followed by combining marks) at y/x with attributes and a colour pair.
static inline int glossa_put_wide(int y, int x, const wchar_t *wch, attr_t attrs, short pair) {
  cchar_t cc;
  setcchar(&cc, wch, attrs, pair, NULL);
  return mvadd_wch(y, x, &cc);
}

#endif
