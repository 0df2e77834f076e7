/* picolibc's stdout, stderr and stdin for the Cortex-M port: printf() writes to the port's
   console (console.cpp). tinystdio calls put() once per byte and flush() from fflush(). */
#include <stdio.h>

int ff_console_putc(char c);
int ff_console_flush(void);

static int put(char c, FILE *stream) {
  (void)stream;
  return ff_console_putc(c);
}

static int flush(FILE *stream) {
  (void)stream;
  return ff_console_flush();
}

/* picolibc's way to give a program stdio: a FILE of its own, never copied. */
static FILE console = FDEV_SETUP_STREAM(put, NULL, flush, _FDEV_SETUP_WRITE);  // NOLINT(cert-fio38-c)

FILE *const stdin = &console;
FILE *const stdout = &console;
FILE *const stderr = &console;
