/*
 * The Cortex-M0 end of the Go<->C differential of the streaming codec:
 * run under QEMU's microbit machine (a Cortex-M0), it reads corpus.bin
 * (records: a uint32 length, little-endian, and that many bytes) 256 bytes
 * at a time, feeds each record to deck_file_decoder_feed in chunks of a
 * plan that turns with the record (one byte at a time, 256 bytes, or
 * sizes from 1 to 97 that vary), and writes to answers.bin per record:
 *   uint8  deck_file_decoder_finish's status
 *   uint8  what the DeckState holds after a refusal: 0 untouched, 1 all
 *          zero, 3 anything else (2 after a load)
 *   uint16 *from_version (little-endian)
 *   uint32 n, then n bytes: the file deck_file_encoder_read writes of the
 *          loaded state, in chunks of the same plan; n is 0 after a refusal
 * It holds one DeckState and two 256-byte buffers: it is linked into the
 * same 8 KB of RAM as firmware.c.
 */
#include "m0.h"

#include "deck_file.h"

static DeckState ds;
static uint8_t in_buf[256], out_buf[256];
static size_t in_at, in_len, out_len;
static int in_fd, out_fd;

/* Up to n of the next input bytes, at *p; 0 at the end of the input. */
static size_t next(const uint8_t **p, size_t n) {
	if (in_at == in_len) {
		in_len = m0_read(in_fd, in_buf, sizeof in_buf);
		in_at = 0;
	}
	if (n > in_len - in_at) {
		n = in_len - in_at;
	}
	*p = in_buf + in_at;
	in_at += n;
	return n;
}

static void flush(void) {
	if (out_len > 0 && m0_write(out_fd, out_buf, out_len) != 0) {
		m0_exit(0);
	}
	out_len = 0;
}

static void put(const uint8_t *b, size_t n) {
	while (n-- > 0) {
		if (out_len == sizeof out_buf) {
			flush();
		}
		out_buf[out_len++] = *b++;
	}
}

static size_t plan_chunk(uint32_t record, uint32_t *rng) {
	switch (record % 3u) {
	case 0:
		return 1;
	case 1:
		return 256;
	default:
		*rng = *rng * 1103515245u + 12345u;
		return 1u + (size_t)((*rng >> 8) % 97u);
	}
}

int main(void) {
	uint32_t record = 0;
	in_fd = m0_open("corpus.bin", 0);
	out_fd = m0_open("answers.bin", 1);
	if (in_fd < 0 || out_fd < 0) {
		return 1;
	}
	for (;;) {
		uint8_t lenb[4], head[8];
		const uint8_t *p;
		uint32_t n, rng = record, got = 0;
		DeckFileDecoder d;
		DeckFileStatus st;
		uint16_t from = 0xFFFF;
		uint8_t code = 2;
		for (int i = 0; i < 4; i++) {
			if (next(&p, 1) != 1) {
				flush();
				return i == 0 ? 0 : 1;
			}
			lenb[i] = *p;
		}
		n = (uint32_t)lenb[0] | (uint32_t)lenb[1] << 8 | (uint32_t)lenb[2] << 16 | (uint32_t)lenb[3] << 24;
		for (size_t i = 0; i < sizeof ds; i++) {
			((uint8_t *)&ds)[i] = 0xA5u;
		}
		deck_file_decoder_init(&d, &ds);
		while (got < n) {
			size_t k = plan_chunk(record, &rng);
			if (k > n - got) {
				k = n - got;
			}
			k = next(&p, k);
			if (k == 0) {
				return 1;
			}
			(void)deck_file_decoder_feed(&d, p, k);
			got += (uint32_t)k;
		}
		st = deck_file_decoder_finish(&d, &from);
		if (st != DECK_FILE_OK && st != DECK_FILE_MIGRATED) {
			int a5 = 1, zero = 1;
			for (size_t i = 0; i < sizeof ds; i++) {
				a5 = a5 && ((uint8_t *)&ds)[i] == 0xA5u;
				zero = zero && ((uint8_t *)&ds)[i] == 0u;
			}
			code = a5 ? 0 : zero ? 1 : 3;
		}
		head[0] = (uint8_t)st;
		head[1] = code;
		head[2] = (uint8_t)from;
		head[3] = (uint8_t)(from >> 8);
		if (st == DECK_FILE_OK || st == DECK_FILE_MIGRATED) {
			DeckFileEncoder e;
			uint8_t chunk[97];
			size_t r;
			n = DECK_FILE_SIZE_CURRENT;
			head[4] = (uint8_t)n, head[5] = (uint8_t)(n >> 8), head[6] = (uint8_t)(n >> 16), head[7] = (uint8_t)(n >> 24);
			put(head, 8);
			rng = record;
			deck_file_encoder_init(&e, &ds);
			while ((r = deck_file_encoder_read(&e, chunk, plan_chunk(record, &rng) % sizeof chunk + 1u)) > 0) {
				put(chunk, r);
			}
		} else {
			head[4] = head[5] = head[6] = head[7] = 0;
			put(head, 8);
		}
		record++;
	}
}
