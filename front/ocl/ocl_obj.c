/* ocl_obj.c — the platform object, the set of live objects (every handle
 * is checked against it), the driver's lock and the get-info helpers: the
 * bottom of the driver, which calls no other file of it. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "front/ocl/ocl.h"

/* An open-addressing set of live objects (pointer -> kind); the kind in
 * the set, not the object's own field, decides what a handle is. */
typedef struct {
    const void *p;
    ocl_kind_t kind;
} slot_t;

static slot_t *slots;
static size_t cap, used, tomb;
static const void *const DEAD = &DEAD;
static pthread_mutex_t obj_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t drv_lock;
static pthread_cond_t drv_cond = PTHREAD_COND_INITIALIZER;
static pthread_once_t drv_once = PTHREAD_ONCE_INIT;
static const struct _cl_icd_dispatch *dispatch;

struct _cl_platform_id ocl_platform = {NULL, OCL_PLATFORM, 1};

void ocl_set_dispatch(const struct _cl_icd_dispatch *table)
{
    dispatch = table;
    ocl_platform.dispatch = table;
}

static size_t hash(const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return (size_t)x;
}

static int grow(void)
{
    size_t ncap = cap ? cap * 2 : 256;
    slot_t *ns = calloc(ncap, sizeof *ns);
    if (!ns)
        return -1;
    for (size_t i = 0; i < cap; i++)
        if (slots[i].p && slots[i].p != DEAD) {
            size_t j = hash(slots[i].p) & (ncap - 1);
            while (ns[j].p)
                j = (j + 1) & (ncap - 1);
            ns[j] = slots[i];
        }
    free(slots);
    slots = ns;
    cap = ncap;
    tomb = 0;
    return 0;
}

int ocl_obj_add(void *o, ocl_kind_t kind)
{
    struct _cl_platform_id *h = o;
    h->dispatch = dispatch;
    h->kind = kind;
    h->refs = 1;
    pthread_mutex_lock(&obj_lock);
    int rc = 0;
    if ((used + tomb + 1) * 2 > cap && grow())
        rc = -1;
    else {
        size_t j = hash(o) & (cap - 1);
        while (slots[j].p && slots[j].p != DEAD)
            j = (j + 1) & (cap - 1);
        if (slots[j].p == DEAD)
            tomb--;
        slots[j].p = o;
        slots[j].kind = kind;
        used++;
    }
    pthread_mutex_unlock(&obj_lock);
    return rc;
}

/* The slot of p, or NULL (the lock held). */
static slot_t *find(const void *p)
{
    if (!p || !cap)
        return NULL;
    for (size_t j = hash(p) & (cap - 1);; j = (j + 1) & (cap - 1)) {
        if (!slots[j].p)
            return NULL;
        if (slots[j].p == p)
            return &slots[j];
    }
}

int ocl_obj_is(const void *p, ocl_kind_t kind)
{
    if (kind == OCL_PLATFORM)
        return p == &ocl_platform;
    pthread_mutex_lock(&obj_lock);
    slot_t *s = find(p);
    int yes = s && s->kind == kind;
    pthread_mutex_unlock(&obj_lock);
    return yes;
}

cl_uint ocl_ref(void *o, int delta)
{
    struct _cl_platform_id *h = o;
    pthread_mutex_lock(&obj_lock);
    cl_uint n = h->refs += (cl_uint)delta;
    pthread_mutex_unlock(&obj_lock);
    return n;
}

void ocl_obj_del(void *o)
{
    pthread_mutex_lock(&obj_lock);
    slot_t *s = find(o);
    if (s) {
        s->p = DEAD;
        used--;
        tomb++;
    }
    pthread_mutex_unlock(&obj_lock);
}

cl_int ocl_info(const void *v, size_t size, size_t out_size, void *out, size_t *size_ret)
{
    if (out) {
        if (out_size < size)
            return CL_INVALID_VALUE;
        if (size)
            memcpy(out, v, size);
    }
    if (size_ret)
        *size_ret = size;
    return CL_SUCCESS;
}

cl_int ocl_info_str(const char *s, size_t out_size, void *out, size_t *size_ret)
{
    return ocl_info(s, strlen(s) + 1, out_size, out, size_ret);
}

cl_int ocl_err(cl_int *errcode_ret, cl_int e)
{
    if (errcode_ret)
        *errcode_ret = e;
    return e;
}

static void lock_init(void)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&drv_lock, &a);
    pthread_mutexattr_destroy(&a);
}

void ocl_lock(void)
{
    pthread_once(&drv_once, lock_init);
    pthread_mutex_lock(&drv_lock);
}

void ocl_unlock(void)
{
    pthread_mutex_unlock(&drv_lock);
}

void ocl_sleep(void)
{
    pthread_cond_wait(&drv_cond, &drv_lock);
}

void ocl_wake(void)
{
    pthread_cond_broadcast(&drv_cond);
}
