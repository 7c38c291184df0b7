// expect: FAILED
// xEventGroupWaitBits for all of bits 0 and 1 without clear-on-exit: the bits stay set after
// the waiter wakes, against what it and the setter check.
#include "FreeRTOS.h"
#include "task.h"
#include "event_groups.h"
#include <verifier.h>
EventGroupHandle_t g;
void waiter(void *p) {
  EventBits_t b = xEventGroupWaitBits(g, 0x3, pdFALSE, pdTRUE, portMAX_DELAY);
  if ((b & 0x3) != 0x3)
    reach_error();
  if (xEventGroupGetBits(g) & 0x3)
    reach_error();
  vTaskDelete(NULL);
}
void setter(void *p) {
  xEventGroupSetBits(g, 0x1);
  vTaskDelay(2);
  EventBits_t r = xEventGroupSetBits(g, 0x2);
  if (r & 0x2)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  g = xEventGroupCreate();
  xTaskCreate(waiter, "w", configMINIMAL_STACK_SIZE, NULL, 3, NULL);
  xTaskCreate(setter, "s", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
