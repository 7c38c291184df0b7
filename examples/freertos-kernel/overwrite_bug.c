// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// A sampler publishes its latest reading in a one-item mailbox with xQueueOverwrite
// (xQueueGenericSend(.., queueOVERWRITE)), never blocking; a reader takes readings out.
// Bug: the reader expects every value, but an overwrite replaces an unread one.
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include <verifier.h>

QueueHandle_t mailbox;

void sampler(void *p) {
  int reading = 0;
  for (;;) {
    reading += 1;
    xQueueOverwrite(mailbox, &reading);
    vTaskDelay(1);
  }
}

void reader(void *p) {
  int last = 0;
  int item;
  for (;;) {
    if (xQueueReceive(mailbox, &item, portMAX_DELAY) == pdPASS) {
      if (!(item == last + 1))
        reach_error();
      last = item;
      vTaskDelay(2);
    }
  }
}

int main(void) {
  mailbox = xQueueCreate(1, sizeof(int));
  xTaskCreate(sampler, "sampler", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  xTaskCreate(reader, "reader", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
