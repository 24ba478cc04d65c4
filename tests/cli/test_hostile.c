/*
 * Hostile input end to end (issue 9): what `gcaudit analyze` writes in
 * inputs.csv and games.csv, and what it prints, when the archive is out to
 * hurt it or the person reading its reports.  Every input is generated
 * here; the big ones stream through a pipe into the binary's standard
 * input, never stored.  Peak memory is the binary's own (wait4's rusage).
 *
 * Promised (docs/design.md, "What gcaudit guarantees for bad input"):
 *   - every entry and every game has its row, with a status and a reason;
 *   - names are reported as written, never used as paths; control
 *     characters and invalid UTF-8 show as \xNN, in reports and on the
 *     terminal alike;
 *   - cells a spreadsheet would run as formulas start with an apostrophe;
 *   - memory is bounded by the entry limit (256 MiB), whatever an entry
 *     inflates to or claims to be; time is linear in the input.
 *
 * GC_HOSTILE_ENTRIES sets the entries of many_entries_end_to_end (10,000
 * by default under the sanitizers; bench/million-entries.sh runs a
 * million on a Release build).
 */
#define _DEFAULT_SOURCE   /* wait4: the binary's own peak memory */
#include <archive.h>
#include <archive_entry.h>
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "formats/formats.h"
#include "replay/replay.h"
#include "tests/support/csvread.h"
#include "tests/support/support.h"
#include "tests/support/tar.h"

#define MiB (1024 * 1024)

TestSuite(cli_hostile, .init = ts_scratch_setup, .fini = ts_scratch_teardown);

static const char LOG[] = "Game: Chess\nWhite: Ann\nBlack: Bob\n\n1. P e2-e4 1... p e7-e5\n";

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ------------------------------------------------------ running gcaudit */

struct outcome {
    int status;        /* exit status, or -signal */
    long peak_mib;     /* the binary's peak resident memory */
    double secs;
};

/* gcaudit ARGS... in dir, stdin from in_fd (-1: /dev/null), stdout and
 * stderr into stdout.txt and stderr.txt. */
static struct outcome run_gcaudit(const char *const *args, int in_fd)
{
    char *out = ts_fmt("%s/stdout.txt", ts_scratch), *err = ts_fmt("%s/stderr.txt", ts_scratch);
    double t0 = now();
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        int in = in_fd >= 0 ? in_fd : open("/dev/null", O_RDONLY);
        int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (in < 0 || o < 0 || e < 0 || chdir(ts_scratch) != 0)
            _exit(127);
        dup2(in, 0), dup2(o, 1), dup2(e, 2);
        const char *argv[16] = {GC_BINARY};
        for (size_t i = 0; args[i] && i < 14; i++)
            argv[i + 1] = args[i];
        execv(GC_BINARY, (char *const *)argv);
        _exit(127);
    }
    struct rusage ru;
    int st;
    cr_assert_eq(wait4(pid, &st, 0, &ru), pid);
    struct outcome r = {
        .status = WIFEXITED(st) ? WEXITSTATUS(st) : -WTERMSIG(st),
        .peak_mib = ru.ru_maxrss / 1024,
        .secs = now() - t0,
    };
    free(out), free(err);
    return r;
}

static char *slurp(const char *name, size_t *len)
{
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    char *text = ts_read_file(path, len);
    cr_assert_not_null(text, "%s was not written", name);
    free(path);
    return text;
}

static struct ts_csv read_report(const char *name)
{
    char *path = ts_fmt("%s/out/%s", ts_scratch, name);
    struct ts_csv t;
    cr_assert_eq(ts_csv_read(path, &t), 0, "%s parses as RFC 4180", name);
    free(path);
    return t;
}

/* No byte that would act on a terminal: C0 but tab and newline, DEL, and
 * nothing that is not UTF-8 (which would include raw C1 controls). */
