/*
 * make_shots: the benchmark's shots, written twice — as flat JSON Lines for the C reference
 * (reference.c) and as shot JSON version 1 for `dialrules eval` — the same shots, line for line.
 *
 *   gcc -O2 -o .build/ref/make_shots Tests/Benchmarks/Reference/make_shots.c
 *   .build/ref/make_shots COUNT FLAT.jsonl V1.jsonl [SEED]
 *
 * Every value is generated as a whole number of hundredths and printed from that integer with
 * one decimal (or two when the hundredths digit is not 0), so the text is the exact decimal and
 * the flat and v1 files hold the same numbers. Same COUNT and SEED (default 1), same bytes: the
 * random numbers come from a SplitMix64 generator written out below, not from the C library.
 *
 * The first lines are boundary shots, built systematically: every threshold of the default
 * table (time ±3 s and ±8 s, yield ±2 g, dose ±0.5 g, the 1:1.5–1:2.5 window after a 2 g move,
 * ratio 1 and 4, time 8 s and 90 s) hit exactly, 0.01 inside and 0.01 outside, for runs of
 * recipe values that cross a power of two (16 and 32). Where the recipe value and the
 * shot value lie on both sides of it their binary doubles carry different rounding errors, so a
 * difference that is exactly 3 in decimal is not 3 in double (32.2 - 29.2 = 3.0000000000000036):
 * the C reference's double mode gets some of those wrong, on purpose. The rest is random within
 * the ranges real shots take, with the tastes, flows and previous changes the table reads.
 *
 * Flat line:  {"id": 7, "dose_g": 18.0, "yield_g": 36.4, "time_s": 21.0, "first_drop_s": 6.5,
 *              "recipe_dose_g": 18.0, "recipe_yield_g": 36.0, "recipe_time_s": 28.0,
 *              "previous_grind": -1, "taste": ["sour"], "flow": []}
 * previous_grind: the previous change in grind steps, negative finer, positive coarser, 0 none
 * (the v1 line then has no "previous").
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const TASTES[] = {"sour", "bitter", "balanced", "thin", "strong", "harsh"};
static const char *const FLOWS[] = {"channeling", "gushing", "choked"};
enum { TASTE_COUNT = 6, FLOW_COUNT = 3 };

typedef struct {
    long id;
    long dose, yield, time, first_drop;         /* hundredths of g, g, s, s */
    long recipe_dose, recipe_yield, recipe_time; /* hundredths */
    int previous_grind;                          /* steps: < 0 finer, > 0 coarser, 0 none */
    unsigned taste, flow;                        /* bit i: TASTES[i], FLOWS[i] */
} Shot;

static uint64_t rng_state;

