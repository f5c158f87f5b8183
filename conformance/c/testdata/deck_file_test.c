/*
 * Unit tests of the generated file codec (deck_file.h, deck_file.c), the
 * parts a differential with Go does not reach: the CRC against zlib's check
 * value and in pieces, the status texts, the encoder's capacity, the
 * overwrite guard's edges, the boot-time pick and a new career. Built with
 * the firmware's warnings by conformance/c/codec_test.go; prints "ok" and
 * exits 0 when every check holds.
 */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "deck_file.h"
#include "ownership.h"
#include "types.h"

static int failures;

#define EXPECT(cond)                                                           \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "%s:%d: expected %s\n", __FILE__,     \
			        __LINE__, #cond);                              \
			failures++;                                            \
		}                                                              \
	} while (0)

static void test_crc(void) {
	static const uint8_t check[] = "123456789";
	uint32_t crc;
	EXPECT(deck_crc32(0, check, 9) == 0xCBF43926u);
	/* In pieces, as zlib continues a CRC. */
	crc = deck_crc32(0, check, 4);
	crc = deck_crc32(crc, check + 4, 5);
	EXPECT(crc == 0xCBF43926u);
	EXPECT(deck_crc32(0, check, 0) == 0);
	EXPECT(deck_crc32(0x12345678u, NULL, 9) == 0); /* zlib: NULL gives the initial value */
}

static void test_sizes(void) {
	static const uint16_t shipped[] = DECK_SHIPPED_VERSIONS;
	size_t i;
	EXPECT(sizeof shipped / sizeof shipped[0] == DECK_SHIPPED_VERSION_COUNT);
	for (i = 0; i < DECK_SHIPPED_VERSION_COUNT; i++) {
		EXPECT(DECK_PAYLOAD_SIZE(shipped[i]) != 0u);
		EXPECT(DECK_FILE_SIZE(shipped[i]) == DECK_PAYLOAD_SIZE(shipped[i]) + DECK_FILE_HEADER_SIZE + DECK_FILE_CRC_SIZE);
		EXPECT(DECK_FILE_SIZE(shipped[i]) <= DECK_FILE_SIZE_MAX);
	}
	EXPECT(shipped[DECK_SHIPPED_VERSION_COUNT - 1] == DECK_STRUCT_VERSION);
	EXPECT(DECK_PAYLOAD_SIZE(0) == 0u && DECK_PAYLOAD_SIZE(DECK_STRUCT_VERSION + 1) == 0u && DECK_FILE_SIZE(0xFFFF) == 0u);
	EXPECT(DECK_FILE_SIZE_CURRENT == DECK_FILE_SIZE(DECK_STRUCT_VERSION));
	EXPECT(DECK_PAYLOAD_SIZE(DECK_STRUCT_VERSION) == sizeof(DeckState));
}

static void test_status_text(void) {
	int s;
	for (s = DECK_FILE_OK; s <= DECK_FILE_ERR_UNKNOWN_VERSION; s++) {
		const char *t = deck_file_status_text((DeckFileStatus)s);
		EXPECT(t != NULL && t[0] != '\0' && strstr(t, "not a status") == NULL);
	}
	EXPECT(strstr(deck_file_status_text((DeckFileStatus)99), "not a status") != NULL);
	EXPECT(strstr(deck_file_status_text(DECK_FILE_ERR_NEWER), "newer") != NULL);
	EXPECT(strstr(deck_file_status_text(DECK_FILE_ERR_REINITIALIZE), "reinitialize") != NULL);
}