static void expect_terminal_safe(const char *name)
{
    size_t len;
    char *text = slurp(name, &len);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        cr_assert(c >= 0x20 || c == '\n' || c == '\t', "%s: byte 0x%02X at %zu", name, c, i);
        cr_assert_neq(c, 0x7F, "%s: DEL at %zu", name, i);
    }
    for (char *line = text, *end; line < text + len; line = end + 1) {
        end = strchr(line, '\n');
        if (!end)
            end = text + len;
        size_t n = (size_t)(end - line);
        cr_assert_eq(fmt_printable_span(line, n), n, "%s: not printable UTF-8: %.*s", name,
                     (int)n, line);
    }
    free(text);
}

/* -------------------------------------------------------- making input */

struct member {
    const char *name;
    const char *data;  /* NULL: not a regular file */
    size_t len;
    mode_t type;
    const char *link;
};

#define FILE_OF(n, s) {n, s, sizeof s - 1, AE_IFREG, NULL}

static void add_member(struct archive *a, const struct member *m)
{
    struct archive_entry *e = archive_entry_new();
    archive_entry_set_pathname(e, m->name);
    archive_entry_set_mtime(e, 1700000000, 0);
    archive_entry_set_filetype(e, m->type);
    archive_entry_set_perm(e, 0644);
    if (m->type == AE_IFLNK)
        archive_entry_set_symlink(e, m->link);
    archive_entry_set_size(e, m->data ? (la_int64_t)m->len : 0);
    cr_assert_geq(archive_write_header(a, e), ARCHIVE_WARN, "%s", archive_error_string(a));
    if (m->data && m->len)
        cr_assert_eq(archive_write_data(a, m->data, m->len), (la_ssize_t)m->len);
    archive_entry_free(e);
}

static void write_tar(const char *name, const struct member *m, size_t n)
{
    char *path = ts_fmt("%s/%s", ts_scratch, name);
    struct archive *a = archive_write_new();
    archive_write_set_format_pax_restricted(a);
    cr_assert_eq(archive_write_open_filename(a, path), ARCHIVE_OK);
    for (size_t i = 0; i < n; i++)
        add_member(a, &m[i]);
    cr_assert_eq(archive_write_close(a), ARCHIVE_OK);
    archive_write_free(a);
    free(path);
}

/* A writer process streaming a tar into a pipe; returns the read end. */
typedef void (*gen_fn)(struct archive *a, void *arg);

static int start_writer(gen_fn gen, void *arg, pid_t *pid)
{
    int fds[2];
    *pid = ts_fork_writer(fds);
    if (*pid == 0) {
        struct archive *a = archive_write_new();
        archive_write_set_format_pax_restricted(a);
        archive_write_set_bytes_per_block(a, 1 << 16);
        if (archive_write_open_fd(a, fds[1]) == ARCHIVE_OK) {
            gen(a, arg);
            archive_write_close(a);
        }
        archive_write_free(a);
        _exit(0);
    }
    close(fds[1]);
    return fds[0];
}

static void end_writer(int fd, pid_t pid)
{
    close(fd);
    int st;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
}

/* ------------------------------------------- names, texts and formulas */

static const char NUL_LOG[] = "Game: Chess\n\n1. P e2-e4\0\n";
static const char BAD_UTF8_LOG[] = "Game: Chess\nWhite: Caf\xe9\nBlack: Bob\n\n1. P e2-e4\n";
static const char ILLEGAL_LOG[] = "Game: Chess\nWhite: Ann\nBlack: Bob\n\n1. P e2-e5\n";
static const char EMPTY_GAMES[] =
    "Game: Chess\n\n"
    "Game: Chess\nWhite: Ann\nBlack: Bob\n\n"
    "Game:\n\n"
    "Game: Chess\nWhite: Ann\nBlack: Bob\nResult: 1-0\n";
static const char PLAYERS_LOG[] =
    "Game: Chess\n"
    "White: =HYPERLINK(\"http://evil.example\",\"prize\")\n"
    "Black: \x1b[31mRed\x1b[0m\n"
    "Event: +cmd|' /C calc'!A0\n"
    "Round: -\n"
    "Log: @SUM(1+1)\n"
    "Result: 0-1\n"
    "\n"
    "1. P f2-f3 1... p e7-e5\n"
    "2. P g2-g4 2... q d8-h4 // -2+3\n";

