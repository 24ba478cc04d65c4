/*
 * fairy_def: one variants.ini section applied to a definition, and the
 * compiled tables the engine reads.
 *
 * Which keys exist, their order, defaults and status are the key table
 * (fairy_keys.c); this file reads the values.  A section without a parent
 * starts from the table's defaults with no pieces; with a parent, from
 * the parent.  A key's status decides what its value does:
 *   - implemented: read by the row's reader and applied;
 *   - refused (a rules key gcaudit does not implement): an error when the
 *     value is not the default (docs/defined-variants.md: never silently
 *     ignored);
 *   - ignored (it only tunes Fairy-Stockfish's play or display): accepted.
 * A key no row holds is an error, as a misspelt rules key would otherwise
 * change the game unnoticed.  gcaudit's own keys (gcGames and the rest)
 * are read in fairy_def_gc.c.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/fairy_def.h"
#include "replay/fairy_def_read.h"

int rp_fset_empty(const rp_fset *s)
{
    for (int i = 0; i < RP_FSET_WORDS; i++)
        if (s->w[i])
            return 0;
    return 1;
}

/* ------------------------------------------------------ value readers */

int rp_fdef_fail(struct rp_fdef_error *err, const struct rp_fkv *kv, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    err->line = kv ? kv->line : 0;
    snprintf(err->key, sizeof err->key, "%s", kv ? kv->key : "");
    return -1;
}

const char *rp_fdef_skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

static int read_bool(const struct rp_fkv *kv, int *out, struct rp_fdef_error *err)
{
    if (strcmp(kv->value, "true") == 0)
        *out = 1;
    else if (strcmp(kv->value, "false") == 0)
        *out = 0;
    else
        return rp_fdef_fail(err, kv, "\"%s\" is not a bool (true or false)", kv->value);
    return 0;
}

static int read_int(const struct rp_fkv *kv, int lo, int hi, int *out, struct rp_fdef_error *err)
{
    char *end;
    long v = strtol(kv->value, &end, 10);
    if (end == kv->value || *rp_fdef_skip_space(end) || v < lo || v > hi)
        return rp_fdef_fail(err, kv, "\"%s\" is not a number from %d to %d", kv->value, lo, hi);
    *out = (int)v;
    return 0;
}

/* A rank, 1-based. */
static int read_rank(const struct rp_fkv *kv, int *out, struct rp_fdef_error *err)
{
    return read_int(kv, 1, RP_FMAX_RANKS, out, err);
}

/* A file, 0-based: a number from 1 or a letter from a. */
static int read_file(const struct rp_fkv *kv, int *out, struct rp_fdef_error *err)
{
    const char *v = kv->value;
    if (isalpha((unsigned char)v[0]) && !*rp_fdef_skip_space(v + 1) && tolower((unsigned char)v[0]) - 'a' < RP_FMAX_FILES) {
        *out = tolower((unsigned char)v[0]) - 'a';
        return 0;
    }
    int n = 0;  /* read_int sets it; GCC -O2 cannot see that (-Werror in Release) */
    if (read_int(kv, 1, RP_FMAX_FILES, &n, err) != 0)
        return rp_fdef_fail(err, kv, "\"%s\" is not a file (a to l, or 1 to 12)", v);
    *out = n - 1;
    return 0;
}

/* One of a key's words, its index into *out; what: the words in a message. */
static int read_choice(const struct rp_fkv *kv, const char *const *names, int n, int *out, const char *what,
                       struct rp_fdef_error *err)
{
    for (int i = 0; i < n; i++)
        if (strcmp(kv->value, names[i]) == 0) {
            *out = i;
            return 0;
        }
    return rp_fdef_fail(err, kv, "\"%s\" is not %s", kv->value, what);
}

static int read_value(const struct rp_fkv *kv, enum rp_fvalue *out, struct rp_fdef_error *err)
{
    static const char *const names[] = {"none", "win", "loss", "draw"}; /* enum rp_fvalue */
    int v = 0;
    if (read_choice(kv, names, 4, &v, "a result (win, loss, draw or none)", err) != 0)
        return -1;
    *out = (enum rp_fvalue)v;
    return 0;
}

