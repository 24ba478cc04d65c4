/*
 * uci: a UCI engine as a child process, read with poll() deadlines.
 */
#include "tests/support/uci.h"

#include <criterion/criterion.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#define LINE_MAX_LEN 8192

struct ts_uci {
    pid_t pid;
    int to_engine;            /* write end of the engine's stdin */
    int from_engine;          /* read end of the engine's stdout */
    int timeout_ms;           /* deadline of one read */
    char buf[LINE_MAX_LEN];   /* bytes read, not yet returned */
    size_t len;
    char line[LINE_MAX_LEN];  /* the line last returned */
};

static int executable(const char *path)
{
    return path && *path && access(path, X_OK) == 0;
}

char *ts_uci_which(const char *env_name, const char *name, const char *fallback)
{
    const char *env = getenv(env_name);
    if (env && *env)
        return executable(env) ? strdup(env) : NULL;
    const char *path = getenv("PATH");
    char *dirs = strdup(path ? path : "");
    char *save = NULL, *found = NULL;
    for (char *d = strtok_r(dirs, ":", &save); d && !found; d = strtok_r(NULL, ":", &save)) {
        char cand[4096];
        snprintf(cand, sizeof cand, "%s/%s", d, name);
        if (executable(cand))
            found = strdup(cand);
    }
    free(dirs);
    if (!found && fallback && executable(fallback))
        found = strdup(fallback);
    return found;
}

char *ts_uci_find_engine(void)
{
    return ts_uci_which("GC_FAIRY_STOCKFISH", "fairy-stockfish", "/usr/games/fairy-stockfish");
}

static void set_cloexec(int fd) { fcntl(fd, F_SETFD, FD_CLOEXEC); }

/* The child: stdin and stdout on the pipes, stderr silenced.  On Linux it
 * is killed with the test process, so a hung engine cannot outlive a test
 * that failed on its deadline. */
static void exec_engine(const char *const *argv, int in, int out)
{
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    int null = open("/dev/null", O_WRONLY);
    if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || (null >= 0 && dup2(null, 2) < 0))
        _exit(127);
    execv(argv[0], (char *const *)argv);
    _exit(127);
}

struct ts_uci *ts_uci_start(const char *path, int timeout_ms, char *err, size_t errsize)
{
    const char *argv[] = {path, NULL};
    return ts_uci_start_argv(argv, timeout_ms, err, errsize);
}

struct ts_uci *ts_uci_start_argv(const char *const *argv, int timeout_ms, char *err, size_t errsize)
{
    int in[2], out[2];
    /* A dead engine must give the writer EPIPE, not kill the test. */
    signal(SIGPIPE, SIG_IGN);
    if (pipe(in) < 0 || pipe(out) < 0) {
        snprintf(err, errsize, "pipe: %s", strerror(errno));
        return NULL;
    }
    for (int i = 0; i < 2; i++) {
        set_cloexec(in[i]);
        set_cloexec(out[i]);
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errsize, "fork: %s", strerror(errno));
        return NULL;
    }
    if (pid == 0)
        exec_engine(argv, in[0], out[1]);
    close(in[0]);
    close(out[1]);
    struct ts_uci *u = calloc(1, sizeof *u);
    u->pid = pid;
    u->to_engine = in[1];
    u->from_engine = out[0];
    u->timeout_ms = timeout_ms;
    if (ts_uci_send(u, "uci") < 0 || !ts_uci_until(u, "uciok", NULL, NULL)) {
        snprintf(err, errsize,
                 "%s did not answer \"uci\" with \"uciok\" (it exited, or %d ms passed)",
                 argv[argv[1] ? 1 : 0], timeout_ms);
        ts_uci_quit(u);
        return NULL;
    }
    return u;
}

int ts_uci_send(struct ts_uci *u, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return -1;
    char *cmd = malloc((size_t)n + 2);
    if (!cmd)
        return -1;
    va_start(ap, fmt);
    vsnprintf(cmd, (size_t)n + 1, fmt, ap);
    va_end(ap);
    cmd[n++] = '\n';
    int rc = 0;
    for (int at = 0; at < n;) {
        ssize_t put = write(u->to_engine, cmd + at, (size_t)(n - at));
        if (put < 0 && errno == EINTR)
            continue;
        if (put <= 0) {
            rc = -1;
            break;
        }
        at += (int)put;
    }
    free(cmd);
    return rc;
}

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A complete line from the buffer into u->line, or 0. */
static int take_line(struct ts_uci *u)
{
    char *nl = memchr(u->buf, '\n', u->len);
    if (!nl)
        return 0;
    size_t n = (size_t)(nl - u->buf);
    memcpy(u->line, u->buf, n);
    u->line[n] = '\0';
    if (n && u->line[n - 1] == '\r')
        u->line[n - 1] = '\0';
    u->len -= n + 1;
    memmove(u->buf, nl + 1, u->len);
    return 1;
}