/* Every name and text trick at once, and the rows they must give. */
Test(cli_hostile, hostile_archive_reports)
{
    char *long_log = malloc(70016);
    size_t n = (size_t)sprintf(long_log, "Game: Chess\n\n");
    memset(long_log + n, 'e', 70000);
    n += 70000;
    long_log[n++] = '\n';
    const struct member m[] = {
        FILE_OF("../../etc/passwd.log", LOG),
        FILE_OF("/abs/path.log", LOG),
        FILE_OF("esc\x1b]0;pwned\a.log", ILLEGAL_LOG),
        FILE_OF("new\nline.log", LOG),
        FILE_OF("dup.log", LOG),
        FILE_OF("dup.log", ILLEGAL_LOG),
        FILE_OF("caf\xe9.log", LOG),
        FILE_OF("=cmd.log", LOG),
        {"link.log", NULL, 0, AE_IFLNK, "../../etc/passwd"},
        {"dev/sda", NULL, 0, AE_IFBLK, NULL},
        {"fifo", NULL, 0, AE_IFIFO, NULL},
        FILE_OF("nul.log", NUL_LOG),
        {"long.log", long_log, n, AE_IFREG, NULL},
        FILE_OF("utf8.log", BAD_UTF8_LOG),
        {"empty.log", "", 0, AE_IFREG, NULL},
        FILE_OF("empty-games.log", EMPTY_GAMES),
        FILE_OF("players.log", PLAYERS_LOG),
    };
    write_tar("hostile.tar", m, sizeof m / sizeof m[0]);
    free(long_log);

    const char *args[] = {"analyze", "hostile.tar", "-o", "out", "-v", NULL};
    struct outcome r = run_gcaudit(args, -1);
    cr_assert_eq(r.status, 1, "failed entries: exit 1 (got %d)", r.status);

    char *inputs = slurp("out/inputs.csv", NULL);
    cr_expect_str_eq(inputs,
        "source,entry,bytes,games,status,message\n"
        "hostile.tar,../../etc/passwd.log,59,1,ok,\n"
        "hostile.tar,/abs/path.log,59,1,ok,\n"
        "hostile.tar,\"esc\\x1B]0;pwned\\x07.log\",46,1,ok,\n"
        "hostile.tar,new\\x0Aline.log,59,1,ok,\n"
        "hostile.tar,dup.log,59,1,ok,\n"
        "hostile.tar,dup.log,46,1,ok,\n"
        "hostile.tar,caf\\xE9.log,59,1,ok,\n"
        "hostile.tar,\"'=cmd.log\",59,1,ok,\n"
        "hostile.tar,link.log,0,0,skipped,\"symbolic link, not followed\"\n"
        "hostile.tar,dev/sda,0,0,skipped,not a regular file\n"
        "hostile.tar,fifo,0,0,skipped,not a regular file\n"
        "hostile.tar,nul.log,25,0,failed,NUL byte at line 3\n"
        "hostile.tar,long.log,70014,0,failed,line 3 is longer than 64 KiB\n"
        "hostile.tar,utf8.log,47,1,ok,1 invalid UTF-8 sequence replaced by U+FFFD\n"
        "hostile.tar,empty.log,0,0,skipped,not a log: no Game: header in the first 4 KiB\n"
        "hostile.tar,empty-games.log,101,4,ok,\n"
        "hostile.tar,players.log,200,1,ok,\n");
    free(inputs);

    struct ts_csv g = read_report("games.csv");
    cr_assert_eq(g.nrows, 1 + 14, "one row per game, header first");
    /* Duplicate names stay two entries with their own games. */
    cr_expect_str_eq(ts_csv_get(&g, 5, "status"), "ok");
    cr_expect_str_eq(ts_csv_get(&g, 6, "entry"), "dup.log");
    cr_expect_str_eq(ts_csv_get(&g, 6, "status"), "illegal");
    /* Invalid UTF-8 inside a log was replaced on reading: U+FFFD. */
    cr_expect_str_eq(ts_csv_get(&g, 9, "white"), "Caf\xef\xbf\xbd");
    /* Empty games: every one is a row, none is lost. */
    const char *const empty[4][5] = {
        {"1", "chess", "0", "unfinished", "ok"},
        {"2", "chess", "0", "unfinished", "ok"},
        {"3", "", "", "", "unsupported"},
        {"4", "chess", "0", "declared", "ok"},
    };
    for (size_t i = 0; i < 4; i++) {
        size_t row = 10 + i;
        cr_expect_str_eq(ts_csv_get(&g, row, "entry"), "empty-games.log");
        cr_expect_str_eq(ts_csv_get(&g, row, "game_index"), empty[i][0]);
        cr_expect_str_eq(ts_csv_get(&g, row, "variant"), empty[i][1]);
        cr_expect_str_eq(ts_csv_get(&g, row, "turns"), empty[i][2]);
        cr_expect_str_eq(ts_csv_get(&g, row, "termination"), empty[i][3]);
        cr_expect_str_eq(ts_csv_get(&g, row, "status"), empty[i][4], "game %zu", i + 1);
    }
    cr_expect_str_eq(ts_csv_get(&g, 13, "winner"), "Ann");
    /* Formulas are defused, control characters shown, a lone - kept. */
    cr_expect_str_eq(ts_csv_get(&g, 14, "white"), "'=HYPERLINK(\"http://evil.example\",\"prize\")");
    cr_expect_str_eq(ts_csv_get(&g, 14, "black"), "\\x1B[31mRed\\x1B[0m");
    cr_expect_str_eq(ts_csv_get(&g, 14, "event"), "'+cmd|' /C calc'!A0");
    cr_expect_str_eq(ts_csv_get(&g, 14, "round"), "-");
    cr_expect_str_eq(ts_csv_get(&g, 14, "log_id"), "'@SUM(1+1)");
    cr_expect_str_eq(ts_csv_get(&g, 14, "winner"), "\\x1B[31mRed\\x1B[0m");
    cr_expect_str_eq(ts_csv_get(&g, 14, "termination"), "checkmate");
    ts_csv_free(&g);

    /* Every report, and everything printed, is safe for a terminal. */
    expect_terminal_safe("out/inputs.csv");
    expect_terminal_safe("out/games.csv");
    expect_terminal_safe("out/violations.csv");
    expect_terminal_safe("stdout.txt");
    expect_terminal_safe("stderr.txt");
    char *err = slurp("stderr.txt", NULL);
    cr_expect(strstr(err, "hostile.tar!esc\\x1B]0;pwned\\x07.log:5: game 1, turn 1. ('P e2-e5'): "),
              "the violation names the entry, escaped: %s", err);
    cr_expect(strstr(err, "gcaudit: hostile.tar!nul.log: NUL byte at line 3\n"), "%s", err);
    free(err);
}

