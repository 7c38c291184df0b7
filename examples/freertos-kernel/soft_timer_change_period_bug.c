// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
#include "FreeRTOS.h"
#include "task.h"
#include "timers.h"
#include <verifier.h>
/* xTimerChangePeriod on a dormant timer starts it with the new period. */
volatile int fired;
void cb(TimerHandle_t t) {
  if (pvTimerGetTimerID(t) != (void *)7)
    reach_error();
  fired++;
}
void checker(void *p) {
  TimerHandle_t t = xTimerCreate("once", 100, pdFALSE, (void *)7, cb);
  vTaskDelay(3);
  if (fired != 0 || xTimerIsTimerActive(t) != pdFALSE)
    reach_error();
  xTimerChangePeriod(t, 5, 0);
  vTaskDelay(8);
  if (fired != 0) /* assumes the timer stays dormant */
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(checker, "chk", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
