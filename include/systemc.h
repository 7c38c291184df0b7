/* systemc.h -- schedmc's C API for SystemC (IEEE 1666) models: processes (threads and
   methods, static sensitivity, dont_initialize), events (immediate / delta / timed
   notification, cancel, or-lists, and-lists, timeouts), primitive channels with the
   evaluate/update split (sc_signal, sc_fifo), sc_mutex, sc_semaphore, sc_start / sc_stop.
   Functions without bodies are bound by schedmc to scheduler actions
   (schedulers/systemc.toml); the channel macros below keep a channel's data in program
   variables and ask the scheduler only for its update requests. The names follow SystemC's
   (`sig.write(v)` is `sc_signal_write(&sig, v)`), so that a C++ front end can lower onto them.
   Times are integers in units of SC_NS (1 ns); SC_ZERO_TIME is 0. */
#ifndef __SCHEDMC_SYSTEMC_H
#define __SCHEDMC_SYSTEMC_H

#include <assert.h>

typedef int sc_event;
typedef int sc_time;

#define SC_ZERO_TIME 0
/* time units: the time resolution is 1 ns (SC_FS and SC_PS are not provided) */
#define SC_NS 1
#define SC_US 1000
#define SC_MS 1000000
#define SC_SEC 1000000000
#define sc_time_make(v, unit) ((sc_time)((v) * (unit)))

/* --- processes (elaboration: before sc_start) --------------------------------------------- */
void sc_thread_create(void (*f)(void));
void __sc_make_method(void);
/* SC_THREAD(f) / SC_METHOD(f): create a process; the calls below apply to the last one */
#define SC_THREAD(f) sc_thread_create(f)
#define sc_method_create(f) do { sc_thread_create(f); __sc_make_method(); } while (0)
#define SC_METHOD(f) sc_method_create(f)
void sc_sensitive(sc_event *e);          /* sensitive << e */
void sc_dont_initialize(void);          /* dont_initialize() */

/* --- waiting (thread processes) and triggering (method processes) --------------------------- */
void sc_wait(sc_event *e);              /* wait(e) */
void sc_wait_time(sc_time t);           /* wait(t); wait(SC_ZERO_TIME): next delta cycle */
void sc_wait_static(void);              /* wait(): the static sensitivity */
/* wait(e1 | e2 | ...) / wait(e1 & e2 & ...) with up to 4 events (NULL: none), timeout < 0:
   none; wait(t, e1 | e2) is sc_wait_any(e1, e2, 0, 0, t), after it sc_timed_out() tells
   whether the timeout ended the wait */
void sc_wait_any(sc_event *e1, sc_event *e2, sc_event *e3, sc_event *e4, sc_time timeout);
void sc_wait_all(sc_event *e1, sc_event *e2, sc_event *e3, sc_event *e4, sc_time timeout);
#define sc_wait_or(a, b) sc_wait_any(a, b, 0, 0, -1)
#define sc_wait_or3(a, b, c) sc_wait_any(a, b, c, 0, -1)
#define sc_wait_and(a, b) sc_wait_all(a, b, 0, 0, -1)
#define sc_wait_and3(a, b, c) sc_wait_all(a, b, c, 0, -1)
#define sc_wait_timeout(t, e) sc_wait_any(e, 0, 0, 0, t)
#define sc_wait_timeout_or(t, a, b) sc_wait_any(a, b, 0, 0, t)
int sc_timed_out(void);
/* next_trigger(e1 | ...), next_trigger(t), next_trigger(t, e), next_trigger() */
void sc_next_trigger_any(sc_event *e1, sc_event *e2, sc_event *e3, sc_event *e4, sc_time timeout);
#define sc_next_trigger_event(e) sc_next_trigger_any(e, 0, 0, 0, -1)
#define sc_next_trigger_time(t) sc_next_trigger_any(0, 0, 0, 0, t)
#define sc_next_trigger_timeout(t, e) sc_next_trigger_any(e, 0, 0, 0, t)
#define sc_next_trigger() sc_next_trigger_any(0, 0, 0, 0, -1)