/* The type a letter names in the variant as declared so far, -1 if none:
 * the first of 11.1's order, as its pieceToChar.find does. */
int rp_fdef_type_of_letter(const struct rp_fdef *d, char c)
{
    if (!isalpha((unsigned char)c))
        return -1;
    c = (char)tolower((unsigned char)c);
    for (int t = 0; t < RP_FMAX_TYPES; t++)
        if (d->types[t].letter == c)
            return t;
    return -1;
}

static int read_type(const struct rp_fdef *d, const struct rp_fkv *kv, int *out,
                     struct rp_fdef_error *err)
{
    const char *v = rp_fdef_skip_space(kv->value);
    int t = rp_fdef_type_of_letter(d, v[0]);
    if (t < 0 || *rp_fdef_skip_space(v + 1))
        return rp_fdef_fail(err, kv, "\"%s\" names no piece type of the variant", kv->value);
    *out = t;
    return 0;
}

/* Letters naming types; '-' alone: none.  all: '*' is allowed. */
static int read_type_set(const struct rp_fdef *d, const struct rp_fkv *kv, uint64_t *set,
                         int *all, char *order, int *norder, struct rp_fdef_error *err)
{
    *set = 0;
    if (all)
        *all = 0;
    if (norder)
        *norder = 0;
    for (const char *v = kv->value; *v; v++) {
        if (*v == ' ' || *v == '\t')
            continue;
        if (*v == '-' && !*rp_fdef_skip_space(v + 1))
            break;
        if (*v == '*' && all) {
            *all = 1;
            continue;
        }
        int t = rp_fdef_type_of_letter(d, *v);
        if (t < 0)
            return rp_fdef_fail(err, kv, "'%c' names no piece type of the variant", *v);
        *set |= (uint64_t)1 << t;
        if (order && norder && *norder < RP_FMAX_TYPES)
            order[(*norder)++] = (char)t;
    }
    return 0;
}

/* A set of types (230826's PieceSet): letters of the variant, '*' for
 * every type, '-' for none; read as parser.cpp reads it, up to the first
 * character that names no type, which is an error here. */
static int read_piece_set(const struct rp_fdef *d, const struct rp_fkv *kv, uint64_t *set,
                          struct rp_fdef_error *err)
{
    int all = 0;
    if (read_type_set(d, kv, set, &all, NULL, NULL, err) != 0)
        return -1;
    if (all)
        *set = RP_FMAX_TYPES >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << RP_FMAX_TYPES) - 1;
    return 0;
}

/* The squares of relative ranks lo..hi (1-based) of the colour, on a
 * board of d->ranks ranks (Fairy-Stockfish's zone_bb). */
static void rank_zone(const struct rp_fdef *d, int colour, int lo, int hi, rp_fset *out)
{
    memset(out, 0, sizeof *out);
    for (int rel = lo; rel <= hi && rel <= d->ranks; rel++)
        for (int f = 0; f < RP_FMAX_FILES; f++)
            rp_fset_add(out, rp_fsq(f, colour ? d->ranks - rel : rel - 1));
}

/* "letter:number ..." (promotionLimit) or "letter:letter ..." (promotedPieceType). */
static int read_pairs(struct rp_fdef *d, const struct rp_fkv *kv, int numbers,
                      struct rp_fdef_error *err)
{
    const char *v = rp_fdef_skip_space(kv->value);
    while (*v) {
        int t = rp_fdef_type_of_letter(d, v[0]);
        if (t < 0)
            return rp_fdef_fail(err, kv, "'%c' names no piece type of the variant", v[0]);
        if (v[1] != ':')
            return rp_fdef_fail(err, kv, "expected \"%c:\" in \"%s\"", v[0], kv->value);
        v += 2;
        if (numbers) {
            char *end;
            long n = strtol(v, &end, 10);
            if (end == v || n < 0 || n > 99)
                return rp_fdef_fail(err, kv, "a count from 0 to 99 must follow \"%c:\"", kv->value[0]);
            d->types[t].promotion_limit = (int)n;
            v = end;
        } else {
            int to = -1;
            if (*v != '-' && (to = rp_fdef_type_of_letter(d, *v)) < 0)
                return rp_fdef_fail(err, kv, "'%c' names no piece type of the variant", *v);
            d->types[t].promoted = to;
            v++;
        }
        if (*v && *v != ' ' && *v != '\t')
            return rp_fdef_fail(err, kv, "unexpected '%c' in \"%s\"", *v, kv->value);
        v = rp_fdef_skip_space(v);
    }
    return 0;
}

