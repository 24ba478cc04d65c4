/*
 * interrupt: Ctrl-C (SIGINT) and SIGTERM as a request, not a crash.  The
 * handler does the one async-signal-safe thing, setting a flag; the
 * command polls cli_interrupted() between entries and games and winds
 * down itself: reports aborted (no complete-looking partial CSV), one
 * message, exit status 130.
 *
 * SA_RESETHAND: the first signal asks, a second one (the handler gone)
 * ends the process at once, for a user who will not wait for the current
 * entry.  SA_RESTART: reads and writes in progress carry on rather than
 * fail with EINTR, so the stop is always the command's own, clean one.
 */
#include <signal.h>
#include <string.h>

#include "cli/cli.h"

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    interrupted = sig;
}

void cli_interrupt_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND | SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int cli_interrupted(void)
{
    return interrupted;
}

bool cli_interrupt_asked(void)
{
    return interrupted != 0;
}
