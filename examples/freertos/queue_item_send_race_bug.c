// expect: FAILED
// Task b writes 5 into the shared variable and sends it by address: xQueueSend reads `*item`,
// i.e. the shared variable, at the time of the call. Task a, of equal priority, writes 1; when
// the tick slices a in between b's write and b's send, b receives 1 back. The bug needs the
// interleaving of a's write with b's send, so partial-order reduction must treat the send as a
// read of the variable it copies (the lowering lists the item among the call's `may_write`
// cells, and under fixed priorities every primitive is dependent with everything).
#include <FreeRTOS.h>
#include <task.h>
#include <queue.h>
#include <verifier.h>

QueueHandle_t queue;
int shared;

void task_a(void *p) {
  shared = 1;
  vTaskDelete(NULL);
}

void task_b(void *p) {
  int v = 0;
  shared = 5;
  xQueueSend(queue, &shared, 0);
  xQueueReceive(queue, &v, 0);
  if (v != 5)
    reach_error();
  vTaskDelete(NULL);
}

int main(void) {
  queue = xQueueCreate(1, sizeof(int));
  xTaskCreate(task_a, "a", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(task_b, "b", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
