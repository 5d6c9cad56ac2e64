/* SPDX-License-Identifier: MIT */
#include <signal.h>
#include <string.h>

#include "cli/interrupt.h"

/* A signal handler can reach nothing else: this flag is the one global the design allows. */
static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

void interrupt_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

bool interrupt_requested(void)
{
	return interrupted != 0;
}
