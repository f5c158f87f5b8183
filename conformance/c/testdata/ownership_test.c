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
	return ds->ownership + offsetof(DeckOwnershipBlob, owned);
}

static int bits_set(const DeckState *ds) {
	int n = 0;
	size_t i;
	for (i = 0; i < sizeof(((DeckOwnershipBlob *)0)->owned); i++) {
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
		if (i >= offsetof(DeckState, ownership) && i < offsetof(DeckState, ownership) + DECK_OWNERSHIP_BLOB_SIZE) {
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
	for (id = 0; id < DECK_CATALOG_ID_CAPACITY; id++) {
		EXPECT(!deck_ownership_has(&ds, (uint16_t)id));
	}
	for (slot = 0; slot < DECK_CATALOG_CONSUMABLE_SLOTS; slot++) {
		EXPECT(deck_ownership_consumable_count(&ds, (uint8_t)slot) == 0);
	}
	EXPECT(!deck_ownership_has(&ds, DECK_CATALOG_ID_CAPACITY));
	EXPECT(!deck_ownership_has(&ds, 0xFFFF));
	EXPECT(deck_ownership_consumable_count(&ds, DECK_CATALOG_CONSUMABLE_SLOTS) == 0);
}

/* Committing id sets bit id % 8 of byte id / 8 and nothing else, and stamps
 * the header. */
static void expect_placed(uint16_t id) {
	DeckState ds;
	unsigned int other;
	fresh(&ds);
	EXPECT(deck_catalog_class(id) != DECK_CATALOG_CLASS_NONE && deck_catalog_class(id) != DECK_CATALOG_CLASS_CONSUMABLE);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_PURCHASED, id, 0, NULL) == DECK_OWNERSHIP_OK);
	EXPECT(owned(&ds)[id / 8] == (uint8_t)(1u << (id % 8)));
	EXPECT(bits_set(&ds) == 1);
	for (other = 0; other < DECK_CATALOG_ID_CAPACITY; other++) {
		EXPECT(deck_ownership_has(&ds, (uint16_t)other) == (other == id));
	}
	EXPECT(ds.ownership[offsetof(DeckOwnershipBlob, magic)] == 0x4F);     /* "O" */
	EXPECT(ds.ownership[offsetof(DeckOwnershipBlob, magic) + 1] == 0x57); /* "W" */
	EXPECT(ds.ownership[offsetof(DeckOwnershipBlob, blob_version)] == DECK_OWNERSHIP_BLOB_VERSION);
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
	ds.ownership[offsetof(DeckOwnershipBlob, owned) + 95] = 0x80;
	EXPECT(deck_ownership_has(&ds, 767));
	EXPECT(!deck_ownership_has(&ds, 766));
	EXPECT(!deck_ownership_has(&ds, 759));
	EXPECT(bits_set(&ds) == 1);
	fresh(&ds);
	before = ds;
	EXPECT(deck_catalog_class(767) == DECK_CATALOG_CLASS_NONE);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_GRANTED, 767, 0, NULL) == DECK_OWNERSHIP_ERR_UNKNOWN_ITEM);
	EXPECT(memcmp(&ds, &before, sizeof ds) == 0);
}

static void test_commit_is_idempotent(void) {
	DeckState once, twice;
	fresh(&once);
	EXPECT(deck_ownership_commit(&once, DECK_OWNERSHIP_PURCHASED, DECK_CATALOG_VERB_SCAN, 0, NULL) == DECK_OWNERSHIP_OK);
	twice = once;
	EXPECT(deck_ownership_commit(&twice, DECK_OWNERSHIP_PURCHASED, DECK_CATALOG_VERB_SCAN, 0, NULL) == DECK_OWNERSHIP_OK);
	EXPECT(memcmp(&once, &twice, sizeof once) == 0);
	/* Discovery and grant of an owned item leave it as it was too. */
	EXPECT(deck_ownership_commit(&twice, DECK_OWNERSHIP_DISCOVERED, DECK_CATALOG_VERB_SCAN, 7, NULL) == DECK_OWNERSHIP_OK);
	EXPECT(deck_ownership_commit(&twice, DECK_OWNERSHIP_GRANTED, DECK_CATALOG_VERB_SCAN, 9, NULL) == DECK_OWNERSHIP_OK);
	EXPECT(memcmp(&once, &twice, sizeof once) == 0);
	EXPECT(deck_ownership_has(&twice, DECK_CATALOG_VERB_SCAN));
	expect_outside_untouched(&twice);
}

