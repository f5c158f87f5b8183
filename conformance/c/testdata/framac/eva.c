/*
 * The Frama-C Eva analysis of the file codec (conformance/c/framac_test.go):
 * each eva_* function below is one entry point, analysed with every input
 * byte unknown (Frama_C_make_unknown), every length from 0 to
 * DECK_FILE_SIZE_MAX (Frama_C_size_t_interval) and every status. Eva must
 * find no alarm: no out-of-bounds access, no uninitialised read, no signed
 * overflow, no signed or unsigned downcast that changes a value.
 */
#include "__fc_builtin.h"

#include "deck_file.h"

static uint8_t file[DECK_FILE_SIZE_MAX];
static uint8_t chunk[64];
static DeckState ds;

static DeckFileStatus any_status(void) {
	switch (Frama_C_interval(0, 8)) {
	case 0: return DECK_FILE_OK;
	case 1: return DECK_FILE_MIGRATED;
	case 2: return DECK_FILE_ERR_MAGIC;
	case 3: return DECK_FILE_ERR_LENGTH;
	case 4: return DECK_FILE_ERR_PAYLOAD_LEN;
	case 5: return DECK_FILE_ERR_CRC;
	case 6: return DECK_FILE_ERR_NEWER;
	case 7: return DECK_FILE_ERR_REINITIALIZE;
	default: return DECK_FILE_ERR_UNKNOWN_VERSION;
	}
}

/* deck_file_decode and deck_file_may_overwrite on any file of any length a buffer of DECK_FILE_SIZE_MAX holds. */
void eva_decode(void) {
	uint16_t from;
	size_t len = Frama_C_size_t_interval(0u, sizeof file);
	Frama_C_make_unknown((char *)file, sizeof file);
	(void)deck_file_decode(file, len, &ds, &from);
	(void)deck_file_decode(file, len, NULL, NULL);
	(void)deck_file_decode(NULL, 0u, &ds, &from);
	(void)deck_file_may_overwrite(file, len);
	(void)deck_file_may_overwrite(NULL, 0u);
}

/* Decodes a file of exactly n unknown bytes, in an object of exactly n bytes: a read past the file is an alarm. */
#define EXACT(n) \
	do { \
		static uint8_t f##n[n]; \
		Frama_C_make_unknown((char *)f##n, n); \
		(void)deck_file_decode(f##n, n, &ds, &from); \
		(void)deck_file_may_overwrite(f##n, n); \
	} while (0)

/* deck_file_decode on files of every length that decides a check (each short
 * length, each shipped file size and its neighbours), each in an object of
 * its own size. */
void eva_decode_exact(void) {
	uint16_t from;
	EXACT(1); EXACT(2); EXACT(3); EXACT(4); EXACT(5); EXACT(6); EXACT(7); EXACT(8);
	EXACT(9); EXACT(10); EXACT(11); EXACT(12); EXACT(13);
	EXACT(2955); EXACT(2956); EXACT(2957); EXACT(3683); EXACT(3684); EXACT(3685);
	EXACT(4071); EXACT(4072); EXACT(4073); EXACT(4199); EXACT(4200);
}

/* The streaming decoder fed any number of chunks of any bytes, each of any size up to 64. */
void eva_stream_decode(void) {
	DeckFileDecoder d;
	uint16_t from;
	deck_file_decoder_init(&d, Frama_C_nondet(0, 1) ? &ds : NULL);
	while (Frama_C_nondet(0, 1)) {
		size_t n = Frama_C_size_t_interval(0u, sizeof chunk);
		Frama_C_make_unknown((char *)chunk, sizeof chunk);
		(void)deck_file_decoder_feed(&d, chunk, n);
	}
	(void)deck_file_decoder_finish(&d, &from);
	(void)deck_file_decoder_finish(&d, NULL);
	(void)deck_file_decoder_feed(&d, chunk, sizeof chunk);
}

/* deck_file_encode and the streaming encoder of any state, into any capacity. */
void eva_encode(void) {
	DeckFileEncoder e;
	size_t cap = Frama_C_size_t_interval(0u, sizeof file);
	Frama_C_make_unknown((char *)&ds, sizeof ds);
	(void)deck_file_encode(&ds, file, cap);
	deck_file_encoder_init(&e, &ds);
	while (deck_file_encoder_read(&e, chunk, Frama_C_size_t_interval(0u, sizeof chunk)) > 0u) {
	}
}

/* deck_file_pick of any two statuses, and the status texts. */
void eva_pick(void) {
	(void)deck_file_pick(any_status(), any_status());
	(void)deck_file_status_text(any_status());
}

/* deck_state_new_career over any prior state. */
void eva_new_career(void) {
	Frama_C_make_unknown((char *)&ds, sizeof ds);
	deck_state_new_career(&ds);
}
