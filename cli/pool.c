/*
 * pool: jobs done on worker threads, their results taken back in the
 * order the jobs were submitted.  `analyze -j N` replays batches of
 * entries this way: the thread that walks the inputs submits, N workers
 * replay, and the submitting thread writes each batch's rows once every
 * earlier batch is written, so the reports are the bytes one thread would
 * write.
 *
 * The pool is bounded in jobs and in bytes: submit blocks (writing what
 * is ready meanwhile) while too much is in flight, so memory does not
 * grow with the archive.  With no threads the job is done and emitted at
 * once, on the caller's thread: the same code path, with nothing shared.
 *
 * Workers run at a lower priority than the submitting thread (see
 * yield_to_walker).
 */
#ifdef __linux__
#define _GNU_SOURCE /* syscall(SYS_gettid): a thread's own nice value */
#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif
#include <pthread.h>
#include <stdlib.h>

#include "cli/cli.h"

struct cli_pool {
    pthread_mutex_t mu;
    pthread_cond_t work_cv;      /* a job is waiting, or the pool is closing */
    pthread_cond_t done_cv;      /* a job is done */
    struct cli_job *todo_head, *todo_tail;   /* submitted, not started */
    struct cli_job *order_head, *order_tail; /* submitted, not emitted, in order */
    size_t jobs, bytes;          /* in flight (submitted, not emitted) */
    size_t max_jobs, max_bytes;
    size_t undone;               /* submitted to the workers, not done yet */
    int waiting;                 /* the submitting thread waits on done_cv for the
                                    oldest job done with at most wake_at undone */
    size_t wake_at;
    int closing;
    int stopped;                 /* emit asked to stop: later jobs are dropped */
    const struct cli_pool_ops *ops;
    void *ctx;
    void *inline_worker;         /* the worker context when there are no threads */
    int nthreads;
    pthread_t *threads;
    struct worker_arg {
        struct cli_pool *pool;
        void *worker;
    } *args;
};

static struct cli_job *take_todo(struct cli_pool *p)
{
    struct cli_job *j = p->todo_head;
    p->todo_head = j->todo_next;
    if (!p->todo_head)
        p->todo_tail = NULL;
    return j;
}

/* The submitting thread walks the inputs: the one stage no worker can
 * share (a compressed stream inflates on one thread).  With a worker per
 * core, equal shares left it two thirds of a core on two cores and the
 * workers idle behind it: once the engine had grown fast, -j 2 gained
 * 1.4x over -j 1 instead of 1.8x.  So a worker lowers its own priority, by
 * CLI_WORKER_NICE: it still gets every cycle the walker leaves.  With the
 * kernel's autogroups (Debian's default) nice orders only the threads of
 * one session, so other programs see gcaudit as before.  Linux only:
 * POSIX has no per-thread priority for ordinary users. */
static void yield_to_walker(void)
{
#ifdef __linux__
    id_t tid = (id_t)syscall(SYS_gettid);
    errno = 0;
    int nice = getpriority(PRIO_PROCESS, tid);
    if (errno == 0)
        (void)setpriority(PRIO_PROCESS, tid, nice + CLI_WORKER_NICE);
#endif
}

static void *worker_main(void *arg)
{
    struct worker_arg *a = arg;
    struct cli_pool *p = a->pool;
    yield_to_walker();
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->todo_head && !p->closing)
            pthread_cond_wait(&p->work_cv, &p->mu);
        if (!p->todo_head)
            break;
        struct cli_job *j = take_todo(p);
        int skip = p->stopped;
        pthread_mutex_unlock(&p->mu);
        if (!skip)
            p->ops->work(a->worker, j);
        pthread_mutex_lock(&p->mu);
        j->done = 1;
        p->undone--;
        if (p->waiting && p->order_head->done && p->undone <= p->wake_at)
            pthread_cond_signal(&p->done_cv);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

struct cli_pool *cli_pool_new(int nthreads, void **workers, const struct cli_pool_ops *ops,
                              void *ctx, size_t max_jobs, size_t max_bytes)
{
    struct cli_pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->ops = ops;
    p->ctx = ctx;
    p->max_jobs = max_jobs ? max_jobs : 1;
    p->max_bytes = max_bytes;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->work_cv, NULL);
    pthread_cond_init(&p->done_cv, NULL);
    p->inline_worker = workers[0];
    if (nthreads <= 0)
        return p;
    p->threads = calloc((size_t)nthreads, sizeof *p->threads);
    p->args = calloc((size_t)nthreads, sizeof *p->args);
    if (!p->threads || !p->args) {
        cli_pool_free(p);
        return NULL;
    }
    for (int i = 0; i < nthreads; i++) {
        p->args[i] = (struct worker_arg){p, workers[i]};
        if (pthread_create(&p->threads[i], NULL, worker_main, &p->args[i]) != 0) {
            cli_pool_free(p);
            return NULL;
        }
        p->nthreads++;
    }
    return p;
}

