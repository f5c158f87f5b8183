/*
 * Unit tests of the generated ownership.h and catalog.h, used the way the
 * firmware's ownership.c and mission_board.c use them. Built with gcc and
 * clang at the firmware's warnings, with and without the sanitizers, by
 * conformance/c/c_test.go; prints "ok" and exits 0 when every check holds.
 */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
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

/* The ledger's bytes, read directly: what a debugger or the Go side sees. */
static const uint8_t *owned(const DeckState *ds) {
	return ds->ownership + offsetof(OwnershipBlob, owned);
}

static int bits_set(const DeckState *ds) {
	int n = 0;
	size_t i;
	for (i = 0; i < sizeof(((OwnershipBlob *)0)->owned); i++) {
		unsigned int b = owned(ds)[i];
		for (; b; b >>= 1) {
			n += (int)(b & 1u);
		}
	}
	return n;
}

/* A state whose bytes outside the ledger are all 0xA5 and whose ledger is
 * zero, as a v5 file migrates: commits must never touch the former. */
static void fresh(DeckState *ds) {
	memset(ds, 0xA5, sizeof *ds);
	memset(ds->ownership, 0, sizeof ds->ownership);
}

static void expect_outside_untouched(const DeckState *ds) {
	const uint8_t *b = (const uint8_t *)ds;
	size_t i;
	for (i = 0; i < sizeof *ds; i++) {
		if (i >= offsetof(DeckState, ownership) && i < offsetof(DeckState, ownership) + OWNERSHIP_BLOB_SIZE) {
			continue;
		}
		if (b[i] != 0xA5) {
			fprintf(stderr, "byte %zu outside the ledger was written\n", i);
			failures++;
			return;
		}
	}
}

static void test_zeroed_blob_is_empty(void) {
	DeckState ds;
	unsigned int id, slot;
	fresh(&ds);
	for (id = 0; id < CATALOG_ID_CAPACITY; id++) {
		EXPECT(!ownership_has(&ds, (uint16_t)id));
	}
	for (slot = 0; slot < CATALOG_CONSUMABLE_SLOTS; slot++) {
		EXPECT(ownership_consumable_count(&ds, (uint8_t)slot) == 0);
	}
	EXPECT(!ownership_has(&ds, CATALOG_ID_CAPACITY));
	EXPECT(!ownership_has(&ds, 0xFFFF));
	EXPECT(ownership_consumable_count(&ds, CATALOG_CONSUMABLE_SLOTS) == 0);
}

/* Committing id sets bit id % 8 of byte id / 8 and nothing else, and stamps
 * the header. */
static void expect_placed(uint16_t id) {
	DeckState ds;
	unsigned int other;
	fresh(&ds);
	EXPECT(catalog_class(id) != CATALOG_CLASS_NONE && catalog_class(id) != CATALOG_CLASS_CONSUMABLE);
	EXPECT(ownership_commit(&ds, OWNERSHIP_PURCHASED, id, 0, NULL) == OWNERSHIP_OK);
	EXPECT(owned(&ds)[id / 8] == (uint8_t)(1u << (id % 8)));
	EXPECT(bits_set(&ds) == 1);
	for (other = 0; other < CATALOG_ID_CAPACITY; other++) {
		EXPECT(ownership_has(&ds, (uint16_t)other) == (other == id));
	}
	EXPECT(ds.ownership[offsetof(OwnershipBlob, magic)] == 0x4F);     /* "O" */
	EXPECT(ds.ownership[offsetof(OwnershipBlob, magic) + 1] == 0x57); /* "W" */
	EXPECT(ds.ownership[offsetof(OwnershipBlob, blob_version)] == OWNERSHIP_BLOB_VERSION);
	expect_outside_untouched(&ds);
}

