// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// The BlockQ demo's shape: a consumer and a producer get parameter blocks (pvPortMalloc) holding
// the same queue handle and a pointer to their own check counter, a static variable. The
// consumer counts the items it receives in its counter; the producer's counter is
// pointed to by both blocks by mistake, so the producer's increments reach the consumer's
// check.
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include <verifier.h>

typedef struct {
  QueueHandle_t queue;
  volatile short *check;
} QueueParams;

static volatile short consumer_count, producer_count;

void producer(void *p) {
  QueueParams *qp = (QueueParams *)p;
  short next = 0;
  for (;;) {
    if (xQueueSend(qp->queue, &next, 0) == pdPASS) {
      next++;
      (*qp->check)++;
    }
  }
}

void consumer(void *p) {
  QueueParams *qp = (QueueParams *)p;
  short expected = 0, got;
  for (;;) {
    if (xQueueReceive(qp->queue, &got, portMAX_DELAY) == pdPASS) {
      if (got != expected)
        reach_error();
      expected++;
      (*qp->check)++;
      if (*qp->check != expected)
        reach_error();
    }
  }
}

int main(void) {
  QueueHandle_t q = xQueueCreate(1, sizeof(short));
  QueueParams *c = (QueueParams *)pvPortMalloc(sizeof(QueueParams));
  QueueParams *p = (QueueParams *)pvPortMalloc(sizeof(QueueParams));
  if (q != NULL && c != NULL && p != NULL) {
    c->queue = q;
    c->check = &producer_count; /* should be &consumer_count */
    p->queue = q;
    p->check = &producer_count;
    xTaskCreate(consumer, "cons", configMINIMAL_STACK_SIZE, c, 2, NULL);
    xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, p, 1, NULL);
  }
  vTaskStartScheduler();
  return 0;
}