static void test_saturation(void) {
	DeckState ds;
	const uint8_t slot = DECK_CATALOG_STIM_PATCH_SLOT;
	fresh(&ds);
	EXPECT(deck_catalog_consumable_slot(DECK_CATALOG_STIM_PATCH) == DECK_CATALOG_STIM_PATCH_SLOT);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_CONSUMABLE_BOUGHT, DECK_CATALOG_STIM_PATCH, 200, NULL) == DECK_OWNERSHIP_OK);
	EXPECT(deck_ownership_consumable_count(&ds, slot) == 200);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_CONSUMABLE_BOUGHT, DECK_CATALOG_STIM_PATCH, 100, NULL) == DECK_OWNERSHIP_OK);
	EXPECT(deck_ownership_consumable_count(&ds, slot) == 255);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_CONSUMABLE_BOUGHT, DECK_CATALOG_STIM_PATCH, 255, NULL) == DECK_OWNERSHIP_OK);
	EXPECT(deck_ownership_consumable_count(&ds, slot) == 255);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_CONSUMABLE_USED, DECK_CATALOG_STIM_PATCH, 100, NULL) == DECK_OWNERSHIP_OK);
	EXPECT(deck_ownership_consumable_count(&ds, slot) == 155);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_CONSUMABLE_USED, DECK_CATALOG_STIM_PATCH, 200, NULL) == DECK_OWNERSHIP_OK);
	EXPECT(deck_ownership_consumable_count(&ds, slot) == 0);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_CONSUMABLE_USED, DECK_CATALOG_STIM_PATCH, 1, NULL) == DECK_OWNERSHIP_OK);
	EXPECT(deck_ownership_consumable_count(&ds, slot) == 0);
	/* Counts never touch the bitmap, and other slots stay put. */
	EXPECT(bits_set(&ds) == 0);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_CONSUMABLE_BOUGHT, DECK_CATALOG_REPAIR_KIT, 3, NULL) == DECK_OWNERSHIP_OK);
	EXPECT(deck_ownership_consumable_count(&ds, DECK_CATALOG_REPAIR_KIT_SLOT) == 3);
	EXPECT(deck_ownership_consumable_count(&ds, slot) == 0);
	expect_outside_untouched(&ds);
}

/* Anything but a sanctioned outcome for a known item writes nothing. */
static void test_refusals(void) {
	DeckState ds, before;
	fresh(&ds);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_PURCHASED, DECK_CATALOG_VERB_PING, 0, NULL) == DECK_OWNERSHIP_OK);
	before = ds;
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_PURCHASED, DECK_CATALOG_STIM_PATCH, 1, NULL) == DECK_OWNERSHIP_ERR_WRONG_CLASS);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_CONSUMABLE_BOUGHT, DECK_CATALOG_VERB_SCAN, 1, NULL) == DECK_OWNERSHIP_ERR_WRONG_CLASS);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_PURCHASED, DECK_CATALOG_ID_LIMIT, 0, NULL) == DECK_OWNERSHIP_ERR_UNKNOWN_ITEM);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_PURCHASED, DECK_CATALOG_ID_CAPACITY, 0, NULL) == DECK_OWNERSHIP_ERR_UNKNOWN_ITEM);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_PURCHASED, 0xFFFF, 0, NULL) == DECK_OWNERSHIP_ERR_UNKNOWN_ITEM);
	EXPECT(deck_ownership_commit(&ds, (DeckOwnershipOutcome)99, DECK_CATALOG_VERB_SCAN, 0, NULL) == DECK_OWNERSHIP_ERR_BAD_OUTCOME);
	EXPECT(memcmp(&ds, &before, sizeof ds) == 0);

	/* A blob of another blob version is neither read nor overwritten. */
	ds.ownership[offsetof(DeckOwnershipBlob, blob_version)] = DECK_OWNERSHIP_BLOB_VERSION + 1;
	before = ds;
	EXPECT(!deck_ownership_has(&ds, DECK_CATALOG_VERB_PING));
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_PURCHASED, DECK_CATALOG_VERB_SCAN, 0, NULL) == DECK_OWNERSHIP_ERR_FOREIGN_BLOB);
	EXPECT(memcmp(&ds, &before, sizeof ds) == 0);
	ds.ownership[offsetof(DeckOwnershipBlob, blob_version)] = DECK_OWNERSHIP_BLOB_VERSION;
	ds.ownership[offsetof(DeckOwnershipBlob, magic)] ^= 0xFF;
	EXPECT(!deck_ownership_has(&ds, DECK_CATALOG_VERB_PING));
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_GRANTED, DECK_CATALOG_VERB_SCAN, 0, NULL) == DECK_OWNERSHIP_ERR_FOREIGN_BLOB);
}

