// expect: SUCCESSFUL
// Priority inversion avoided. A low-priority task and a high-priority task share a resource
// guarded by a lock; a medium-priority task does unrelated work every tick. The lock is a
// FreeRTOS *mutex*, which has priority inheritance: while the high task waits for it, the
// low task that holds it runs at the high priority, so the medium task cannot preempt it and
// the high task is never delayed by medium-priority work.
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
  lock = xSemaphoreCreateMutex();
  xTaskCreate(low_task, "low", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(medium_task, "medium", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  xTaskCreate(high_task, "high", configMINIMAL_STACK_SIZE, NULL, 3, NULL);
  vTaskStartScheduler();
  return 0;
}
