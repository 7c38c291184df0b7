// expect: FAILED
// A one-shot timer of period 3 started by a task of priority 4 (above the timer service
// task, 3): when the expiry and the end of the task's 3-tick delay fall on the same tick,
// the task runs first and finds the callback not yet called.
#include "FreeRTOS.h"
#include "task.h"
#include "timers.h"
#include <verifier.h>
TimerHandle_t t;
volatile int fired;
void cb(TimerHandle_t x) { fired = 1; }
void app(void *p) {
  xTimerStart(t, 0);
  vTaskDelay(3);
  if (!fired)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  t = xTimerCreate("t", 3, pdFALSE, NULL, cb);
  xTaskCreate(app, "app", configMINIMAL_STACK_SIZE, NULL, 4, NULL);
  vTaskStartScheduler();
  return 0;
}
