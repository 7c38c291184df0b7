// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// The timer command queue: with configTIMER_QUEUE_LENGTH 2 and the timer service task at
// priority 1, below the worker (priority 2), the worker's three xTimerStart calls with no block
// time queue two commands and the third fails (pdFAIL) because the service task has not run
// yet; a timer whose start command is queued but not processed is not active yet
// (xTimerIsTimerActive). When the worker sleeps, the service task processes both commands.
// Bug: the worker assumes every command with no block time is accepted.
#define configTIMER_TASK_PRIORITY 1
#define configTIMER_QUEUE_LENGTH 2
#include "FreeRTOS.h"
#include "task.h"
#include "timers.h"
#include <verifier.h>

TimerHandle_t t1, t2, t3;
int expired;

void on_timer(TimerHandle_t t) { expired++; }

void worker(void *p) {
  if (xTimerStart(t1, 0) != pdPASS || xTimerStart(t2, 0) != pdPASS)
    reach_error();
  BaseType_t third = xTimerStart(t3, 0);
  if (third != pdPASS)
    reach_error();
  if (xTimerIsTimerActive(t1) != pdFALSE)
    reach_error();
  vTaskDelay(1);
  if (xTimerIsTimerActive(t1) == pdFALSE || xTimerIsTimerActive(t2) == pdFALSE)
    reach_error();
  if (xTimerIsTimerActive(t3) != pdFALSE || expired != 0)
    reach_error();
  vTaskDelete(NULL);
}

int main(void) {
  t1 = xTimerCreate("t1", 10, pdFALSE, NULL, on_timer);
  t2 = xTimerCreate("t2", 10, pdFALSE, NULL, on_timer);
  t3 = xTimerCreate("t3", 10, pdFALSE, NULL, on_timer);
  xTaskCreate(worker, "worker", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
