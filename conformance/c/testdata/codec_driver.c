/*
 * The C end of the Go<->C differential of the file codec (deck_file.c):
 * reads files from stdin, decodes each with deck_file_decode and answers
 * what the firmware would see, for conformance/c/codec_test.go to compare
 * with deck.Load, deck.Encode and deck.WriteFile on the same bytes.
 *
 * stdin:  records, each a uint32 length (little-endian) and that many bytes.
 * stdout: per record, 12 bytes and then the re-encoded file:
 *           uint8  the status of deck_file_decode
 *           uint8  whether *out was left as it was (1), as it must be on an error
 *           uint8  the status of deck_file_decode with out NULL (it must be the same)
 *           uint8  deck_file_may_overwrite on the record's bytes
 *           uint16 *from_version (little-endian)
 *           uint16 0
 *           uint32 n, the length of what follows (little-endian)
 *           n bytes: deck_file_encode of *out after OK or MIGRATED; nothing otherwise
 *         then, per plan of chunks (one byte at a time, the whole file at
 *         once with out NULL, and chunks of sizes that vary with the
 *         record), the streaming decoder's answer in 4 bytes:
 *           uint8  deck_file_decoder_finish's status
 *           uint8  what *out holds after it: 0 untouched, 1 all zero, 2 the
 *                  state deck_file_decode made of the same bytes, 3 anything
 *                  else, 4 no *out (out NULL); plus 0x10 when a feed returned
 *                  an error that finish did not, 0x20 when the streaming
 *                  encoder, read in the same chunks, wrote other bytes than
 *                  deck_file_encode, 0x40 when a second finish disagreed
 *           uint16 its *from_version (little-endian)
 *
 * With the argument "sweep" it answers one byte per record instead: how
 * many chunk sizes, of every size from 1 to the record's length + 1, made
 * the streaming decoder's status, *from_version or *out differ from
 * deck_file_decode's (capped at 255).
 *
 * It is built hosted (gcc, clang with the sanitizers, gcc -m32) and, with
 * -DDRIVER_NOLIBC, as a program with no C library at all: its own _start and
 * Linux system calls, for a big-endian PowerPC run under qemu-ppc. Nothing
 * here depends on the host's byte order but the codec's own reads.
 */
#include <stddef.h>
#include <stdint.h>

#include "deck_file.h"

#ifdef DRIVER_NOLIBC
/* PowerPC Linux: the system call number in r0, arguments in r3..r5, the
 * result in r3 with cr0.SO set on an error (then r3 is the errno). */
static long sys3(long n, long a, long b, long c) {
	register long r0 __asm__("r0") = n;
	register long r3 __asm__("r3") = a;
	register long r4 __asm__("r4") = b;
	register long r5 __asm__("r5") = c;
	__asm__ volatile("sc\n\tbns+ 1f\n\tneg %1, %1\n1:"
	                 : "+r"(r0), "+r"(r3), "+r"(r4), "+r"(r5)
	                 :
	                 : "memory", "cr0", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "ctr", "xer");
	return r3;
}
static long sys_read(int fd, void *p, size_t n) { return sys3(3, fd, (long)p, (long)n); }
static long sys_write(int fd, const void *p, size_t n) { return sys3(4, fd, (long)p, (long)n); }
static void sys_exit(int code) {
	sys3(234, code, 0, 0); /* exit_group */
	for (;;) {
	}
}
/* What a compiler may call for a struct copy or a zeroing loop. */
void *memcpy(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
void *memcpy(void *dst, const void *src, size_t n) {
	unsigned char *d = (unsigned char *)dst;
	const unsigned char *s = (const unsigned char *)src;
	while (n-- > 0) {
		*d++ = *s++;
	}
	return dst;
}
void *memmove(void *dst, const void *src, size_t n) {
	unsigned char *d = (unsigned char *)dst;
	const unsigned char *s = (const unsigned char *)src;
	if (d < s) {
		while (n-- > 0) {
			*d++ = *s++;
		}
	} else {
		while (n-- > 0) {
			d[n] = s[n];
		}
	}
	return dst;
}
void *memset(void *dst, int c, size_t n) {
	unsigned char *d = (unsigned char *)dst;
	while (n-- > 0) {
		*d++ = (unsigned char)c;
	}
	return dst;
}
int memcmp(const void *a, const void *b, size_t n) {
	const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
	for (; n > 0; n--, x++, y++) {
		if (*x != *y) {
			return *x < *y ? -1 : 1;
		}
	}
	return 0;
}
#else
#include <stdlib.h>
#include <unistd.h>
static long sys_read(int fd, void *p, size_t n) { return (long)read(fd, p, n); }
static long sys_write(int fd, const void *p, size_t n) { return (long)write(fd, p, n); }
static void sys_exit(int code) { exit(code); }
#endif

/* Reads exactly n bytes; 0 at a clean end of input before any byte. */
static int read_full(void *p, size_t n) {
	unsigned char *b = (unsigned char *)p;
	size_t got = 0;
	while (got < n) {
		long r = sys_read(0, b + got, n - got);
		if (r <= 0) {
			if (got == 0 && r == 0) {
				return 0;
			}
			sys_exit(3);
		}
		got += (size_t)r;
	}
	return 1;
}

static unsigned char out_buf[1 << 16];
static size_t out_len;

static void flush(void) {
	size_t done = 0;
	while (done < out_len) {
		long w = sys_write(1, out_buf + done, out_len - done);
		if (w <= 0) {
			sys_exit(4);
		}
		done += (size_t)w;
	}
	out_len = 0;
}

static void put(const void *p, size_t n) {
	const unsigned char *b = (const unsigned char *)p;
	if (out_len + n > sizeof out_buf) {
		flush();
	}
	while (n-- > 0) {
		out_buf[out_len++] = *b++;
	}
}

static void put_u16(unsigned int v) {
	unsigned char b[2] = {(unsigned char)v, (unsigned char)(v >> 8)};
	put(b, 2);
}

static void put_u32(uint32_t v) {
	unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16), (unsigned char)(v >> 24)};
	put(b, 4);
}

