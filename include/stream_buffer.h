/* stream_buffer.h -- FreeRTOS stream buffers (the kernel's macro structure: the create macros
   expand to xStreamBufferGenericCreate(size, trigger level, type, callbacks)). */
#ifndef SCHEDMC_STREAM_BUFFER_H
#define SCHEDMC_STREAM_BUFFER_H
#include "freertos.h"

typedef struct StreamBufferDef_t *StreamBufferHandle_t;
typedef void (*StreamBufferCallbackFunction_t)(StreamBufferHandle_t xStreamBuffer, BaseType_t xIsInsideISR,
                                               BaseType_t *const pxHigherPriorityTaskWoken);
typedef struct xSTATIC_STREAM_BUFFER {
  size_t uxDummy1[4];
  void *pvDummy2[3];
  uint8_t ucDummy3;
} StaticStreamBuffer_t;

#define sbTYPE_STREAM_BUFFER ((BaseType_t)0)
#define sbTYPE_MESSAGE_BUFFER ((BaseType_t)1)
#define sbTYPE_STREAM_BATCHING_BUFFER ((BaseType_t)2)

StreamBufferHandle_t xStreamBufferGenericCreate(size_t xBufferSizeBytes, size_t xTriggerLevelBytes,
                                                BaseType_t xStreamBufferType,
                                                StreamBufferCallbackFunction_t pxSendCompletedCallback,
                                                StreamBufferCallbackFunction_t pxReceiveCompletedCallback);
StreamBufferHandle_t xStreamBufferGenericCreateStatic(size_t xBufferSizeBytes, size_t xTriggerLevelBytes,
                                                      BaseType_t xStreamBufferType,
                                                      uint8_t *const pucStreamBufferStorageArea,
                                                      StaticStreamBuffer_t *const pxStaticStreamBuffer,
                                                      StreamBufferCallbackFunction_t pxSendCompletedCallback,
                                                      StreamBufferCallbackFunction_t pxReceiveCompletedCallback);
#define xStreamBufferCreate(xBufferSizeBytes, xTriggerLevelBytes)                                   \
  xStreamBufferGenericCreate((xBufferSizeBytes), (xTriggerLevelBytes), sbTYPE_STREAM_BUFFER, NULL, NULL)
#define xStreamBufferCreateStatic(xBufferSizeBytes, xTriggerLevelBytes, pucStreamBufferStorageArea,  \
                                  pxStaticStreamBuffer)                                              \
  xStreamBufferGenericCreateStatic((xBufferSizeBytes), (xTriggerLevelBytes), sbTYPE_STREAM_BUFFER,   \
                                   (pucStreamBufferStorageArea), (pxStaticStreamBuffer), NULL, NULL)
#define xStreamBatchingBufferCreate(xBufferSizeBytes, xTriggerLevelBytes)                           \
  xStreamBufferGenericCreate((xBufferSizeBytes), (xTriggerLevelBytes), sbTYPE_STREAM_BATCHING_BUFFER, \
                             NULL, NULL)

size_t xStreamBufferSend(StreamBufferHandle_t xStreamBuffer, const void *pvTxData, size_t xDataLengthBytes,
                         TickType_t xTicksToWait);
size_t xStreamBufferSendFromISR(StreamBufferHandle_t xStreamBuffer, const void *pvTxData,
                                size_t xDataLengthBytes, BaseType_t *const pxHigherPriorityTaskWoken);
size_t xStreamBufferReceive(StreamBufferHandle_t xStreamBuffer, void *pvRxData, size_t xBufferLengthBytes,
                            TickType_t xTicksToWait);
size_t xStreamBufferReceiveFromISR(StreamBufferHandle_t xStreamBuffer, void *pvRxData,
                                   size_t xBufferLengthBytes, BaseType_t *const pxHigherPriorityTaskWoken);
void vStreamBufferDelete(StreamBufferHandle_t xStreamBuffer);
BaseType_t xStreamBufferIsFull(StreamBufferHandle_t xStreamBuffer);
BaseType_t xStreamBufferIsEmpty(StreamBufferHandle_t xStreamBuffer);
BaseType_t xStreamBufferReset(StreamBufferHandle_t xStreamBuffer);
BaseType_t xStreamBufferResetFromISR(StreamBufferHandle_t xStreamBuffer);
size_t xStreamBufferSpacesAvailable(StreamBufferHandle_t xStreamBuffer);
size_t xStreamBufferBytesAvailable(StreamBufferHandle_t xStreamBuffer);
BaseType_t xStreamBufferSetTriggerLevel(StreamBufferHandle_t xStreamBuffer, size_t xTriggerLevel);
size_t xStreamBufferNextMessageLengthBytes(StreamBufferHandle_t xStreamBuffer);
#endif
