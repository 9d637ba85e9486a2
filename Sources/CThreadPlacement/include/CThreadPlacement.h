// Which CPUs a thread may run on (Linux: sched_getaffinity(2), sched_setaffinity(2),
// sched_getcpu(3), pthread_attr_setaffinity_np(3)), for FastCop's worker pool (Sources/FastCop/Support/WorkerPool.swift).
// Swift's Glibc module does not import these GNU extensions. Written for FastCop.
#ifndef FASTCOP_CTHREADPLACEMENT_H
#define FASTCOP_CTHREADPLACEMENT_H

#include <pthread.h>

/// The most CPUs a set here holds (glibc's CPU_SETSIZE): no answer below names more.
#define FASTCOP_CPU_SET_SIZE 1024

/// The CPUs the calling thread may run on, in increasing order, written to `cpus` (at most
/// `capacity`): their count, or -1 when the system does not say (not Linux, or an error).
int fastcop_thread_cpus(int *cpus, int capacity);

/// Lets the calling thread run on the `count` CPUs `cpus` only: 0, or an error number (not
/// Linux: ENOSYS).
int fastcop_bind_thread(const int *cpus, int count);

/// Makes a thread started with `attributes` run on the `count` CPUs `cpus` only, from its
/// start: 0, or an error number (not Linux: ENOSYS).
int fastcop_bind_attributes(pthread_attr_t *attributes, const int *cpus, int count);

/// The CPU the calling thread runs on now, or -1 when the system does not say.
int fastcop_current_cpu(void);

#endif
