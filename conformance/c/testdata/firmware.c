/*
 * A small deck firmware built only on the generated API (generated/c):
 * the boot path, a sanctioned outcome and the atomic save on a file system
 * whose rename cannot replace a file (FatFs's f_rename), through a pair of
 * files and deck_file_pick. It knows no version, size or offset of its own:
 * conformance/c/drift_test.go builds it unchanged against the headers of
 * this schema and of one with a field appended @since(7), and it must write
 * and load the new version, migrate the old ones and refuse a newer one
 * without writing.
 *
 * Every load and save also runs through the streaming decoder and encoder,
 * which must agree with deck_file_decode and deck_file_encode byte for byte.
 *
 * stdio stands in for FatFs: fopen/fread/fwrite/fflush for f_open/f_read/
 * f_write/f_sync, remove for f_unlink, rename for f_rename (only ever onto
 * a name that no longer exists, as FatFs requires).
 *
 * usage: firmware DIR boot|play [crash-after-pending|crash-after-unlink|crash-mid-pending]
 *   boot  loads the career (a new one when there is none) and saves it when
 *         it was migrated or new;
 *   play  boots, then buys DECK_CATALOG_VERB_SCAN, earns 10 credits and saves.
 * It prints one line per step, "key value ...", for the test to read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "deck_file.h"
#include "ownership.h"
#include "types.h"

static char committed[512], pending[512];
static uint8_t buf[DECK_FILE_SIZE_MAX];
static const char *crash = "";

/* The streaming decoder must agree with deck_file_decode on every file
 * this firmware loads, on every schema the drift proof builds it against
 * (a stated loss moves fields): the same bytes fed in 7-byte chunks give
 * the same verdict, from-version and state, or the program stops. */
static DeckFileStatus cross_checked(DeckFileStatus st, size_t n, const DeckState *ds, uint16_t from) {
	static DeckState streamed;
	DeckFileDecoder d;
	uint16_t sfrom = 0;
	DeckFileStatus sst;
	deck_file_decoder_init(&d, &streamed);
	for (size_t at = 0; at < n; at += 7) {
		(void)deck_file_decoder_feed(&d, buf + at, n - at < 7 ? n - at : 7);
	}
	sst = deck_file_decoder_finish(&d, &sfrom);
	if (sst != st || sfrom != from || ((st == DECK_FILE_OK || st == DECK_FILE_MIGRATED) && memcmp(&streamed, ds, sizeof streamed) != 0)) {
		fprintf(stderr, "the streaming decoder disagrees with deck_file_decode\n");
		exit(9);
	}
	return st;
}

/* Loads the file at path into *ds, as deck_file_decode judges it. A file
 * longer than any this build can load is never read whole: its header says
 * whether a newer build wrote it. An absent file is an empty one. */
static DeckFileStatus load(const char *path, DeckState *ds, uint16_t *from) {
	FILE *f = fopen(path, "rb");
	size_t n;
	int longer;
	DeckFileStatus st;
	if (f == NULL) {
		return deck_file_decode(NULL, 0, ds, from);
	}
	n = fread(buf, 1, sizeof buf, f);
	longer = fgetc(f) != EOF;
	fclose(f);
	if (longer) {
		*from = 0;
		return deck_file_may_overwrite(buf, n) == DECK_FILE_ERR_NEWER ? DECK_FILE_ERR_NEWER : DECK_FILE_ERR_LENGTH;
	}
	st = deck_file_decode(buf, n, ds, from);
	return cross_checked(st, n, ds, *from);
}

/* Whether a save may go ahead: never over a newer build's file. */
static int may_save(void) {
	uint8_t head[DECK_FILE_HEADER_SIZE];
	size_t n = 0;
	FILE *f = fopen(committed, "rb");
	if (f != NULL) {
		n = fread(head, 1, sizeof head, f);
		fclose(f);
	}
	return deck_file_may_overwrite(head, n) != DECK_FILE_ERR_NEWER;
}

/* Saves *ds atomically: the whole file to the pending name, synced, then
 * the committed file removed and the pending one renamed over it. A crash
 * anywhere leaves a pair deck_file_pick resolves. */