/* The largest record: longer than any deck file can be (payload_len is 16 bits). */
static uint8_t file[0x10000 + 64];
static uint8_t encoded[DECK_FILE_SIZE_MAX];

static int untouched(const DeckState *ds) {
	const unsigned char *b = (const unsigned char *)ds;
	for (size_t i = 0; i < sizeof *ds; i++) {
		if (b[i] != 0xA5u) {
			return 0;
		}
	}
	return 1;
}

static int same_state(const DeckState *a, const DeckState *b) {
	const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
	for (size_t i = 0; i < sizeof *a; i++) {
		if (x[i] != y[i]) {
			return 0;
		}
	}
	return 1;
}

static int all_zero(const DeckState *ds) {
	const unsigned char *b = (const unsigned char *)ds;
	for (size_t i = 0; i < sizeof *ds; i++) {
		if (b[i] != 0u) {
			return 0;
		}
	}
	return 1;
}

/* The size of chunk k of a plan: 1 (every byte alone), 0 (all at once) or
 * varied: sizes from 1 to 2*(2 + seed % 509) by a generator seeded with the record. */
static size_t chunk_size(int plan, uint32_t *rng, uint32_t seed, size_t left) {
	uint32_t span;
	if (plan == 0) {
		return 1;
	}
	if (plan == 1) {
		return left;
	}
	span = 2u * (2u + seed % 509u);
	*rng = *rng * 1103515245u + 12345u;
	return 1u + (size_t)((*rng >> 8) % span);
}

static DeckState streamed;
static uint8_t stream_enc[DECK_FILE_SIZE_MAX];

/* Decodes file through the streaming decoder in the plan's chunks and
 * answers as the header comment says. */
