// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
#include "FreeRTOS.h"
#include "task.h"
#include "timers.h"
#include <verifier.h>
/* An auto-reload timer of period 10 started at t0 expires at t0+10, +20, +30: at least three
   callbacks before it wakes from vTaskDelay(35) (the timer service task has
   priority 3, above the checker). */
volatile int fired;
void cb(TimerHandle_t t) { fired++; }
void checker(void *p) {
  TimerHandle_t t = xTimerCreate("hb", 10, pdFALSE /* one-shot */, NULL, cb);
  if (t == NULL)
    reach_error();
  xTimerStart(t, 0);
  vTaskDelay(35);
  if (fired < 3)
    reach_error();
  xTimerStop(t, 0);
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(checker, "chk", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