/* Squares ("d4 e5") and whole ranks ("*1"), as Fairy-Stockfish reads a
 * Bitboard; a '-' ends the list ("-" alone: no square). */
static int read_squares(const struct rp_fkv *kv, rp_fset *out, struct rp_fdef_error *err)
{
    memset(out, 0, sizeof *out);
    const char *v = rp_fdef_skip_space(kv->value);
    while (*v && *v != '-') {
        char f = (char)tolower((unsigned char)*v++);
        char *end;
        long r = strtol(v, &end, 10);
        if (end == v || r < 1 || r > RP_FMAX_RANKS || (f != '*' && (f < 'a' || f - 'a' >= RP_FMAX_FILES)))
            return rp_fdef_fail(err, kv, "\"%s\" is not a list of squares (\"d4 e5\", \"*1\" for a rank)",
                        kv->value);
        if (f == '*')
            for (int file = 0; file < RP_FMAX_FILES; file++)
                rp_fset_add(out, rp_fsq(file, (int)r - 1));
        else
            rp_fset_add(out, rp_fsq(f - 'a', (int)r - 1));
        v = rp_fdef_skip_space(end);
    }
    return 0;
}

/* ------------------------------------------------------- piece keys */

/* A type taken out of the variant, and out of what pawns promote to, as
 * 230826's remove_piece does. */
static void remove_type(struct rp_fdef *d, int t)
{
    d->types[t].letter = 0;
    for (int c = 0; c < 2; c++)
        d->promotion_types[c] &= ~((uint64_t)1 << t);
}

/* "letter" or "letter:betza" (a custom piece, or a king that moves so). */
static int apply_piece(struct rp_fdef *d, int t, const struct rp_fkv *kv, int custom,
                       struct rp_fdef_error *err)
{
    const char *v = rp_fdef_skip_space(kv->value);
    if (!*v)
        return 0;
    if (!isalpha((unsigned char)v[0])) {
        if (v[0] != '-' || *rp_fdef_skip_space(v + 1))
            return rp_fdef_fail(err, kv, "\"%s\" is not a piece letter (or - to remove the piece)", kv->value);
        remove_type(d, t);
        return 0;
    }
    /* A letter another type has: that type leaves the variant (230826's
     * add_piece), so [x:chess] with customPiece1 = q:... replaces the queen. */
    char letter = (char)tolower((unsigned char)v[0]);
    for (int u = 0; u < RP_FMAX_TYPES; u++)
        if (u != t && d->types[u].letter == letter)
            remove_type(d, u);
    d->types[t].letter = letter;
    v = rp_fdef_skip_space(v + 1);
    /* Fairy-Stockfish 230826 (src/parser.cpp) reads only the letter of a
     * named type ("knight = n:W" is a knight), but a king's moves after
     * the colon make it a custom royal piece ("king = k:KN"), and a king
     * without them moves as a king again. */
    if (*v == ':' && !custom && t != RP_FTYPE_KING)
        return 0;
    if (!custom && t == RP_FTYPE_KING && !*v)
        snprintf(d->types[t].betza, sizeof d->types[t].betza, "%s", rp_fnamed_at(t)->betza);
    if (*v == ':') {
        v = rp_fdef_skip_space(v + 1);
        if (strlen(v) >= sizeof d->types[t].betza)
            return rp_fdef_fail(err, kv, "the Betza notation is too long");
        snprintf(d->types[t].betza, sizeof d->types[t].betza, "%s", v);
        struct rp_fatom a[RP_FMAX_ATOMS];
        int n;
        char why[160];
        if (rp_betza_compile(d->types[t].betza, a, RP_FMAX_ATOMS, &n, why, sizeof why) != 0)
            return rp_fdef_fail(err, kv, "Betza notation \"%s\": %s", d->types[t].betza, why);
    } else if (*v) {
        return rp_fdef_fail(err, kv, "\"%s\" is not a piece letter%s", kv->value,
                    custom ? " with its moves (\"a:mRcpR\")" : "");
    } else if (custom) {
        return rp_fdef_fail(err, kv, "a custom piece needs its moves: \"%c:BETZA\"", d->types[t].letter);
    }
    return 0;
}

