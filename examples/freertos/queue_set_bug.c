// expect: FAILED
// As queue_set_safe.c, but when the semaphore is selected the consumer also drains the
// queue directly, without selecting it first (which the kernel's documentation forbids): the
// set still holds the queue's handle, so a later select returns the queue while it is empty,
// and the receive with no block time fails.
#include <FreeRTOS.h>
#include <task.h>
#include <queue.h>
#include <semphr.h>
#include <verifier.h>

QueueHandle_t queue;
SemaphoreHandle_t sem;
QueueSetHandle_t set;

void producer(void *p) {
  int next = 0;
  for (;;) {
    xQueueSend(queue, &next, portMAX_DELAY);
    next += 1;
  }
}

void giver(void *p) {
  for (;;) {
    xSemaphoreGive(sem);
    vTaskDelay(1);
  }
}

void consumer(void *p) {
  int expected = 0;
  int item;
  for (;;) {
    vTaskDelay(1); /* meanwhile several members post to the set */
    QueueSetMemberHandle_t m = xQueueSelectFromSet(set, portMAX_DELAY);
    if (m == queue) {
      if (xQueueReceive(queue, &item, 0) != pdPASS)
        reach_error();
      if (item != expected)
        reach_error();
      expected += 1;
    } else if (m == sem) {
      if (xSemaphoreTake(sem, 0) != pdPASS)
        reach_error();
      if (xQueueReceive(queue, &item, 0) == pdPASS) {
        if (item != expected)
          reach_error();
        expected += 1;
      }
    } else {
      reach_error();
    }
  }
}

int main(void) {
  queue = xQueueCreate(1, sizeof(int));
  sem = xSemaphoreCreateBinary();
  /* as long as its members together */
  set = xQueueCreateSet(1 + 1);
  if (xQueueAddToSet(queue, set) != pdPASS || xQueueAddToSet(sem, set) != pdPASS)
    reach_error();
  /* a member belongs to one set only */
  if (xQueueAddToSet(sem, set) != pdFAIL)
    reach_error();
  xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(giver, "give", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(consumer, "cons", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
