// expect: SUCCESSFUL
// xEventGroupWaitBits for all of bits 0 and 1 with clear-on-exit: the waiter wakes only when
// both are set, and they are cleared as it wakes; xEventGroupSetBits returns the bits after
// the waiters' clearing, so the setter sees bit 1 already cleared.
#include "FreeRTOS.h"
#include "task.h"
#include "event_groups.h"
#include <verifier.h>
EventGroupHandle_t g;
void waiter(void *p) {
  EventBits_t b = xEventGroupWaitBits(g, 0x3, pdTRUE, pdTRUE, portMAX_DELAY);
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
