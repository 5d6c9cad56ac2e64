/* SPDX-License-Identifier: MIT */
/* Several drives at once (profiler/batch_run.h): at most jobs threads, each taking the next drive. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "profiler/batch_run.h"

/* The workers' shared counter: the next item to run. */
struct pool {
	pthread_mutex_t lock;
	char *items;
	size_t size;
	unsigned n, next;
	void *(*run)(void *item);
};

static void *worker(void *arg)
{
	struct pool *p = arg;

	for (;;) {
		unsigned i;

		pthread_mutex_lock(&p->lock);
		i = p->next++;
		pthread_mutex_unlock(&p->lock);
		if (i >= p->n)
			return NULL;
		p->run(p->items + (size_t)i * p->size);
	}
}

int batch_run(void *items, size_t size, unsigned n, unsigned jobs, void *(*run)(void *item))
{
	struct pool p = { .lock = PTHREAD_MUTEX_INITIALIZER, .items = items, .size = size, .n = n, .run = run };
	unsigned started = 0;
	pthread_t *th;

	if (!jobs || jobs > n)
		jobs = n;
	if (!(th = calloc(jobs ? jobs : 1, sizeof(*th))))
		return -ENOMEM;
	for (unsigned i = 0; i < jobs; i++, started++)
		if (pthread_create(&th[i], NULL, worker, &p))
			break;
	for (unsigned i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	free(th);
	return started ? 0 : -EAGAIN;
}
