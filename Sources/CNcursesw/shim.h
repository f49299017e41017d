#ifndef GLOSSA_CNCURSESW_SHIM_H
#define GLOSSA_CNCURSESW_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
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
static inline int glossa_key_mouse(void) { return KEY_MOUSE; }

// The mouse: left presses and wheel steps, reported at once (no click interval).
static inline void glossa_mouse(int on) {
  mouseinterval(0);
  mmask_t mask = 0;
  if (on) {
    mask = BUTTON1_PRESSED | BUTTON4_PRESSED;
#ifdef BUTTON5_PRESSED
    mask |= BUTTON5_PRESSED;
#endif
  }
  mousemask(mask, NULL);
}

// The mouse event waiting after KEY_MOUSE: 1 a left press, 2 a wheel step up, 3 down, 0 other.
static inline int glossa_read_mouse(int *x, int *y) {
  MEVENT event;
  if (getmouse(&event) != OK) return 0;
  *x = event.x;
  *y = event.y;
  if (event.bstate & BUTTON1_PRESSED) return 1;
  if (event.bstate & BUTTON4_PRESSED) return 2;
#ifdef BUTTON5_PRESSED
  if (event.bstate & BUTTON5_PRESSED) return 3;
#endif
  return 0;
}

/// Put one wide character (possibly followed by combining marks) at y/x with attributes and a colour pair.
static inline int glossa_put_wide(int y, int x, const wchar_t *wch, attr_t attrs, short pair) {
  cchar_t cc;
  setcchar(&cc, wch, attrs, pair, NULL);
  return mvadd_wch(y, x, &cc);
}

#include <signal.h>
#include <string.h>
#include <unistd.h>

// Signals: SIGINT/SIGTERM/SIGHUP only set a flag the review loop polls (get_wch returns early);
// fatal signals restore the terminal, then die with the default action.
static volatile sig_atomic_t glossa_pending_signal = 0;

static void glossa_on_signal(int sig) { glossa_pending_signal = sig; }

static void glossa_on_fatal_signal(int sig) {
  endwin();
  signal(sig, SIG_DFL);
  raise(sig);
}

/// Installs the handlers; returns 0 on success.
static inline int glossa_install_signal_handlers(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  sigemptyset(&action.sa_mask);
  action.sa_handler = glossa_on_signal;
  action.sa_flags = 0;  // no SA_RESTART: a blocked get_wch returns so the loop sees the signal
  int failed = 0;
  failed |= sigaction(SIGINT, &action, NULL);
  failed |= sigaction(SIGTERM, &action, NULL);
  failed |= sigaction(SIGHUP, &action, NULL);
  struct sigaction fatal;
  memset(&fatal, 0, sizeof fatal);
  sigemptyset(&fatal.sa_mask);
  fatal.sa_handler = glossa_on_fatal_signal;
  fatal.sa_flags = (int)SA_RESETHAND;
  int fatals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
  for (unsigned i = 0; i < sizeof fatals / sizeof fatals[0]; i++) failed |= sigaction(fatals[i], &fatal, NULL);
  return failed;
}

/// The signal received since the last call (0 when none), cleared by reading it.
static inline int glossa_take_signal(void) {
  int sig = glossa_pending_signal;
  glossa_pending_signal = 0;
  return sig;
}

/// Opens the terminal without exiting on failure (unlike initscr); returns NULL when it cannot.
static inline SCREEN *glossa_newterm(void) { return newterm(NULL, stdout, stdin); }

/// Reads one key: returns OK with a character, KEY_CODE_YES with a key code, or ERR.
static inline int glossa_get_wch(unsigned int *out) {
  wint_t ch = 0;
  int result = get_wch(&ch);
  *out = (unsigned int)ch;
  return result;
}

static inline int glossa_key_f(int n) { return KEY_F(n); }
static inline attr_t glossa_a_normal(void) { return A_NORMAL; }

#endif
