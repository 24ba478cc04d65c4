/*
 * The key table (replay/fairy_keys.c): every default reads as a section
 * would write it, a section without a parent starts from Chess's rules
 * with no pieces, refused and ignored keys do what their status says, and
 * docs/defined-variants.md "The keys" lists exactly the table's rows with
 * their defaults and statuses.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/fairy_def.h"
#include "tests/support/support.h"

static struct rp_fdef *defaults(void)
{
    struct rp_fdef *d = malloc(sizeof *d);
    struct rp_fdef_error e;
    cr_assert_not_null(d);
    cr_assert_eq(rp_fdef_defaults(d, &e), 0, "%s: %s", e.key, e.message);
    return d;
}

/* One key applied to the defaults; 0 or -1 with *e. */
static int apply_one(struct rp_fdef *d, const char *key, const char *value, struct rp_fdef_error *e)
{
    struct rp_fkv kv = {.value = (char *)value, .line = 7};
    snprintf(kv.key, sizeof kv.key, "%s", key);
    memset(e, 0, sizeof *e);
    return rp_fdef_apply(d, &kv, 1, e);
}

Test(replay_fairy_keys, every_default_reads_as_a_section_writes_it)
{
    size_t n;
    const struct rp_fkey *keys = rp_fkeys(&n);
    cr_assert_gt(n, 90);
    for (size_t i = 0; i < n; i++) {
        const struct rp_fkey *k = &keys[i];
        if (!k->def)
            continue;
        if (k->reader == RP_FK_TYPE || (k->reader == RP_FK_PIECE_SET && rp_fnamed_find(k->def) >= 0) ||
            k->reader == RP_FK_PAWN_TYPES) {
            cr_expect_geq(rp_fnamed_find(k->def), 0, "%s: default \"%s\" is no named type", k->name, k->def);
            continue;
        }
        struct rp_fdef *d = defaults();
        struct rp_fdef *again = defaults();
        struct rp_fdef_error e;
        cr_expect_eq(apply_one(d, k->name, k->def, &e), 0, "%s = %s: %s", k->name, k->def, e.message);
        /* Writing the default changes nothing. */
        cr_expect_eq(memcmp(d, again, sizeof *d), 0, "%s = %s is not the default", k->name, k->def);
        free(again);
        free(d);
    }
}

