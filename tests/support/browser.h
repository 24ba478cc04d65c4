/*
 * A real browser for the page tests: Debian's chromium, headless.  The
 * page is loaded from a file, its scripts run, then a test script added
 * at its end drives it (clicks, keys) and writes what it saw into the
 * document, which --dump-dom prints.
 */
#ifndef GC_TEST_BROWSER_H
#define GC_TEST_BROWSER_H

/* The chromium the tests run: CHROMIUM in the environment, else
 * /usr/bin/chromium. */
const char *ts_chromium(void);

/* A copy of the page at path, with js run at its end (after the page's
 * own scripts), loaded in headless chromium at #hash (may be NULL); the
 * document as chromium serialises it after the scripts ran.  The test
 * fails, saying so, when chromium is missing or does not answer (never
 * skips).  The caller frees. */
char *ts_browser_run(const char *path, const char *hash, const char *js);

/* A screenshot of the page at path#hash (hash may be NULL) in a window
 * width x height pixels, written to png.  The test fails when chromium is
 * missing or writes no picture. */
void ts_browser_screenshot(const char *path, const char *hash, int width, int height,
                           const char *png);

/* The same of a copy of the page with js run at its end (it may open,
 * hide or scroll what the picture should show). */
void ts_browser_screenshot_js(const char *path, const char *js, int width, int height,
                              const char *png);

#endif