/* mobilityRegion{White,Black}{Type}: the key of a type's region. */
static void region_key(int t, int colour, char *key, size_t size)
{
    char name[32];
    if (t < RP_FNAMED_TYPES)
        snprintf(name, sizeof name, "%s", rp_fnamed_at(t)->name);
    else
        snprintf(name, sizeof name, "customPiece%d", t - RP_FNAMED_TYPES + 1);
    name[0] = (char)toupper((unsigned char)name[0]);
    snprintf(key, size, "mobilityRegion%s%s", colour ? "Black" : "White", name);
}

/* A family row's members, in the order they are applied. */
static int family_size(enum rp_fkey_reader r)
{
    switch (r) {
    case RP_FK_NAMED_PIECE: return RP_FNAMED_TYPES;
    case RP_FK_CUSTOM_PIECE: return RP_FMAX_CUSTOM;
    case RP_FK_REGION: return RP_FMAX_TYPES * 2;
    default: return 0;
    }
}

/* The key of member i of a family row. */
static void family_key(enum rp_fkey_reader r, int i, char *key, size_t size)
{
    if (r == RP_FK_NAMED_PIECE)
        snprintf(key, size, "%s", rp_fnamed_at(i)->name);
    else if (r == RP_FK_CUSTOM_PIECE)
        snprintf(key, size, "customPiece%d", i + 1);
    else
        region_key(i / 2, i % 2, key, size);
}

static int apply_member(struct rp_fdef *d, enum rp_fkey_reader r, int i, const struct rp_fkv *k,
                        struct rp_fdef_error *err)
{
    if (r == RP_FK_NAMED_PIECE)
        return apply_piece(d, i, k, 0, err);
    if (r == RP_FK_CUSTOM_PIECE)
        return apply_piece(d, RP_FNAMED_TYPES + i, k, 1, err);
    struct rp_ftype *ty = &d->types[i / 2];
    if (read_squares(k, &ty->region[i % 2], err) != 0)
        return -1;
    ty->has_region[i % 2] = !rp_fset_empty(&ty->region[i % 2]);
    return 0;
}

/* ------------------------------------------------------------ apply */

static int read_material(struct rp_fdef *d, const struct rp_fkv *kv, struct rp_fdef_error *err)
{
    static const char *const names[] = {"none", "janggi", "unweighted", "whitedrawodds",
                                        "blackdrawodds"}; /* enum rp_fmaterial */
    int v = 0;
    if (read_choice(kv, names, 5, &v,
                    "a material counting (janggi, unweighted, whitedrawodds, blackdrawodds or none)", err) != 0)
        return -1;
    d->material_counting = (enum rp_fmaterial)v;
    return 0;
}

/* A type, a piece set or a set of squares, given once for both colours
 * when the row says so (k->both): the value is copied to Black's half. */
static int read_for_both(struct rp_fdef *d, const struct rp_fkey *k, const struct rp_fkv *kv,
                         void *field, struct rp_fdef_error *err)
{
    size_t size;
    int rc;
    if (k->reader == RP_FK_TYPE)
        rc = read_type(d, kv, field, err), size = sizeof(int);
    else if (k->reader == RP_FK_PIECE_SET)
        rc = read_piece_set(d, kv, field, err), size = sizeof(uint64_t);
    else
        rc = read_squares(kv, field, err), size = sizeof(rp_fset);
    if (rc == 0 && k->both)
        memcpy((char *)field + size, field, size);
    return rc;
}

/* A type, or a mark in its place: for flagPiece '*' any type and '-'
 * none; for the others both '-' and '*' none. */
static int read_type_or_mark(struct rp_fdef *d, const struct rp_fkey *k, const struct rp_fkv *kv,
                             int *field, struct rp_fdef_error *err)
{
    const char *v = rp_fdef_skip_space(kv->value);
    if (strcmp(v, "*") == 0 || strcmp(v, "-") == 0) {
        *field = k->reader == RP_FK_FLAG_PIECE && v[0] == '*' ? RP_FANY_TYPE : -1;
        return 0;
    }
    return read_type(d, kv, field, err);
}

