/* All shipped headers together (must compile with gcc -fsyntax-only -I include too). */
#include <assert.h>
#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>
#include <limits.h>
#include <stdlib.h>
#include <verifier.h>
#include <pthread.h>
#include <freertos.h>
#include <FreeRTOS.h>
#include <task.h>
#include <semphr.h>
#include <queue.h>
#include <systemc.h>
#include <string.h>
#include <strings.h>
#include <stdio.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <time.h>
#include <signal.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/time.h>
#include <sys/socket.h>
#include <math.h>
#include <stdatomic.h>
#include <threads.h>
#include <sched.h>
#include <semaphore.h>
#include <wchar.h>
#include <uchar.h>

struct s { int a; char b; };
int32_t i32 = INT32_MAX;
uint8_t u8 = UINT8_MAX;
size_t off = offsetof(struct s, b);
bool flag = true;
pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;
sc_event ev;
SemaphoreHandle_t sem;

void *worker(void *arg) {
  pthread_mutex_lock(&mtx);
  pthread_mutex_unlock(&mtx);
  return arg;
}

void task(void *p) {
  TickType_t last = xTaskGetTickCount();
  (void)p;
  for (;;) {
    taskENTER_CRITICAL();
    taskEXIT_CRITICAL();
    if (xSemaphoreTake(sem, portMAX_DELAY) == pdTRUE)
      xSemaphoreGive(sem);
    vTaskDelayUntil(&last, pdMS_TO_TICKS(10));
    taskYIELD();
  }
}

void proc(void) {
  sc_wait(&ev);
  sc_notify_delta(&ev);
  sc_wait_time(SC_ZERO_TIME);
}

int main(void) {
  pthread_t t;
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0 && x < INT_MAX);
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  sem = xSemaphoreCreateBinary();
  xTaskCreate(task, "t", configMINIMAL_STACK_SIZE, NULL, tskIDLE_PRIORITY + 1, NULL);
  sc_thread_create(proc);
  assert(x != 0);
  if (x < 0)
    reach_error();
  void *m = malloc(4);
  free(m);
  return 0;
}
