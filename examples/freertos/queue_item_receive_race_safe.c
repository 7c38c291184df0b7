// expect: SUCCESSFUL
// The safe twin of queue_item_receive_race_bug: a writes 1 and checks it inside a critical
// section, so b's receive into the shared variable cannot come in between.
#include <FreeRTOS.h>
#include <task.h>
#include <queue.h>
#include <verifier.h>

QueueHandle_t queue;
int shared;

void task_a(void *p) {
  taskENTER_CRITICAL();
  shared = 1;
  if (shared != 1)
    reach_error();
  taskEXIT_CRITICAL();
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