Test(cli_hostile, replay_shows_hostile_names_escaped)
{
    const struct member m[] = {FILE_OF("players.log", PLAYERS_LOG)};
    write_tar("p.tar", m, 1);
    const char *args[] = {"replay", "p.tar", NULL};
    struct outcome r = run_gcaudit(args, -1);
    cr_assert_eq(r.status, 0);
    expect_terminal_safe("stdout.txt");
    char *out = slurp("stdout.txt", NULL);
    cr_expect(strstr(out, "Chess: =HYPERLINK(\"http://evil.example\",\"prize\") (White) v "
                          "\\x1B[31mRed\\x1B[0m (Black), log @SUM(1+1)\n"),
              "a terminal needs no formula defusing, only the escapes: %s", out);
    free(out);
}

/* ------------------------------------------------------ bounded memory */

/* One gzip member of `len` newlines after a prefix. */
static size_t gzip_member(unsigned char *out, size_t cap, const char *prefix, size_t len)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    cr_assert_eq(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY), Z_OK);
    static unsigned char block[MiB];
    memset(block, '\n', sizeof block);
    z.next_out = out, z.avail_out = (uInt)cap;
    z.next_in = (unsigned char *)prefix, z.avail_in = (uInt)strlen(prefix);
    cr_assert_eq(deflate(&z, Z_NO_FLUSH), Z_OK);
    for (size_t done = 0; done < len; done += sizeof block) {
        z.next_in = block;
        z.avail_in = (uInt)(len - done < sizeof block ? len - done : sizeof block);
        cr_assert_eq(deflate(&z, Z_NO_FLUSH), Z_OK);
    }
    cr_assert_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
    size_t n = cap - z.avail_out;
    deflateEnd(&z);
    return n;
}

