/*
 * The C end of the Go<->C ledger check: reads a DeckState, commits the
 * outcomes on stdin through deck_ownership_commit, writes the DeckState back and
 * prints what ownership.h answers, for conformance/c/ledger_test.go to
 * compare with deck/ownership doing the same.
 *
 * usage: ledger STATE_IN STATE_OUT < commits
 *
 * Each line of stdin is "OUTCOME DECK_CATALOG_ID N" (decimal). For each, one
 * line "status S applied A" is printed; then "has" and one 0/1 per catalog id below
 * DECK_CATALOG_ID_CAPACITY, and "counts" and the count of each slot.
 */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "ownership.h"
#include "types.h"

int main(int argc, char **argv) {
	static DeckState ds;
	unsigned int outcome, id, n, i;
	uint8_t applied;
	FILE *f;
	if (argc != 3) {
		fprintf(stderr, "usage: ledger STATE_IN STATE_OUT < commits\n");
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (f == NULL || fread(&ds, 1, sizeof ds, f) != sizeof ds) {
		fprintf(stderr, "ledger: cannot read %zu bytes from %s\n", sizeof ds, argv[1]);
		return 2;
	}
	fclose(f);
	while (scanf("%u %u %u", &outcome, &id, &n) == 3) {
		int status = (int)deck_ownership_commit(&ds, (DeckOwnershipOutcome)outcome, (uint16_t)id, (uint8_t)n, &applied);
		printf("status %d applied %u\n", status, (unsigned int)applied);
	}
	printf("has ");
	for (i = 0; i < DECK_CATALOG_ID_CAPACITY; i++) {
		putchar(deck_ownership_has(&ds, (uint16_t)i) ? '1' : '0');
	}
	printf("\ncounts");
	for (i = 0; i < DECK_CATALOG_CONSUMABLE_SLOTS; i++) {
		printf(" %u", (unsigned int)deck_ownership_consumable_count(&ds, (uint8_t)i));
	}
	putchar('\n');
	f = fopen(argv[2], "wb");
	if (f == NULL || fwrite(&ds, 1, sizeof ds, f) != sizeof ds || fclose(f) != 0) {
		fprintf(stderr, "ledger: cannot write %s\n", argv[2]);
		return 2;
	}
	return 0;
}
