// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// xQueueReset empties the queue ("Resets a queue to its original empty state"); queue.c
// unblocks one task waiting to send, which (higher priority) preempts the caller and sends.
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include <verifier.h>
static QueueHandle_t q;
static volatile int sent;
void sender(void *p) {
  int v = 1;
  xQueueSend(q, &v, 0);
  xQueueSend(q, &v, 0);
  v = 5;
  if (xQueueSend(q, &v, portMAX_DELAY) != pdPASS)
    reach_error();
  sent = 1;
  vTaskSuspend(NULL);
}
void manager(void *p) {
  /* runs once the sender blocks on the full queue */
  if (uxQueueMessagesWaiting(q) != 2 || sent)
    reach_error();
  xQueueReset(q);
  if (uxQueueMessagesWaiting(q) != 1 || !sent)
    reach_error();
  int v;
  if (xQueueReceive(q, &v, 0) != pdPASS || v != 1) // bug: the ones were discarded
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  q = xQueueCreate(2, sizeof(int));
  xTaskCreate(sender, "snd", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  xTaskCreate(manager, "mgr", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
