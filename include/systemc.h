/* systemc.h -- schedmc's C API for SystemC (IEEE 1666-2011) models: processes (threads,
   methods, clocked threads, static sensitivity, dont_initialize, synchronous / asynchronous
   reset), events (immediate / delta / timed notification, cancel, or-lists, and-lists,
   timeouts), primitive channels with the evaluate/update split (sc_signal with the
   SC_ONE_WRITER check, sc_fifo), sc_clock, sc_mutex, sc_semaphore, sc_start / sc_stop.
   Functions without bodies are bound by schedmc to scheduler actions
   (schedulers/systemc.toml); the channel macros below keep a channel's data in program
   variables and ask the scheduler only for its update requests. The names follow SystemC's
   (`sig.write(v)` is `sc_signal_write(&sig, v)`), so that a C++ front end can lower onto them.
   Scheduler arguments (event and channel addresses, times, counts, reset levels) must be
   constants (or values schedmc can track); anything else is `unsupported`. */
#ifndef __SCHEDMC_SYSTEMC_H
#define __SCHEDMC_SYSTEMC_H

#include <assert.h>

typedef int sc_event;
/* A time: an unsigned 64-bit count of the time resolution (as SystemC's sc_time, IEEE 1666
   5.11: `t1 - t2` with t2 > t1 wraps around to a huge time, as the reference's uint64 does). */
typedef unsigned long long sc_time;
/* The timeout argument of the waits below when there is none: the largest time. A model's own
   timeout passes through __sc_timeout, which makes that value one less (a time that large is
   beyond any bound of the scheduler either way). */
#define SC_NO_TIMEOUT ((sc_time)-1)
#define __sc_timeout(t) ((sc_time)(t) - ((sc_time)(t) == SC_NO_TIMEOUT))

/* Time resolution in femtoseconds (sc_set_time_resolution): 1000 (1 ps, SystemC's default)
   unless defined before including; 1 (fs), 1000 (ps), 1000000 (ns), ... */
#ifndef SC_TIME_RESOLUTION_FS
#define SC_TIME_RESOLUTION_FS 1000LL
#endif
/* time units (sc_time_unit), as femtosecond counts */
#define SC_FS 1LL
#define SC_PS 1000LL
#define SC_NS 1000000LL
#define SC_US 1000000000LL
#define SC_MS 1000000000000LL
#define SC_SEC 1000000000000000LL
#define SC_ZERO_TIME 0LL
/* sc_time(v, unit): v (an integer) in `unit`, rounded to the resolution as SystemC does (a
   time below the resolution becomes 0); times are at most about 9223 s (64-bit fs) */
#define sc_time_make(v, unit)                                                                   \
  ((sc_time)(((long long)(v) * (unit) + SC_TIME_RESOLUTION_FS / 2) / SC_TIME_RESOLUTION_FS))
/* t.to_seconds() etc. are not provided; sc_time arithmetic is integer arithmetic */

/* --- processes (elaboration: before sc_start) --------------------------------------------- */
void sc_thread_create(void (*f)(void));
void __sc_make_method(void);
/* SC_THREAD(f) / SC_METHOD(f): create a process; the calls below apply to the last one */
#define SC_THREAD(f) sc_thread_create(f)
#define sc_method_create(f) do { sc_thread_create(f); __sc_make_method(); } while (0)
#define SC_METHOD(f) sc_method_create(f)
void sc_sensitive(sc_event *e);          /* sensitive << e */
void sc_dont_initialize(void);          /* dont_initialize() */
/* SC_CTHREAD(f, edge): a clocked thread (IEEE 1666 5.2.9): a thread statically sensitive to
   the clock edge event `edge` only (sc_clock_posedge_event(&clk), sc_signal_posedge_event(&s),
   ...), never run at initialization (it first runs at the first edge); wait() is
   sc_wait_static(), wait(n) is sc_wait_cycles(n). */