static void test_bit_placement(void) {
	DeckState ds, before;
	expect_placed(0);
	expect_placed(7);
	expect_placed(8);

	/* Id 767, the last bit: no catalog item has it yet, so read it as the
	 * bitmap defines it and check that commit refuses it untouched. */
	fresh(&ds);
	ds.ownership[offsetof(OwnershipBlob, owned) + 95] = 0x80;
	EXPECT(ownership_has(&ds, 767));
	EXPECT(!ownership_has(&ds, 766));
	EXPECT(!ownership_has(&ds, 759));
	EXPECT(bits_set(&ds) == 1);
	fresh(&ds);
	before = ds;
	EXPECT(catalog_class(767) == CATALOG_CLASS_NONE);
	EXPECT(ownership_commit(&ds, OWNERSHIP_GRANTED, 767, 0, NULL) == OWNERSHIP_ERR_UNKNOWN_ITEM);
	EXPECT(memcmp(&ds, &before, sizeof ds) == 0);
}

static void test_commit_is_idempotent(void) {
	DeckState once, twice;
	fresh(&once);
	EXPECT(ownership_commit(&once, OWNERSHIP_PURCHASED, CATALOG_VERB_SCAN, 0, NULL) == OWNERSHIP_OK);
	twice = once;
	EXPECT(ownership_commit(&twice, OWNERSHIP_PURCHASED, CATALOG_VERB_SCAN, 0, NULL) == OWNERSHIP_OK);
	EXPECT(memcmp(&once, &twice, sizeof once) == 0);
	/* Discovery and grant of an owned item leave it as it was too. */
	EXPECT(ownership_commit(&twice, OWNERSHIP_DISCOVERED, CATALOG_VERB_SCAN, 7, NULL) == OWNERSHIP_OK);
	EXPECT(ownership_commit(&twice, OWNERSHIP_GRANTED, CATALOG_VERB_SCAN, 9, NULL) == OWNERSHIP_OK);
	EXPECT(memcmp(&once, &twice, sizeof once) == 0);
	EXPECT(ownership_has(&twice, CATALOG_VERB_SCAN));
	expect_outside_untouched(&twice);
}

static void test_saturation(void) {
	DeckState ds;
	const uint8_t slot = CATALOG_STIM_PATCH_SLOT;
	fresh(&ds);
	EXPECT(catalog_consumable_slot(CATALOG_STIM_PATCH) == CATALOG_STIM_PATCH_SLOT);
	EXPECT(ownership_commit(&ds, OWNERSHIP_CONSUMABLE_BOUGHT, CATALOG_STIM_PATCH, 200, NULL) == OWNERSHIP_OK);
	EXPECT(ownership_consumable_count(&ds, slot) == 200);
	EXPECT(ownership_commit(&ds, OWNERSHIP_CONSUMABLE_BOUGHT, CATALOG_STIM_PATCH, 100, NULL) == OWNERSHIP_OK);
	EXPECT(ownership_consumable_count(&ds, slot) == 255);
	EXPECT(ownership_commit(&ds, OWNERSHIP_CONSUMABLE_BOUGHT, CATALOG_STIM_PATCH, 255, NULL) == OWNERSHIP_OK);
	EXPECT(ownership_consumable_count(&ds, slot) == 255);
	EXPECT(ownership_commit(&ds, OWNERSHIP_CONSUMABLE_USED, CATALOG_STIM_PATCH, 100, NULL) == OWNERSHIP_OK);
	EXPECT(ownership_consumable_count(&ds, slot) == 155);
	EXPECT(ownership_commit(&ds, OWNERSHIP_CONSUMABLE_USED, CATALOG_STIM_PATCH, 200, NULL) == OWNERSHIP_OK);
	EXPECT(ownership_consumable_count(&ds, slot) == 0);
	EXPECT(ownership_commit(&ds, OWNERSHIP_CONSUMABLE_USED, CATALOG_STIM_PATCH, 1, NULL) == OWNERSHIP_OK);
	EXPECT(ownership_consumable_count(&ds, slot) == 0);
	/* Counts never touch the bitmap, and other slots stay put. */
	EXPECT(bits_set(&ds) == 0);
	EXPECT(ownership_commit(&ds, OWNERSHIP_CONSUMABLE_BOUGHT, CATALOG_REPAIR_KIT, 3, NULL) == OWNERSHIP_OK);
	EXPECT(ownership_consumable_count(&ds, CATALOG_REPAIR_KIT_SLOT) == 3);
	EXPECT(ownership_consumable_count(&ds, slot) == 0);
	expect_outside_untouched(&ds);
}

