// expect: FAILED
// As abort_delay_safe.c, but the worker has the lower priority: xTaskAbortDelay makes it
// ready, and it runs only when the supervisor blocks, so `woken` is still 0 right after
// the call.
#include <FreeRTOS.h>
#include <task.h>
#include <semphr.h>
#include <verifier.h>

SemaphoreHandle_t sem;
TaskHandle_t worker_task;
int woken;

void worker(void *p) {
  if (xSemaphoreTake(sem, portMAX_DELAY) == pdPASS)
    reach_error();
  woken = 1;
  vTaskDelete(NULL);
}

void supervisor(void *p) {
  vTaskDelay(1);
  if (xTaskAbortDelay(worker_task) != pdPASS)
    reach_error();
  if (woken != 1)
    reach_error();
  /* no longer blocked */
  if (xTaskAbortDelay(worker_task) != pdFAIL)
    reach_error();
  vTaskDelete(NULL);
}

int main(void) {
  sem = xSemaphoreCreateBinary();
  xTaskCreate(worker, "work", configMINIMAL_STACK_SIZE, NULL, 1, &worker_task);
  xTaskCreate(supervisor, "sup", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