static uint64_t next_random(void) { /* SplitMix64 */
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A whole number from lo to hi, both included. */
static long uniform(long lo, long hi) { return lo + (long)(next_random() % (uint64_t)(hi - lo + 1)); }

/* True with probability percent / 100. */
static int chance(int percent) { return uniform(1, 100) <= percent; }

static void put_hundredths(FILE *f, long h) {
    long whole = h / 100, frac = h % 100;
    if (frac % 10 == 0) fprintf(f, "%ld.%ld", whole, frac / 10);
    else fprintf(f, "%ld.%02ld", whole, frac);
}

static void put_tags(FILE *f, const char *const *names, int count, unsigned bits) {
    fputc('[', f);
    int first = 1;
    for (int i = 0; i < count; i++) {
        if (!(bits & (1u << i))) continue;
        fprintf(f, first ? "\"%s\"" : ", \"%s\"", names[i]);
        first = 0;
    }
    fputc(']', f);
}

static void put_number(FILE *f, const char *key, long h) {
    fprintf(f, ", \"%s\": ", key);
    put_hundredths(f, h);
}

static void write_flat(FILE *f, const Shot *s) {
    fprintf(f, "{\"id\": %ld", s->id);
    put_number(f, "dose_g", s->dose);
    put_number(f, "yield_g", s->yield);
    put_number(f, "time_s", s->time);
    put_number(f, "first_drop_s", s->first_drop);
    put_number(f, "recipe_dose_g", s->recipe_dose);
    put_number(f, "recipe_yield_g", s->recipe_yield);
    put_number(f, "recipe_time_s", s->recipe_time);
    fprintf(f, ", \"previous_grind\": %d, \"taste\": ", s->previous_grind);
    put_tags(f, TASTES, TASTE_COUNT, s->taste);
    fputs(", \"flow\": ", f);
    put_tags(f, FLOWS, FLOW_COUNT, s->flow);
    fputs("}\n", f);
}

/* Shot JSON v1, keys in the order dialrules writes them. */
static void write_v1(FILE *f, const Shot *s) {
    fprintf(f, "{\"format\": \"dialrules-shot\", \"version\": 1, \"id\": \"%ld\", \"recipe\": {\"dose_g\": ", s->id);
    put_hundredths(f, s->recipe_dose);
    put_number(f, "yield_g", s->recipe_yield);
    put_number(f, "time_s", s->recipe_time);
    fputs("}, \"shot\": {\"dose_g\": ", f);
    put_hundredths(f, s->dose);
    put_number(f, "yield_g", s->yield);
    put_number(f, "time_s", s->time);
    put_number(f, "first_drop_s", s->first_drop);
    fputs(", \"taste\": ", f);
    put_tags(f, TASTES, TASTE_COUNT, s->taste);
    fputs(", \"flow\": ", f);
    put_tags(f, FLOWS, FLOW_COUNT, s->flow);
    fputc('}', f);
    if (s->previous_grind != 0) {
        int steps = abs(s->previous_grind);
        fprintf(f, ", \"previous\": {\"adjustment\": {\"type\": \"grind\", \"direction\": \"%s\", \"steps\": %d}}",
                s->previous_grind < 0 ? "finer" : "coarser", steps);
    }
    fputs("}\n", f);
}

/* A shot on the recipe 18 g → 36 g in 28 s, first drop at 6 s, nothing noted. */
static Shot on_recipe(void) {
    Shot s = {0};
    s.recipe_dose = s.dose = 1800;
    s.recipe_yield = s.yield = 3600;
    s.recipe_time = s.time = 2800;
    s.first_drop = 600;
    return s;
}

static unsigned random_tastes(void) {
    int count = (int)uniform(0, 9); /* 0 tags: 1 in 10; 1: 4 in 10; 2: 3 in 10; 3: 2 in 10 */
    count = count == 0 ? 0 : count <= 4 ? 1 : count <= 7 ? 2 : 3;
    unsigned bits = 0;
    while (__builtin_popcount(bits) < count) bits |= 1u << uniform(0, TASTE_COUNT - 1);
    return bits;
}

static Shot random_shot(void) {
    Shot s = {0};
    s.recipe_dose = uniform(16, 20) * 100;                      /* 16 .. 20 g */
    s.recipe_yield = s.recipe_dose * uniform(18, 24) / 100 * 10; /* ratio 1:1.8 .. 1:2.4, to 0.1 g */
    s.recipe_time = uniform(250, 320) * 10;                     /* 25 .. 32 s */
    int d = (int)uniform(1, 100);
    s.dose = s.recipe_dose + (d <= 85 ? 0 : d <= 95 ? uniform(-5, 5) * 10 : uniform(-15, 15) * 10);
    s.yield = s.recipe_yield + (chance(80) ? uniform(-20, 20) * 10 : uniform(-50, 50) * 10);
    s.time = s.recipe_time + uniform(-120, 120) * 10; /* ±12 s */
    s.first_drop = uniform(30, 100) * 10;             /* 3 .. 10 s, always before the end */
    int p = (int)uniform(1, 100);
    s.previous_grind = p <= 30 ? -1 : p <= 35 ? -2 : p <= 50 ? 1 : 0;
    s.taste = random_tastes();
    s.flow = chance(3) ? 1u : chance(2) ? 2u : chance(2) ? 4u : 0u;
    return s;
}

/* The boundary shots: each threshold exactly, just inside and just outside, across 16 and 32. */
static long boundary_shots(Shot *out) {
    static const long offsets[] = {-1, 0, 1}; /* hundredths beyond the threshold */
    static const unsigned tastes[] = {1u << 0, 1u << 1, 1u << 2, 1u << 3 | 1u << 5};
    long n = 0;
    for (long recipe = 2600; recipe <= 3200; recipe += 30)      /* time ±3 s, recipes 26 .. 32 s */
        for (int sign = -1; sign <= 1; sign += 2)
            for (int k = 0; k < 3; k++)
                for (int t = 0; t < 4; t++) {
                    Shot s = on_recipe();
                    s.recipe_time = recipe;
                    s.time = recipe + sign * (300 + offsets[k]);
                    s.taste = tastes[t];
                    out[n++] = s;
                }
    for (long recipe = 3000; recipe <= 3400; recipe += 30)      /* yield ±2 g, recipes 30 .. 34 g */
        for (int sign = -1; sign <= 1; sign += 2)
            for (int k = 0; k < 3; k++) {
                Shot s = on_recipe();
                s.recipe_yield = recipe;
                s.yield = recipe + sign * (200 + offsets[k]);
                s.taste = 1u << 0; /* sour on time: +2 g unless the yield is off */
                out[n++] = s;
            }
    for (long recipe = 1560; recipe <= 1640; recipe += 10)      /* dose ±0.5 g, recipes 15.6 .. 16.4 g */
        for (int sign = -1; sign <= 1; sign += 2)
            for (int k = 0; k < 3; k++) {
                Shot s = on_recipe();
                s.recipe_dose = recipe;
                s.dose = recipe + sign * (50 + offsets[k]);
                s.taste = 1u << 1; /* bitter on time: -2 g unless the dose is off */
                out[n++] = s;
            }
    for (long recipe = 2600; recipe <= 3200; recipe += 60)      /* time ±8 s: one or two steps */
        for (int sign = -1; sign <= 1; sign += 2)
            for (int k = 0; k < 3; k++)
                for (int t = 0; t < 4; t++) {
                    Shot s = on_recipe();
                    s.recipe_time = recipe;
                    s.time = recipe + sign * (800 + offsets[k]);
                    s.taste = tastes[t];
                    out[n++] = s;
                }
    for (long dose = 1560; dose <= 1640; dose += 10)            /* the ratio window after ±2 g */
        for (int k = 0; k < 3; k++) {
            Shot s = on_recipe(); /* sour on time: +2 g while recipe yield + 2 g <= 2.5 × dose */
            s.recipe_dose = s.dose = dose;
            s.recipe_yield = s.yield = dose * 5 / 2 - 200 + offsets[k];
            s.taste = 1u << 0;
            out[n++] = s;
            s.recipe_yield = s.yield = dose * 3 / 2 + 200 + offsets[k]; /* bitter: -2 g while >= 1.5 × */
            s.taste = 1u << 1;
            out[n++] = s;
        }
    for (long dose = 1600; dose <= 1800; dose += 200)           /* "check the numbers": ratio 1 and 4 */
        for (int k = 0; k < 3; k++) {
            Shot s = on_recipe();
            s.recipe_dose = s.dose = dose;
            s.yield = dose + offsets[k];
            s.taste = 1u << 0;
            out[n++] = s;
            s.yield = 4 * dose + offsets[k];
            out[n++] = s;
        }
    for (int k = 0; k < 3; k++) {                               /* and time 8 s and 90 s */
        Shot s = on_recipe();
        s.first_drop = 300;
        s.time = 800 + offsets[k];
        s.taste = 1u << 0;
        out[n++] = s;
        s.time = 9000 + offsets[k];
        out[n++] = s;
    }
    return n;
}

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: %s COUNT FLAT.jsonl V1.jsonl [SEED]\n", argv[0]);
        return 64;
    }
    char *end;
    long count = strtol(argv[1], &end, 10);
    if (*end || count < 0) {
        fprintf(stderr, "make_shots: COUNT must be a whole number, not '%s'\n", argv[1]);
        return 64;
    }
    rng_state = argc == 5 ? strtoull(argv[4], NULL, 10) : 1;
    FILE *flat = fopen(argv[2], "w"), *v1 = fopen(argv[3], "w");
    if (!flat || !v1) {
        perror(flat ? argv[3] : argv[2]);
        return 2;
    }
    static Shot boundary[2048];
    long boundaries = boundary_shots(boundary);
    for (long i = 0; i < count; i++) {
        Shot s = i < boundaries ? boundary[i] : random_shot();
        s.id = i + 1;
        write_flat(flat, &s);
        write_v1(v1, &s);
    }
    if (fclose(flat) || fclose(v1)) {
        perror("make_shots: write");
        return 2;
    }
    return 0;
}
