// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// A queue set's handle read as a queue (a set is a queue of member handles): uxQueueMessagesWaiting,
// uxQueueSpacesAvailable and xQueuePeek (the oldest posted member handle, left in the set).
// The bug expects the peeked handle to be another queue's than the one sent to.
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include <assert.h>
QueueSetHandle_t set; QueueHandle_t q;
void t(void *p) {
  uint32_t v = 5; QueueSetMemberHandle_t h = NULL;
  assert(uxQueueMessagesWaiting(set) == 0);
  assert(uxQueueSpacesAvailable(set) == 2);
  assert(xQueuePeek(set, &h, 0) == pdFAIL);
  xQueueSend(q, &v, 0);
  assert(uxQueueSpacesAvailable(q) == 1);
  assert(xQueuePeek(set, &h, 0) == pdPASS);
  assert(h != q);
  assert(uxQueueMessagesWaiting(set) == 1);
  assert(uxQueueSpacesAvailable(set) == 1);
  for (;;) vTaskDelay(10);
}
int main(void) { set = xQueueCreateSet(2); q = xQueueCreate(2, sizeof(uint32_t)); xQueueAddToSet(q, set);
  xTaskCreate(t, "t", 100, NULL, 1, NULL); vTaskStartScheduler(); return 0; }
