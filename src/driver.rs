//! The verification pipeline as one call: load the file, run the engine, replay the trace.
