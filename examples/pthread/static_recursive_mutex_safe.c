// expect: SUCCESSFUL
// glibc's static initialiser of a recursive mutex: the worker may take it again inside add();
// every update of the counter is protected.
#define _GNU_SOURCE
#include <pthread.h>
#include <assert.h>

pthread_mutex_t m = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
int counter;

void add(int d) {
  pthread_mutex_lock(&m); // held twice
  counter = counter + d;
  pthread_mutex_unlock(&m); // held once
}

void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  add(1);
  int c = counter;
  counter = c + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  int c = counter;
  counter = c + 2;
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  assert(counter == 4);
  return 0;
}
