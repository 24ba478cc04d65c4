/*
 * run_guard: what a run must not do to a director's reports.  A path given
 * as an input that is not there is a typing mistake, refused before
 * anything is read, not a failed row among the good inputs' rows; and a
 * run whose inputs give no game (an empty archive, an empty file, a file
 * that holds no log, the output folder named as its own input) or whose
 * selection matches none, leaves the reports of an earlier run as they
 * were instead of replacing them with empty ones, unless --allow-empty
 * says an empty set is wanted (gcaudit(1), Outputs).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"

int cli_inputs_check_or_stop(const char *command, const char *const *inputs, int n)
{
    int rc = CLI_CONTINUE;
    for (int i = 0; i < n; i++) {
        struct stat st;
        if (strcmp(inputs[i], "-") != 0 && stat(inputs[i], &st) != 0) {
            cli_error("%s: cannot read the input '%s': %s; nothing was read", command,
                      inputs[i], strerror(errno));
            rc = CLI_EXIT_USAGE;
        }
    }
    return rc;
}

/* Is an input the output folder itself (never read: its reports are not
 * games)? */
static const char *output_as_input(const char *const *inputs, int n, const char *outdir)
{
    struct stat out, in;
    if (stat(outdir, &out) != 0)
        return NULL;
    for (int i = 0; i < n; i++)
        if (strcmp(inputs[i], "-") != 0 && stat(inputs[i], &in) == 0 &&
            in.st_dev == out.st_dev && in.st_ino == out.st_ino)
            return inputs[i];
    return NULL;
}

/* "; skipped: 'not a log: ...' (2), 'archive holds no files' (1)", or ""
 * when no entry was skipped. */
static void skip_reasons(char *out, size_t size, const struct cli_skips *s)
{
    size_t at = 0;
    out[0] = '\0';
    for (int i = 0; i < CLI_SKIP_KINDS && s->why[i][0] && at < size; i++)
        at += (size_t)snprintf(out + at, size - at, "%s'%s' (%llu)", i ? ", " : "; skipped: ",
                               s->why[i], (unsigned long long)s->n[i]);
    if (s->others && at < size)
        snprintf(out + at, size - at, ", other reasons (%llu)", (unsigned long long)s->others);
}

int cli_empty_run_or_stop(const char *command, const struct cli_totals *t,
                          const struct cli_empty_run *r)
{
    if (r->allow_empty || t->sum.games > 0)
        return CLI_CONTINUE;
    char where[1024];
    if (r->made_dir)
        snprintf(where, sizeof where, "no reports were written");
    else
        snprintf(where, sizeof where, "the reports in '%s' are left as they were", r->outdir);
    if (t->games_found > 0) {
        cli_error("%s: the selection (%s) matches none of the %llu games read: %s (give "
                  "--allow-empty to write empty reports)",
                  command, r->selection, (unsigned long long)t->games_found, where);
        return CLI_EXIT_EMPTY;
    }
    const struct st_summary *s = &t->sum;
    const char *self = output_as_input(r->inputs, r->ninputs, r->outdir);
    char why[1200] = "";
    if (self)
        snprintf(why, sizeof why,
                 "; '%s' is the output folder, whose files gcaudit never reads (give -o another "
                 "folder to read the logs in it)",
                 self);
    char skipped[4 * (CLI_SKIP_WHY + 32) + 64];
    skip_reasons(skipped, sizeof skipped, &t->skips);
    cli_error("%s: the inputs hold no game (%llu %s read: %llu ok, %llu skipped, %llu "
              "failed)%s%s: %s (give --allow-empty to write empty reports)",
              command, (unsigned long long)s->entries, s->entries == 1 ? "entry" : "entries",
              (unsigned long long)s->entries_ok, (unsigned long long)s->entries_skipped,
              (unsigned long long)s->entries_failed, skipped, why, where);
    return CLI_EXIT_EMPTY;
}