void __sc_make_cthread(void);
#define sc_cthread_create(f, edge)                                                              \
  do {                                                                                          \
    sc_thread_create(f);                                                                        \
    sc_sensitive(edge);                                                                         \
    __sc_make_cthread();                                                                        \
  } while (0)
#define SC_CTHREAD(f, edge) sc_cthread_create(f, edge)
/* reset_signal_is(s, level) / async_reset_signal_is(s, level) for the last created process
   (IEEE 1666 5.2.13), `s` a bool signal (or clock), `level` 0 or 1 (a constant). A process
   resumed (by any trigger) while a reset signal has its active level restarts at its entry
   instead of returning from its wait (an SC_METHOD just runs); an asynchronous reset also
   resumes (restarts) the process when its signal changes to the active level, in the next
   delta cycle, whatever the process waits for. */
void __sc_reset_signal(void *s, int mode); /* mode: level | async << 1 | current value << 2 */
#define __sc_reset_signal_is(s, level, async)                                                   \
  do {                                                                                          \
    if (sc_signal_read(s))                                                                      \
      __sc_reset_signal(s, ((level) != 0) | ((async) << 1) | 4);                               \
    else                                                                                        \
      __sc_reset_signal(s, ((level) != 0) | ((async) << 1));                                   \
  } while (0)
#define sc_reset_signal_is(s, level) __sc_reset_signal_is(s, level, 0)
#define sc_async_reset_signal_is(s, level) __sc_reset_signal_is(s, level, 1)

/* --- waiting (thread processes) and triggering (method processes) --------------------------- */
void sc_wait(sc_event *e);              /* wait(e) */
void sc_wait_time(sc_time t);           /* wait(t); wait(SC_ZERO_TIME): next delta cycle */
void sc_wait_static(void);              /* wait(): the static sensitivity */
/* wait(n) (n >= 1, a constant): the n-th trigger of the static sensitivity (clocked threads:
   n clock edges); a reset interrupts it */
void sc_wait_cycles(int n);
/* wait(e1 | e2 | ...) / wait(e1 & e2 & ...) with up to 4 events (NULL: none), timeout
   SC_NO_TIMEOUT (-1): none; wait(t, e1 | e2) is sc_wait_any(e1, e2, 0, 0, t), after it sc_timed_out() tells
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
/* next_trigger(e1 & e2 & ...), next_trigger(t, e1 & e2) */
void sc_next_trigger_all(sc_event *e1, sc_event *e2, sc_event *e3, sc_event *e4, sc_time timeout);
#define sc_next_trigger_and(a, b) sc_next_trigger_all(a, b, 0, 0, -1)

/* --- events ----------------------------------------------------------------------------------- */
void sc_notify(sc_event *e);            /* e.notify(): immediate, wakes current waiters only */
void sc_notify_delta(sc_event *e);      /* e.notify(SC_ZERO_TIME) */
void sc_notify_time(sc_event *e, sc_time t);
void sc_event_cancel(sc_event *e);      /* e.cancel() */

/* --- simulation --------------------------------------------------------------------------- */
sc_time sc_time_stamp(void);
/* sc_start(): runs until no process is runnable and no notification is pending (with an
   sc_clock: forever), or sc_stop() */
void sc_start(void);
/* sc_start(t) (t > 0; IEEE 1666 4.3.4.2, as the Accellera kernel): runs until the next
   activity would be after now + t; timed notifications at exactly now + t fire but their
   processes run only in a later sc_start; then the time is now + t and sc_start returns. A
   later sc_start / sc_start_time continues the simulation. t == 0 (SC_ZERO_TIME): one delta
   cycle (evaluation, update, delta notification; the processes it wakes run in a later
   sc_start), time does not advance. */
void sc_start_time(sc_time t);
void sc_stop(void);                     /* ends the simulation after this delta's update phase */

/* --- primitive channels: update requests (sc_prim_channel::request_update) ------------------ */
/* Requests an update of channel `chan` in this delta cycle's update phase; the update gives
   the events selected by the bits of `notify` (bit i: event i) a delta notification. A later
   request of the same channel in the same evaluation phase replaces it. */
