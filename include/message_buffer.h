/* message_buffer.h -- FreeRTOS message buffers: stream buffers of type sbTYPE_MESSAGE_BUFFER
   (the kernel's macro structure: every function is the stream buffer one). */
#ifndef SCHEDMC_MESSAGE_BUFFER_H
#define SCHEDMC_MESSAGE_BUFFER_H
#include "stream_buffer.h"

typedef StreamBufferHandle_t MessageBufferHandle_t;
typedef StaticStreamBuffer_t StaticMessageBuffer_t;

#define xMessageBufferCreate(xBufferSizeBytes)                                                      \
  xStreamBufferGenericCreate((xBufferSizeBytes), (size_t)0, sbTYPE_MESSAGE_BUFFER, NULL, NULL)
#define xMessageBufferCreateStatic(xBufferSizeBytes, pucMessageBufferStorageArea, pxStaticMessageBuffer) \
  xStreamBufferGenericCreateStatic((xBufferSizeBytes), 0, sbTYPE_MESSAGE_BUFFER,                    \
                                   (pucMessageBufferStorageArea), (pxStaticMessageBuffer), NULL, NULL)
#define xMessageBufferSend(xMessageBuffer, pvTxData, xDataLengthBytes, xTicksToWait)                \
  xStreamBufferSend((xMessageBuffer), (pvTxData), (xDataLengthBytes), (xTicksToWait))
#define xMessageBufferSendFromISR(xMessageBuffer, pvTxData, xDataLengthBytes, pxHigherPriorityTaskWoken) \
  xStreamBufferSendFromISR((xMessageBuffer), (pvTxData), (xDataLengthBytes), (pxHigherPriorityTaskWoken))
#define xMessageBufferReceive(xMessageBuffer, pvRxData, xBufferLengthBytes, xTicksToWait)           \
  xStreamBufferReceive((xMessageBuffer), (pvRxData), (xBufferLengthBytes), (xTicksToWait))
#define xMessageBufferReceiveFromISR(xMessageBuffer, pvRxData, xBufferLengthBytes, pxHigherPriorityTaskWoken) \
  xStreamBufferReceiveFromISR((xMessageBuffer), (pvRxData), (xBufferLengthBytes), (pxHigherPriorityTaskWoken))
#define vMessageBufferDelete(xMessageBuffer) vStreamBufferDelete(xMessageBuffer)
#define xMessageBufferIsFull(xMessageBuffer) xStreamBufferIsFull(xMessageBuffer)
#define xMessageBufferIsEmpty(xMessageBuffer) xStreamBufferIsEmpty(xMessageBuffer)
#define xMessageBufferReset(xMessageBuffer) xStreamBufferReset(xMessageBuffer)
#define xMessageBufferResetFromISR(xMessageBuffer) xStreamBufferResetFromISR(xMessageBuffer)
#define xMessageBufferSpaceAvailable(xMessageBuffer) xStreamBufferSpacesAvailable(xMessageBuffer)
#define xMessageBufferSpacesAvailable(xMessageBuffer) xStreamBufferSpacesAvailable(xMessageBuffer)
#define xMessageBufferNextLengthBytes(xMessageBuffer) xStreamBufferNextMessageLengthBytes(xMessageBuffer)
#endif
