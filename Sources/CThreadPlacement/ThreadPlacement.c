// See include/CThreadPlacement.h.
#if defined(__linux__)
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#endif
#include "CThreadPlacement.h"

#if defined(__linux__)

_Static_assert(FASTCOP_CPU_SET_SIZE == CPU_SETSIZE, "FASTCOP_CPU_SET_SIZE is glibc's CPU_SETSIZE");

int fastcop_thread_cpus(int *cpus, int capacity) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    int count = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE && count < capacity; cpu++) {
        if (CPU_ISSET(cpu, &set)) cpus[count++] = cpu;
    }
    return count;
}

// The set of the `count` CPUs `cpus`: 0, or EINVAL for a CPU the set cannot hold.
static int cpu_set_of(const int *cpus, int count, cpu_set_t *set) {
    CPU_ZERO(set);
    for (int index = 0; index < count; index++) {
        if (cpus[index] < 0 || cpus[index] >= CPU_SETSIZE) return EINVAL;
        CPU_SET(cpus[index], set);
    }
    return 0;
}

int fastcop_bind_thread(const int *cpus, int count) {
    cpu_set_t set;
    int error = cpu_set_of(cpus, count, &set);
    if (error != 0) return error;
    return sched_setaffinity(0, sizeof set, &set) == 0 ? 0 : errno;
}

int fastcop_bind_attributes(pthread_attr_t *attributes, const int *cpus, int count) {
    cpu_set_t set;
    int error = cpu_set_of(cpus, count, &set);
    if (error != 0) return error;
    return pthread_attr_setaffinity_np(attributes, sizeof set, &set);
}

int fastcop_current_cpu(void) { return sched_getcpu(); }

#else

#include <errno.h>

int fastcop_thread_cpus(int *cpus, int capacity) {
    (void)cpus, (void)capacity;
    return -1;
}

int fastcop_bind_thread(const int *cpus, int count) {
    (void)cpus, (void)count;
    return ENOSYS;
}

int fastcop_bind_attributes(pthread_attr_t *attributes, const int *cpus, int count) {
    (void)attributes, (void)cpus, (void)count;
    return ENOSYS;
}

int fastcop_current_cpu(void) { return -1; }

#endif