void __sc_request_update(void *chan, int notify, sc_event *e0, sc_event *e1, sc_event *e2);
/* 1 while an update of `chan` is pending (requested in this evaluation phase), else 0; for an
   sc_clock: its current value (the scheduler keeps it; the clock's fields hold cur = 0 and
   old = 1, so that the signal read macro yields the value) */
int __sc_update_pending(void *chan);
/* The last created process (a method, SC_METHOD(f) before this) is the update() of the user
   primitive channel `chan`: it runs in the update phase after each __sc_request_update(chan,
   0, 0, 0, 0), before the built-in channels' updates and the delta notification phase; its
   delta notifications (sc_notify_delta) wake processes in the next delta cycle. Call at
   elaboration; the channel requests no update before sc_start. */
void __sc_make_updater(void *chan);
/* A signal write's update request (as __sc_request_update; notify != 0 means the value
   changed) with the writer policy check (IEEE 1666 6.4.4, sc_writer_policy): returns 1, or 0
   when the write is an error of the reference kernel: under SC_ONE_WRITER (the default) a
   second process writes the signal during the simulation (writes from sc_main, outside
   processes, are not checked); under SC_MANY_WRITERS two processes write different new values
   in the same delta cycle; any process writes an sc_clock. */
int __sc_signal_update(void *chan, int notify, sc_event *e0, sc_event *e1, sc_event *e2);

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
/* sc_signal<T, SC_MANY_WRITERS>: call at elaboration (before sc_start) */
void sc_signal_many_writers(void *s);

/* s.read(): the current value (a write in this evaluation phase is not visible yet); works on
   an sc_clock too */
#define sc_signal_read(s) (__sc_update_pending(s) ? (s)->old : (s)->cur)
/* s.write(v): the new value becomes current in the update phase (the last write wins); the
   update notifies value_changed_event in the next delta cycle if the value changed, and (bool
   signals only: sizeof(T) == sizeof(_Bool)) posedge_event / negedge_event when it changed to
   true / false. A write violating the writer policy fails the assertion below (the
   reference kernel reports an error and aborts). */
static int __sc_ok = 1; /* the result of the last signal write's writer-policy check */
#define sc_signal_write(s, v)                                                                   \
  do {                                                                                          \
    if (!__sc_update_pending(s))                                                                \
      (s)->old = (s)->cur;                                                                      \
    (s)->cur = (v);                                                                             \
    if ((s)->cur == (s)->old)                                                                   \
      __sc_ok = __sc_signal_update(s, 0, &(s)->value_changed, &(s)->posedge, &(s)->negedge);    \
    else if (sizeof((s)->cur) != sizeof(_Bool))                                                \
      __sc_ok = __sc_signal_update(s, 1, &(s)->value_changed, &(s)->posedge, &(s)->negedge);    \
    else if ((s)->cur)                                                                          \
      __sc_ok = __sc_signal_update(s, 3, &(s)->value_changed, &(s)->posedge, &(s)->negedge);    \
    else                                                                                        \
      __sc_ok = __sc_signal_update(s, 5, &(s)->value_changed, &(s)->posedge, &(s)->negedge);    \
    assert(__sc_ok && "sc_signal write: writer policy violated (SC_ONE_WRITER)");              \
  } while (0)
/* s.write(v) of a signal whose payload is a struct, as sc_signal<T>::write / update
   (IEEE 1666 6.4): the values are compared with the payload's operator==, given as
   `_Bool eq(const T *this, const T *rhs)`; the update phase sets the current value only when
   `!(new == cur)`, so a new value equal to the current one (by that operator) leaves the
   current value as it is (even fields the operator ignores) and notifies nothing; no posedge /
   negedge (bool only). */
