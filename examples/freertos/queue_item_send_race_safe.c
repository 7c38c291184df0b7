// expect: SUCCESSFUL
// The safe twin of queue_item_send_race_bug: b writes 5 and sends it inside a critical section,
// so a's write of 1 comes before the write or after the send, and b always gets 5 back.
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
  taskENTER_CRITICAL();
  shared = 5;
  xQueueSend(queue, &shared, 0);
  taskEXIT_CRITICAL();
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
