/*
 * The job pool behind `analyze -j N`: jobs come back in the order they
 * were submitted whichever thread did them, and the workers run below
 * the submitting thread's priority (cli/pool.c, yield_to_walker), so the
 * thread that walks the archive is never starved by them.
 */
#define _GNU_SOURCE /* syscall(SYS_gettid) */
#include <criterion/criterion.h>
#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cli/cli.h"

#define NJOBS 16

struct job {
    struct cli_job base;
    int index;
    int nice;     /* the priority of the thread that did it */
    long tid;
};

struct seen {
    int next;     /* the index emit expects next */
    int nice[NJOBS];
    long tid[NJOBS];
};

static int own_nice(void)
{
    errno = 0;
    int nice = getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
    cr_assert_eq(errno, 0, "getpriority failed");
    return nice;
}

static void work(void *worker, struct cli_job *j)
{
    (void)worker;
    struct job *job = (struct job *)j;
    job->nice = own_nice();
    job->tid = syscall(SYS_gettid);
}

static int emit(void *ctx, struct cli_job *j, int drop)
{
    struct seen *s = ctx;
    struct job *job = (struct job *)j;
    cr_assert_not(drop);
    cr_assert_eq(job->index, s->next, "job %d emitted before job %d", job->index, s->next);
    s->nice[s->next] = job->nice;
    s->tid[s->next] = job->tid;
    s->next++;
    return 0;
}

static const struct cli_pool_ops ops = {work, emit};

static void run(int nthreads, struct seen *s)
{
    static struct job jobs[NJOBS];
    void *workers[2] = {NULL, NULL};
    cli_pool *p = cli_pool_new(nthreads, workers, &ops, s, 4, 0);
    cr_assert_not_null(p);
    for (int i = 0; i < NJOBS; i++) {
        jobs[i] = (struct job){.index = i, .nice = -100};
        jobs[i].base.weight = 0;
        cr_assert_eq(cli_pool_submit(p, &jobs[i].base), 0);
    }
    cr_assert_eq(cli_pool_finish(p), 0);
    cli_pool_free(p);
    cr_assert_eq(s->next, NJOBS, "%d of %d jobs emitted", s->next, NJOBS);
}

Test(cli_pool, workers_run_below_the_submitting_thread)
{
    int mine = own_nice();
    int want = mine + CLI_WORKER_NICE > 19 ? 19 : mine + CLI_WORKER_NICE;
    struct seen s = {0};
    run(2, &s);
    long self = syscall(SYS_gettid);
    for (int i = 0; i < NJOBS; i++) {
        cr_expect_neq(s.tid[i], self, "job %d ran on the submitting thread", i);
        cr_expect_eq(s.nice[i], want, "job %d ran at nice %d, not %d", i, s.nice[i], want);
    }
    cr_expect_eq(own_nice(), mine, "the submitting thread's priority changed");
}

Test(cli_pool, without_threads_jobs_run_on_the_caller_unchanged)
{
    int mine = own_nice();
    struct seen s = {0};
    run(0, &s);
    for (int i = 0; i < NJOBS; i++) {
        cr_expect_eq(s.tid[i], syscall(SYS_gettid));
        cr_expect_eq(s.nice[i], mine);
    }
}

/* A pool freed unfinished, a run being given up: the job in flight is
 * handed back dropped, not written. */
static int emit_dropped(void *ctx, struct cli_job *j, int drop)
{
    struct seen *s = ctx;
    struct job *job = (struct job *)j;
    cr_assert(drop, "job %d written by a pool freed unfinished", job->index);
    s->next++;
    return 0;
}

Test(cli_pool, freed_unfinished_drops_the_job_in_flight)
{
    static const struct cli_pool_ops dropping = {work, emit_dropped};
    static struct job job;
    struct seen s = {0};
    void *workers[2] = {NULL, NULL};
    cli_pool *p = cli_pool_new(2, workers, &dropping, &s, 4, 0);
    cr_assert_not_null(p);
    /* The one job submitted: nothing is emitted before the free. */
    job = (struct job){.index = 0};
    cr_assert_eq(cli_pool_submit(p, &job.base), 0);
    cli_pool_free(p);
    cr_assert_eq(s.next, 1, "the job was not handed back");
}

/* Jobs that take their workers different times come back in order all
 * the same, the submitting thread woken only once half of the jobs in
 * flight are done (pool.c, wait_done): three workers, at most eight jobs
 * in flight, jobs of 0 to 300 microseconds in a scrambled order, and a
 * job done by the submitter itself among them (cli_pool_submit_done). */
#define MANY 96

static void slow_work(void *worker, struct cli_job *j)
{
    (void)worker;
    struct job *job = (struct job *)j;
    usleep((useconds_t)((job->index * 37) % 7) * 50);
}

static int emit_many(void *ctx, struct cli_job *j, int drop)
{
    struct seen *s = ctx;
    struct job *job = (struct job *)j;
    cr_assert_not(drop);
    cr_assert_eq(job->index, s->next, "job %d emitted before job %d", job->index, s->next);
    s->next++;
    return 0;
}

Test(cli_pool, jobs_of_any_length_come_back_in_order)
{
    static const struct cli_pool_ops slow = {slow_work, emit_many};
    static struct job jobs[MANY];
    struct seen s = {0};
    void *workers[3] = {NULL, NULL, NULL};
    cli_pool *p = cli_pool_new(3, workers, &slow, &s, 8, 0);
    cr_assert_not_null(p);
    for (int i = 0; i < MANY; i++) {
        jobs[i] = (struct job){.index = i};
        int stop = i == MANY / 2 ? cli_pool_submit_done(p, &jobs[i].base)
                                 : cli_pool_submit(p, &jobs[i].base);
        cr_assert_eq(stop, 0);
    }
    cr_assert_eq(cli_pool_finish(p), 0);
    cli_pool_free(p);
    cr_assert_eq(s.next, MANY, "%d of %d jobs emitted", s.next, MANY);
}