#define sc_signal_write_eq(s, v, eq)                                                            \
  do {                                                                                          \
    if (!__sc_update_pending(s))                                                                \
      (s)->old = (s)->cur;                                                                      \
    (s)->cur = (v);                                                                             \
    if (eq(&(s)->cur, &(s)->old)) {                                                             \
      (s)->cur = (s)->old;                                                                      \
      __sc_ok = __sc_signal_update(s, 0, &(s)->value_changed, &(s)->posedge, &(s)->negedge);    \
    } else                                                                                      \
      __sc_ok = __sc_signal_update(s, 1, &(s)->value_changed, &(s)->posedge, &(s)->negedge);    \
    assert(__sc_ok && "sc_signal write: writer policy violated (SC_ONE_WRITER)");              \
  } while (0)
#define sc_signal_value_changed_event(s) (&(s)->value_changed)
/* s.event(): 1 when the signal's value changed in the update phase just before this
   evaluation phase (IEEE 1666 6.4.2: a value-changed event occurred in the immediately
   preceding delta cycle), else 0; works on an sc_clock too. s.posedge() / s.negedge() (bool
   signals): event() and the new value is true / false. */
int __sc_event_occurred(void *chan);
#define sc_signal_event(s) __sc_event_occurred(s)
#define sc_signal_posedge(s) (__sc_event_occurred(s) && sc_signal_read(s))
#define sc_signal_negedge(s) (__sc_event_occurred(s) && !sc_signal_read(s))
#define sc_signal_default_event(s) (&(s)->value_changed)
#define sc_signal_posedge_event(s) (&(s)->posedge)
#define sc_signal_negedge_event(s) (&(s)->negedge)
/* sensitive << s / sensitive << s.pos() / sensitive << s.neg() */
#define sc_sensitive_signal(s) sc_sensitive(&(s)->value_changed)
#define sc_sensitive_pos(s) sc_sensitive(&(s)->posedge)
#define sc_sensitive_neg(s) sc_sensitive(&(s)->negedge)

/* --- sc_clock (IEEE 1666 6.7) -------------------------------------------------------------- */
/* An sc_clock is an sc_signal<bool> whose value the scheduler drives (so the signal macros
   above, sensitivity and ports of sc_signal_bool work on it; writing it is an error). As the
   Accellera kernel: the initial value is !posedge_first; the first edge (positive if
   posedge_first) is at `start` (at 0: in the first delta cycle of the simulation, its events
   one delta later), then edges alternate, the value being high for `high` and low for
   period - high; each edge updates the value in an update phase and notifies
   value_changed_event and posedge_event / negedge_event in the next delta cycle. Created at
   elaboration (before sc_start); period, high, start are constants with 0 < high < period. */
typedef sc_signal_bool sc_clock;
void __sc_clock_init(sc_clock *c, sc_time period, sc_time high, sc_time start, int posedge_first,
                     sc_event *value_changed, sc_event *posedge, sc_event *negedge);
#define sc_clock_init_high(c, period, high, start, posedge_first)                               \
  do {                                                                                          \
    (c)->cur = 0;                                                                               \
    (c)->old = 1;                                                                               \
    __sc_clock_init(c, period, high, start, posedge_first, &(c)->value_changed, &(c)->posedge, \
                    &(c)->negedge);                                                             \
  } while (0)
/* sc_clock c("c", period, duty, start, posedge_first) with duty = pct / 100 (schedmc has no
   floating point; a front end may compute the high time itself and use sc_clock_init_high):
   pct outside 1..99 means 50, as the Accellera kernel's duty outside (0, 1); the high time is
   period * duty rounded to the resolution */
#define sc_clock_init_pct(c, period, pct, start, posedge_first)                                 \
  sc_clock_init_high(c, period,                                                                 \
                     ((pct) <= 0 || (pct) >= 100 ? ((period) + 1) / 2                           \
                                                 : ((period) * (pct) + 50) / 100),              \
                     start, posedge_first)
