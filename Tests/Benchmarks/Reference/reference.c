/*
 * reference: the default rule table (rules/espresso.dialrules, version 2) decided by hand-written
 * C over make_shots.c's flat JSON Lines — the near-physical-limit program that
 * docs/performance.md compares `dialrules eval` with, run side by side by side-by-side.sh.
 *
 *   gcc -O2 -o .build/ref/reference Tests/Benchmarks/Reference/reference.c
 *   .build/ref/reference FLAT.jsonl OUTPUT.jsonl [--fixed]
 *
 * It does `dialrules eval`'s whole job on these shots: it reads the whole file, parses each line
 * with a minimal parser that knows only make_shots' keys, decides it and appends its line of
 * decision JSON (docs/design.md §7) to one buffer that it writes at the end — byte for byte the
 * line `dialrules eval` writes for the same shot in shot JSON v1: the decision object with its
 * English text, the deciding rules' ids in table order, and `missing` (always empty here). So
 * side-by-side.sh compares the two outputs with cmp, and both programs write the same bytes.
 *
 * Numbers: by default strtod() and doubles, so a difference at a threshold can be off by one
 * rounding (32.2 - 29.2 > 3); with --fixed, decimal text becomes whole hundredths (make_shots
 * writes at most two decimals) and every comparison is exact, as in dialrules — only that mode
 * is expected to agree with dialrules on every shot.
 *
 * The semantics (docs/design.md §4), restricted to what make_shots produces: every field the
 * table reads is present, so no condition is unknown and no rule is in doubt. A rule is
 * overridden when a rule that overrides it matches; of the matching rules that are not
 * overridden (M), any abstaining one makes the decision "insufficient explicit" (decided by the
 * abstaining ones); two different actions make "insufficient conflict" (decided by M); one action
 * is the decision; none is the table's `otherwise`, "insufficient no_rule" with no rules.
 *
 * TO FOLLOW A NEW VERSION OF THE DEFAULT TABLE, edit three places: the named facts (struct
 * Facts and FACTS below: each `let` or threshold of the table, computed once per shot in both
 * number modes), the texts (the actions FINER_1 … NO_CHANGE, OTHERWISE, and REASON_id of each
 * abstaining rule, as the rule file words them in English), and DEFAULT_TABLE (one RULE line per
 * rule of the file, in file order: id, action, the ids it overrides, condition over the facts).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The shot ------------------------------------------------------------------------------ */

/* The numbers of a flat line, by key: dose_g, yield_g, time_s, first_drop_s, recipe_dose_g, … */
enum { DOSE, YIELD, TIME, FIRST_DROP, RECIPE_DOSE, RECIPE_YIELD, RECIPE_TIME, NUMBER_COUNT };
static const char *const TASTES[] = {"sour", "bitter", "balanced", "thin", "strong", "harsh", NULL};
static const char *const FLOWS[] = {"channeling", "gushing", "choked", NULL};

typedef struct {
    long long id;
    double real[NUMBER_COUNT];         /* default mode */
    int64_t hundredths[NUMBER_COUNT];  /* --fixed mode */
    int previous_grind;                /* steps of the previous change: < 0 finer, > 0 coarser, 0 none */
    unsigned taste, flow;              /* bit i: TASTES[i], FLOWS[i] */
} Shot;

/* ---- The facts the rules read: the table's `let`s and tags, once per shot ------------------ */

typedef struct {
    bool sour, bitter, balanced, thin, strong, harsh; /* taste has … */
    bool channeling, gushing, choked;                 /* flow has … */
    bool previous_finer;                              /* previous.adjustment is grind finer */
    /* The table's `let`s over the tags. */
    bool under, over, bitter_only, about_right, no_extraction_word;
    bool weak, intense, no_strength_word;
    /* The numeric ones. */
    bool fast, far_fast, on_time, slow, far_slow;     /* dt against ±3 s and ±8 s */
    bool yield_off, dose_off;                         /* dy beyond ±2 g, dd beyond ±0.5 g */
    bool longer_fits, shorter_fits;                   /* the recipe ± 2 g stays in 1:1.5 .. 1:2.5 */
    bool odd_ratio, odd_time, late_first_drop;        /* the "check the numbers" guards */
} Facts;

