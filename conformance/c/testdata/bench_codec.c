/*
 * make bench's measure of the generated file codec: deck_file_decode of a
 * current file and of a v5 file (with its migration) against deck_crc32
 * over the same bytes, the floor every load must pay. The two sides run in
 * alternating batches (ABBA: neither always first), each batch calibrated to
 * about 2 ms (short, so that a burst of other work rarely lands on one side
 * only); every round gives one ratio decode/CRC, and the result is the
 * median of those ratios with their spread, so that drift in a shared
 * machine moves both sides of a round alike. Time is the thread's CPU time
 * (CLOCK_THREAD_CPUTIME_ID): a batch the scheduler interrupts is not charged
 * for the time it waited. Goal: within 2x of the floor.
 *
 * usage: bench_codec CURRENT_FILE V5_FILE   (run by scripts/bench-deck.sh)
 *        bench_codec --once decode|crc FILE (one call, for valgrind)
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "deck_file.h"

#define ROUNDS 101

static uint8_t file[DECK_FILE_SIZE_MAX];
static size_t file_len;
static DeckState ds;
static volatile uint32_t sink;

static double now_ns(void) {
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

__attribute__((noinline)) static void run_decode(long n) {
	uint16_t from = 0;
	uint32_t acc = 0;
	for (long i = 0; i < n; i++) {
		acc += (uint32_t)deck_file_decode(file, file_len, &ds, &from) + from + ds.credits;
	}
	sink = acc;
}

__attribute__((noinline)) static void run_crc(long n) {
	uint32_t acc = 0;
	for (long i = 0; i < n; i++) {
		acc ^= deck_crc32(0, file, file_len);
	}
	sink = acc;
}

static double time_n(void (*f)(long), long n) {
	double t = now_ns();
	f(n);
	return now_ns() - t;
}

/* How many calls of f take about 2 ms. */
static long calibrate(void (*f)(long)) {
	long n = 1;
	f(1);
	for (;;) {
		double d = time_n(f, n);
		if (d >= 1e6 || n >= (1L << 30)) {
			return d <= 0 ? n : (long)((double)n * 2e6 / d) + 1;
		}
		n *= 4;
	}
}

static int cmp(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double median(const double *v, int n) {
	double s[ROUNDS];
	memcpy(s, v, sizeof(double) * (size_t)n);
	qsort(s, (size_t)n, sizeof s[0], cmp);
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

static int load(const char *path) {
	FILE *f = fopen(path, "rb");
	if (f == NULL) {
		fprintf(stderr, "bench_codec: cannot read %s\n", path);
		return 0;
	}
	file_len = fread(file, 1, sizeof file, f);
	fclose(f);
	return 1;
}

/* One paired comparison; returns whether it met the goal. */
static int bench(const char *name, const char *path, DeckFileStatus want) {
	double ratio[ROUNDS], a[ROUNDS], b[ROUNDS], lo, hi;
	long na, nb;
	uint16_t from = 0;
	if (!load(path)) {
		return 0;
	}
	if (deck_file_decode(file, file_len, &ds, &from) != want) {
		fprintf(stderr, "bench_codec: %s does not decode as expected\n", path);
		return 0;
	}
	na = calibrate(run_decode);
	nb = calibrate(run_crc);
	for (int r = 0; r < ROUNDS; r++) {
		double ta, tb;
		if (r % 2 == 0) {
			ta = time_n(run_decode, na);
			tb = time_n(run_crc, nb);
		} else {
			tb = time_n(run_crc, nb);
			ta = time_n(run_decode, na);
		}
		a[r] = ta / (double)na;
		b[r] = tb / (double)nb;
		ratio[r] = a[r] / b[r];
	}
	lo = hi = ratio[0];
	for (int r = 1; r < ROUNDS; r++) {
		lo = ratio[r] < lo ? ratio[r] : lo;
		hi = ratio[r] > hi ? ratio[r] : hi;
	}
	printf("pair %s (%zu bytes) vs deck_crc32: %.2fx (%.2f-%.2f, %d pairs; %.2fus vs %.2fus/op) goal <= 2.00x: %s\n",
	       name, file_len, median(ratio, ROUNDS), lo, hi, ROUNDS, median(a, ROUNDS) / 1e3, median(b, ROUNDS) / 1e3,
	       median(ratio, ROUNDS) <= 2.0 ? "PASS" : "FAIL");
	return median(ratio, ROUNDS) <= 2.0;
}

int main(int argc, char **argv) {
	int ok;
	if (argc == 4 && strcmp(argv[1], "--once") == 0) {
		if (!load(argv[3])) {
			return 2;
		}
		if (strcmp(argv[2], "decode") == 0) {
			run_decode(1);
		} else {
			run_crc(1);
		}
		return 0;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: bench_codec CURRENT_FILE V5_FILE\n");
		return 2;
	}
	ok = bench("deck_file_decode, current", argv[1], DECK_FILE_OK);
	ok &= bench("deck_file_decode, v5 (migrates)", argv[2], DECK_FILE_MIGRATED);
	return ok ? 0 : 1;
}
