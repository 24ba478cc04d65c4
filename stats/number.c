/*
 * number: decimal text of the numbers the reports print, without printf.
 *
 * snprintf is exact but slow for this: "%.4f" goes through glibc's
 * multi-precision printf_fp, about 1,300 instructions a cell, and the
 * head-to-head table alone has a row per pair of players, so formatting
 * cost more than every other part of writing the statistics.  The text
 * here is byte for byte what snprintf writes (tests/stats/test_number.c
 * compares the two over millions of values): the double is taken apart
 * into its integer mantissa and binary exponent, and its exact value
 * scaled by 10^decimals is rounded to nearest, ties to even, which is what
 * glibc does in the default rounding mode.  Only what that cannot do in
 * 64-bit integers (infinities, NaN, more than 4 decimals, values past
 * 2^63 once scaled) still goes to snprintf.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "stats/stats.h"

/* Most decimals done here: the mantissa (53 bits) times 5^4 = 625 still
 * fits in 63 bits. */
#define FIXED_MAX_DECIMALS 4

static const uint64_t pow5[FIXED_MAX_DECIMALS + 1] = {1, 5, 25, 125, 625};
static const uint64_t pow10[FIXED_MAX_DECIMALS + 1] = {1, 10, 100, 1000, 10000};

/* v's digits written backwards from end; returns where they start. */
static char *digits_before(char *end, uint64_t v)
{
    do {
        *--end = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return end;
}

size_t st_format_u64(char *buf, uint64_t v)
{
    char tmp[ST_INT_TEXT];
    char *start = digits_before(tmp + sizeof tmp, v);
    size_t n = (size_t)(tmp + sizeof tmp - start);
    memcpy(buf, start, n);
    buf[n] = '\0';
    return n;
}

size_t st_format_i64(char *buf, int64_t v)
{
    if (v >= 0)
        return st_format_u64(buf, (uint64_t)v);
    buf[0] = '-';
    /* Negated in unsigned arithmetic: INT64_MIN has no positive twin. */
    return 1 + st_format_u64(buf + 1, 0 - (uint64_t)v);
}

/* |v| * 10^decimals rounded to an integer (nearest, ties to even) in *q.
 * 0 when that does not fit the fast path. */
static int scaled_round(double v, int decimals, uint64_t *q)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int biased = (int)(bits >> 52 & 0x7FF);
    uint64_t mant = bits & ((UINT64_C(1) << 52) - 1);
    if (biased == 0x7FF)
        return 0;                                   /* infinity, NaN */
    int exp2 = biased ? biased - 1075 : -1074;      /* |v| = mant * 2^exp2 */
    if (biased)
        mant |= UINT64_C(1) << 52;
    /* |v| * 10^d = mant * 5^d * 2^(exp2 + d), the product below 2^63. */
    uint64_t n = mant * pow5[decimals];
    int shift = exp2 + decimals;
    if (shift >= 0) {
        if (shift >= 63 || n > (UINT64_MAX >> 1) >> shift)
            return 0;
        *q = n << shift;
        return 1;
    }
    int k = -shift;
    if (k >= 64) {
        *q = 0;                                     /* below half a unit: n < 2^63 */
        return 1;
    }
    uint64_t whole = n >> k, rest = n & ((UINT64_C(1) << k) - 1), half = UINT64_C(1) << (k - 1);
    *q = whole + (rest > half || (rest == half && (whole & 1)));
    return 1;
}

size_t st_format_fixed(char *buf, size_t size, double v, int decimals)
{
    uint64_t q;
    char tmp[ST_FIXED_TEXT];
    if (decimals < 0 || decimals > FIXED_MAX_DECIMALS || !scaled_round(v, decimals, &q)) {
        int n = snprintf(buf, size, "%.*f", decimals, v);
        return n < 0 ? 0 : (size_t)n;
    }
    char *end = tmp + sizeof tmp, *p = end;
    if (decimals) {
        uint64_t frac = q % pow10[decimals];
        for (int i = 0; i < decimals; i++, frac /= 10)
            *--p = (char)('0' + frac % 10);
        *--p = '.';
    }
    p = digits_before(p, q / pow10[decimals]);
    /* printf keeps the sign of a negative that rounds to zero ("-0.0"). */
    if (signbit(v))
        *--p = '-';
    size_t n = (size_t)(end - p);
    if (n >= size) {
        int m = snprintf(buf, size, "%.*f", decimals, v);
        return m < 0 ? 0 : (size_t)m;
    }
    memcpy(buf, p, n);
    buf[n] = '\0';
    return n;
}