/* The numeric facts, written once for both modes: v is the shot's numbers (the mode's type), H(x)
 * a threshold given in hundredths, as a number of the mode (3 s is H(300)). The window tests are
 * multiplied out so both modes compute them without a division: recipe.yield + 2 g <= 2.5 *
 * recipe.dose is 2 * (yield + 2) <= 5 * dose; shot.ratio < 1 is yield < dose (dose > 0 here). */
#define FACTS(f, v, H)                                                                 \
    do {                                                                               \
        __typeof__((v)[0]) dt = (v)[TIME] - (v)[RECIPE_TIME];                          \
        __typeof__((v)[0]) dy = (v)[YIELD] - (v)[RECIPE_YIELD];                        \
        __typeof__((v)[0]) dd = (v)[DOSE] - (v)[RECIPE_DOSE];                          \
        (f)->fast = dt < -H(300);                                                      \
        (f)->far_fast = dt < -H(800);                                                  \
        (f)->on_time = -H(300) <= dt && dt <= H(300);                                  \
        (f)->slow = dt > H(300);                                                       \
        (f)->far_slow = dt > H(800);                                                   \
        (f)->yield_off = dy < -H(200) || dy > H(200);                                  \
        (f)->dose_off = dd < -H(50) || dd > H(50);                                     \
        (f)->longer_fits = 2 * ((v)[RECIPE_YIELD] + H(200)) <= 5 * (v)[RECIPE_DOSE];   \
        (f)->shorter_fits = 2 * ((v)[RECIPE_YIELD] - H(200)) >= 3 * (v)[RECIPE_DOSE];  \
        (f)->odd_ratio = (v)[YIELD] < (v)[DOSE] || (v)[YIELD] > 4 * (v)[DOSE];         \
        (f)->odd_time = (v)[TIME] < H(800) || (v)[TIME] > H(9000);                     \
        (f)->late_first_drop = (v)[FIRST_DROP] > (v)[TIME];                            \
    } while (0)
#define REAL(h) ((h) / 100.0) /* exact: 300 / 100.0 is 3.0 */
#define WHOLE(h) ((int64_t)(h))

static void tag_facts(Facts *f, const Shot *s) {
    f->sour = s->taste & 1u, f->bitter = s->taste & 2u, f->balanced = s->taste & 4u;
    f->thin = s->taste & 8u, f->strong = s->taste & 16u, f->harsh = s->taste & 32u;
    f->channeling = s->flow & 1u, f->gushing = s->flow & 2u, f->choked = s->flow & 4u;
    f->previous_finer = s->previous_grind < 0;
    f->under = f->sour && !f->bitter && !f->harsh;
    f->over = (f->bitter || f->harsh) && !f->sour;
    f->bitter_only = f->bitter && !f->harsh && !f->sour;
    f->about_right = f->balanced && !f->sour && !f->bitter && !f->harsh;
    f->no_extraction_word = !f->sour && !f->bitter && !f->harsh && !f->balanced;
    f->weak = f->thin && !f->strong;
    f->intense = f->strong && !f->thin;
    f->no_strength_word = !f->thin && !f->strong;
}

static void real_facts(Facts *f, const Shot *s) {
    tag_facts(f, s);
    FACTS(f, s->real, REAL);
}

static void fixed_facts(Facts *f, const Shot *s) {
    tag_facts(f, s);
    FACTS(f, s->hundredths, WHOLE);
}

/* ---- The table: rules/espresso.dialrules version 2, in file order -------------------------- */

/* An action, as `dialrules eval` writes it: a deciding action is its decision object (decision
 * JSON, docs/design.md §7) and its form in rule files (for a conflict's text); ABSTAIN("…") is
 * `insufficient "…"`, its English reason REASON_id below. */