/* 11.1's one-rank keys as 230826 reads them: promotionRank the ranks from
 * it on, doubleStepRank the ranks from the second up to it. */
static int read_rank_zone(struct rp_fdef *d, const struct rp_fkey *k, const struct rp_fkv *kv,
                          struct rp_fdef_error *err)
{
    int n = 0;
    if (read_rank(kv, &n, err) != 0)
        return -1;
    for (int c = 0; c < 2; c++)
        if (k->reader == RP_FK_PROMOTION_RANK)
            rank_zone(d, c, n, RP_FMAX_RANKS, &d->promotion_region[c]);
        else
            rank_zone(d, c, 2, n, &d->double_step_region[c]);
    return 0;
}

/* One value read by its row's reader into the row's field. */
static int read_key(struct rp_fdef *d, const struct rp_fkey *k, const struct rp_fkv *kv,
                    struct rp_fdef_error *err)
{
    void *field = (char *)d + k->offset;
    int n = 0;
    uint64_t set = 0;
    switch (k->reader) {
    case RP_FK_BOOL: return read_bool(kv, field, err);
    case RP_FK_INT: return read_int(kv, 0, k->max, field, err);
    case RP_FK_RANK: return read_rank(kv, field, err);
    case RP_FK_FILE: return read_file(kv, field, err);
    case RP_FK_MAX_FILE:
        if (read_file(kv, &n, err) != 0)
            return -1;
        d->files = n + 1;
        return 0;
    case RP_FK_VALUE: return read_value(kv, field, err);
    case RP_FK_TYPE:
    case RP_FK_PIECE_SET:
    case RP_FK_SQUARES: return read_for_both(d, k, kv, field, err);
    case RP_FK_PAWN_TYPES:
        if (read_piece_set(d, kv, &set, err) != 0)
            return -1;
        for (int c = 0; c < 2; c++)
            d->promotion_pawn_types[c] = d->en_passant_types[c] = d->n_move_rule_types[c] = set;
        return 0;
    case RP_FK_FLAG_PIECE:
    case RP_FK_TYPE_OR_NONE: return read_type_or_mark(d, k, kv, field, err);
    case RP_FK_PROMOTION_RANK:
    case RP_FK_DOUBLE_STEP_RANK: return read_rank_zone(d, k, kv, err);
    case RP_FK_EXTINCTION_TYPES:
        return read_type_set(d, kv, &d->extinction_types, &d->extinction_all, d->extinction_order,
                             &d->extinction_norder, err);
    case RP_FK_PROMOTION_LIMIT: return read_pairs(d, kv, 1, err);
    case RP_FK_PROMOTED_TYPE: return read_pairs(d, kv, 0, err);
    case RP_FK_DIAGONAL_LINES:
        if (read_squares(kv, &d->diagonal_lines, err) != 0)
            return -1;
        d->has_diagonal_lines = !rp_fset_empty(&d->diagonal_lines);
        return 0;
    case RP_FK_FEN:
        if (strlen(kv->value) >= sizeof d->start_fen)
            return rp_fdef_fail(err, kv, "the value is too long");
        snprintf(d->start_fen, sizeof d->start_fen, "%s", kv->value);
        return 0;
    case RP_FK_MATERIAL: return read_material(d, kv, err);
    case RP_FK_COUNTING:
        return read_choice(kv, (const char *const[]){"none", "makruk", "asean", "cambodian"}, 4, field,
                           "a counting rule (makruk, cambodian, asean or none)", err);
    case RP_FK_ENCLOSING:
        return read_choice(kv, (const char *const[]){"none", "reversi", "ataxx"}, 3, field,
                           "an enclosing rule (reversi, ataxx or none)", err);
    case RP_FK_CHASING:
        return read_choice(kv, (const char *const[]){"none", "axf"}, 2, &d->chasing_rule,
                           "a chasing rule (axf or none)", err);
    case RP_FK_WALLING:
        return read_choice(kv, (const char *const[]){"none", "arrow", "duck", "edge", "past", "static"}, 6,
                           &d->walling_rule, "a walling rule (arrow, duck, edge, past, static or none)", err);
    case RP_FK_GC_GAMES:
    case RP_FK_GC_TITLE:
    case RP_FK_GC_FILES:
    case RP_FK_GC_RANKS:
    case RP_FK_GC_LABELS:
    case RP_FK_GC_NAMES:
    case RP_FK_GC_PGN_VARIANT:
    case RP_FK_GC_REVIEW:
    case RP_FK_GC_ORACLES: return rp_fdef_read_gc(d, k->reader, kv, err);
    case RP_FK_NAMED_PIECE:
    case RP_FK_CUSTOM_PIECE:
    case RP_FK_REGION:
    case RP_FK_NONE: break;
    }
    return 0;
}

