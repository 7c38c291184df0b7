// expect: SUCCESSFUL
// config: configSUPPORT_STATIC_ALLOCATION 1
// Statically created task and queue (xTaskCreateStatic, xQueueCreateStatic): the producer
// sends 1 and 2 to the back and 3 to the front of an empty queue; the lower-priority
// consumer receives 3, 1, 2.
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include <verifier.h>
static StaticTask_t prod_tcb, cons_tcb;
static StackType_t prod_stack[128], cons_stack[128];
static StaticQueue_t q_buf;
static uint8_t q_storage[4 * sizeof(int)];
static QueueHandle_t q;
void producer(void *p) {
  int v = 1;
  xQueueSendToBack(q, &v, 0);
  v = 2;
  xQueueSendToBack(q, &v, 0);
  v = 3;
  xQueueSendToFront(q, &v, 0);
  vTaskDelete(NULL);
}
void consumer(void *p) {
  int a, b, c;
  xQueueReceive(q, &a, portMAX_DELAY);
  xQueueReceive(q, &b, portMAX_DELAY);
  xQueueReceive(q, &c, portMAX_DELAY);
  if (a != 3 || b != 1 || c != 2)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  q = xQueueCreateStatic(4, sizeof(int), q_storage, &q_buf);
  TaskHandle_t h = xTaskCreateStatic(producer, "prod", 128, NULL, 2, prod_stack, &prod_tcb);
  if (h == NULL)
    reach_error();
  xTaskCreateStatic(consumer, "cons", 128, NULL, 1, cons_stack, &cons_tcb);
  vTaskStartScheduler();
  return 0;
}
