/*
 * The C end of the Go<->C vectors: reads a struct's bytes through the
 * generated headers and checks every field against the values the Go test
 * encoded, or fills every field and writes the bytes for Go to decode. The
 * per-field fill and check functions are in vectors.h, which
 * conformance/c/c_test.go renders from the model for each run.
 *
 * usage: vectors fill|check STRUCT FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "ownership.h"
#include "types.h"

#define CHECK_U(path, got, want)                                               \
	do {                                                                   \
		if ((unsigned long long)(got) != (want)) {                     \
			fprintf(stderr, "%s = %llu, want %llu\n", path,        \
			        (unsigned long long)(got), (want));            \
			bad++;                                                 \
		}                                                              \
	} while (0)
#define CHECK_S(path, got, want)                                               \
	do {                                                                   \
		if ((long long)(got) != (want)) {                              \
			fprintf(stderr, "%s = %lld, want %lld\n", path,        \
			        (long long)(got), (want));                     \
			bad++;                                                 \
		}                                                              \
	} while (0)

typedef struct vector {
	const char *name;
	size_t size;
	void (*fill)(void *);
	int (*check)(const void *);
} vector;

#include "vectors.h"

int main(int argc, char **argv) {
	const uint16_t one = 1;
	const vector *v = NULL;
	size_t i, n;
	void *buf;
	FILE *f;
	if (argc != 4 || (strcmp(argv[1], "fill") != 0 && strcmp(argv[1], "check") != 0)) {
		fprintf(stderr, "usage: vectors fill|check STRUCT FILE\n");
		return 2;
	}
	if (*(const uint8_t *)&one != 1) {
		fprintf(stderr, "vectors: this host is big-endian; the layout is little-endian\n");
		return 2;
	}
	for (i = 0; i < sizeof vectors / sizeof vectors[0]; i++) {
		if (strcmp(vectors[i].name, argv[2]) == 0) {
			v = &vectors[i];
		}
	}
	if (v == NULL) {
		fprintf(stderr, "vectors: no struct %s\n", argv[2]);
		return 2;
	}
	buf = calloc(1, v->size + 1);
	if (buf == NULL) {
		return 2;
	}
	if (strcmp(argv[1], "fill") == 0) {
		v->fill(buf);
		f = fopen(argv[3], "wb");
		if (f == NULL || fwrite(buf, 1, v->size, f) != v->size || fclose(f) != 0) {
			fprintf(stderr, "vectors: cannot write %s\n", argv[3]);
			return 2;
		}
		return 0;
	}
	f = fopen(argv[3], "rb");
	if (f == NULL) {
		fprintf(stderr, "vectors: cannot read %s\n", argv[3]);
		return 2;
	}
	n = fread(buf, 1, v->size + 1, f);
	fclose(f);
	if (n != v->size) {
		fprintf(stderr, "vectors: %s is %zu bytes; sizeof(%s) is %zu\n", argv[3], n, v->name, v->size);
		return 1;
	}
	if (v->check(buf) != 0) {
		return 1;
	}
	puts("ok");
	return 0;
}