/* One key's value for its row: member `member` of a family row, else the
 * row's own key, by the row's status. */
static int apply_slot(struct rp_fdef *d, const struct rp_fkey *k, int member, const struct rp_fkv *v,
                      struct rp_fdef_error *err)
{
    if (family_size(k->reader))
        return apply_member(d, k->reader, member, v, err);
    if (k->status == RP_FKEY_IGNORED)
        return 0;
    if (k->status == RP_FKEY_REFUSED)
        return strcmp(v->value, k->def) == 0
                   ? 0
                   : rp_fdef_fail(err, v, "gcaudit does not implement %s = %s (only %s)", k->name, v->value, k->def);
    return read_key(d, k, v, err);
}

/* Does a row hold this key? */
static int row_holds(const struct rp_fkey *k, const char *key)
{
    char member[64];
    if (k->reader == RP_FK_NAMED_PIECE)
        return rp_fnamed_find(key) >= 0;
    if (k->reader == RP_FK_CUSTOM_PIECE) {
        if (strncmp(key, "customPiece", 11) != 0)
            return 0;
        char *end;
        long i = strtol(key + 11, &end, 10);
        return !*end && i >= 1 && i <= RP_FMAX_CUSTOM;
    }
    if (k->reader == RP_FK_REGION) {
        /* A region for a type no key names is a typo, not a no-op. */
        if (strncmp(key, "mobilityRegion", 14) != 0)
            return 0;
        for (int i = 0; i < family_size(RP_FK_REGION); i++) {
            family_key(RP_FK_REGION, i, member, sizeof member);
            if (strcmp(member, key) == 0)
                return 1;
        }
        return 0;
    }
    return strcmp(k->name, key) == 0;
}

static int known_key(const char *key)
{
    size_t n;
    const struct rp_fkey *keys = rp_fkeys(&n);
    for (size_t i = 0; i < n; i++)
        if (row_holds(&keys[i], key))
            return 1;
    return 0;
}

static int make_defaults(struct rp_fdef *d, struct rp_fdef_error *err)
{
    memset(d, 0, sizeof *d);
    for (int t = 0; t < RP_FMAX_TYPES; t++) {
        d->types[t].promoted = -1;
        const struct rp_fnamed *n = rp_fnamed_at(t);
        if (n) {
            snprintf(d->types[t].betza, sizeof d->types[t].betza, "%s", n->betza);
            d->types[t].role = n->role;
        }
    }
    /* Each default through its key's reader; a type is named by its key,
     * no letter being declared yet. */
    size_t n;
    const struct rp_fkey *keys = rp_fkeys(&n);
    for (size_t i = 0; i < n; i++) {
        const struct rp_fkey *k = &keys[i];
        if (!k->def || k->status != RP_FKEY_IMPLEMENTED)
            continue;
        void *field = (char *)d + k->offset;
        int named = rp_fnamed_find(k->def);
        if (k->reader == RP_FK_TYPE) {
            ((int *)field)[0] = named;
            if (k->both)
                ((int *)field)[1] = named;
            continue;
        }
        if ((k->reader == RP_FK_PIECE_SET || k->reader == RP_FK_PAWN_TYPES) && named >= 0) {
            if (k->reader == RP_FK_PAWN_TYPES)
                continue; /* its three sets have rows of their own */
            ((uint64_t *)field)[0] = (uint64_t)1 << named;
            if (k->both)
                ((uint64_t *)field)[1] = (uint64_t)1 << named;
            continue;
        }
        struct rp_fkv kv = {.value = (char *)k->def, .line = 0};
        snprintf(kv.key, sizeof kv.key, "%s", k->name);
        if (read_key(d, k, &kv, err) != 0)
            return -1;
    }
    return 0;
}

