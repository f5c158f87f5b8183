/*
 * The reset handler and vector table of the Cortex-M0 programs here, and
 * Arm semihosting (bkpt 0xAB) for their files (m0.h).
 */
#include "m0.h"

extern uint32_t __data_start, __data_end, __data_load, __bss_start, __bss_end, __stack_top;

void m0_reset(void) __attribute__((noreturn));
static void m0_fault(void) { m0_exit(0); }

/* The initial stack pointer, then the handlers: reset, NMI, HardFault. */
__attribute__((section(".vectors"), used)) static const uintptr_t vectors[16] = {
	(uintptr_t)&__stack_top, (uintptr_t)m0_reset, (uintptr_t)m0_fault, (uintptr_t)m0_fault,
};

void m0_reset(void) {
	uint32_t *d = &__data_start;
	const uint32_t *s = &__data_load;
	while (d < &__data_end) {
		*d++ = *s++;
	}
	for (d = &__bss_start; d < &__bss_end; d++) {
		*d = 0;
	}
	m0_exit(main() == 0);
}

static int semihost(int op, void *arg) {
	register int r0 __asm__("r0") = op;
	register void *r1 __asm__("r1") = arg;
	__asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
	return r0;
}

static size_t length(const char *s) {
	size_t n = 0;
	while (s[n] != '\0') {
		n++;
	}
	return n;
}

int m0_open(const char *name, int write) {
	uint32_t arg[3] = {(uint32_t)name, write ? 5u : 1u, (uint32_t)length(name)}; /* "wb" or "rb" */
	return semihost(0x01, arg);
}

size_t m0_read(int fd, void *buf, size_t n) {
	uint32_t arg[3] = {(uint32_t)fd, (uint32_t)buf, (uint32_t)n};
	return n - (size_t)semihost(0x06, arg); /* SYS_READ answers how many it did not read */
}

int m0_write(int fd, const void *buf, size_t n) {
	uint32_t arg[3] = {(uint32_t)fd, (uint32_t)buf, (uint32_t)n};
	return semihost(0x05, arg);
}

void m0_close(int fd) {
	uint32_t arg[1] = {(uint32_t)fd};
	(void)semihost(0x02, arg);
}

void m0_say(const char *line) {
	(void)semihost(0x04, (void *)line);
	(void)semihost(0x04, "\n");
}

void m0_exit(int ok) {
	/* ADP_Stopped_ApplicationExit, or ADP_Stopped_RunTimeErrorUnknown */
	(void)semihost(0x18, (void *)(ok ? 0x20026u : 0x20023u));
	for (;;) {
	}
}