/* A 1 MiB file that inflates to 1 GiB with the default 256 MiB limit:
 * one failed row, memory bounded by the limit, and the next input read. */
Test(cli_hostile, gzip_bomb_with_the_default_limit, .timeout = 300)
{
    unsigned char one[4096];
    size_t one_len = gzip_member(one, sizeof one, "", MiB);
    unsigned char *bomb = malloc(4096 + 1024 * one_len);
    size_t len = gzip_member(bomb, 4096, "Game: Chess\n", MiB - 12);
    for (int i = 1; i < 1024; i++, len += one_len)
        memcpy(bomb + len, one, one_len);
    char *path = ts_fmt("%s/bomb.log.gz", ts_scratch), *good = ts_fmt("%s/good.log", ts_scratch);
    cr_assert_eq(ts_write_file(path, bomb, len), 0);
    cr_assert_eq(ts_write_file(good, LOG, sizeof LOG - 1), 0);
    free(bomb), free(path), free(good);

    const char *args[] = {"analyze", "bomb.log.gz", "good.log", "-o", "out", "-q", NULL};
    struct outcome r = run_gcaudit(args, -1);
    cr_log_info("gzip bomb, default limit: exit %d, %.2f s, peak %ld MiB", r.status, r.secs,
                r.peak_mib);
    cr_assert_eq(r.status, 1);
    struct ts_csv t = read_report("inputs.csv");
    cr_assert_eq(t.nrows, 3);
    cr_expect_str_eq(ts_csv_get(&t, 1, "status"), "failed");
    cr_expect_str_eq(ts_csv_get(&t, 1, "message"), "entry larger than 256 MiB");
    unsigned long long bytes = strtoull(ts_csv_get(&t, 1, "bytes"), NULL, 10);
    cr_expect(bytes > 256ull * MiB && bytes <= 256ull * MiB + 65536, "read %llu bytes", bytes);
    cr_expect_str_eq(ts_csv_get(&t, 2, "status"), "ok");
    ts_csv_free(&t);
    /* 256 MiB of text, grown by doubling.  AddressSanitizer copies on
     * realloc and keeps freed blocks in quarantine (up to 256 MiB), so it
     * needs about three times as much. */
#ifdef __SANITIZE_ADDRESS__
    cr_expect_lt(r.peak_mib, 1024, "peak %ld MiB", r.peak_mib);
#else
    cr_expect_lt(r.peak_mib, 400, "peak %ld MiB", r.peak_mib);
#endif
}

struct huge {
    uint64_t size;
};

