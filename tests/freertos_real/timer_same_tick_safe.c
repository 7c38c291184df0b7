// expect: SUCCESSFUL
// A one-shot timer of period 3 started by a task of priority 2 has called its callback when
// the task's own 3-tick delay ends: the expiry is at or before the tick the task wakes at,
// and at that tick the timer service task (priority 3) runs first.
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
  xTaskCreate(app, "app", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
