// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// A handle variable written by a queue set's peek and by xQueueSelectFromSet, then used to
// receive (the QueueSet demo's pattern): the peek writes a known member handle, so the
// receive's queue is known. The task also receives a plain queue's item into a local beside
// it. The sender (priority 2) posts 7 to q1 and 9 to q2; the handler (priority 1) peeks,
// selects and receives both in order. Bug: it expects 9 from the first member selected.
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include <verifier.h>
QueueSetHandle_t set; QueueHandle_t q1, q2;
void sender(void *p) {
  uint32_t a = 7, b = 9;
  xQueueSend(q1, &a, 0);
  xQueueSend(q2, &b, 0);
  vTaskDelete(NULL);
}
void handler(void *p) {
  QueueHandle_t h = NULL;
  uint32_t v = 0;
  if (xQueuePeek(set, &h, portMAX_DELAY) != pdPASS || h != q1)
    reach_error();
  h = xQueueSelectFromSet(set, 0);
  if (xQueueReceive(h, &v, 0) != pdPASS || v != 9)
    reach_error();
  h = xQueueSelectFromSet(set, 0);
  if (xQueueReceive(h, &v, 0) != pdPASS || v != 9)
    reach_error();
  for (;;)
    vTaskDelay(10);
}
int main(void) {
  set = xQueueCreateSet(4);
  q1 = xQueueCreate(2, sizeof(uint32_t));
  q2 = xQueueCreate(2, sizeof(uint32_t));
  xQueueAddToSet(q1, set);
  xQueueAddToSet(q2, set);
  xTaskCreate(handler, "hnd", 100, NULL, 1, NULL);
  xTaskCreate(sender, "snd", 100, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