/* What a commit applied: a bit newly set or not, counts moved short of n
 * where they saturate, nothing on an error. */
static void test_applied(void) {
	DeckState ds;
	uint8_t applied = 99;
	fresh(&ds);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_PURCHASED, DECK_CATALOG_VERB_SCAN, 0, &applied) == DECK_OWNERSHIP_OK && applied == 1);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_GRANTED, DECK_CATALOG_VERB_SCAN, 0, &applied) == DECK_OWNERSHIP_OK && applied == 0);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_CONSUMABLE_BOUGHT, DECK_CATALOG_STIM_PATCH, 250, &applied) == DECK_OWNERSHIP_OK && applied == 250);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_CONSUMABLE_BOUGHT, DECK_CATALOG_STIM_PATCH, 10, &applied) == DECK_OWNERSHIP_OK && applied == 5);
	EXPECT(deck_ownership_consumable_count(&ds, DECK_CATALOG_STIM_PATCH_SLOT) == DECK_OWNERSHIP_CONSUMABLE_MAX);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_CONSUMABLE_USED, DECK_CATALOG_STIM_PATCH, 200, &applied) == DECK_OWNERSHIP_OK && applied == 200);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_CONSUMABLE_USED, DECK_CATALOG_STIM_PATCH, 200, &applied) == DECK_OWNERSHIP_OK && applied == 55);
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_CONSUMABLE_USED, DECK_CATALOG_STIM_PATCH, 1, &applied) == DECK_OWNERSHIP_OK && applied == 0);
	applied = 99;
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_PURCHASED, DECK_CATALOG_STIM_PATCH, 1, &applied) == DECK_OWNERSHIP_ERR_WRONG_CLASS && applied == 0);
	applied = 99;
	EXPECT(deck_ownership_commit(&ds, DECK_OWNERSHIP_PURCHASED, 0xFFFF, 1, &applied) == DECK_OWNERSHIP_ERR_UNKNOWN_ITEM && applied == 0);
	expect_outside_untouched(&ds);
}

static void test_catalog(void) {
	static const uint16_t kit[] = DECK_CATALOG_STARTER_KIT_IDS;
	size_t i;
	EXPECT(deck_catalog_class(DECK_CATALOG_VERB_SCAN) == DECK_CATALOG_CLASS_VERB);
	EXPECT(deck_catalog_channel(DECK_CATALOG_VERB_SCAN) == DECK_CATALOG_CHANNEL_BOUGHT);
	EXPECT(deck_catalog_class(DECK_CATALOG_STIM_PATCH) == DECK_CATALOG_CLASS_CONSUMABLE);
	EXPECT(deck_catalog_consumable_slot(DECK_CATALOG_VERB_SCAN) == -1);
	EXPECT(deck_catalog_class(DECK_CATALOG_ID_LIMIT) == DECK_CATALOG_CLASS_NONE);
	EXPECT(deck_catalog_channel(0xFFFF) == DECK_CATALOG_CHANNEL_NONE);
	EXPECT(sizeof kit / sizeof kit[0] == DECK_CATALOG_STARTER_KIT_COUNT);
	for (i = 0; i < sizeof kit / sizeof kit[0]; i++) {
		EXPECT(deck_catalog_channel(kit[i]) == DECK_CATALOG_CHANNEL_GRANTED);
	}
	EXPECT(DECK_CATALOG_ID_CAPACITY == 768 && DECK_CATALOG_CONSUMABLE_SLOTS == 16);
	EXPECT(strcmp(deck_catalog_name(DECK_CATALOG_VERB_SCAN), "verb_scan") == 0);
	EXPECT(strcmp(deck_catalog_name(0), "verb_connect") == 0);
	EXPECT(strcmp(deck_catalog_name(DECK_CATALOG_ID_LIMIT - 1), "data_spike") == 0);
	EXPECT(deck_catalog_name(DECK_CATALOG_ID_LIMIT) == NULL && deck_catalog_name(0xFFFF) == NULL);
	EXPECT(DECK_STATE_CART_HISTORY_LEN == 17 && DECK_REPL_HISTORY_SLOTS_LEN == 16 && DECK_REPL_HISTORY_SLOTS_LEN_2 == 80);
	EXPECT(sizeof((DeckState *)0)->mission_log / sizeof((DeckState *)0)->mission_log[0] == DECK_STATE_MISSION_LOG_LEN);
	EXPECT(DECK_MISSION_OUTCOME_UNKNOWN == 0 && DECK_MISSION_OUTCOME_COMPLETED == 1 && DECK_MISSION_OUTCOME_FAILED == 2 && DECK_MISSION_OUTCOME_ABANDONED == 3);
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
