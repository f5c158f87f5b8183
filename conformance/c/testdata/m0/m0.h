/*
 * What the Cortex-M0 programs here share: the reset handler (m0.c) and
 * the host's files through Arm semihosting, which QEMU's microbit machine
 * serves with -semihosting-config enable=on,target=native. The calls stand
 * in for FatFs: m0_open for f_open, m0_read for f_read, m0_write for
 * f_write, m0_close for f_close.
 */
#ifndef M0_H
#define M0_H

#include <stddef.h>
#include <stdint.h>

/* Opens the host file name for reading (write 0) or writing (write 1); -1 when it cannot. */
int m0_open(const char *name, int write);
/* Reads at most n bytes; returns how many (0 at the end of the file). */
size_t m0_read(int fd, void *buf, size_t n);
/* Writes n bytes; returns 0 when all were written. */
int m0_write(int fd, const void *buf, size_t n);
void m0_close(int fd);
/* Prints a line on the host's console. */
void m0_say(const char *line);
/* Ends the run: QEMU exits 0 when ok, 1 otherwise. */
void m0_exit(int ok) __attribute__((noreturn));

/* The program's entry, called by the reset handler. */
int main(void);

#endif