static void gen_huge(struct archive *a, void *arg)
{
    const struct huge *h = arg;
    static char block[MiB];
    for (size_t i = 0; i < sizeof block; i += 32)
        memcpy(block + i, "1. P e2-e4 1... p e7-e5 // abc\n\n", 32);
    memcpy(block, "Game: Chess\nWhite: A\nBlack: B\n\n", 32);
    struct member big = {"huge.log", NULL, 0, AE_IFREG, NULL};
    struct archive_entry *e = archive_entry_new();
    ts_tar_file(e, big.name, (int64_t)h->size);
    if (archive_write_header(a, e) == ARCHIVE_OK) {
        for (uint64_t done = 0; done < h->size;) {
            size_t n = h->size - done < sizeof block ? (size_t)(h->size - done) : sizeof block;
            if (archive_write_data(a, block, n) != (la_ssize_t)n)
                break;
            if (done == 0)
                memcpy(block, "1. P e2-e4 1... p e7-e5 // abc\n\n", 32);
            done += n;
        }
    }
    archive_entry_free(e);
    e = archive_entry_new();
    ts_tar_file(e, "after.log", sizeof LOG - 1);
    if (archive_write_header(a, e) == ARCHIVE_OK)
        archive_write_data(a, LOG, sizeof LOG - 1);
    archive_entry_free(e);
}

/* 6 GiB through a pipe into `analyze -`: the entry states its size, so it
 * fails after one block, and the rest streams past. */
Test(cli_hostile, multi_gigabyte_entry_on_stdin, .timeout = 300)
{
    struct huge h = {.size = (uint64_t)6 << 30};
    pid_t writer;
    int fd = start_writer(gen_huge, &h, &writer);
    const char *args[] = {"analyze", "-", "-o", "out", "-q", NULL};
    struct outcome r = run_gcaudit(args, fd);
    end_writer(fd, writer);
    cr_log_info("6 GiB entry on stdin: exit %d, %.2f s, peak %ld MiB", r.status, r.secs,
                r.peak_mib);
    cr_assert_eq(r.status, 1);
    char *inputs = slurp("out/inputs.csv", NULL);
    cr_expect_str_eq(inputs,
        "source,entry,bytes,games,status,message\n"
        "-,huge.log,6442450944,0,failed,entry larger than 256 MiB\n"
        "-,after.log,59,1,ok,\n");
    free(inputs);
    cr_expect_lt(r.peak_mib, 128, "peak %ld MiB", r.peak_mib);
}

/* ------------------------------------------------------------ long games */

/* A Chess game of `turns` turns: knights out and back.  The position
 * repeats every four plies, so the rules end it early (fivefold
 * repetition) and the rest are turns after the end. */
static char *long_game(size_t turns, size_t *len)
{
    static const char *const moves[4] = {"N g1-f3", "n g8-f6", "N f3-g1", "n f6-g8"};
    char *s = malloc(64 + turns * 24);
    size_t n = (size_t)sprintf(s, "Game: Chess\nWhite: Ann\nBlack: Bob\n\n");
    for (size_t i = 0; i < turns; i++) {
        size_t move = i / 2 + 1;
        n += (size_t)sprintf(s + n, i % 2 ? "%zu... %s\n" : "%zu. %s\n", move, moves[i % 4]);
    }
    s[n] = '\0';
    *len = n;
    return s;
}

/* Parse and replay every game of text in every registered variant;
 * returns the seconds it took. */
static double replay_text(const char *text, size_t len, size_t *turns_seen)
{
    double t0 = now();
    fmt_parser *p = fmt_parser_new(text, len);
    cr_assert_not_null(p);
    struct fmt_game g;
    *turns_seen = 0;
    while (fmt_parser_next(p, &g) == FMT_OK) {
        *turns_seen += g.nturns;
        char *written = g.game;
        for (size_t v = 0; v < rp_variant_count(); v++) {
            g.game = (char *)rp_variant_at(v)->game_names[0];
            struct rp_report r;
            cr_assert_eq(rp_replay(&g, &r, NULL, NULL), RP_DONE);
            rp_report_release(&r);
        }
        g.game = written;
        fmt_game_release(&g);
    }
    fmt_parser_free(p);
    return now() - t0;
}