static void test_encode(void) {
	static DeckState ds, back;
	static uint8_t buf[DECK_FILE_SIZE_MAX + 1];
	uint16_t from = 99;
	memset(&ds, 0x5A, sizeof ds);
	memset(buf, 0xEE, sizeof buf);
	EXPECT(deck_file_encode(&ds, buf, DECK_FILE_SIZE_CURRENT - 1) == 0);
	EXPECT(buf[0] == 0xEE); /* nothing written */
	EXPECT(deck_file_encode(&ds, NULL, sizeof buf) == 0);
	EXPECT(deck_file_encode(&ds, buf, sizeof buf) == DECK_FILE_SIZE_CURRENT);
	EXPECT(buf[DECK_FILE_SIZE_CURRENT] == 0xEE);
	EXPECT(memcmp(buf, "DECK", 4) == 0);
	EXPECT(deck_file_decode(buf, DECK_FILE_SIZE_CURRENT, &back, &from) == DECK_FILE_OK && from == DECK_STRUCT_VERSION);
	EXPECT(memcmp(&ds, &back, sizeof ds) == 0);
	/* A NULL buffer is an empty file. */
	EXPECT(deck_file_decode(NULL, 10, &back, &from) == DECK_FILE_ERR_LENGTH && from == 0);
}

static void test_may_overwrite(void) {
	uint8_t h[8] = {'D', 'E', 'C', 'K', DECK_STRUCT_VERSION, 0, 0, 0};
	EXPECT(deck_file_may_overwrite(NULL, 0) == DECK_FILE_OK);
	EXPECT(deck_file_may_overwrite(h, sizeof h) == DECK_FILE_OK);
	h[4] = DECK_STRUCT_VERSION + 1;
	EXPECT(deck_file_may_overwrite(h, sizeof h) == DECK_FILE_ERR_NEWER);
	EXPECT(deck_file_may_overwrite(h, 7) == DECK_FILE_OK); /* no whole header: no career to protect */
	h[4] = 0;
	h[5] = 1; /* version 256 */
	EXPECT(deck_file_may_overwrite(h, sizeof h) == DECK_FILE_ERR_NEWER);
	h[0] = 'X';
	EXPECT(deck_file_may_overwrite(h, sizeof h) == DECK_FILE_OK);
}

static void test_pick(void) {
	const DeckFileStatus torn = DECK_FILE_ERR_LENGTH;
	EXPECT(deck_file_pick(DECK_FILE_OK, DECK_FILE_OK) == DECK_FILE_PICK_PENDING);
	EXPECT(deck_file_pick(DECK_FILE_MIGRATED, torn) == DECK_FILE_PICK_PENDING);
	EXPECT(deck_file_pick(torn, DECK_FILE_OK) == DECK_FILE_PICK_COMMITTED);
	EXPECT(deck_file_pick(DECK_FILE_ERR_CRC, DECK_FILE_MIGRATED) == DECK_FILE_PICK_COMMITTED);
	EXPECT(deck_file_pick(torn, torn) == DECK_FILE_PICK_NEITHER);
	EXPECT(deck_file_pick(torn, DECK_FILE_ERR_REINITIALIZE) == DECK_FILE_PICK_NEITHER);
	EXPECT(deck_file_pick(DECK_FILE_ERR_NEWER, DECK_FILE_OK) == DECK_FILE_PICK_LEAVE);
	EXPECT(deck_file_pick(torn, DECK_FILE_ERR_NEWER) == DECK_FILE_PICK_LEAVE);
}

static void test_new_career(void) {
	static DeckState ds;
	static const uint16_t kit[] = DECK_CATALOG_STARTER_KIT_IDS;
	size_t i;
	unsigned int id, owned = 0;
	memset(&ds, 0x77, sizeof ds);
	deck_state_new_career(&ds);
	for (i = 0; i < sizeof kit / sizeof kit[0]; i++) {
		EXPECT(deck_ownership_has(&ds, kit[i]));
	}
	for (id = 0; id < DECK_CATALOG_ID_CAPACITY; id++) {
		owned += deck_ownership_has(&ds, (uint16_t)id) ? 1u : 0u;
	}
	EXPECT(owned == DECK_CATALOG_STARTER_KIT_COUNT);
	EXPECT(ds.credits == 0 && ds.handle[0] == 0 && ds.mission_log[63].outcome == DECK_MISSION_OUTCOME_UNKNOWN);
}

int main(void) {
	test_crc();
	test_sizes();
	test_status_text();
	test_encode();
	test_may_overwrite();
	test_pick();
	test_new_career();
	if (failures) {
		fprintf(stderr, "%d check(s) failed\n", failures);
		return 1;
	}
	puts("ok");
	return 0;
}