/* The next line, or NULL when the deadline (CLOCK_MONOTONIC ms) passes
 * or the output ends. */
static const char *line_before(struct ts_uci *u, long long deadline)
{
    while (!take_line(u)) {
        if (u->len == sizeof u->buf)   /* a line too long to be UCI */
            u->len = 0;
        long long left = deadline - now_ms();
        if (left <= 0)
            return NULL;
        struct pollfd p = {u->from_engine, POLLIN, 0};
        int r = poll(&p, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return NULL;
        ssize_t got = read(u->from_engine, u->buf + u->len, sizeof u->buf - u->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return NULL;
        u->len += (size_t)got;
    }
    return u->line;
}

const char *ts_uci_line(struct ts_uci *u)
{
    return line_before(u, now_ms() + u->timeout_ms);
}

const char *ts_uci_until(struct ts_uci *u, const char *prefix,
                         void (*each_line)(void *ctx, const char *line), void *ctx)
{
    /* One deadline for the whole wait: an engine that talks without ever
     * answering fails as surely as a silent one. */
    long long deadline = now_ms() + u->timeout_ms;
    size_t n = strlen(prefix);
    for (const char *l; (l = line_before(u, deadline));) {
        if (strncmp(l, prefix, n) == 0)
            return l;
        if (each_line)
            each_line(ctx, l);
    }
    return NULL;
}

uint64_t ts_uci_perft(struct ts_uci *u, const char *fen, int depth)
{
    if (ts_uci_position(u, fen, NULL, 0) < 0 || ts_uci_send(u, "go perft %d", depth) < 0)
        return UINT64_MAX;
    const char *l = ts_uci_until(u, "Nodes searched:", NULL, NULL);
    unsigned long long nodes;
    if (!l || sscanf(l, "Nodes searched: %llu", &nodes) != 1)
        return UINT64_MAX;
    return nodes;
}

struct ts_uci *ts_uci_open(int timeout_ms)
{
    char *path = ts_uci_find_engine();
    cr_assert_not_null(path, "Fairy-Stockfish not found: install the Debian package fairy-stockfish "
                             "(./setup.sh does), or set GC_FAIRY_STOCKFISH to the engine's path");
    char err[256];
    struct ts_uci *u = ts_uci_start(path, timeout_ms, err, sizeof err);
    free(path);
    cr_assert_not_null(u, "cannot start Fairy-Stockfish: %s", err);
    ts_uci_send(u, "setoption name Threads value 1");
    ts_uci_send(u, "isready");
    cr_assert_not_null(ts_uci_until(u, "readyok", NULL, NULL), "Fairy-Stockfish did not get ready");
    return u;
}

struct announced {
    const char *want;          /* "info string variant NAME " */
    int seen;
};

static void spot_variant(void *ctx, const char *line)
{
    struct announced *a = ctx;
    a->seen |= strncmp(line, a->want, strlen(a->want)) == 0;
}

int ts_uci_variant(struct ts_uci *u, const char *ini, const char *name)
{
    if (ts_uci_send(u, "setoption name VariantPath value %s", ini) < 0)
        return -1;
    return ts_uci_select(u, name);
}

int ts_uci_select(struct ts_uci *u, const char *name)
{
    char want[256];
    snprintf(want, sizeof want, "info string variant %s ", name);
    struct announced a = {want, 0};
    /* 11.1 announces the variant when UCI_Variant changes (ucioption.cpp,
     * on_variant_change); isready orders the answer after it. */
    if (ts_uci_send(u, "setoption name UCI_Variant value %s", name) < 0 ||
        ts_uci_send(u, "isready") < 0 || !ts_uci_until(u, "readyok", spot_variant, &a))
        return -1;
    return a.seen ? 0 : -1;
}

int ts_uci_position(struct ts_uci *u, const char *fen, const char *const *moves, int n)
{
    size_t cap = 64 + (fen ? strlen(fen) : 0), at = 0;
    for (int i = 0; i < n; i++)
        cap += strlen(moves[i]) + 1;
    char *cmd = malloc(cap);
    if (!cmd)
        return -1;
    at += (size_t)snprintf(cmd, cap, "position %s%s%s", fen ? "fen " : "startpos", fen ? fen : "",
                           n ? " moves" : "");
    for (int i = 0; i < n; i++)
        at += (size_t)snprintf(cmd + at, cap - at, " %s", moves[i]);
    int rc = ts_uci_send(u, "%s", cmd);
    free(cmd);
    return rc;
}

int ts_uci_show(struct ts_uci *u, char *fen, size_t size, int *in_check)
{
    if (ts_uci_send(u, "d") < 0)
        return -1;
    return ts_uci_read_show(u, fen, size, in_check);
}

int ts_uci_read_show(struct ts_uci *u, char *fen, size_t size, int *in_check)
{
    const char *l = ts_uci_until(u, "Fen: ", NULL, NULL);
    if (!l)
        return -1;
    snprintf(fen, size, "%s", l + 5);
    l = ts_uci_until(u, "Checkers:", NULL, NULL);
    if (!l)
        return -1;
    if (in_check) {
        const char *rest = l + strlen("Checkers:");
        while (*rest == ' ')
            rest++;
        *in_check = *rest != '\0';
    }
    return 0;
}

static void keep_score(void *ctx, const char *line)
{
    struct ts_uci_result *r = ctx;
    const char *at = strstr(line, " score ");
    char kind[8];
    int v;
    if (at && sscanf(at, " score %7s %d", kind, &v) == 2)
        snprintf(r->score, sizeof r->score, "%s %d", kind, v);
}

int ts_uci_go(struct ts_uci *u, const char *go, struct ts_uci_result *r)
{
    memset(r, 0, sizeof *r);
    if (ts_uci_send(u, "%s", go) < 0)
        return -1;
    const char *l = ts_uci_until(u, "bestmove", keep_score, r);
    return l && sscanf(l, "bestmove %31s", r->bestmove) == 1 ? 0 : -1;
}

int ts_uci_score(const struct ts_uci_result *r, int *value)
{
    char kind[8];
    if (sscanf(r->score, "%7s %d", kind, value) != 2)
        return -1;
    return strcmp(kind, "mate") == 0 ? 1 : 0;
}

struct listed {
    char (*moves)[16];
    uint64_t *counts;
    int n, max;
};

/* "e2e4: 20", "P@e4: 1", "e7e8q: 3": a move before a colon and a count. */
static void keep_move(void *ctx, const char *line)
{
    struct listed *m = ctx;
    char mv[16];
    unsigned long long count;
    if (m->n < m->max && sscanf(line, "%15[^: ]: %llu", mv, &count) == 2 && strlen(mv) >= 4) {
        strcpy(m->moves[m->n], mv);
        if (m->counts)
            m->counts[m->n] = count;
        m->n++;
    }
}

static int read_divided(struct ts_uci *u, char (*moves)[16], uint64_t *counts, int max)
{
    struct listed m = {moves, counts, 0, max};
    return ts_uci_until(u, "Nodes searched", keep_move, &m) ? m.n : -1;
}

int ts_uci_divide(struct ts_uci *u, int depth, char (*moves)[16], uint64_t *counts, int max)
{
    return ts_uci_send(u, "go perft %d", depth) < 0 ? -1 : read_divided(u, moves, counts, max);
}

int ts_uci_read_moves(struct ts_uci *u, char (*moves)[16], int max)
{
    return read_divided(u, moves, NULL, max);
}

int ts_uci_legal_moves(struct ts_uci *u, char (*moves)[16], int max)
{
    return ts_uci_divide(u, 1, moves, NULL, max);
}

void ts_uci_quit(struct ts_uci *u)
{
    if (!u)
        return;
    ts_uci_send(u, "quit");
    close(u->to_engine);
    int status;
    long long deadline = now_ms() + 1000;
    while (waitpid(u->pid, &status, WNOHANG) == 0) {
        if (now_ms() > deadline) {
            kill(u->pid, SIGKILL);
            waitpid(u->pid, &status, 0);
            break;
        }
        struct timespec nap = {0, 5 * 1000000};
        nanosleep(&nap, NULL);
    }
    close(u->from_engine);
    free(u);
}