static int save(const DeckState *ds) {
	size_t n = deck_file_encode(ds, buf, sizeof buf);
	size_t half = n / 2;
	FILE *f;
	if (n == 0 || !may_save()) {
		printf("save refused\n");
		return 0;
	}
	{
		/* The streaming encoder, read 5 bytes at a time, writes the same file. */
		static uint8_t streamed[DECK_FILE_SIZE_MAX];
		DeckFileEncoder e;
		size_t got = 0, r;
		deck_file_encoder_init(&e, ds);
		while ((r = deck_file_encoder_read(&e, streamed + got, sizeof streamed - got < 5 ? sizeof streamed - got : 5)) > 0) {
			got += r;
		}
		if (got != n || memcmp(streamed, buf, n) != 0) {
			fprintf(stderr, "the streaming encoder disagrees with deck_file_encode\n");
			exit(9);
		}
	}
	f = fopen(pending, "wb");
	if (f == NULL) {
		return 0;
	}
	if (strcmp(crash, "crash-mid-pending") == 0) {
		fwrite(buf, 1, half, f); /* the power fails halfway */
		fclose(f);
		exit(0);
	}
	if (fwrite(buf, 1, n, f) != n || fflush(f) != 0 || fclose(f) != 0) {
		return 0;
	}
	if (strcmp(crash, "crash-after-pending") == 0) {
		exit(0);
	}
	remove(committed);
	if (strcmp(crash, "crash-after-unlink") == 0) {
		exit(0);
	}
	if (rename(pending, committed) != 0) {
		return 0;
	}
	printf("saved version %u size %u\n", (unsigned int)DECK_STRUCT_VERSION, (unsigned int)n);
	return 1;
}

/* The boot path: returns 1 with *ds the career, 0 when nothing may be
 * written. */
static int boot(DeckState *ds) {
	uint16_t from_pending = 0, from_committed = 0;
	DeckFileStatus sp = load(pending, ds, &from_pending), sc = DECK_FILE_ERR_LENGTH;
	DeckFilePick pick;
	if (sp != DECK_FILE_OK && sp != DECK_FILE_MIGRATED) {
		sc = load(committed, ds, &from_committed);
	}
	pick = deck_file_pick(sp, sc);
	printf("pending %s\n", sp == DECK_FILE_OK ? "ok" : sp == DECK_FILE_MIGRATED ? "migrated" : deck_file_status_text(sp));
	switch (pick) {
	case DECK_FILE_PICK_PENDING:
		printf("loaded pending from %u\n", (unsigned int)from_pending);
		remove(committed);
		rename(pending, committed);
		if (sp == DECK_FILE_MIGRATED) {
			return save(ds);
		}
		return 1;
	case DECK_FILE_PICK_COMMITTED:
		remove(pending);
		printf("loaded committed from %u %s\n", (unsigned int)from_committed, sc == DECK_FILE_MIGRATED ? "migrated" : "current");
		if (sc == DECK_FILE_MIGRATED) {
			return save(ds);
		}
		return 1;
	case DECK_FILE_PICK_NEITHER:
		remove(pending);
		printf("new career (%s)\n", deck_file_status_text(sc));
		deck_state_new_career(ds);
		return save(ds);
	case DECK_FILE_PICK_LEAVE:
		printf("refused: %s\n", deck_file_status_text(DECK_FILE_ERR_NEWER));
		return 0;
	default:
		return 0;
	}
}

int main(int argc, char **argv) {
	static DeckState ds;
	uint8_t applied = 0;
	if (argc < 3 || (strcmp(argv[2], "boot") != 0 && strcmp(argv[2], "play") != 0)) {
		fprintf(stderr, "usage: firmware DIR boot|play [crash-...]\n");
		return 2;
	}
	if (argc > 3) {
		crash = argv[3];
	}
	snprintf(committed, sizeof committed, "%s/DECK.BIN", argv[1]);
	snprintf(pending, sizeof pending, "%s/DECK.NEW", argv[1]);
	if (!boot(&ds)) {
		return 1;
	}
	if (strcmp(argv[2], "play") == 0) {
		if (deck_ownership_commit(&ds, DECK_OWNERSHIP_PURCHASED, DECK_CATALOG_VERB_SCAN, 0, &applied) != DECK_OWNERSHIP_OK) {
			return 1;
		}
		ds.credits += 10;
		printf("bought %s applied %u\n", deck_catalog_name(DECK_CATALOG_VERB_SCAN), (unsigned int)applied);
		if (!save(&ds)) {
			return 1;
		}
	}
	printf("career credits %u owns %s %d\n", (unsigned int)ds.credits, deck_catalog_name(DECK_CATALOG_VERB_SCAN), deck_ownership_has(&ds, DECK_CATALOG_VERB_SCAN) ? 1 : 0);
	return 0;
}