Test(replay_fairy_keys, a_section_without_a_parent_starts_from_chess_rules_without_pieces)
{
    struct rp_fdef *d = defaults();
    cr_expect_eq(d->files, 8);
    cr_expect_eq(d->ranks, 8);
    cr_expect_str_eq(d->start_fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for (int f = 0; f < RP_FMAX_FILES; f++) {
        cr_expect(rp_fset_has(&d->promotion_region[0], rp_fsq(f, 7)) && rp_fset_has(&d->promotion_region[1], rp_fsq(f, 0)));
        cr_expect(rp_fset_has(&d->double_step_region[0], rp_fsq(f, 1)) &&
                  rp_fset_has(&d->double_step_region[1], rp_fsq(f, 6)));
    }
    cr_expect_eq(d->promotion_types[0] | d->promotion_types[1], 0);
    cr_expect_eq(d->promotion_pawn_types[0], (uint64_t)1 << RP_FTYPE_PAWN);
    cr_expect_eq(d->en_passant_types[1], (uint64_t)1 << RP_FTYPE_PAWN);
    cr_expect_eq(d->n_move_rule_types[0], (uint64_t)1 << RP_FTYPE_PAWN);
    cr_expect_eq(d->castling_rook_types[0], (uint64_t)1 << RP_FTYPE_ROOK);
    cr_expect_eq(d->castling_king_type[1], RP_FTYPE_KING);
    cr_expect_eq(d->drop_no_doubled, -1);
    cr_expect_eq(d->castling_kingside_file, 6);
    cr_expect_eq(d->castling_queenside_file, 2);
    cr_expect_eq(d->king_moves, RP_FTYPE_KING);
    cr_expect_eq(d->must_drop_type, -1);
    cr_expect_eq(d->flag_piece, RP_FANY_TYPE);
    cr_expect_eq(d->n_move_rule, 50);
    cr_expect_eq(d->n_fold_rule, 3);
    cr_expect_eq(d->n_fold_value, RP_FV_DRAW);
    cr_expect_eq(d->checkmate_value, RP_FV_LOSS);
    cr_expect_eq(d->extinction_value, RP_FV_NONE);
    cr_expect(d->mandatory_pawn_promotion && d->double_step && d->castling && d->checking && d->drop_checks &&
              d->shogi_doubled_pawn);
    cr_expect(!d->piece_drops && !d->gating && !d->chess960 && !d->has_diagonal_lines);
    for (int r = 0; r < RP_FMAX_RANKS; r++)
        for (int f = 0; f < RP_FMAX_FILES; f++)
            cr_expect(rp_fset_has(&d->drop_region[0], rp_fsq(f, r)) && rp_fset_has(&d->drop_region[1], rp_fsq(f, r)));
    for (int t = 0; t < RP_FMAX_TYPES; t++)
        cr_expect_eq(d->types[t].letter, 0, "type %d is in the variant without its key", t);
    free(d);
}

Test(replay_fairy_keys, refused_keys_take_only_their_default_and_ignored_keys_anything)
{
    struct rp_fdef *d = defaults();
    struct rp_fdef_error e;
    cr_expect_eq(apply_one(d, "twoBoards", "false", &e), 0);
    cr_expect_eq(apply_one(d, "twoBoards", "true", &e), -1);
    cr_expect_str_eq(e.message, "gcaudit does not implement twoBoards = true (only false)");
    cr_expect_str_eq(e.key, "twoBoards");
    cr_expect_eq(e.line, 7);
    cr_expect_eq(apply_one(d, "pieceToCharTable", "PNBRQ..K", &e), 0);
    cr_expect_eq(apply_one(d, "castlng", "false", &e), -1);
    cr_expect_str_eq(e.message, "unknown key \"castlng\"");
    cr_expect_eq(apply_one(d, "mobilityRegionWhiteKnight", "a1", &e), 0);
    cr_expect_eq(apply_one(d, "mobilityRegionWhiteKnigt", "a1", &e), -1);
    cr_expect_eq(apply_one(d, "customPiece25", "a:W", &e), 0);
    cr_expect_eq(apply_one(d, "customPiece26", "a:W", &e), -1);
    free(d);
}

/* The cells of a table row: "| a | b |" gives "a", "b". */
static int cells(char *line, char **cell, int max)
{
    int n = 0;
    char *save = NULL;
    for (char *c = strtok_r(line, "|", &save); c && n < max; c = strtok_r(NULL, "|", &save)) {
        while (*c == ' ')
            c++;
        size_t len = strlen(c);
        while (len && (c[len - 1] == ' ' || c[len - 1] == '\n'))
            c[--len] = '\0';
        if (len)
            cell[n++] = c;
    }
    return n;
}

Test(replay_fairy_keys, the_docs_list_every_key_with_its_default_and_status)
{
    char *path = ts_fmt("%s/docs/defined-variants.md", GC_SOURCE_DIR);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    size_t n;
    const struct rp_fkey *keys = rp_fkeys(&n);
    int *seen = calloc(n, sizeof *seen);
    char line[1024];
    int in_keys = 0, rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "## ", 3) == 0)
            in_keys = strcmp(line, "## The keys\n") == 0;
        if (!in_keys || strncmp(line, "| `", 3) != 0)
            continue;
        char *cell[4];
        cr_assert_eq(cells(line, cell, 4), 4, "a row of four cells: %s", line);
        size_t i = 0;
        while (i < n && !(strlen(cell[0]) == strlen(keys[i].name) + 2 && strncmp(cell[0] + 1, keys[i].name, strlen(keys[i].name)) == 0))
            i++;
        cr_assert_lt(i, n, "the docs list %s, which the key table does not hold", cell[0]);
        const struct rp_fkey *k = &keys[i];
        seen[i]++;
        rows++;
        static const char *const status[] = {"implemented", "ignored", "refused"};
        cr_expect_eq(strncmp(cell[3], status[k->status], strlen(status[k->status])), 0, "%s: status \"%s\"", k->name,
                     cell[3]);
        if (k->status != RP_FKEY_IMPLEMENTED)
            cr_expect_not_null(strstr(cell[3], k->note), "%s: the docs do not say why (%s)", k->name, k->note);
        if (k->def && k->def[0] && k->status != RP_FKEY_IGNORED)
            cr_expect_not_null(strstr(cell[2], k->def), "%s: default \"%s\", the docs say \"%s\"", k->name, k->def,
                               cell[2]);
        else if (!k->def && k->note && k->status == RP_FKEY_IMPLEMENTED)
            cr_expect_str_eq(cell[2], k->note, "%s: default", k->name);
    }
    fclose(f);
    for (size_t i = 0; i < n; i++)
        cr_expect_eq(seen[i], 1, "the docs list %s %d times", keys[i].name, seen[i]);
    cr_expect_eq((size_t)rows, n);
    free(seen);
    free(path);
}

/* The key table's row named key, or NULL. */
static const struct rp_fkey *row_named(const char *key)
{
    size_t n;
    const struct rp_fkey *keys = rp_fkeys(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(keys[i].name, key) == 0)
            return &keys[i];
    return NULL;
}

