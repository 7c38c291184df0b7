/* event_groups.h -- event groups (the kernel's macro structure: xEventGroupGetBits is
   xEventGroupClearBits with no bits; the FromISR variants defer through the timer task). */
#ifndef EVENT_GROUPS_H
#define EVENT_GROUPS_H

#ifndef INC_FREERTOS_H
#error "include FreeRTOS.h must appear in source files before include event_groups.h"
#endif

#include "timers.h"

typedef struct EventGroupDef_t *EventGroupHandle_t;
typedef TickType_t EventBits_t;
typedef struct xSTATIC_EVENT_GROUP {
  TickType_t xDummy1;
  void *pvDummy2[5];
} StaticEventGroup_t;

EventGroupHandle_t xEventGroupCreate(void);
EventGroupHandle_t xEventGroupCreateStatic(StaticEventGroup_t *pxEventGroupBuffer);
EventBits_t xEventGroupWaitBits(EventGroupHandle_t xEventGroup, const EventBits_t uxBitsToWaitFor,
                                const BaseType_t xClearOnExit, const BaseType_t xWaitForAllBits,
                                TickType_t xTicksToWait);
EventBits_t xEventGroupClearBits(EventGroupHandle_t xEventGroup, const EventBits_t uxBitsToClear);
EventBits_t xEventGroupSetBits(EventGroupHandle_t xEventGroup, const EventBits_t uxBitsToSet);
EventBits_t xEventGroupSync(EventGroupHandle_t xEventGroup, const EventBits_t uxBitsToSet,
                            const EventBits_t uxBitsToWaitFor, TickType_t xTicksToWait);
#define xEventGroupGetBits(xEventGroup) xEventGroupClearBits((xEventGroup), 0)
EventBits_t xEventGroupGetBitsFromISR(EventGroupHandle_t xEventGroup);
void vEventGroupDelete(EventGroupHandle_t xEventGroup);
#if (configUSE_TRACE_FACILITY == 1)
BaseType_t xEventGroupSetBitsFromISR(EventGroupHandle_t xEventGroup, const EventBits_t uxBitsToSet,
                                     BaseType_t *pxHigherPriorityTaskWoken);
#else
#define xEventGroupSetBitsFromISR(xEventGroup, uxBitsToSet, pxHigherPriorityTaskWoken)       \
  xTimerPendFunctionCallFromISR(vEventGroupSetBitsCallback, (void *)(xEventGroup),           \
                                (uint32_t)(uxBitsToSet), (pxHigherPriorityTaskWoken))
#endif
void vEventGroupSetBitsCallback(void *pvEventGroup, uint32_t ulBitsToSet);

#endif
