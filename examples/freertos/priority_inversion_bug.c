// expect: FAILED
// Priority inversion. A low-priority task and a high-priority task share a resource guarded
// by a lock; a medium-priority task does unrelated work every tick. The lock is a *binary
// semaphore*, which has no priority inheritance: while the low task holds it and the high
// task waits for it, the medium task preempts the low task, and the high task is delayed by
// work of a lower-priority task (unbounded priority inversion). The high task checks that
// no medium-priority work happened while it waited for the lock.
#include <FreeRTOS.h>
#include <task.h>
#include <semphr.h>
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
      reach_error(); /* the high task waited for the medium one */
    shared += 1;
    xSemaphoreGive(lock);
  }
}

int main(void) {
  lock = xSemaphoreCreateBinary();
  xSemaphoreGive(lock);
  xTaskCreate(low_task, "low", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(medium_task, "medium", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  xTaskCreate(high_task, "high", configMINIMAL_STACK_SIZE, NULL, 3, NULL);
  vTaskStartScheduler();
  return 0;
}
