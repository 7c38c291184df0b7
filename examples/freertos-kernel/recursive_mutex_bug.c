// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Two tasks of equal priority (time slicing) use a recursive mutex
// (xSemaphoreCreateRecursiveMutex is xQueueCreateMutex(queueQUEUE_TYPE_RECURSIVE_MUTEX)):
// each takes it twice (xQueueTakeMutexRecursive) and marks its critical region in a flag that
// no other task may see set. Bug: the flag is cleared after the last give, when the other task may already hold the mutex.
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include <verifier.h>

SemaphoreHandle_t m;
int in_cs;

void worker(void *p) {
  for (;;) {
    xSemaphoreTakeRecursive(m, portMAX_DELAY);
    if (xSemaphoreTakeRecursive(m, 0) != pdPASS)
      reach_error(); /* the owner may take it again at once */
    if (in_cs)
      reach_error();
    in_cs = 1;
    xSemaphoreGiveRecursive(m);
    xSemaphoreGiveRecursive(m);
    in_cs = 0;
  }
}

int main(void) {
  m = xSemaphoreCreateRecursiveMutex();
  xTaskCreate(worker, "w1", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(worker, "w2", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
