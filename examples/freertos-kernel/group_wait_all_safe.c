// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
#include "FreeRTOS.h"
#include "task.h"
#include "event_groups.h"
#include <verifier.h>
/* Wait for all bits, cleared on exit: the waiter runs only after both bits are set. */
#define BIT_A 0x1
#define BIT_B 0x2
EventGroupHandle_t eg;
int b_ready;
void setter(void *p) {
  xEventGroupSetBits(eg, BIT_A);
  vTaskDelay(2);
  b_ready = 1;
  xEventGroupSetBits(eg, BIT_B);
  vTaskDelete(NULL);
}
void waiter(void *p) {
  EventBits_t got = xEventGroupWaitBits(eg, BIT_A | BIT_B, pdTRUE, pdTRUE, portMAX_DELAY);
  if ((got & (BIT_A | BIT_B)) != (BIT_A | BIT_B))
    reach_error();
  if (!b_ready)
    reach_error();
  if (xEventGroupGetBits(eg) != 0)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  eg = xEventGroupCreate();
  xTaskCreate(waiter, "wait", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  xTaskCreate(setter, "set", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
