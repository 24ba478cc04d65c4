/*
 * ffish: tests/ffish/uci.js under Node, opened and checked.
 */
#include "tests/support/ffish.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/support.h"
#include "tests/support/uci.h"

#define FFISH_DIR TS_FFISH_DIR

char *ts_ffish_node(void)
{
    char *node = ts_uci_which("GC_NODE", "node", NULL);
    if (!node)
        node = ts_uci_which("GC_NODE", "nodejs", NULL);
    cr_assert_not_null(node, "Node.js not found: install the Debian packages nodejs and npm (./setup.sh "
                             "does), or set GC_NODE to the node executable");
    size_t len;
    char *pkg = ts_read_file(FFISH_DIR "/node_modules/ffish/package.json", &len);
    cr_assert_not_null(pkg, "ffish is not installed in tests/ffish: run ./setup.sh (it runs npm ci there)");
    cr_assert_not_null(strstr(pkg, "\"version\": \"" TS_FFISH_VERSION "\""),
                       "tests/ffish/node_modules holds another ffish than " TS_FFISH_VERSION
                       ": run npm ci in tests/ffish (./setup.sh does)");
    free(pkg);
    cr_assert_eq(access(FFISH_DIR "/node_modules/ffish/ffish.wasm", R_OK), 0,
                 "tests/ffish/node_modules/ffish/ffish.wasm is missing: run npm ci in tests/ffish");
    return node;
}

struct ts_uci *ts_ffish_open(int timeout_ms)
{
    char *node = ts_ffish_node();
    const char *argv[] = {node, FFISH_DIR "/uci.js", NULL};
    char err[512];
    struct ts_uci *u = ts_uci_start_argv(argv, timeout_ms, err, sizeof err);
    free(node);
    cr_assert_not_null(u, "cannot start ffish: %s", err);
    /* The id line came before uciok: ask again to check the build. */
    ts_uci_send(u, "uci");
    const char *id = ts_uci_until(u, "id name ", NULL, NULL);
    cr_assert(id && strstr(id, TS_FFISH_BUILD), "ffish is not the pinned build (%s): %s", TS_FFISH_BUILD,
              id ? id : "no answer");
    cr_assert_not_null(ts_uci_until(u, "uciok", NULL, NULL), "ffish did not answer uci");
    return u;
}

int ts_ffish_result(struct ts_uci *u, char *out, size_t size, int *insufficient)
{
    if (ts_uci_send(u, "result") < 0)
        return -1;
    const char *l = ts_uci_until(u, "result ", NULL, NULL);
    if (!l)
        return -1;
    l += strlen("result ");
    size_t n = strcspn(l, " ");
    snprintf(out, size, "%.*s", (int)n, l);
    if (insufficient)
        *insufficient = strcmp(l + n, " insufficient") == 0;
    return 0;
}

int ts_ffish_play(struct ts_uci *u, const char *move, char *fen, size_t size, int *in_check, char (*legal)[16],
                  int max)
{
    if (ts_uci_send(u, "play%s%s", move ? " " : "", move ? move : "") < 0 ||
        ts_uci_read_show(u, fen, size, in_check) < 0)
        return -1;
    return ts_uci_read_moves(u, legal, max);
}

int ts_ffish_go_play(struct ts_uci *u, const char *go, struct ts_uci_result *r, char *fen, size_t size,
                     int *in_check, char (*legal)[16], int max)
{
    char line[96];
    snprintf(line, sizeof line, "play %s", go);
    if (ts_uci_go(u, line, r) < 0 || ts_uci_read_show(u, fen, size, in_check) < 0)
        return -1;
    return ts_uci_read_moves(u, legal, max);
}