/* Emit (or, once stopped, drop) the oldest job if it is done.  Called with
 * the lock held; the lock is released while emitting.  1 if it did. */
static int emit_front(struct cli_pool *p)
{
    struct cli_job *j = p->order_head;
    if (!j || !j->done)
        return 0;
    p->order_head = j->order_next;
    if (!p->order_head)
        p->order_tail = NULL;
    p->jobs--;
    p->bytes -= j->weight;
    int stopped = p->stopped;
    pthread_mutex_unlock(&p->mu);
    int stop = p->ops->emit(p->ctx, j, stopped);
    pthread_mutex_lock(&p->mu);
    if (stop)
        p->stopped = 1;
    return 1;
}

/* Too much in flight to take job j?  One job is always let in, however
 * heavy: an entry must be replayable whatever its size. */
static int full(const struct cli_pool *p, const struct cli_job *j)
{
    return p->jobs > 0 && (p->jobs >= p->max_jobs || p->bytes + j->weight > p->max_bytes);
}

/* The submitting thread waits, the lock held, until the oldest job is
 * done and at most wake_at jobs are undone (the workers wake it only
 * then: each wake-up of the walking thread takes a core from a worker
 * for a moment).  Only the submitting thread waits on done_cv. */
static void wait_done(struct cli_pool *p, size_t wake_at)
{
    p->waiting = 1;
    p->wake_at = wake_at;
    pthread_cond_wait(&p->done_cv, &p->mu);
    p->waiting = 0;
}

int cli_pool_submit(struct cli_pool *p, struct cli_job *j)
{
    j->done = 0;
    j->todo_next = j->order_next = NULL;
    if (p->nthreads == 0) {
        if (!p->stopped)
            p->ops->work(p->inline_worker, j);
        if (p->ops->emit(p->ctx, j, p->stopped))
            p->stopped = 1;
        return p->stopped;
    }
    pthread_mutex_lock(&p->mu);
    while (emit_front(p))
        ;
    /* Full: woken once half the jobs are done, not for each, so that the
     * walker reads on for several jobs at a time while the workers still
     * have the other half to do (a wake-up a job was 1.4 a batch of
     * analyze -j 2, and as many workers put off the core). */
    while (full(p, j)) {
        if (!emit_front(p))
            wait_done(p, p->max_jobs / 2);
    }
    if (p->order_tail)
        p->order_tail->order_next = j;
    else
        p->order_head = j;
    p->order_tail = j;
    if (p->todo_tail)
        p->todo_tail->todo_next = j;
    else
        p->todo_head = j;
    p->todo_tail = j;
    p->jobs++;
    p->undone++;
    p->bytes += j->weight;
    pthread_cond_signal(&p->work_cv);
    int stopped = p->stopped;
    pthread_mutex_unlock(&p->mu);
    return stopped;
}

int cli_pool_submit_done(struct cli_pool *p, struct cli_job *j)
{
    j->todo_next = j->order_next = NULL;
    j->done = 1;
    if (p->nthreads == 0) {
        if (p->ops->emit(p->ctx, j, p->stopped))
            p->stopped = 1;
        return p->stopped;
    }
    pthread_mutex_lock(&p->mu);
    if (p->order_tail)
        p->order_tail->order_next = j;
    else
        p->order_head = j;
    p->order_tail = j;
    p->jobs++;
    p->bytes += j->weight;
    while (emit_front(p))
        ;
    int stopped = p->stopped;
    pthread_mutex_unlock(&p->mu);
    return stopped;
}

/* Emit (or, once stopped, drop) every job in flight, in order, and join
 * the threads. */
static void drain(struct cli_pool *p)
{
    pthread_mutex_lock(&p->mu);
    while (p->order_head) {
        if (!emit_front(p))
            wait_done(p, SIZE_MAX);
    }
    p->closing = 1;
    pthread_cond_broadcast(&p->work_cv);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->nthreads; i++)
        pthread_join(p->threads[i], NULL);
    p->nthreads = 0;
}

int cli_pool_finish(struct cli_pool *p)
{
    if (p->nthreads)
        drain(p);
    return p->stopped;
}

void cli_pool_free(struct cli_pool *p)
{
    if (!p)
        return;
    /* Freed unfinished, the run is being given up: what is in flight is
     * dropped (emit told so), not written. */
    if (p->nthreads) {
        pthread_mutex_lock(&p->mu);
        p->stopped = 1;
        pthread_mutex_unlock(&p->mu);
        drain(p);
    }
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->work_cv);
    pthread_cond_destroy(&p->done_cv);
    free(p->threads);
    free(p->args);
    free(p);
}