/* --- events ----------------------------------------------------------------------------------- */
void sc_notify(sc_event *e);            /* e.notify(): immediate, wakes current waiters only */
void sc_notify_delta(sc_event *e);      /* e.notify(SC_ZERO_TIME) */
void sc_notify_time(sc_event *e, sc_time t);
void sc_event_cancel(sc_event *e);      /* e.cancel() */

/* --- simulation --------------------------------------------------------------------------- */
sc_time sc_time_stamp(void);
void sc_start(void);
void sc_stop(void);                     /* ends the simulation after this delta's update phase */

/* --- primitive channels: update requests (sc_prim_channel::request_update) ------------------ */
/* Requests an update of channel `chan` in this delta cycle's update phase; the update gives
   the events selected by the bits of `notify` (bit i: event i) a delta notification. A later
   request of the same channel in the same evaluation phase replaces it. */
void __sc_request_update(void *chan, int notify, sc_event *e0, sc_event *e1, sc_event *e2);
/* 1 while an update of `chan` is pending (requested in this evaluation phase), else 0 */
int __sc_update_pending(void *chan);

/* --- sc_signal<T> ------------------------------------------------------------------------- */
/* A signal's current value is `cur` when no update is pending, else `old` (`cur` then holds
   the value written last, committed in the update phase). Use the macros, not the fields. */
#define SC_SIGNAL_STRUCT(T)                                                                     \
  struct {                                                                                      \
    T cur;                                                                                      \
    T old;                                                                                      \
    sc_event value_changed;                                                                     \
    sc_event posedge;                                                                           \
    sc_event negedge;                                                                           \
  }
typedef SC_SIGNAL_STRUCT(int) sc_signal_int;
typedef SC_SIGNAL_STRUCT(unsigned) sc_signal_uint;
typedef SC_SIGNAL_STRUCT(_Bool) sc_signal_bool;
/* static initializer with an initial value: sc_signal_int s = SC_SIGNAL_INIT(3); */
#define SC_SIGNAL_INIT(v) {(v), (v), 0, 0, 0}

/* s.read(): the current value (a write in this evaluation phase is not visible yet) */
#define sc_signal_read(s) (__sc_update_pending(s) ? (s)->old : (s)->cur)
/* s.write(v): the new value becomes current in the update phase (the last write wins); the
   update notifies value_changed_event in the next delta cycle if the value changed, and (bool
   signals only: sizeof(T) == sizeof(_Bool)) posedge_event / negedge_event when it changed to
   true / false */
#define sc_signal_write(s, v)                                                                   \
  do {                                                                                          \
    if (!__sc_update_pending(s))                                                                \
      (s)->old = (s)->cur;                                                                      \
    (s)->cur = (v);                                                                             \
    if ((s)->cur == (s)->old)                                                                   \
      __sc_request_update(s, 0, &(s)->value_changed, &(s)->posedge, &(s)->negedge);            \
    else if (sizeof((s)->cur) != sizeof(_Bool))                                                \
      __sc_request_update(s, 1, &(s)->value_changed, &(s)->posedge, &(s)->negedge);            \
    else if ((s)->cur)                                                                          \
      __sc_request_update(s, 3, &(s)->value_changed, &(s)->posedge, &(s)->negedge);            \
    else                                                                                        \
      __sc_request_update(s, 5, &(s)->value_changed, &(s)->posedge, &(s)->negedge);            \
  } while (0)
#define sc_signal_value_changed_event(s) (&(s)->value_changed)
#define sc_signal_default_event(s) (&(s)->value_changed)
#define sc_signal_posedge_event(s) (&(s)->posedge)
#define sc_signal_negedge_event(s) (&(s)->negedge)
/* sensitive << s / sensitive << s.pos() / sensitive << s.neg() */
#define sc_sensitive_signal(s) sc_sensitive(&(s)->value_changed)
#define sc_sensitive_pos(s) sc_sensitive(&(s)->posedge)
#define sc_sensitive_neg(s) sc_sensitive(&(s)->negedge)