/* The defaults are the same for every section: made once a process, then
 * copied. */
static struct rp_fdef defaults;
static struct rp_fdef_error defaults_err;
static int defaults_rc;
static pthread_once_t defaults_once = PTHREAD_ONCE_INIT;

static void make_defaults_once(void)
{
    defaults_rc = make_defaults(&defaults, &defaults_err);
}

int rp_fdef_defaults(struct rp_fdef *d, struct rp_fdef_error *err)
{
    pthread_once(&defaults_once, make_defaults_once);
    if (defaults_rc != 0) {
        *err = defaults_err;
        return -1;
    }
    *d = defaults;
    return 0;
}

/* The keys a section may write, one slot each, in the order they are
 * applied: the rows of the key table in order, a family row's members in
 * theirs.  Looked up through `by_key` (slot numbers sorted by key), so
 * that applying a section costs a search per key it writes, not a pass
 * over its keys per slot.  Made once a process. */
#define SLOTS_MAX 1024

struct slot {
    const char *key;
    char own[64];                /* a family member's key */
    short row, member;           /* member: -1 for a row's own key */
};

static struct slot slots[SLOTS_MAX];
static short by_key[SLOTS_MAX];
static int nslots;
static pthread_once_t slots_once = PTHREAD_ONCE_INIT;

static int by_slot_key(const void *a, const void *b)
{
    short x = *(const short *)a, y = *(const short *)b;
    int c = strcmp(slots[x].key, slots[y].key);
    return c ? c : x - y;
}

static void make_slots(void)
{
    size_t nkeys;
    const struct rp_fkey *keys = rp_fkeys(&nkeys);
    for (size_t i = 0; i < nkeys; i++) {
        int members = family_size(keys[i].reader);
        for (int m = 0; m < (members ? members : 1); m++) {
            if (nslots == SLOTS_MAX) {
                fprintf(stderr, "fairy_def: more than %d keys in the key table\n", SLOTS_MAX);
                abort(); /* the table is wrong: every test that loads a definition stops */
            }
            struct slot *s = &slots[nslots];
            s->row = (short)i;
            s->member = (short)(members ? m : -1);
            if (members) {
                family_key(keys[i].reader, m, s->own, sizeof s->own);
                s->key = s->own;
            } else {
                s->key = keys[i].name;
            }
            by_key[nslots] = (short)nslots;
            nslots++;
        }
    }
    qsort(by_key, (size_t)nslots, sizeof by_key[0], by_slot_key);
}

/* The first place in by_key whose slot's key is `key`, or nslots. */
static int first_slot(const char *key)
{
    int lo = 0, hi = nslots;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (strcmp(slots[by_key[mid]].key, key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < nslots && strcmp(slots[by_key[lo]].key, key) == 0 ? lo : nslots;
}

int rp_fdef_apply(struct rp_fdef *d, const struct rp_fkv *kv, size_t n, struct rp_fdef_error *err)
{
    pthread_once(&slots_once, make_slots);
    /* Each slot's value: the last of its key in the section, as in 11.1. */
    int last[SLOTS_MAX];
    for (int s = 0; s < nslots; s++)
        last[s] = -1;
    for (size_t i = 0; i < n; i++) {
        int at = first_slot(kv[i].key);
        if (at == nslots && !known_key(kv[i].key))
            return rp_fdef_fail(err, &kv[i], "unknown key \"%s\"", kv[i].key);
        /* A key no slot names but a row holds (customPiece01) sets nothing. */
        for (; at < nslots && strcmp(slots[by_key[at]].key, kv[i].key) == 0; at++)
            last[by_key[at]] = (int)i;
    }
    size_t nkeys;
    const struct rp_fkey *keys = rp_fkeys(&nkeys);
    for (int s = 0; s < nslots; s++)
        if (last[s] >= 0 && apply_slot(d, &keys[slots[s].row], slots[s].member, &kv[last[s]], err) != 0)
            return -1;
    return 0;
}
