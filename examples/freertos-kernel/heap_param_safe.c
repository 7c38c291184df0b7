// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Two tasks share one parameter block allocated with pvPortMalloc (as the kernel's demo tasks
// do): it holds a mutex handle and a pointer to a counter, itself allocated with pvPortMalloc.
// Each task increments the counter while holding the mutex and checks that nobody changed it
// in between. The pointer stored in the heap block keeps its target across xTaskCreate (the
// kernel only hands the block to the task).
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
    if (xSemaphoreTake(pp->sem, portMAX_DELAY) == pdPASS) {
      uint32_t v = *pp->shared;
      *pp->shared = v + 1;
      if (*pp->shared != v + 1)
        reach_error();
      xSemaphoreGive(pp->sem);
    }
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
