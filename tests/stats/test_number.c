/*
 * stats/number.c against snprintf, which it must match byte for byte: the
 * reports printed with printf before, and a report that changes a digit
 * is a changed report.  Random doubles of every magnitude, exact ties
 * (where rounding to even shows), the neighbours of every rounding
 * boundary, negatives that round to zero, subnormals, the edges of the
 * fast path, infinities and NaN; and st_cell_text against the way it
 * used to be written (snprintf, then the trailing zeros dropped).
 */
#include <criterion/criterion.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "stats/stats.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t next_random(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static double from_bits(uint64_t bits)
{
    double v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

/* One value at every number of decimals, 0 to 6 (5 and 6 take the
 * snprintf path: they must come out right too). */
static void check_fixed(double v)
{
    for (int d = 0; d <= 6; d++) {
        char want[512], got[512];
        int n = snprintf(want, sizeof want, "%.*f", d, v);
        size_t m = st_format_fixed(got, sizeof got, v, d);
        cr_assert_str_eq(got, want, "%.17g with %d decimals", v, d);
        cr_assert_eq(m, (size_t)n, "%.17g with %d decimals: length", v, d);
    }
}

Test(stats_number, fixed_matches_snprintf_on_chosen_values)
{
    static const double values[] = {
        0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, -0.5, -2.5, 0.25, 0.75, 0.125, 0.375,
        0.0625, 0.03125, 0.00005, 0.00015, 0.00025, -0.00005, -0.00004, 0.05, 0.15, 0.35,
        0.45, 1.005, 2.675, 1e-5, 1e-300, -1e-300, DBL_MIN, -DBL_MIN, DBL_TRUE_MIN,
        1500.05, 1499.95, 1234.5678, -87.25, 99.995, 999999.99995, 4503599627370495.5,
        4503599627370496.0, 9007199254740991.0, 9007199254740993.0, 1e15, 1e16, 1e17,
        9.2233720368547748e18, 9.2233720368547758e18, 1.8446744073709552e19, 1e20, 1e300,
        DBL_MAX, -DBL_MAX, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 100.0 / 7,
    };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
        check_fixed(values[i]);
    check_fixed(INFINITY);
    check_fixed(-INFINITY);
    check_fixed(NAN);
    check_fixed(-NAN);
}

/* Halves of every unit up to 4 decimals are exact in binary only when the
 * unit is a power of two; these are, and land exactly on the tie. */
Test(stats_number, fixed_rounds_exact_ties_to_even)
{
    for (int j = 1; j <= 20; j++)
        for (int k = -300; k <= 300; k++)
            check_fixed(ldexp((double)k, -j));
    for (int k = 0; k <= 30000; k++)
        check_fixed((double)k + 0.5);
}

/* Each side of the boundaries where a rounded digit changes: n + 1/2
 * units at 1 to 4 decimals, and the doubles next to them. */
Test(stats_number, fixed_matches_snprintf_beside_boundaries)
{
    for (int i = 0; i < 60000; i++) {
        int d = 1 + (int)(next_random() % 4);
        double unit = pow(10, -d);
        double n = (double)(next_random() % 100000000) - 50000000;
        double b = (n + 0.5) * unit;
        check_fixed(b);
        check_fixed(nextafter(b, INFINITY));
        check_fixed(nextafter(b, -INFINITY));
    }
}

/* Uniform bits: every exponent, subnormals, infinities and NaNs alike. */
Test(stats_number, fixed_matches_snprintf_on_random_bits)
{
    for (int i = 0; i < 100000; i++)
        check_fixed(from_bits(next_random()));
}

/* The magnitudes the reports hold: rates, ratings, turns, counts. */
Test(stats_number, fixed_matches_snprintf_on_report_magnitudes)
{
    for (int i = 0; i < 100000; i++) {
        double scale = pow(10, (double)(next_random() % 40) / 2 - 6);
        double v = ((double)(next_random() >> 11) / 9007199254740992.0 - 0.3) * scale;
        check_fixed(v);
        check_fixed((double)(next_random() >> (next_random() % 64)));
    }
}

/* A buffer too small still gets what snprintf would write there. */
Test(stats_number, fixed_truncates_like_snprintf)
{
    char want[8], got[8];
    volatile double v = 123456.789;   /* hidden from the format-truncation warning */
    int n = snprintf(want, sizeof want, "%.*f", 4, v);
    size_t m = st_format_fixed(got, sizeof got, v, 4);
    cr_assert_str_eq(got, want);
    cr_assert_eq(m, (size_t)n);
}

static void check_ints(uint64_t u)
{
    char want[64], got[ST_INT_TEXT];
    snprintf(want, sizeof want, "%" PRIu64, u);
    cr_assert_eq(st_format_u64(got, u), strlen(want));
    cr_assert_str_eq(got, want);
    int64_t s = (int64_t)u;
    snprintf(want, sizeof want, "%" PRId64, s);
    cr_assert_eq(st_format_i64(got, s), strlen(want));
    cr_assert_str_eq(got, want);
}

Test(stats_number, integers_match_snprintf)
{
    static const uint64_t edges[] = {0, 1, 9, 10, 99, 100, 12345, UINT64_MAX, UINT64_MAX - 1,
                                     (uint64_t)INT64_MAX, (uint64_t)INT64_MAX + 1,
                                     (uint64_t)-1 / 10, 10000000000000000000u};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
        check_ints(edges[i]);
    for (uint64_t p = 1; p && p < UINT64_MAX / 10; p *= 10) {
        check_ints(p - 1);
        check_ints(p);
        check_ints(p + 1);
    }
    for (int i = 0; i < 200000; i++)
        check_ints(next_random() >> (next_random() % 64));
}

/* st_cell_text as it was written before number.c: snprintf, then the
 * zeros after the point dropped, and "-0" shown as "0". */
static void old_cell_text(const struct st_cell *c, char *buf, size_t size)
{
    if (c->kind == ST_CELL_INT) {
        snprintf(buf, size, "%.0f", c->value);
        return;
    }
    snprintf(buf, size, "%.*f", c->decimals, c->value);
    char *dot = strchr(buf, '.');
    if (dot) {
        char *end = buf + strlen(buf);
        while (end > dot + 1 && end[-1] == '0')
            *--end = '\0';
        if (end == dot + 1)
            *dot = '\0';
    }
    if (strcmp(buf, "-0") == 0)
        strcpy(buf, "0");
}

static void check_cell(enum st_cell_kind kind, double v, int decimals)
{
    struct st_cell c = {kind, NULL, v, decimals};
    char want[40], got[40];
    old_cell_text(&c, want, sizeof want);
    cr_assert_str_eq(st_cell_text(&c, got, sizeof got), want, "%.17g, %d decimals", v, decimals);
}

Test(stats_number, cell_text_matches_the_printf_version)
{
    static const double values[] = {0.0, -0.0, 0.5, -0.00004, -0.00005, 0.53, 1.0, 1500.0,
                                    1499.96, -12.04, 1e-9, 0.10000000000000001};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
        for (int d = 0; d <= 4; d++)
            check_cell(ST_CELL_REAL, values[i], d);
    for (int i = 0; i < 100000; i++) {
        double v = ((double)(next_random() >> 11) / 9007199254740992.0 - 0.5) *
                   pow(10, (double)(next_random() % 12) - 4);
        check_cell(ST_CELL_REAL, v, 1 + (int)(next_random() % 4));
        check_cell(ST_CELL_INT, (double)(next_random() >> 11), 0);
    }
    check_cell(ST_CELL_REAL, INFINITY, 1);
    check_cell(ST_CELL_REAL, NAN, 4);
    /* Counts take a shortcut for whole numbers below 2^53: the values
     * around it must print as "%.0f" prints them. */
    static const double counts[] = {0.0, -0.0, 0.5, 1.5, 2.5, -3.0, 1e15, 9007199254740991.0,
                                    9007199254740992.0, 9007199254740994.0, 1e19, 1e300,
                                    INFINITY, NAN};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        check_cell(ST_CELL_INT, counts[i], 0);
}
