/*
 * viewer_html: the game viewer's pages, CLI_VIEWER_DIR/1.html, 2.html,
 * ...  Each page is one self-contained file (its script, style and
 * games inline, nothing fetched) holding up to CLI_VIEWER_PAGE_GAMES
 * games; cli/page/viewer.js draws the board of the game the address
 * names (#g17: games.csv row 17) and steps through it.  Pages rather than
 * one file: a run of 100,000 games viewed would make one file no browser
 * opens quickly, and a file per game would make 100,000 files.
 *
 * The directory is built under a temporary name and renamed into place
 * when complete, replacing the old one, so that no page of an earlier run
 * is left behind to be mistaken for this one's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/audit.h"

struct cli_viewer_out {
    char *dir;                    /* the final directory */
    char *tmp;                    /* the one being written */
    FILE *page;                   /* the open page, or NULL */
    char *iobuf;                  /* its buffer, FMT_IO_BUFFER bytes (NULL: stdio's own) */
    unsigned long pageno;
    size_t on_page;
    struct cli_viewer_pager pager;
    char href[64];
    int failed;
};

unsigned long cli_viewer_place(struct cli_viewer_pager *p, size_t len)
{
    if (p->page == 0 || p->games >= CLI_VIEWER_PAGE_GAMES ||
        (p->games > 0 && p->bytes + len > CLI_VIEWER_PAGE_BYTES)) {
        p->page++;
        p->games = 0;
        p->bytes = 0;
    }
    p->games++;
    p->bytes += len;
    return p->page;
}

static char *join(const char *a, const char *b)
{
    size_t n = strlen(a) + strlen(b) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", a, b);
    return p;
}

cli_viewer_out *cli_viewer_start(const char *dir)
{
    cli_viewer_out *o = calloc(1, sizeof *o);
    char name[64];
    snprintf(name, sizeof name, "%s.tmp-%ld", CLI_VIEWER_DIR, (long)getpid());
    if (!o || !(o->dir = join(dir, CLI_VIEWER_DIR)) || !(o->tmp = join(dir, name))) {
        if (o) {
            free(o->dir);
            free(o);
        }
        errno = ENOMEM;
        return NULL;
    }
    /* A folder of this process id left by an earlier run goes first. */
    if (cli_remove_pages(o->tmp) != 0 || mkdir(o->tmp, 0777) != 0) {
        int saved = errno;
        free(o->dir);
        free(o->tmp);
        free(o);
        errno = saved;
        return NULL;
    }
    return o;
}

static void page_head(FILE *f, unsigned long no)
{
    fprintf(f, "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n"
               "<head>\n<meta charset=\"utf-8\"/>\n"
               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
               "<title>gcaudit games, page %lu</title>\n"
               "<style>\n%s</style>\n</head>\n<body class=\"viewer\">\n"
               "<p class=\"nav\"><a href=\"../summary.html#audit\">summary</a></p>\n"
               "<div id=\"viewer\"></div>\n"
               "<noscript><p>The viewer needs JavaScript.</p></noscript>\n"
               "<script type=\"application/json\" id=\"games\">[",
            no, cli_page_css);
}

static int close_page(cli_viewer_out *o, int more)
{
    if (!o->page)
        return 0;
    FILE *f = o->page;
    o->page = NULL;
    fprintf(f, "\n]</script>\n<script type=\"application/json\" id=\"pages\">"
               "{\"page\":%lu,\"prev\":\"%s\",\"next\":\"%s\"}</script>\n",
            o->pageno, o->pageno > 1 ? "x" : "", more ? "x" : "");
    cli_html_script(f, cli_page_viewer_js);
    fputs("</body>\n</html>\n", f);
    int rc = ferror(f) ? -1 : 0;
    if (fclose(f) != 0)
        rc = -1;
    return rc;
}

