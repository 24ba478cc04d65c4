/*
 * review_note: the note on an event's games under review (illegal, with a
 * result) under its crosstable, on the page and the workbook's sheet: how
 * many, how the standings' policy scores them, and what the places would
 * be under the other policies (docs/standings-and-ratings.md).
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli/crosstable.h"
#include "stats/stats.h"

static const char *player_of(const st_stats *s, size_t row)
{
    struct st_cell c[ST_S_COLS];
    st_table_row(s, ST_TABLE_STANDINGS, row, c);
    return c[ST_S_PLAYER].text;
}

/* How each policy scores the games under review: "with them ...", and
 * the longer words that say which one the standings use. */
static const char *const policy_words[ST_ILLEGAL_POLICIES] = {
    [ST_ILLEGAL_FORFEIT] = "forfeited",
    [ST_ILLEGAL_RESULT] = "scored as declared",
    [ST_ILLEGAL_EXCLUDE] = "left out",
};
static const char *const policy_used[ST_ILLEGAL_POLICIES] = {
    [ST_ILLEGAL_FORFEIT] = "scored by forfeit (the player whose illegal move stopped a game "
                           "loses it)",
    [ST_ILLEGAL_RESULT] = "scored as declared",
    [ST_ILLEGAL_EXCLUDE] = "left out",
};

const char *cli_review_policy(enum st_illegal p)
{
    return policy_used[p];
}

/* The players first under policy p, as a sentence's subject: "A would
 * be first", "A and B would share first", "A, B and 2 others ...". */
static void put_firsts(FILE *m, const st_stats *s, size_t first, size_t n, enum st_illegal p,
                       const char *still)
{
    size_t count = 0, shown = 0;
    for (size_t i = 0; i < n; i++)
        count += st_standing_rank_under(s, first + i, p) == 1;
    for (size_t i = 0; i < n && shown < 3; i++) {
        if (st_standing_rank_under(s, first + i, p) != 1)
            continue;
        shown++;
        fputs(shown == 1 ? "" : shown == count ? " and " : ", ", m);
        fputs(player_of(s, first + i), m);
    }
    if (count > shown)
        fprintf(m, " and %zu others", count - shown);
    fprintf(m, count == 1 ? " would %sbe first" : " would %sshare first", still);
}

int cli_review_note(const st_stats *s, size_t e, char **note)
{
    *note = NULL;
    uint64_t review = st_event_review(s, e);
    if (!review)
        return 0;
    size_t first, n, len = 0;
    st_event_rows(s, e, &first, &n);
    enum st_illegal now = st_standings_policy(s);
    FILE *m = open_memstream(note, &len);
    if (!m)
        return -1;
    fprintf(m, "%llu game%s under review (illegal, with a result) %s %s.",
            (unsigned long long)review, review == 1 ? "" : "s", review == 1 ? "is" : "are",
            policy_used[now]);
    int any = 0;
    for (int p = 0; p < ST_ILLEGAL_POLICIES; p++) {
        if (p == (int)now)
            continue;
        size_t moved = 0, firsts_moved = 0;
        for (size_t i = 0; i < n; i++) {
            uint64_t was = st_standing_rank_under(s, first + i, now);
            uint64_t rank = st_standing_rank_under(s, first + i, (enum st_illegal)p);
            moved += rank != was;
            firsts_moved += (rank == 1) != (was == 1);
        }
        if (!moved)
            continue;
        fprintf(m, "%s %s %s, ", any++ ? "; with" : " With", review == 1 ? "it" : "them",
                policy_words[p]);
        put_firsts(m, s, first, n, (enum st_illegal)p, firsts_moved ? "" : "still ");
        if (!firsts_moved)
            fprintf(m, ", but %zu player%s would change places", moved, moved == 1 ? "" : "s");
    }
    if (any)
        fputs(".", m);
    else
        fprintf(m, " Scored otherwise, %s would not change the places.",
                review == 1 ? "it" : "they");
    if (fclose(m) != 0) {
        free(*note);
        *note = NULL;
        return -1;
    }
    return 0;
}
