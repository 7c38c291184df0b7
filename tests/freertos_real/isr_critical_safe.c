// expect: SUCCESSFUL
// not yet proved: the ISR increments both counters without bound; ESST refines counter values (222 predicates at 20 s) instead of finding a == b
// An interrupt updates a counter pair inside taskENTER_CRITICAL_FROM_ISR; a task reads the
// pair inside taskENTER_CRITICAL, which masks the interrupt, so it always sees them equal.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
volatile int a, b;
void TIM2_IRQHandler(void) {
  UBaseType_t s = taskENTER_CRITICAL_FROM_ISR();
  a++;
  b++;
  taskEXIT_CRITICAL_FROM_ISR(s);
}
void reader(void *p) {
  for (;;) {
    taskENTER_CRITICAL();
    int x = a;
    int y = b;
    taskEXIT_CRITICAL();
    if (x != y)
      reach_error();
  }
}
int main(void) {
  xTaskCreate(reader, "rd", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
