// expect: SUCCESSFUL
// A one-shot timer started and stopped before it expires never calls its callback: the
// commands are processed in order by the timer service task (priority 3, above the task).
#include "FreeRTOS.h"
#include "task.h"
#include "timers.h"
#include <verifier.h>
TimerHandle_t t;
volatile int fired;
void cb(TimerHandle_t x) { fired++; }
void app(void *p) {
  xTimerStart(t, 0);
  xTimerStop(t, 0);
  if (xTimerIsTimerActive(t) != pdFALSE)
    reach_error();
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
