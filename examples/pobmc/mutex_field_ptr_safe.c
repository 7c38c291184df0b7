// expect: SUCCESSFUL
// args: --engine bmc
// Two accounts, each with its own mutex as a struct field, reached through `struct account *`
// (`&a->m`): each worker picks an account by a nondeterministic choice and deposits under that
// account's lock, so no deposit is lost.
#include <pthread.h>
#include <verifier.h>

struct account {
  pthread_mutex_t m;
  int balance;
};

struct account accts[2];

void *worker(void *arg) {
  struct account *a = &accts[__VERIFIER_nondet_int() ? 1 : 0];
  pthread_mutex_lock(&a->m);
  int b = a->balance;
  a->balance = b + 1;
  pthread_mutex_unlock(&a->m);
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_mutex_init(&accts[0].m, 0);
  pthread_mutex_init(&accts[1].m, 0);
  pthread_create(&t1, 0, worker, 0);
  pthread_create(&t2, 0, worker, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  if (accts[0].balance + accts[1].balance != 2)
    reach_error();
  return 0;
}