/* --- sc_fifo<T> --------------------------------------------------------------------------- */
/* Capacity bound of the buffer (define SC_FIFO_MAX before including to change it); the size
   of a FIFO is set with sc_fifo_init (elaboration), at most SC_FIFO_MAX. As in SystemC, a value
   written in a delta cycle is readable from the next one, and a slot freed by a read is free
   from the next one; data_written / data_read events are delta notifications of the update. */
#ifndef SC_FIFO_MAX
#define SC_FIFO_MAX 4
#endif
#define SC_FIFO_STRUCT(T)                                                                       \
  struct {                                                                                      \
    T buf[SC_FIFO_MAX];                                                                         \
    int size, first, used, num_readable, num_read, num_written;                                 \
    sc_event data_read;                                                                         \
    sc_event data_written;                                                                      \
  }
typedef SC_FIFO_STRUCT(int) sc_fifo_int;
#define sc_fifo_init(f, n)                                                                      \
  do {                                                                                          \
    assert((n) > 0 && (n) <= SC_FIFO_MAX);                                                      \
    (f)->size = (n);                                                                            \
  } while (0)
/* (the counters as the last update phase left them: applied lazily at the next access) */
#define __sc_fifo_commit(f)                                                                     \
  do {                                                                                          \
    if (!__sc_update_pending(f)) {                                                              \
      (f)->num_readable = (f)->used;                                                            \
      (f)->num_read = 0;                                                                        \
      (f)->num_written = 0;                                                                     \
    }                                                                                           \
  } while (0)
#define __sc_fifo_request(f)                                                                    \
  do {                                                                                          \
    if ((f)->num_read > 0 && (f)->num_written > 0)                                              \
      __sc_request_update(f, 3, &(f)->data_read, &(f)->data_written, 0);                        \
    else if ((f)->num_read > 0)                                                                 \
      __sc_request_update(f, 1, &(f)->data_read, &(f)->data_written, 0);                        \
    else                                                                                        \
      __sc_request_update(f, 2, &(f)->data_read, &(f)->data_written, 0);                        \
  } while (0)
#define sc_fifo_num_available(f)                                                                \
  (__sc_update_pending(f) ? (f)->num_readable - (f)->num_read : (f)->used)
#define sc_fifo_num_free(f)                                                                     \
  (__sc_update_pending(f) ? (f)->size - (f)->num_readable - (f)->num_written                    \
                          : (f)->size - (f)->used)
#define __sc_fifo_take(f, dst)                                                                  \
  do {                                                                                          \
    __sc_fifo_commit(f);                                                                        \
    (f)->num_read++;                                                                            \
    (dst) = (f)->buf[(f)->first];                                                               \
    (f)->first = (f)->first + 1 == (f)->size ? 0 : (f)->first + 1;                              \
    (f)->used--;                                                                                \
    __sc_fifo_request(f);                                                                       \
  } while (0)
#define __sc_fifo_put(f, v)                                                                     \
  do {                                                                                          \
    __sc_fifo_commit(f);                                                                        \
    (f)->num_written++;                                                                         \
    (f)->buf[(f)->first + (f)->used >= (f)->size ? (f)->first + (f)->used - (f)->size           \
                                                 : (f)->first + (f)->used] = (v);               \
    (f)->used++;                                                                                \
    __sc_fifo_request(f);                                                                       \
  } while (0)
/* f.read(dst): blocks while nothing is available */
#define sc_fifo_read(f, dst)                                                                    \
  do {                                                                                          \
    while (sc_fifo_num_available(f) == 0)                                                       \
      sc_wait(&(f)->data_written);                                                              \
    __sc_fifo_take(f, dst);                                                                     \
  } while (0)
