/*
 * A minimal deck firmware for a Cortex-M0 with 8 KB of RAM, on the
 * generated streaming API only: it holds one DeckState and a 64-byte
 * chunk, never a whole file. Linked with newlib-nano into m0.ld; the host's
 * files stand in for the SD card (m0.h: semihosting where FatFs's f_read
 * and f_write would be).
 *
 * Boot loads deck.bin (the committed file) chunk by chunk through
 * deck_file_decoder_feed; a file of an older version is migrated as it is
 * read, none (or one that does not load) starts a new career, a newer
 * build's file is left alone and nothing is written. Then it plays one
 * sanctioned outcome (buys DECK_CATALOG_VERB_SCAN) and earns 10 credits, and
 * saves to deck.out through deck_file_encoder_read, after
 * deck_file_may_overwrite said yes on deck.bin's header. It says one line
 * per step for the test to read.
 */
#include "m0.h"

#include "catalog.h"
#include "deck_file.h"
#include "ownership.h"

static DeckState ds;
static uint8_t chunk[64];

/* Loads the file name into ds as the streaming decoder judges it; an absent file is an empty one. */
static DeckFileStatus load(const char *name, uint16_t *from) {
	DeckFileDecoder d;
	int fd = m0_open(name, 0);
	deck_file_decoder_init(&d, &ds);
	if (fd >= 0) {
		size_t n;
		while ((n = m0_read(fd, chunk, sizeof chunk)) > 0) {
			if (deck_file_decoder_feed(&d, chunk, n) != DECK_FILE_OK) {
				break; /* the verdict is known: read no further */
			}
		}
		m0_close(fd);
	}
	return deck_file_decoder_finish(&d, from);
}

/* Whether the file name may be written over: never a newer build's. */
static int may_save(const char *name) {
	size_t n = 0;
	int fd = m0_open(name, 0);
	if (fd >= 0) {
		n = m0_read(fd, chunk, DECK_FILE_HEADER_SIZE);
		m0_close(fd);
	}
	return deck_file_may_overwrite(chunk, n) == DECK_FILE_OK;
}

/* Writes ds to the file name through the streaming encoder, a chunk at a time. */
static int save(const char *name) {
	DeckFileEncoder e;
	size_t n;
	int fd = m0_open(name, 1);
	if (fd < 0) {
		return 0;
	}
	deck_file_encoder_init(&e, &ds);
	while ((n = deck_file_encoder_read(&e, chunk, sizeof chunk)) > 0) {
		if (m0_write(fd, chunk, n) != 0) {
			m0_close(fd);
			return 0;
		}
	}
	m0_close(fd);
	return 1;
}

int main(void) {
	uint16_t from = 0;
	DeckFileStatus st = load("deck.bin", &from);
	m0_say(deck_file_status_text(st));
	if (st == DECK_FILE_ERR_NEWER) {
		m0_say("leave");
		return 0;
	}
	if (st != DECK_FILE_OK && st != DECK_FILE_MIGRATED) {
		deck_state_new_career(&ds);
		m0_say("new career");
	}
	if (deck_ownership_commit(&ds, DECK_OWNERSHIP_PURCHASED, DECK_CATALOG_VERB_SCAN, 0u, NULL) != DECK_OWNERSHIP_OK) {
		return 1;
	}
	ds.credits += 10u;
	if (!may_save("deck.bin")) {
		m0_say("leave");
		return 0;
	}
	if (!save("deck.out")) {
		return 1;
	}
	m0_say("saved");
	return 0;
}