Test(cli_hostile, hundred_thousand_turns_in_linear_time, .timeout = 300)
{
    size_t len, small_len, seen;
    char *big = long_game(100000, &len);
    char *small = long_game(10000, &small_len);
    double t_small = replay_text(small, small_len, &seen);
    cr_assert_eq(seen, 10000);
    double t_big = replay_text(big, len, &seen);
    cr_assert_eq(seen, 100000, "every turn parsed");
    cr_log_info("10,000 turns %.3f s, 100,000 turns %.3f s (every variant)", t_small, t_big);
    /* Ten times the turns may cost ten times the time, not a hundred. */
    cr_expect_lt(t_big, 30 * t_small + 0.5, "%.3f s against %.3f s", t_big, t_small);
    free(small);

    char *path = ts_fmt("%s/long.log", ts_scratch);
    cr_assert_eq(ts_write_file(path, big, len), 0);
    free(path), free(big);
    const char *args[] = {"analyze", "long.log", "-o", "out", "-q", NULL};
    struct outcome r = run_gcaudit(args, -1);
    cr_log_info("analyze, 100,000 turns: %.2f s, peak %ld MiB", r.secs, r.peak_mib);
    cr_assert_eq(r.status, 0);
    struct ts_csv g = read_report("games.csv");
    cr_assert_eq(g.nrows, 2, "one game");
    cr_expect_str_eq(ts_csv_get(&g, 1, "termination"), "fivefold-repetition");
    cr_expect_str_eq(ts_csv_get(&g, 1, "status"), "illegal");
    cr_expect_str_eq(ts_csv_get(&g, 1, "first_violation_code"), "after-end");
    ts_csv_free(&g);
    cr_expect_lt(r.secs, 30.0);
}

/* One turn of eight thousand components, in every variant's resolver. */
Test(cli_hostile, a_turn_of_thousands_of_components)
{
    char *s = malloc(70000);
    size_t n = (size_t)sprintf(s, "Game: Chess\n\n1. ");
    while (n + 10 < 65000)
        n += (size_t)sprintf(s + n, "P e2-e4; ");
    s[n++] = '\n';
    s[n] = '\0';
    size_t seen;
    double secs = replay_text(s, n, &seen);
    cr_assert_eq(seen, 1);
    cr_expect_lt(secs, 5.0, "%.2f s", secs);
    free(s);
}

/* -------------------------------------------------------- many entries */

static size_t entries_wanted(void)
{
    const char *s = getenv("GC_HOSTILE_ENTRIES");
    return s && *s ? (size_t)strtoul(s, NULL, 10) : 10000;
}

static void gen_many(struct archive *a, void *arg)
{
    size_t n = *(size_t *)arg;
    struct archive_entry *e = archive_entry_new();
    char name[32];
    for (size_t i = 0; i < n; i++) {
        snprintf(name, sizeof name, "m/%07zu.log", i);
        ts_tar_file(e, name, sizeof LOG - 1);
        if (archive_write_header(a, e) != ARCHIVE_OK ||
            archive_write_data(a, LOG, sizeof LOG - 1) != (la_ssize_t)(sizeof LOG - 1))
            break;
    }
    archive_entry_free(e);
}

static size_t count_lines(const char *name)
{
    size_t len, lines = 0;
    char *text = slurp(name, &len);
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    free(text);
    return lines;
}

Test(cli_hostile, many_entries_end_to_end, .timeout = 600)
{
    size_t n = entries_wanted();
    pid_t writer;
    int fd = start_writer(gen_many, &n, &writer);
    const char *args[] = {"analyze", "-", "-o", "out", NULL};
    struct outcome r = run_gcaudit(args, fd);
    end_writer(fd, writer);
    cr_log_info("%zu entries end to end: %.2f s, peak %ld MiB", n, r.secs, r.peak_mib);
    cr_assert_eq(r.status, 0);
    cr_expect_eq(count_lines("out/inputs.csv"), n + 1, "a row per entry");
    cr_expect_eq(count_lines("out/games.csv"), n + 1, "a row per game");
    char *out = slurp("stdout.txt", NULL);
    char *want = ts_fmt("gcaudit: %zu entries read (%zu ok, 0 skipped, 0 failed), %zu games in ",
                        n, n, n);
    cr_expect(strncmp(out, want, strlen(want)) == 0, "%s", out);
    free(out), free(want);
}