/* sc_clock c("c", period): duty 0.5, start 0, positive edge first */
#define sc_clock_init_period(c, period) sc_clock_init_high(c, period, ((period) + 1) / 2, 0, 1)
#define sc_clock_read(c) sc_signal_read(c)
#define sc_clock_posedge_event(c) (&(c)->posedge)
#define sc_clock_negedge_event(c) (&(c)->negedge)
#define sc_clock_value_changed_event(c) (&(c)->value_changed)

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
/* sc_fifo<T> for other element types: typedef SC_FIFO_STRUCT(struct pkt) sc_fifo_pkt; (the
   macros below copy elements by assignment) */
typedef SC_FIFO_STRUCT(int) sc_fifo_int;
typedef SC_FIFO_STRUCT(unsigned) sc_fifo_uint;
typedef SC_FIFO_STRUCT(_Bool) sc_fifo_bool;
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
/* As the Accellera kernel (sc_mutex.cpp, sc_semaphore.cpp; IEEE 1666-2011 6.27 / 6.29 leave
   the choice among waiters to the implementation): lock by the owner returns at once; lock
   waits while another process owns the mutex; unlock by the owner frees it and notifies the
   waiters immediately (m_free.notify()): they resume in the same evaluation phase and compete
   again; semaphore post likewise. */
void *__sc_current_process(void);
typedef struct {
  void *owner;
  sc_event free;
} sc_mutex;
#define sc_mutex_lock(m)                                                                        \
  do {                                                                                          \
    if ((m)->owner != __sc_current_process()) {                                                 \
      while ((m)->owner != 0)                                                                   \
        sc_wait(&(m)->free);                                                                    \
      (m)->owner = __sc_current_process();                                                      \
    }                                                                                           \
  } while (0)
/* r = m.trylock(): 0 on success (or when the caller owns it), -1 when in use */
#define sc_mutex_trylock(m, r)                                                                  \
  do {                                                                                          \
    if ((m)->owner == __sc_current_process()) {                                                 \
      (r) = 0;                                                                                  \
    } else if ((m)->owner != 0) {                                                               \
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
      sc_notify(&(m)->free);                                                                    \
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
    sc_notify(&(s)->free);                                                                      \
  } while (0)
#define sc_semaphore_get_value(s) ((s)->value)
/* The same operations outside any process (sc_main before or after sc_start, and the
   constructors it runs), as the Accellera kernel, where the caller's process handle is null
   there: lock / trylock of a free mutex return 0 without taking it (owner == caller); lock of
   a mutex a process owns would wait outside a process, and unlock of a free mutex notifies
   m_free immediately outside the evaluation phase: both are errors of the reference
   (SC_ID_WAIT_NOT_ALLOWED_, SC_ID_IMMEDIATE_NOTIFICATION_), here failed assertions; unlock of
   a mutex a process owns returns -1. Semaphore wait with value 0 waits outside a process and
   post notifies immediately: errors likewise. */
#define sc_mutex_lock_outside(m)                                                                \
  assert((m)->owner == 0 && "sc_mutex::lock outside a process: wait() only in processes")
#define sc_mutex_trylock_outside(m, r) ((r) = (m)->owner == 0 ? 0 : -1)
#define sc_mutex_unlock_outside(m, r)                                                           \
  do {                                                                                          \
    if ((m)->owner != 0) {                                                                      \
      (r) = -1;                                                                                 \
    } else {                                                                                    \
      assert(0 && "sc_mutex::unlock outside a process: immediate notification outside the "    \
                  "evaluation phase");                                                          \
      (r) = 0;                                                                                  \
    }                                                                                           \
  } while (0)
#define sc_semaphore_wait_outside(s)                                                            \
  do {                                                                                          \
    assert((s)->value > 0 && "sc_semaphore::wait outside a process: wait() only in processes");  \
    (s)->value--;                                                                               \
  } while (0)
#define sc_semaphore_post_outside(s)                                                            \
  assert(0 && "sc_semaphore::post outside a process: immediate notification outside the "      \
              "evaluation phase")

#endif
