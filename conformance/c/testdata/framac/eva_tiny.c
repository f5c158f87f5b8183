/*
 * The Frama-C Eva analysis of another layout's codec
 * (conformance/c/framac_test.go, TestFramaCEvaFloatLayout): gen/clayout's
 * small layout, prefix Tiny, with float32, float64, uint64 and int64
 * fields, arrays of them and nested structs. Each eva_* function is one
 * entry point, with every input byte unknown and every length; Eva must
 * find no alarm, special floats included: the codec never loads a float
 * as a value, it copies its bytes.
 */
#include "__fc_builtin.h"

#include "tiny_file.h"

static uint8_t file[TINY_FILE_SIZE_MAX];
static uint8_t chunk[16];
static TinyRoot ds;

/* tiny_file_decode on any file of any length a buffer of TINY_FILE_SIZE_MAX holds. */
void eva_decode(void) {
	uint16_t from;
	size_t len = Frama_C_size_t_interval(0u, sizeof file);
	Frama_C_make_unknown((char *)file, sizeof file);
	(void)tiny_file_decode(file, len, &ds, &from);
}

/* The streaming decoder fed any number of chunks of any bytes, each of any size up to 16. */
void eva_stream_decode(void) {
	TinyFileDecoder d;
	uint16_t from;
	tiny_file_decoder_init(&d, &ds);
	while (Frama_C_nondet(0, 1)) {
		size_t n = Frama_C_size_t_interval(0u, sizeof chunk);
		Frama_C_make_unknown((char *)chunk, sizeof chunk);
		(void)tiny_file_decoder_feed(&d, chunk, n);
	}
	(void)tiny_file_decoder_finish(&d, &from);
}

/* tiny_file_encode and the streaming encoder of any state (any float bits), into any capacity. */
void eva_encode(void) {
	TinyFileEncoder e;
	size_t cap = Frama_C_size_t_interval(0u, sizeof file);
	Frama_C_make_unknown((char *)&ds, sizeof ds);
	(void)tiny_file_encode(&ds, file, cap);
	tiny_file_encoder_init(&e, &ds);
	while (tiny_file_encoder_read(&e, chunk, Frama_C_size_t_interval(0u, sizeof chunk)) > 0u) {
	}
}
