/* churn: a process whose threads come and go all the time, for the
 * live-process tests that walk a busy program (stack --pid must walk it
 * every time: a thread caught in clone3, where glibc has no CFI, ends its
 * walk without failing; a thread that exits while the others are being
 * stopped is skipped).
 *
 * churn prints "ready" once its first threads run, then runs until killed:
 * main creates and joins batches of short-lived threads; two long-lived
 * threads do the same, so that thread creation and exit are always under
 * way somewhere. Built by the test: cc -O1 -pthread churn.c -o churn. */
#include <pthread.h>
#include <stdio.h>

static volatile unsigned long sink;

static void *short_lived(void *arg) {
	for (unsigned long i = 0; i < 20000; i++)
		sink += i ^ (unsigned long)arg;
	return 0;
}

static void churn(void) {
	pthread_t t[8];
	for (;;) {
		int n = 0;
		for (long i = 0; i < 8; i++)
			if (pthread_create(&t[n], 0, short_lived, (void *)i) == 0)
				n++;
		for (int i = 0; i < n; i++)
			pthread_join(t[i], 0);
	}
}

static void *spawner(void *arg) {
	(void)arg;
	churn();
	return 0;
}

int main(void) {
	pthread_t s[2];
	for (int i = 0; i < 2; i++)
		pthread_create(&s[i], 0, spawner, 0);
	printf("ready\n");
	fflush(stdout);
	churn();
}