/* f.write(v): blocks while no slot is free */
#define sc_fifo_write(f, v)                                                                     \
  do {                                                                                          \
    while (sc_fifo_num_free(f) == 0)                                                            \
      sc_wait(&(f)->data_read);                                                                 \
    __sc_fifo_put(f, v);                                                                        \
  } while (0)
/* ok = f.nb_read(dst) / ok = f.nb_write(v): 1 on success, 0 (nothing changed) otherwise */
#define sc_fifo_nb_read(f, dst, ok)                                                             \
  do {                                                                                          \
    if (sc_fifo_num_available(f) == 0) {                                                        \
      (ok) = 0;                                                                                 \
    } else {                                                                                    \
      __sc_fifo_take(f, dst);                                                                   \
      (ok) = 1;                                                                                 \
    }                                                                                           \
  } while (0)
#define sc_fifo_nb_write(f, v, ok)                                                              \
  do {                                                                                          \
    if (sc_fifo_num_free(f) == 0) {                                                             \
      (ok) = 0;                                                                                 \
    } else {                                                                                    \
      __sc_fifo_put(f, v);                                                                      \
      (ok) = 1;                                                                                 \
    }                                                                                           \
  } while (0)
#define sc_fifo_data_written_event(f) (&(f)->data_written)
#define sc_fifo_data_read_event(f) (&(f)->data_read)

/* --- sc_mutex, sc_semaphore ------------------------------------------------------------------ */
/* As the Accellera kernel: lock waits while the mutex is in use; unlock by the owner frees it
   and notifies waiters in the next delta cycle (notify(SC_ZERO_TIME)); they compete again. */
void *__sc_current_process(void);
typedef struct {
  void *owner;
  sc_event free;
} sc_mutex;
#define sc_mutex_lock(m)                                                                        \
  do {                                                                                          \
    while ((m)->owner != 0)                                                                     \
      sc_wait(&(m)->free);                                                                      \
    (m)->owner = __sc_current_process();                                                        \
  } while (0)
/* r = m.trylock(): 0 on success, -1 when in use */
#define sc_mutex_trylock(m, r)                                                                  \
  do {                                                                                          \
    if ((m)->owner != 0) {                                                                      \
      (r) = -1;                                                                                 \
    } else {                                                                                    \
      (m)->owner = __sc_current_process();                                                      \
      (r) = 0;                                                                                  \
    }                                                                                           \
  } while (0)
/* r = m.unlock(): 0, or -1 when the caller does not own it */
#define sc_mutex_unlock(m, r)                                                                   \
  do {                                                                                          \
    if ((m)->owner != __sc_current_process()) {                                                 \
      (r) = -1;                                                                                 \
    } else {                                                                                    \
      (m)->owner = 0;                                                                           \
      sc_notify_delta(&(m)->free);                                                              \
      (r) = 0;                                                                                  \
    }                                                                                           \
  } while (0)
typedef struct {
  int value;
  sc_event free;
} sc_semaphore;
#define SC_SEMAPHORE_INIT(n) {(n), 0}
#define sc_semaphore_wait(s)                                                                    \
  do {                                                                                          \
    while ((s)->value <= 0)                                                                     \
      sc_wait(&(s)->free);                                                                      \
    (s)->value--;                                                                               \
  } while (0)
/* r = s.trywait(): 0 on success, -1 when the value is 0 */
#define sc_semaphore_trywait(s, r)                                                              \
  do {                                                                                          \
    if ((s)->value <= 0) {                                                                      \
      (r) = -1;                                                                                 \
    } else {                                                                                    \
      (s)->value--;                                                                             \
      (r) = 0;                                                                                  \
    }                                                                                           \
  } while (0)
#define sc_semaphore_post(s)                                                                    \
  do {                                                                                          \
    (s)->value++;                                                                               \
    sc_notify_delta(&(s)->free);                                                                \
  } while (0)
#define sc_semaphore_get_value(s) ((s)->value)

#endif
