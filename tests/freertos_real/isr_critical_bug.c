// expect: FAILED
// An interrupt updates a counter pair inside taskENTER_CRITICAL_FROM_ISR; a task reads the
// pair without masking it, so the interrupt can come between its two reads.
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
    int x = a;
    int y = b;
    if (x != y)
      reach_error();
  }
}
int main(void) {
  xTaskCreate(reader, "rd", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