static void stream_plan(int plan, uint32_t seed, const uint8_t *f, uint32_t n, DeckFileStatus st, const DeckState *whole, size_t enc_len) {
	DeckFileDecoder d;
	DeckFileStatus fed = DECK_FILE_OK, fin, again;
	uint16_t from = 0xFFFF, from2 = 0xFFFF;
	uint32_t rng = seed ^ 0x9E3779B9u;
	size_t at = 0;
	unsigned int code;
	DeckState *out = plan == 1 ? NULL : &streamed;
	for (size_t i = 0; i < sizeof streamed; i++) {
		((unsigned char *)&streamed)[i] = 0xA5u;
	}
	deck_file_decoder_init(&d, out);
	(void)deck_file_decoder_feed(&d, NULL, 0);
	while (at < n) {
		size_t k = chunk_size(plan, &rng, seed, n - at);
		DeckFileStatus s;
		if (k > n - at) {
			k = n - at;
		}
		s = deck_file_decoder_feed(&d, f + at, k);
		if (fed == DECK_FILE_OK) {
			fed = s;
		}
		at += k;
	}
	fin = deck_file_decoder_finish(&d, &from);
	again = deck_file_decoder_finish(&d, &from2);
	if (out == NULL) {
		code = 4;
	} else if ((st == DECK_FILE_OK || st == DECK_FILE_MIGRATED) && same_state(&streamed, whole)) {
		code = 2;
	} else if (untouched(&streamed)) {
		code = 0;
	} else if (all_zero(&streamed)) {
		code = 1;
	} else {
		code = 3;
	}
	if (fed != DECK_FILE_OK && fed != fin) {
		code |= 0x10u;
	}
	if (again != fin || from2 != from) {
		code |= 0x40u;
	}
	if (enc_len > 0) {
		DeckFileEncoder e;
		size_t got = 0, r;
		rng = seed ^ 0x9E3779B9u;
		deck_file_encoder_init(&e, whole);
		do {
			size_t k = chunk_size(plan, &rng, seed, sizeof stream_enc - got);
			if (k > sizeof stream_enc - got) {
				k = sizeof stream_enc - got;
			}
			r = deck_file_encoder_read(&e, stream_enc + got, k);
			got += r;
		} while (r > 0 && got < sizeof stream_enc);
		if (deck_file_encoder_read(&e, stream_enc, sizeof stream_enc) != 0 || got != enc_len) {
			code |= 0x20u;
		} else {
			for (size_t i = 0; i < got; i++) {
				if (stream_enc[i] != encoded[i]) {
					code |= 0x20u;
					break;
				}
			}
		}
	}
	put_u16((unsigned int)fin | code << 8);
	put_u16(from);
}

/* How many chunk sizes from 1 to n + 1 make the streaming decoder disagree with deck_file_decode. */
static unsigned int sweep(const uint8_t *f, uint32_t n, DeckFileStatus st, uint16_t from, const DeckState *whole) {
	unsigned int bad = 0;
	for (size_t k = 1; k <= (size_t)n + 1u && bad < 255u; k++) {
		DeckFileDecoder d;
		DeckFileStatus fin;
		uint16_t sfrom = 0xFFFF;
		deck_file_decoder_init(&d, &streamed);
		for (size_t at = 0; at < n; at += k) {
			(void)deck_file_decoder_feed(&d, f + at, k < n - at ? k : n - at);
		}
		fin = deck_file_decoder_finish(&d, &sfrom);
		if (fin != st || sfrom != from || ((st == DECK_FILE_OK || st == DECK_FILE_MIGRATED) && !same_state(&streamed, whole))) {
			bad++;
		}
	}
	return bad;
}

static int run(int sweeping) {
	static DeckState ds;
	unsigned char lenb[4];
	uint32_t record = 0;
	while (read_full(lenb, 4)) {
		uint32_t n = (uint32_t)lenb[0] | (uint32_t)lenb[1] << 8 | (uint32_t)lenb[2] << 16 | (uint32_t)lenb[3] << 24;
		uint16_t from = 0xFFFF, from_null = 0xFFFF;
		DeckFileStatus st, st_null;
		size_t m = 0;
		if (n > sizeof file) {
			return 5;
		}
		if (n > 0 && !read_full(file, n)) {
			return 3;
		}
		for (size_t i = 0; i < sizeof ds; i++) {
			((unsigned char *)&ds)[i] = 0xA5u;
		}
		st = deck_file_decode(file, n, &ds, &from);
		st_null = deck_file_decode(file, n, NULL, &from_null);
		if (from_null != from) {
			return 6;
		}
		if (sweeping) {
			unsigned char bad = (unsigned char)sweep(file, n, st, from, &ds);
			put(&bad, 1);
			record++;
			continue;
		}
		put_u16((unsigned int)st | (st == DECK_FILE_OK || st == DECK_FILE_MIGRATED || untouched(&ds) ? 1u : 0u) << 8);
		put_u16((unsigned int)st_null | (unsigned int)deck_file_may_overwrite(file, n) << 8);
		put_u16(from);
		put_u16(0);
		if (st == DECK_FILE_OK || st == DECK_FILE_MIGRATED) {
			m = deck_file_encode(&ds, encoded, sizeof encoded);
		}
		put_u32((uint32_t)m);
		put(encoded, m);
		for (int plan = 0; plan < 3; plan++) {
			stream_plan(plan, record, file, n, st, &ds, m);
		}
		record++;
	}
	flush();
	return 0;
}

#ifdef DRIVER_NOLIBC
void _start(void);
void _start(void) { sys_exit(run(0)); }
#else
int main(int argc, char **argv) { return run(argc > 1 && argv[1][0] == 's'); }
#endif
