/*
 * browser: headless chromium for the page tests (browser.h).  The flags
 * are those a root user in a container needs (no sandbox, no GPU) and
 * those that keep it off the network (no background fetches, updates or
 * sync); each run gets a fresh profile directory.
 */
#include "tests/support/browser.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/support/support.h"

const char *ts_chromium(void)
{
    const char *c = getenv("CHROMIUM");
    return c && *c ? c : "/usr/bin/chromium";
}

/* A copy of the page at path with js run at its end, beside the original
 * so that its relative links still work: its path, the caller's to
 * unlink and free. */
static char *copy_with_js(const char *path, const char *js)
{
    size_t len;
    char *page = ts_read_file(path, &len);
    cr_assert_not_null(page, "cannot read %s", path);
    char *end = strstr(page, "</body>");
    cr_assert_not_null(end, "%s has no </body>", path);
    *end = '\0';
    char *copy = ts_fmt("%s.test.html", path);
    char *text = ts_fmt("%s<script>\n%s\n</script></body></html>\n", page, js);
    cr_assert_eq(ts_write_file(copy, text, strlen(text)), 0);
    free(text);
    free(page);
    return copy;
}

char *ts_browser_run(const char *path, const char *hash, const char *js)
{
    const char *chromium = ts_chromium();
    cr_assert(access(chromium, X_OK) == 0,
              "%s is not installed: the page tests need Debian's chromium (./setup.sh installs "
              "it)", chromium);
    char *copy = copy_with_js(path, js);
    char *profile = ts_tempdir();
    char *out = ts_fmt("%s/dom.html", profile);
    char *cmd = ts_fmt("timeout 120 '%s' --headless --no-sandbox --disable-gpu --disable-quic "
                       "--no-first-run --disable-background-networking "
                       "--disable-component-update --disable-sync --user-data-dir='%s/profile' "
                       "--dump-dom 'file://%s%s%s' >'%s' 2>/dev/null",
                       chromium, profile, copy, hash ? "#" : "", hash ? hash : "", out);
    int rc = ts_run(cmd);
    char *dom = ts_read_file(out, NULL);
    cr_assert(rc == 0 && dom && dom[0], "chromium did not load %s (exit %d)", copy, rc);
    free(cmd);
    free(out);
    ts_rmtree(profile);
    free(profile);
    unlink(copy);
    free(copy);
    return dom;
}

void ts_browser_screenshot(const char *path, const char *hash, int width, int height,
                           const char *png)
{
    const char *chromium = ts_chromium();
    cr_assert(access(chromium, X_OK) == 0, "%s is not installed", chromium);
    char *profile = ts_tempdir();
    cr_assert_not_null(profile);
    char *cmd = ts_fmt("timeout 120 '%s' --headless --no-sandbox --disable-gpu --disable-quic "
                       "--no-first-run --disable-background-networking "
                       "--disable-component-update --disable-sync --user-data-dir='%s' "
                       "--hide-scrollbars --window-size=%d,%d --screenshot='%s' "
                       "'file://%s%s%s' >/dev/null 2>&1",
                       chromium, profile, width, height, png, path, hash ? "#" : "",
                       hash ? hash : "");
    unlink(png);
    int rc = ts_run(cmd);
    free(cmd);
    ts_rmtree(profile);
    free(profile);
    struct stat st;
    cr_assert(rc == 0 && stat(png, &st) == 0 && st.st_size > 1000,
              "chromium wrote no screenshot %s (status %d)", png, rc);
}

void ts_browser_screenshot_js(const char *path, const char *js, int width, int height,
                              const char *png)
{
    char *copy = copy_with_js(path, js);
    ts_browser_screenshot(copy, NULL, width, height, png);
    unlink(copy);
    free(copy);
}
