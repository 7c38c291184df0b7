// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// heap_param_safe.c without the mutex around the increment: the tick preempts one task between
// its write of the counter (reached through the pointer in the pvPortMalloc'd parameter block)
// and its check, and the other task increments the counter in between.
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include <verifier.h>

typedef struct {
  SemaphoreHandle_t sem;
  volatile uint32_t *shared;
} Params;

void worker(void *p) {
  Params *pp = (Params *)p;
  for (;;) {
    uint32_t v = *pp->shared;
    *pp->shared = v + 1;
    if (*pp->shared != v + 1)
      reach_error();
  }
}

int main(void) {
  Params *p = (Params *)pvPortMalloc(sizeof(Params));
  if (p != NULL) {
    p->sem = xSemaphoreCreateMutex();
    p->shared = (uint32_t *)pvPortMalloc(sizeof(uint32_t));
    *p->shared = 0;
    xTaskCreate(worker, "w1", configMINIMAL_STACK_SIZE, p, 1, NULL);
    xTaskCreate(worker, "w2", configMINIMAL_STACK_SIZE, p, 1, NULL);
  }
  vTaskStartScheduler();
  return 0;
}
