// expect: UNKNOWN
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Recursive mutexes (xSemaphoreCreateRecursiveMutex is xQueueCreateMutex with
// queueQUEUE_TYPE_RECURSIVE_MUTEX) are not mapped by schedulers/freertos.toml: schedmc warns
// and answers UNKNOWN instead of guessing what the kernel calls do.
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include <verifier.h>

SemaphoreHandle_t m;
int shared;

void worker(void *p) {
  for (;;) {
    xSemaphoreTakeRecursive(m, portMAX_DELAY);
    xSemaphoreTakeRecursive(m, portMAX_DELAY);
    shared++;
    xSemaphoreGiveRecursive(m);
    xSemaphoreGiveRecursive(m);
  }
}

int main(void) {
  m = xSemaphoreCreateRecursiveMutex();
  xTaskCreate(worker, "w", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
