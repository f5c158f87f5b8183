/* The kiosk's side: a new card, a coupon bought, an old card migrated, each
 * written out as a file for the test to compare with schemagen deck. */
#include <stdio.h>
#include <string.h>

#include "types.h"
#include "catalog.h"
#include "ownership.h"
#include "vault_file.h"

static int write_file(const char *path, const uint8_t *b, size_t n) {
	FILE *f = fopen(path, "wb");
	if (f == NULL || fwrite(b, 1, n, f) != n || fclose(f) != 0) {
		return 1;
	}
	return 0;
}

int main(int argc, char **argv) {
	static uint8_t buf[VAULT_FILE_SIZE_MAX];
	VaultCard card;
	uint8_t applied = 0;
	uint16_t from = 0;
	size_t n;
	FILE *f;

	if (argc != 4) {
		fprintf(stderr, "usage: card NEW.v OLD.v MIGRATED.v\n");
		return 2;
	}
	/* A new card: the welcome badge granted, nothing else. */
	vault_card_new(&card);
	if (!vault_rewards_has(&card, VAULT_CATALOG_BADGE_WELCOME) || vault_rewards_has(&card, VAULT_CATALOG_PERK_COFFEE)) {
		fprintf(stderr, "the new card's rewards are wrong\n");
		return 1;
	}
	n = vault_file_encode(&card, buf, sizeof buf);
	if (n != VAULT_FILE_SIZE_CURRENT || write_file(argv[1], buf, n) != 0) {
		return 1;
	}
	/* A coupon bought twice counts two; a coupon is not owned by a bit. */
	if (vault_rewards_commit(&card, VAULT_REWARDS_CONSUMABLE_BOUGHT, VAULT_CATALOG_COUPON_TEN, 2, &applied) != VAULT_REWARDS_OK || applied != 2 ||
	    vault_rewards_consumable_count(&card, VAULT_CATALOG_COUPON_TEN_SLOT) != 2 ||
	    vault_rewards_commit(&card, VAULT_REWARDS_PURCHASED, VAULT_CATALOG_COUPON_TEN, 0, NULL) != VAULT_REWARDS_ERR_WRONG_CLASS) {
		fprintf(stderr, "the coupon was not counted\n");
		return 1;
	}
	/* An older card migrates: what it had is kept, last_seen starts at 0. */
	f = fopen(argv[2], "rb");
	if (f == NULL) {
		return 1;
	}
	n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	if (vault_file_decode(buf, n, &card, &from) != VAULT_FILE_MIGRATED || from != 2) {
		fprintf(stderr, "the old card did not migrate: %s\n", vault_file_status_text(vault_file_decode(buf, n, &card, &from)));
		return 1;
	}
	n = vault_file_encode(&card, buf, sizeof buf);
	return write_file(argv[3], buf, n);
}
