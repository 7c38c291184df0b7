// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel -D configTIMER_TASK_PRIORITY=3
#include "FreeRTOS.h"
#include "task.h"
#include "timers.h"
#include <verifier.h>
/* Timer callbacks run in the timer service task (priority 3): a task of priority 4 is never
   interrupted by them between its read and its write. */
volatile int shared;
void cb(TimerHandle_t t) { shared += 10; }
void worker(void *p) {
  for (;;) {
    int tmp = shared;
    tmp = tmp + 1;
    shared = tmp;
    if (shared != tmp)
      reach_error();
    vTaskDelay(10);
  }
}
int main(void) {
  TimerHandle_t t = xTimerCreate("t", 3, pdTRUE, NULL, cb);
  xTimerStart(t, 0);
  xTaskCreate(worker, "w", configMINIMAL_STACK_SIZE, NULL, 4, NULL);
  vTaskStartScheduler();
  return 0;
}
