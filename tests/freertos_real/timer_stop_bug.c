// expect: FAILED
// A one-shot timer started (and not stopped) calls its callback after 5 ticks, within the
// task's 10-tick delay.
#include "FreeRTOS.h"
#include "task.h"
#include "timers.h"
#include <verifier.h>
TimerHandle_t t;
volatile int fired;
void cb(TimerHandle_t x) { fired++; }
void app(void *p) {
  xTimerStart(t, 0);
  vTaskDelay(10);
  if (fired != 0)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  t = xTimerCreate("t", 5, pdFALSE, NULL, cb);
  xTaskCreate(app, "app", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