/* Anything but a sanctioned outcome for a known item writes nothing. */
static void test_refusals(void) {
	DeckState ds, before;
	fresh(&ds);
	EXPECT(ownership_commit(&ds, OWNERSHIP_PURCHASED, CATALOG_VERB_PING, 0, NULL) == OWNERSHIP_OK);
	before = ds;
	EXPECT(ownership_commit(&ds, OWNERSHIP_PURCHASED, CATALOG_STIM_PATCH, 1, NULL) == OWNERSHIP_ERR_WRONG_CLASS);
	EXPECT(ownership_commit(&ds, OWNERSHIP_CONSUMABLE_BOUGHT, CATALOG_VERB_SCAN, 1, NULL) == OWNERSHIP_ERR_WRONG_CLASS);
	EXPECT(ownership_commit(&ds, OWNERSHIP_PURCHASED, CATALOG_ID_LIMIT, 0, NULL) == OWNERSHIP_ERR_UNKNOWN_ITEM);
	EXPECT(ownership_commit(&ds, OWNERSHIP_PURCHASED, CATALOG_ID_CAPACITY, 0, NULL) == OWNERSHIP_ERR_UNKNOWN_ITEM);
	EXPECT(ownership_commit(&ds, OWNERSHIP_PURCHASED, 0xFFFF, 0, NULL) == OWNERSHIP_ERR_UNKNOWN_ITEM);
	EXPECT(ownership_commit(&ds, (OwnershipOutcome)99, CATALOG_VERB_SCAN, 0, NULL) == OWNERSHIP_ERR_BAD_OUTCOME);
	EXPECT(memcmp(&ds, &before, sizeof ds) == 0);

	/* A blob of another blob version is neither read nor overwritten. */
	ds.ownership[offsetof(OwnershipBlob, blob_version)] = OWNERSHIP_BLOB_VERSION + 1;
	before = ds;
	EXPECT(!ownership_has(&ds, CATALOG_VERB_PING));
	EXPECT(ownership_commit(&ds, OWNERSHIP_PURCHASED, CATALOG_VERB_SCAN, 0, NULL) == OWNERSHIP_ERR_FOREIGN_BLOB);
	EXPECT(memcmp(&ds, &before, sizeof ds) == 0);
	ds.ownership[offsetof(OwnershipBlob, blob_version)] = OWNERSHIP_BLOB_VERSION;
	ds.ownership[offsetof(OwnershipBlob, magic)] ^= 0xFF;
	EXPECT(!ownership_has(&ds, CATALOG_VERB_PING));
	EXPECT(ownership_commit(&ds, OWNERSHIP_GRANTED, CATALOG_VERB_SCAN, 0, NULL) == OWNERSHIP_ERR_FOREIGN_BLOB);
}

/* What a commit applied: a bit newly set or not, counts moved short of n
 * where they saturate, nothing on an error. */