/* Issue 25, point 3: every key the reference's variants.ini documents in
 * its header (its options "# key: ...", its predefined piece types
 * "# pawn (fmWfceF)", its custom piece slots and piece values) is a key
 * of gcaudit's: implemented or ignored, or refused with the line and the
 * key's name, and listed as refused, with why, in the docs' key table. */
Test(replay_fairy_keys, every_key_of_the_reference_header_is_implemented_or_refused_and_documented)
{
    char *ini = ts_read_file(GC_FIXTURES "/fairy-stockfish/variants.ini", NULL);
    char *docs = ts_read_file(GC_SOURCE_DIR "/docs/defined-variants.md", NULL);
    cr_assert_not_null(ini);
    cr_assert_not_null(docs);
    int options = 0, pieces = 0, refused = 0, in_options = 0, in_pieces = 0;
    for (char *save = NULL, *l = strtok_r(ini, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        if (strncmp(l, "# variantTemplate:", 18) == 0)
            in_options = 1;
        else if (strncmp(l, "####", 4) == 0)
            in_options = 0;
        if (strstr(l, "all available predefined piece types"))
            in_pieces = 1;
        else if (l[0] != '#' || l[1] != ' ')
            in_pieces = 0;
        char key[64];
        int len = 0;
        while (l[0] == '#' && l[1] == ' ' && len < 63 &&
               ((l[2 + len] >= 'a' && l[2 + len] <= 'z') || (len && l[2 + len] >= 'A' && l[2 + len] <= 'Z')))
            len++;
        snprintf(key, sizeof key, "%.*s", len, l + 2);
        if (in_pieces && len && strncmp(l + 2 + len, " (", 2) == 0) {
            cr_expect_geq(rp_fnamed_find(key), 0, "the piece type %s is not one of gcaudit's", key);
            pieces++;
        }
        if (!in_options || !len || l[2 + len] != ':')
            continue;
        options++;
        struct rp_fdef *d = defaults();
        struct rp_fdef_error e;
        if (strcmp(key, "mobilityRegion") == 0) { /* a family: mobilityRegionWhiteRook, ... */
            cr_expect_eq(apply_one(d, "mobilityRegionWhiteRook", "a1", &e), 0, "%s", e.message);
            free(d);
            continue;
        }
        const struct rp_fkey *k = row_named(key);
        cr_expect_not_null(k, "the reference's %s is not in gcaudit's key table", key);
        if (k && k->status == RP_FKEY_REFUSED) {
            refused++;
            cr_expect_eq(apply_one(d, key, "something-else", &e), -1, "%s loads", key);
            cr_expect_str_eq(e.key, key);
            cr_expect_eq(e.line, 7, "%s: the refusal names no line", key);
            char *row = ts_fmt("| `%s` |", key), *at = strstr(docs, row);
            cr_expect(at && strstr(at, "| refused: ") && strstr(at, "| refused: ") < strchr(at, '\n'),
                      "docs/defined-variants.md does not list %s as refused", key);
            free(row);
        }
        free(d);
    }
    /* The slots and values of the header's prose. */
    struct rp_fdef *d = defaults();
    struct rp_fdef_error e;
    cr_expect_eq(apply_one(d, "customPiece1", "a:mfWcfF", &e), 0, "%s", e.message);
    cr_expect_eq(apply_one(d, "customPiece25", "a:W", &e), 0, "%s", e.message);
    cr_expect_eq(apply_one(d, "pieceValueMg", "p:150 n:800", &e), 0, "%s", e.message);
    cr_expect_eq(apply_one(d, "pieceValueEg", "r:1380", &e), 0, "%s", e.message);
    free(d);
    /* The header as the fixture holds it (commit 84e305ff). */
    cr_expect_eq(options, 123, "%d options in the header", options);
    cr_expect_eq(pieces, 37, "%d piece types in the header", pieces);
    cr_log_info("variants.ini's header: %d options (%d refused), %d piece types", options, refused, pieces);
    free(docs);
    free(ini);
}

/* The article before a piece's name in messages: by its sound, a letter's
 * name as the letter is said. */
Test(replay_fairy_keys, a_name_takes_the_article_it_is_said_with)
{
    cr_expect_str_eq(rp_farticle("knight"), "a");
    cr_expect_str_eq(rp_farticle("elephant"), "an");
    cr_expect_str_eq(rp_farticle("A piece"), "an");
    cr_expect_str_eq(rp_farticle("F piece"), "an");
    cr_expect_str_eq(rp_farticle("B piece"), "a");
    cr_expect_str_eq(rp_farticle("U piece"), "a");
    cr_expect_str_eq(rp_farticle("Amazon"), "an");
}