static int open_page(cli_viewer_out *o, unsigned long no)
{
    char name[32];
    snprintf(name, sizeof name, "%lu.html", no);
    char *path = join(o->tmp, name);
    o->page = path ? fopen(path, "wb") : NULL;
    free(path);
    if (!o->page)
        return -1;
    /* A page is some 650 KB: written 64 KiB at a time, each page in turn
     * through the same buffer. */
    if (!o->iobuf)
        o->iobuf = malloc(FMT_IO_BUFFER);
    if (o->iobuf)
        setvbuf(o->page, o->iobuf, _IOFBF, FMT_IO_BUFFER);
    o->pageno = no;
    o->on_page = 0;
    page_head(o->page, no);
    return 0;
}

static void field(FILE *f, const char *name, const char *value)
{
    fprintf(f, ",\"%s\":", name);
    cli_json_string(f, value);
}

int cli_viewer_add(cli_viewer_out *o, const struct cli_game_rows *g, const char **href)
{
    if (o->failed)
        return -1;
    unsigned long no = cli_viewer_place(&o->pager, strlen(g->viewer));
    if (no != o->pageno && (close_page(o, 1) != 0 || open_page(o, no) != 0)) {
        o->failed = 1;
        return -1;
    }
    FILE *f = o->page;
    fprintf(f, "%s\n{\"id\":%lld", o->on_page++ ? "," : "", g->row);
    static const struct { const char *name; int col; } fields[] = {
        {"source", CLI_G_SOURCE}, {"entry", CLI_G_ENTRY}, {"game", CLI_G_INDEX},
        {"log", CLI_G_LOG}, {"variant", CLI_G_VARIANT}, {"event", CLI_G_EVENT},
        {"round", CLI_G_ROUND}, {"white", CLI_G_WHITE}, {"black", CLI_G_BLACK},
        {"started", CLI_G_STARTED}, {"ended", CLI_G_ENDED}, {"turns", CLI_G_TURNS},
        {"declared", CLI_G_DECLARED}, {"result", CLI_G_RESULT},
        {"termination", CLI_G_TERMINATION}, {"detail", CLI_G_DETAIL},
        {"status", CLI_G_STATUS}};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        field(f, fields[i].name, g->game[fields[i].col]);
    fputs(",\"violations\":[", f);
    for (size_t i = 0; i < g->nviolations; i++) {
        const char *const *v = g->violation[i];
        fputs(i ? ",{" : "{", f);
        fputs("\"turn\":", f);
        cli_json_string(f, v[CLI_V_TURN]);
        field(f, "side", v[CLI_V_SIDE]);
        field(f, "player", v[CLI_V_PLAYER]);
        field(f, "text", v[CLI_V_TEXT]);
        field(f, "code", v[CLI_V_CODE]);
        field(f, "message", v[CLI_V_MESSAGE]);
        field(f, "comment", v[CLI_V_COMMENT]);
        fputc('}', f);
    }
    /* The record is JSON already, made safe for the page when written. */
    fputs("],\"record\":", f);
    fputs(g->viewer, f);
    fputc('}', f);
    snprintf(o->href, sizeof o->href, "%s/%lu.html#g%lld", CLI_VIEWER_DIR, no, g->row);
    *href = o->href;
    if (ferror(f)) {
        o->failed = 1;
        return -1;
    }
    return 0;
}

int cli_viewer_finish(cli_viewer_out *o, int ok)
{
    int rc = o->failed || !ok ? -1 : 0;
    if (close_page(o, 0) != 0)
        rc = -1;
    if (rc == 0 && o->pageno == 0) {
        /* No game to show: one page that says so, so the link works. */
        rc = open_page(o, 1) == 0 && close_page(o, 0) == 0 ? 0 : -1;
    }
    int saved = errno;
    if (rc == 0 && cli_report_put_dir(o->tmp, o->dir) != 0) {
        saved = errno;
        rc = -1;
    }
    if (rc != 0 && cli_remove_pages(o->tmp) != 0)
        cli_warning("cannot remove '%s' (the pages of this run, not put in place): %s", o->tmp,
                    strerror(errno));
    free(o->dir);
    free(o->tmp);
    free(o->iobuf);
    free(o);
    errno = saved;
    return ok ? rc : 0;
}
