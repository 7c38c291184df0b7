// expect: FAILED
// Task b receives an item into the shared variable: xQueueReceive writes `*item`. Task a, of
// equal priority, writes 1 and checks it; when the tick slices b's receive in between a's
// write and its check, a sees 7. Partial-order reduction must treat the receive as a write
// of the variable it copies into (the item is among the call's `may_write` cells).
#include <FreeRTOS.h>
#include <task.h>
#include <queue.h>
#include <verifier.h>

QueueHandle_t queue;
int shared;

void task_a(void *p) {
  shared = 1;
  if (shared != 1)
    reach_error();
  vTaskDelete(NULL);
}

void task_b(void *p) {
  int v = 7;
  xQueueSend(queue, &v, 0);
  xQueueReceive(queue, &shared, 0);
  vTaskDelete(NULL);
}

int main(void) {
  queue = xQueueCreate(1, sizeof(int));
  xTaskCreate(task_a, "a", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(task_b, "b", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
