// expect: SUCCESSFUL
// args: --engine bmc
// Message passing (MP) under SC: the reader sees the flag but not the data only if writes or
// reads are reordered, which SC (and TSO) forbid.
#include <pthread.h>
#include <verifier.h>

int data, flag, r0, r1;

void *writer(void *arg) {
  data = 1;
  flag = 1;
  return 0;
}

void *reader(void *arg) {
  r0 = flag;
  r1 = data;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (r0 == 1 && r1 == 0)
    reach_error();
  return 0;
}
