//! `schedmc bench`: runs a manifest of tasks in child processes under limits and scores them.
