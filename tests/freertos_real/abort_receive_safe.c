// expect: SUCCESSFUL
// xTaskAbortDelay on a task blocked in xQueueReceive(portMAX_DELAY): the receive returns
// pdFAIL (errQUEUE_EMPTY), and since the receiver has the higher priority it runs before
// xTaskAbortDelay returns to the caller.
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include <verifier.h>
QueueHandle_t q;
TaskHandle_t rx;
int aborted;
void receiver(void *p) {
  int v = 7;
  if (xQueueReceive(q, &v, portMAX_DELAY) != pdPASS) {
    if (v != 7)
      reach_error();
    aborted = 1;
  }
  vTaskDelete(NULL);
}
void controller(void *p) {
  if (xTaskAbortDelay(rx) == pdPASS) {
    if (!aborted)
      reach_error();
  }
  vTaskDelete(NULL);
}
int main(void) {
  q = xQueueCreate(2, sizeof(int));
  xTaskCreate(receiver, "rx", configMINIMAL_STACK_SIZE, NULL, 2, &rx);
  xTaskCreate(controller, "ctl", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
