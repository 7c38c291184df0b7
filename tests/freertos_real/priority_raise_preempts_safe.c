// expect: SUCCESSFUL
// vTaskPrioritySet raising a ready task above the caller switches to it before the call
// returns: the raised task has run (and suspended itself) when the controller checks.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
TaskHandle_t helper_h;
int helper_ran;
void helper(void *p) {
  helper_ran = 1;
  vTaskSuspend(NULL);
  reach_error();
}
void controller(void *p) {
  if (helper_ran)
    reach_error();
  vTaskPrioritySet(helper_h, 3);
  if (!helper_ran)
    reach_error();
  if (uxTaskPriorityGet(helper_h) != 3)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(helper, "hlp", configMINIMAL_STACK_SIZE, NULL, 1, &helper_h);
  xTaskCreate(controller, "ctl", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
