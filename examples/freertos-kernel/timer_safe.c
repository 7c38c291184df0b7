// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Software timers: an auto-reload timer (period 5 ticks) counts its expiries in the counter its
// ID selects (pvTimerGetTimerID) and gives a semaphore each time. The worker (priority 2)
// starts it (xTimerStart is xTimerGenericCommand(.., tmrCOMMAND_START, xTaskGetTickCount(), ..):
// a command to the timer service task, which runs at configTIMER_TASK_PRIORITY 4), takes the
// semaphore three times, checking each time that the callback (run by the service task, above
// the worker's priority) has counted at least that many expiries, then sleeps 20 ticks and
// checks that the timer counted no more than three (the callback stops it at its limit).
// The callback counts up to 3 and stops the timer there.
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include "timers.h"
#include <verifier.h>

TimerHandle_t timer;
SemaphoreHandle_t tick_sem;
int counters[2];
#define fired counters[1]

void on_timer(TimerHandle_t t) {
  int which = (int)(uintptr_t)pvTimerGetTimerID(t);
  if (counters[which] < 3) {
    counters[which] = counters[which] + 1;
    xSemaphoreGive(tick_sem);
  }
  if (counters[which] == 3)
    xTimerStop(t, 0);
}

void worker(void *p) {
  xTimerStart(timer, 0);
  for (int i = 1; i <= 3; i++) {
    xSemaphoreTake(tick_sem, portMAX_DELAY);
    if (fired < i)
      reach_error();
  }
  vTaskDelay(20);
  if (fired != 3)
    reach_error();
  vTaskDelete(NULL);
}

int main(void) {
  tick_sem = xSemaphoreCreateBinary();
  timer = xTimerCreate("count", 5, pdTRUE, (void *)1, on_timer);
  xTaskCreate(worker, "worker", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