static void test_applied(void) {
	DeckState ds;
	uint8_t applied = 99;
	fresh(&ds);
	EXPECT(ownership_commit(&ds, OWNERSHIP_PURCHASED, CATALOG_VERB_SCAN, 0, &applied) == OWNERSHIP_OK && applied == 1);
	EXPECT(ownership_commit(&ds, OWNERSHIP_GRANTED, CATALOG_VERB_SCAN, 0, &applied) == OWNERSHIP_OK && applied == 0);
	EXPECT(ownership_commit(&ds, OWNERSHIP_CONSUMABLE_BOUGHT, CATALOG_STIM_PATCH, 250, &applied) == OWNERSHIP_OK && applied == 250);
	EXPECT(ownership_commit(&ds, OWNERSHIP_CONSUMABLE_BOUGHT, CATALOG_STIM_PATCH, 10, &applied) == OWNERSHIP_OK && applied == 5);
	EXPECT(ownership_consumable_count(&ds, CATALOG_STIM_PATCH_SLOT) == OWNERSHIP_CONSUMABLE_MAX);
	EXPECT(ownership_commit(&ds, OWNERSHIP_CONSUMABLE_USED, CATALOG_STIM_PATCH, 200, &applied) == OWNERSHIP_OK && applied == 200);
	EXPECT(ownership_commit(&ds, OWNERSHIP_CONSUMABLE_USED, CATALOG_STIM_PATCH, 200, &applied) == OWNERSHIP_OK && applied == 55);
	EXPECT(ownership_commit(&ds, OWNERSHIP_CONSUMABLE_USED, CATALOG_STIM_PATCH, 1, &applied) == OWNERSHIP_OK && applied == 0);
	applied = 99;
	EXPECT(ownership_commit(&ds, OWNERSHIP_PURCHASED, CATALOG_STIM_PATCH, 1, &applied) == OWNERSHIP_ERR_WRONG_CLASS && applied == 0);
	applied = 99;
	EXPECT(ownership_commit(&ds, OWNERSHIP_PURCHASED, 0xFFFF, 1, &applied) == OWNERSHIP_ERR_UNKNOWN_ITEM && applied == 0);
	expect_outside_untouched(&ds);
}

static void test_catalog(void) {
	static const uint16_t kit[] = CATALOG_STARTER_KIT_IDS;
	size_t i;
	EXPECT(catalog_class(CATALOG_VERB_SCAN) == CATALOG_CLASS_VERB);
	EXPECT(catalog_channel(CATALOG_VERB_SCAN) == CATALOG_CHANNEL_BOUGHT);
	EXPECT(catalog_class(CATALOG_STIM_PATCH) == CATALOG_CLASS_CONSUMABLE);
	EXPECT(catalog_consumable_slot(CATALOG_VERB_SCAN) == -1);
	EXPECT(catalog_class(CATALOG_ID_LIMIT) == CATALOG_CLASS_NONE);
	EXPECT(catalog_channel(0xFFFF) == CATALOG_CHANNEL_NONE);
	EXPECT(sizeof kit / sizeof kit[0] == CATALOG_STARTER_KIT_COUNT);
	for (i = 0; i < sizeof kit / sizeof kit[0]; i++) {
		EXPECT(catalog_channel(kit[i]) == CATALOG_CHANNEL_GRANTED);
	}
	EXPECT(CATALOG_ID_CAPACITY == 768 && CATALOG_CONSUMABLE_SLOTS == 16);
	EXPECT(strcmp(catalog_name(CATALOG_VERB_SCAN), "verb_scan") == 0);
	EXPECT(strcmp(catalog_name(0), "verb_connect") == 0);
	EXPECT(strcmp(catalog_name(CATALOG_ID_LIMIT - 1), "data_spike") == 0);
	EXPECT(catalog_name(CATALOG_ID_LIMIT) == NULL && catalog_name(0xFFFF) == NULL);
	EXPECT(DECK_STATE_CART_HISTORY_LEN == 17 && REPL_HISTORY_SLOTS_LEN == 16 && REPL_HISTORY_SLOTS_LEN_2 == 80);
	EXPECT(sizeof((DeckState *)0)->mission_log / sizeof((DeckState *)0)->mission_log[0] == DECK_STATE_MISSION_LOG_LEN);
	EXPECT(MISSION_OUTCOME_UNKNOWN == 0 && MISSION_OUTCOME_COMPLETED == 1 && MISSION_OUTCOME_FAILED == 2 && MISSION_OUTCOME_ABANDONED == 3);
}

int main(void) {
	test_zeroed_blob_is_empty();
	test_bit_placement();
	test_commit_is_idempotent();
	test_saturation();
	test_refusals();
	test_applied();
	test_catalog();
	if (failures) {
		fprintf(stderr, "%d check(s) failed\n", failures);
		return 1;
	}
	puts("ok");
	return 0;
}
