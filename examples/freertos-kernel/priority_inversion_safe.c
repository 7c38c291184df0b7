// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// A low and a high priority task share a resource under a lock; a medium task works every
// tick. The high task checks that no medium work happened while it waited for the lock.
// The lock is a mutex (xSemaphoreCreateMutex is xQueueCreateMutex(queueQUEUE_TYPE_MUTEX)) with priority inheritance (configUSE_MUTEXES 1): the medium task cannot delay the high one.
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include <verifier.h>

SemaphoreHandle_t lock;
int shared;
int medium_work;

void low_task(void *p) {
  for (;;) {
    xSemaphoreTake(lock, portMAX_DELAY);
    shared += 1;
    xSemaphoreGive(lock);
  }
}

void medium_task(void *p) {
  for (;;) {
    vTaskDelay(1);
    medium_work += 1;
  }
}

void high_task(void *p) {
  for (;;) {
    vTaskDelay(1);
    int seen = medium_work;
    xSemaphoreTake(lock, portMAX_DELAY);
    if (medium_work != seen)
      reach_error();
    shared += 1;
    xSemaphoreGive(lock);
  }
}

int main(void) {
  lock = xSemaphoreCreateMutex();
  
  xTaskCreate(low_task, "low", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(medium_task, "medium", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  xTaskCreate(high_task, "high", configMINIMAL_STACK_SIZE, NULL, 3, NULL);
  vTaskStartScheduler();
  return 0;
}
