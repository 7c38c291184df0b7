// expect: FAILED
// xQueueReceive on a queue nobody sends to, with a block time of 5 ticks, fails and returns
// no earlier than 5 ticks after the call, but possibly exactly 5 (not 6 as assumed here).
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include <verifier.h>
QueueHandle_t q;
void waiter(void *p) {
  int v;
  TickType_t t0 = xTaskGetTickCount();
  BaseType_t r = xQueueReceive(q, &v, 5);
  TickType_t t1 = xTaskGetTickCount();
  if (r == pdPASS)
    reach_error();
  if (t1 - t0 < 6)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  q = xQueueCreate(1, sizeof(int));
  xTaskCreate(waiter, "w", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