#define DECIDES(decision, rule_text) {decision, rule_text, NULL}
#define ABSTAIN(id) {NULL, NULL, REASON_##id}
#define ADJUST(adjustment, text) "{\"kind\":\"adjust\",\"adjustment\":" adjustment ",\"text\":\"" text "\"}"
#define GRIND(direction, steps, unit)                                                                \
    DECIDES(ADJUST("{\"type\":\"grind\",\"direction\":\"" direction "\",\"steps\":" #steps "}",        \
                   "Grind " direction " by " #steps " " unit),                                        \
            "grind " direction " " #steps " " unit)
#define FINER_1 GRIND("finer", 1, "step")
#define FINER_2 GRIND("finer", 2, "steps")
#define COARSER_1 GRIND("coarser", 1, "step")
#define COARSER_2 GRIND("coarser", 2, "steps")
#define LONGER_2 DECIDES(ADJUST("{\"type\":\"yield\",\"delta_g\":2}", "Increase the yield by 2 g"), "yield +2 g")
#define SHORTER_2 DECIDES(ADJUST("{\"type\":\"yield\",\"delta_g\":-2}", "Decrease the yield by 2 g"), "yield -2 g")
#define NO_CHANGE DECIDES("{\"kind\":\"no_change\",\"text\":\"No change\"}", "no change")
/* The table's `otherwise`: insufficient "…" with no rules. */
#define OTHERWISE "No rule covers this shot: note how it tasted (sour, bitter, harsh, balanced, thin or strong)."

/* The English reason of each abstaining rule, as in the rule file. */
#define REASON_sour_slow "Sour yet slow: the water found a path and skipped most of the coffee. Check your puck preparation (distribution, tamp) before changing the grind."
#define REASON_fast_bitter_or_harsh "Fast yet bitter or harsh: water is probably rushing through a channel. Check your puck preparation before changing the grind."
#define REASON_sour_and_bitter "Sour and bitter together: part of the puck ran too fast and part too slow. Work on distribution and tamping, then pull again."
#define REASON_sour_and_harsh "Sour and harsh together: part of the puck ran too fast and part too slow. Work on distribution and tamping, then pull again."
#define REASON_strength_at_window_edge "The ratio is already at the edge of the espresso window, and the time points the other way: no single step fixes both. Change the dose by a gram, or taste the next shot again."
#define REASON_thin_and_strong "Thin and strong at once cannot both be true: taste the next shot again and note one of them."
#define REASON_channeling "Channeling observed: fix puck preparation before changing the recipe."
#define REASON_gushing "The shot gushed: the puck gave way; fix distribution and tamping (or grind much finer) before a one-step change."
#define REASON_choked "The shot choked: far too fine or too much coffee; go several steps coarser or check the dose, then dial in again."
#define REASON_yield_off_target "The shot missed the target yield by more than 2 g; pull to the target first."
#define REASON_dose_off_target "The dose differed from the recipe by more than 0.5 g."
#define REASON_check_ratio "Check the numbers: a yield under the dose or over four times the dose is not an espresso as logged."
#define REASON_check_time "Check the numbers: a shot under 8 s or over 90 s is not an espresso as logged."
#define REASON_check_first_drop "Check the numbers: the first drop came after the shot ended."

#define DEFAULT_TABLE(RULE)                                                                             \
    RULE(sour_fast, FINER_1, "", f->under && !f->intense && f->fast && !f->far_fast)                    \
    RULE(sour_very_fast, FINER_2, "", f->under && !f->intense && f->far_fast)                           \
    RULE(sour_on_time, LONGER_2, "", f->under && f->no_strength_word && f->on_time && f->longer_fits)   \
    RULE(sour_thin, FINER_1, "", f->under && f->weak && f->on_time)                                     \
    RULE(sour_strong, LONGER_2, "", f->under && f->intense && !f->slow && f->longer_fits)               \
    RULE(sour_at_long_end, FINER_1, "",                                                                 \
         f->under && ((f->no_strength_word && f->on_time) || (f->intense && !f->slow)) && !f->longer_fits) \
    RULE(sour_slow, ABSTAIN(sour_slow), "", f->under && f->slow)                                        \
    RULE(bitter_slow, COARSER_1, "", f->over && !f->weak && f->slow && !f->far_slow)                    \
    RULE(bitter_very_slow, COARSER_2, "", f->over && !f->weak && f->far_slow)                           \
    RULE(bitter_on_time, SHORTER_2, "",                                                                 \
         f->bitter_only && f->no_strength_word && f->on_time && f->shorter_fits)                        \
    RULE(harsh_on_time, COARSER_1, "", f->harsh && !f->sour && !f->weak && f->on_time)                  \
    RULE(bitter_strong, COARSER_1, "", f->over && f->intense && f->on_time)                             \
    RULE(bitter_thin, SHORTER_2, "", f->over && f->weak && !f->fast && f->shorter_fits)                 \
    RULE(bitter_at_short_end, COARSER_1, "",                                                            \
         ((f->bitter_only && f->no_strength_word && f->on_time) || (f->over && f->weak && !f->fast))    \
             && !f->shorter_fits)                                                                       \
    RULE(fast_bitter_or_harsh, ABSTAIN(fast_bitter_or_harsh), "", f->over && f->fast)                   \
    RULE(back_off_after_finer, COARSER_1, "fast_bitter_or_harsh",                                       \
         f->previous_finer && f->over && f->fast)                                                       \
    RULE(sour_and_bitter, ABSTAIN(sour_and_bitter), "", f->sour && f->bitter)                           \
    RULE(sour_and_harsh, ABSTAIN(sour_and_harsh), "", f->sour && f->harsh && !f->bitter)                \
    RULE(thin_fast, FINER_1, "", f->weak && f->no_extraction_word && f->fast && !f->far_fast)           \
    RULE(thin_very_fast, FINER_2, "", f->weak && f->no_extraction_word && f->far_fast)                  \
    RULE(thin_not_fast, SHORTER_2, "", f->weak && f->no_extraction_word && !f->fast && f->shorter_fits) \
    RULE(balanced_thin, SHORTER_2, "", f->about_right && f->weak && f->shorter_fits)                    \
    RULE(thin_at_short_end, FINER_1, "",                                                                \
         f->weak && ((f->no_extraction_word && f->on_time) || (f->about_right && !f->slow))             \
             && !f->shorter_fits)                                                                       \
    RULE(strong_slow, COARSER_1, "", f->intense && f->no_extraction_word && f->slow && !f->far_slow)    \
    RULE(strong_very_slow, COARSER_2, "", f->intense && f->no_extraction_word && f->far_slow)           \
    RULE(strong_longer, LONGER_2, "", f->intense && f->no_extraction_word && !f->slow && f->longer_fits) \
    RULE(balanced_strong, LONGER_2, "", f->about_right && f->intense && f->longer_fits)                 \
    RULE(strong_at_long_end, COARSER_1, "",                                                             \
         f->intense && ((f->no_extraction_word && f->on_time) || (f->about_right && !f->fast))          \
             && !f->longer_fits)                                                                        \
    RULE(strength_at_window_edge, ABSTAIN(strength_at_window_edge), "",                                 \
         ((f->weak && f->slow && !f->shorter_fits) || (f->intense && f->fast && !f->longer_fits))       \
             && !f->sour && !f->bitter && !f->harsh)                                                    \
    RULE(thin_and_strong, ABSTAIN(thin_and_strong), "", f->thin && f->strong)                           \
    RULE(balanced, NO_CHANGE, "", f->about_right && f->no_strength_word)                                \
    RULE(channeling, ABSTAIN(channeling), "", f->channeling)                                            \
    RULE(gushing, ABSTAIN(gushing), "", f->gushing)                                                     \
    RULE(choked, ABSTAIN(choked), "", f->choked)                                                        \
    RULE(yield_off_target, ABSTAIN(yield_off_target), "", f->yield_off)                                 \
    RULE(dose_off_target, ABSTAIN(dose_off_target), "", f->dose_off)                                    \
    RULE(check_ratio, ABSTAIN(check_ratio), "yield_off_target dose_off_target", f->odd_ratio)           \
    RULE(check_time, ABSTAIN(check_time), "", f->odd_time)                                              \
    RULE(check_first_drop, ABSTAIN(check_first_drop), "", f->late_first_drop)

#define RULE_INDEX(id, action, overrides, when) R_##id,
enum { DEFAULT_TABLE(RULE_INDEX) RULE_COUNT };
_Static_assert(RULE_COUNT <= 64, "a rule set is one 64-bit word");

typedef struct {
    const char *decision;  /* a deciding action's decision object; NULL when it abstains */
    const char *rule_text; /* its form in rule files, for a conflict's text */
    const char *reason;    /* an abstaining action's reason */
} Action;

typedef struct {
    const char *id;
    Action action;
    const char *overrides;
    uint64_t overridden_by; /* filled in by resolve: the rules that override this one */
    int action_id;          /* filled in by resolve: equal for equal actions */
} Rule;
#define RULE_ENTRY(id, action, overrides, when) {#id, action, overrides, 0, 0},
static Rule RULES[RULE_COUNT] = {DEFAULT_TABLE(RULE_ENTRY)};

/* The rules whose conditions hold: bit i for RULES[i]. */
static uint64_t matching(const Facts *f) {
    uint64_t m = 0;
#define RULE_TEST(id, action, overrides, when) \
    if (when) m |= 1ull << R_##id;
    DEFAULT_TABLE(RULE_TEST)
    return m;
}

/* Resolves the `overrides` names and numbers the distinct actions. */
static void resolve(void) {
    for (int r = 0; r < RULE_COUNT; r++) {
        const char *decision = RULES[r].action.decision;
        int same = 0;
        while (decision && same < r && !(RULES[same].action.decision && !strcmp(RULES[same].action.decision, decision)))
            same++;
        RULES[r].action_id = decision ? same : -1;
        /* The texts are written into JSON strings as they are: nothing in them may need escaping. */
        const char *text = decision ? RULES[r].action.rule_text : RULES[r].action.reason;
        for (const char *c = text; *c; c++)
            if (*c == '"' || *c == '\\' || (unsigned char)*c < 0x20) {
                fprintf(stderr, "reference: the text of rule %s needs escaping in JSON\n", RULES[r].id);
                exit(70);
            }
    }
    for (int r = 0; r < RULE_COUNT; r++) {
        const char *p = RULES[r].overrides;
        while (*p) {
            size_t n = strcspn(p, " ");
            int q = 0;
            while (q < RULE_COUNT && !(strlen(RULES[q].id) == n && !memcmp(RULES[q].id, p, n))) q++;
            if (q == RULE_COUNT) {
                fprintf(stderr, "reference: rule %s overrides an unknown rule '%.*s'\n", RULES[r].id, (int)n, p);
                exit(70);
            }
            RULES[q].overridden_by |= 1ull << r;
            p += n + strspn(p + n, " ");
        }
    }
}

static char *put(char *o, const char *s) {
    size_t n = strlen(s);
    memcpy(o, s, n);
    return o + n;
}

/* Agree-or-abstain over the matching rules: writes the decision object at o (as `dialrules eval`
 * does) and sets *decided_by. */
static char *put_decision(char *o, uint64_t matched, uint64_t *decided_by) {
    uint64_t m = 0, abstaining = 0;
    for (uint64_t left = matched; left; left &= left - 1) {
        int r = __builtin_ctzll(left);
        if (RULES[r].overridden_by & matched) continue;
        m |= 1ull << r;
        if (!RULES[r].action.decision) abstaining |= 1ull << r;
    }
    if (abstaining) {
        /* The abstaining rules' reasons, in table order, one sentence after the other. */
        *decided_by = abstaining;
        o = put(o, "{\"kind\":\"insufficient_evidence\",\"reason\":\"explicit\",\"text\":\"");
        for (uint64_t left = abstaining; left; left &= left - 1) {
            o = put(o, RULES[__builtin_ctzll(left)].action.reason);
            if (left & (left - 1)) *o++ = ' ';
        }
        return put(o, "\"}");
    }
    *decided_by = m;
    if (!m) return put(o, "{\"kind\":\"insufficient_evidence\",\"reason\":\"no_rule\",\"text\":\"" OTHERWISE "\"}");
    int first = __builtin_ctzll(m);
    bool agree = true;
    for (uint64_t left = m & (m - 1); left; left &= left - 1)
        agree = agree && RULES[__builtin_ctzll(left)].action_id == RULES[first].action_id;
    if (agree) return put(o, RULES[first].action.decision);
    o = put(o, "{\"kind\":\"insufficient_evidence\",\"reason\":\"conflict\",\"text\":\"The matching rules disagree: ");
    for (uint64_t left = m; left; left &= left - 1) {
        const Rule *rule = &RULES[__builtin_ctzll(left)];
        o = put(put(put(o, rule->id), " says "), rule->action.rule_text);
        if (left & (left - 1)) o = put(o, "; ");
    }
    return put(o, ".\"}");
}

/* ---- Reading the flat lines ---------------------------------------------------------------- */

static long line_number;

static void fail(const char *problem) {
    fprintf(stderr, "reference: line %ld: %s\n", line_number, problem);
    exit(2);
}

static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\r') p++;
    return p;
}

/* -?digits(.digits)? into hundredths, exactly; more than two non-zero decimals is an error. */
static const char *read_hundredths(const char *p, int64_t *out) {
    bool negative = *p == '-';
    if (negative) p++;
    if (*p < '0' || *p > '9') fail("expected a number");
    int64_t v = 0;
    while (*p >= '0' && *p <= '9') v = v * 10 + (*p++ - '0');
    v *= 100;
    if (*p == '.') {
        int64_t scale = 10;
        for (p++; *p >= '0' && *p <= '9'; p++) {
            if (scale == 0 && *p != '0') fail("more than two decimals (--fixed reads hundredths)");
            v += (*p - '0') * scale;
            scale /= 10;
        }
    }
    if (*p == 'e' || *p == 'E') fail("an exponent (--fixed reads plain decimals)");
    *out = negative ? -v : v;
    return p;
}

/* ["tag", …] into bits of names; an unknown tag is an error. */
static const char *read_tags(const char *p, const char *const *names, unsigned *bits) {
    if (*p != '[') fail("expected [");
    p = skip_space(p + 1);
    while (*p == '"') {
        const char *start = ++p;
        while (*p && *p != '"') p++;
        size_t n = (size_t)(p - start);
        int i = 0;
        while (names[i] && !(strncmp(names[i], start, n) == 0 && names[i][n] == 0)) i++;
        if (!names[i]) fail("unknown tag");
        *bits |= 1u << i;
        p = skip_space(p + 1);
        if (*p == ',') p = skip_space(p + 1);
    }
    if (*p != ']') fail("expected ]");
    return p + 1;
}

static const char *read_whole(const char *p, long long *out) {
    bool negative = *p == '-';
    if (negative) p++;
    if (*p < '0' || *p > '9') fail("expected a whole number");
    long long v = 0;
    while (*p >= '0' && *p <= '9') v = v * 10 + (*p++ - '0');
    *out = negative ? -v : v;
    return p;
}

/* Which value a key names: one of the numbers above, or one of these. */
enum { KEY_ID = NUMBER_COUNT, KEY_PREVIOUS_GRIND, KEY_TASTE, KEY_FLOW, KEY_UNKNOWN };

static int key_of(const char *k, size_t n) {
#define IS(word) (n == sizeof word - 1 && !memcmp(k, word, n))
    switch (n) {
    case 2: return IS("id") ? KEY_ID : KEY_UNKNOWN;
    case 4: return IS("flow") ? KEY_FLOW : KEY_UNKNOWN;
    case 5: return IS("taste") ? KEY_TASTE : KEY_UNKNOWN;
    case 6: return IS("dose_g") ? DOSE : IS("time_s") ? TIME : KEY_UNKNOWN;
    case 7: return IS("yield_g") ? YIELD : KEY_UNKNOWN;
    case 12: return IS("first_drop_s") ? FIRST_DROP : KEY_UNKNOWN;
    case 13: return IS("recipe_dose_g") ? RECIPE_DOSE : IS("recipe_time_s") ? RECIPE_TIME : KEY_UNKNOWN;
    case 14: return IS("recipe_yield_g") ? RECIPE_YIELD : IS("previous_grind") ? KEY_PREVIOUS_GRIND : KEY_UNKNOWN;
    default: return KEY_UNKNOWN;
    }
#undef IS
}

static const char *read_shot(const char *p, Shot *s, bool fixed) {
    memset(s, 0, sizeof *s);
    if (*p != '{') fail("expected {");
    for (p = skip_space(p + 1); *p != '}'; p = skip_space(p)) {
        if (*p != '"') fail("expected a key");
        const char *key = ++p;
        while (*p && *p != '"') p++;
        int k = key_of(key, (size_t)(p - key));
        p = skip_space(p + 1);
        if (*p != ':') fail("expected :");
        p = skip_space(p + 1);
        long long whole;
        char *end;
        switch (k) {
        case KEY_ID:
            p = read_whole(p, &s->id);
            break;
        case KEY_PREVIOUS_GRIND:
            p = read_whole(p, &whole);
            s->previous_grind = (int)whole;
            break;
        case KEY_TASTE:
            p = read_tags(p, TASTES, &s->taste);
            break;
        case KEY_FLOW:
            p = read_tags(p, FLOWS, &s->flow);
            break;
        case KEY_UNKNOWN:
            fail("unknown key");
            break;
        default:
            if (fixed) {
                p = read_hundredths(p, &s->hundredths[k]);
            } else {
                s->real[k] = strtod(p, &end);
                if (end == p) fail("expected a number");
                p = end;
            }
        }
        p = skip_space(p);
        if (*p == ',') p = skip_space(p + 1);
        else if (*p != '}') fail("expected , or }");
    }
    return p + 1;
}

/* ---- Main ---------------------------------------------------------------------------------- */

static char *put_whole(char *o, long long v) {
    char digits[24];
    int n = 0;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    if (v < 0) *o++ = '-';
    do digits[n++] = (char)('0' + u % 10);
    while (u /= 10);
    while (n) *o++ = digits[--n];
    return o;
}

int main(int argc, char **argv) {
    bool fixed = argc == 4 && !strcmp(argv[3], "--fixed");
    if (argc != 3 && !fixed) {
        fprintf(stderr, "usage: %s FLAT.jsonl OUTPUT.jsonl [--fixed]\n", argv[0]);
        return 64;
    }
    resolve();
    FILE *in = fopen(argv[1], "rb");
    if (!in) {
        perror(argv[1]);
        return 2;
    }
    fseek(in, 0, SEEK_END);
    long size = ftell(in);
    fseek(in, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, in) != (size_t)size) {
        perror(argv[1]);
        return 2;
    }
    text[size] = 0;
    fclose(in);

    /* The longest output line: its id, every rule's id twice (a conflict's text and decided_by)
     * with its texts, and the fixed parts. */
    size_t longest = 256 + strlen(OTHERWISE);
    for (int r = 0; r < RULE_COUNT; r++) {
        const Action *a = &RULES[r].action;
        longest += 2 * strlen(RULES[r].id) + strlen(a->decision ? a->rule_text : a->reason) + 16;
    }
    size_t capacity = (size_t)size + longest;
    char *output = malloc(capacity), *o = output;
    if (!output) {
        perror("reference");
        return 2;
    }

    line_number = 1;
    for (const char *p = text; *p; line_number++) {
        p = skip_space(p);
        if (*p == '\n') {
            p++;
            continue;
        }
        if (!*p) break;
        Shot shot;
        Facts facts;
        p = skip_space(read_shot(p, &shot, fixed));
        if (*p == '\n') p++;
        else if (*p) fail("text after the object");
        if (fixed) fixed_facts(&facts, &shot);
        else real_facts(&facts, &shot);
        if ((size_t)(o - output) + longest > capacity) {
            size_t used = (size_t)(o - output);
            capacity *= 2;
            char *grown = realloc(output, capacity);
            if (!grown) {
                perror("reference");
                return 2;
            }
            output = grown, o = grown + used;
        }
        /* One line of decision JSON, as `dialrules eval` writes it (every field the table reads is
         * present, so nothing is missing). */
        uint64_t decided_by;
        o = put_whole(put(o, "{\"id\":\""), shot.id);
        o = put_decision(put(o, "\",\"decision\":"), matching(&facts), &decided_by);
        o = put(o, ",\"decided_by\":[");
        for (uint64_t left = decided_by; left; left &= left - 1) {
            o = put(put(put(o, "\""), RULES[__builtin_ctzll(left)].id), "\"");
            if (left & (left - 1)) *o++ = ',';
        }
        o = put(o, "],\"missing\":[]}\n");
    }

    FILE *out = fopen(argv[2], "wb");
    if (!out || fwrite(output, 1, (size_t)(o - output), out) != (size_t)(o - output) || fclose(out)) {
        perror(argv[2]);
        return 2;
    }
    free(output);
    free(text);
    return 0;
}
