/* nvptx_shim.h: OpenCL builtins for clang 14 -target nvptx64-nvidia-nvcl, so that
 * driver_build_proxy.sh can compile an (instrumented) OpenCL C program to PTX and
 * ptxas without NVIDIA's driver: a proxy of its build, for measuring only. Work-item
 * functions read the PTX special registers (no global offset), barriers are bar.sync,
 * fences membar, atomics the __sync builtins; the atomics go through macros because
 * clang 14's opencl-c.h finds atom_cmpxchg on ulong ambiguous. */
#define SHIM __attribute__((overloadable, always_inline))
#define SHIMD(ret, name, body) ret __attribute__((overloadable)) name(uint d) body
SHIMD(size_t, get_local_id, { return d==0?__nvvm_read_ptx_sreg_tid_x():d==1?__nvvm_read_ptx_sreg_tid_y():d==2?__nvvm_read_ptx_sreg_tid_z():0; })
SHIMD(size_t, get_local_size, { return d==0?__nvvm_read_ptx_sreg_ntid_x():d==1?__nvvm_read_ptx_sreg_ntid_y():d==2?__nvvm_read_ptx_sreg_ntid_z():1; })
SHIMD(size_t, get_group_id, { return d==0?__nvvm_read_ptx_sreg_ctaid_x():d==1?__nvvm_read_ptx_sreg_ctaid_y():d==2?__nvvm_read_ptx_sreg_ctaid_z():0; })
SHIMD(size_t, get_num_groups, { return d==0?__nvvm_read_ptx_sreg_nctaid_x():d==1?__nvvm_read_ptx_sreg_nctaid_y():d==2?__nvvm_read_ptx_sreg_nctaid_z():1; })
SHIMD(size_t, get_global_offset, { return 0; })
SHIMD(size_t, get_global_size, { return get_local_size(d) * get_num_groups(d); })
SHIMD(size_t, get_global_id, { return get_group_id(d) * get_local_size(d) + get_local_id(d); })
uint __attribute__((overloadable)) get_work_dim(void) { return 3; }
void __attribute__((overloadable)) barrier(cl_mem_fence_flags f) { __nvvm_bar_sync(0); }
void __attribute__((overloadable)) mem_fence(cl_mem_fence_flags f) { if (f & CLK_GLOBAL_MEM_FENCE) __nvvm_membar_gl(); else __nvvm_membar_cta(); }
void __attribute__((overloadable)) read_mem_fence(cl_mem_fence_flags f) { mem_fence(f); }
void __attribute__((overloadable)) write_mem_fence(cl_mem_fence_flags f) { mem_fence(f); }
#define SHIM_AT(AS, T) \
  T SHIM shim_cas(volatile AS T* p, T c, T v) { return __sync_val_compare_and_swap(p, c, v); } \
  T SHIM shim_xchg(volatile AS T* p, T v) { return __sync_lock_test_and_set(p, v); } \
  T SHIM shim_inc(volatile AS T* p) { return __sync_fetch_and_add(p, (T)1); } \
  T SHIM shim_dec(volatile AS T* p) { return __sync_fetch_and_sub(p, (T)1); } \
  T SHIM shim_add(volatile AS T* p, T v) { return __sync_fetch_and_add(p, v); } \
  T SHIM shim_sub(volatile AS T* p, T v) { return __sync_fetch_and_sub(p, v); } \
  T SHIM shim_or(volatile AS T* p, T v) { return __sync_fetch_and_or(p, v); } \
  T SHIM shim_and(volatile AS T* p, T v) { return __sync_fetch_and_and(p, v); } \
  T SHIM shim_min(volatile AS T* p, T v) { return __sync_fetch_and_min(p, v); } \
  T SHIM shim_max(volatile AS T* p, T v) { return __sync_fetch_and_max(p, v); }
SHIM_AT(__global, ulong) SHIM_AT(__local, ulong) SHIM_AT(__global, uint) SHIM_AT(__local, uint)
SHIM_AT(__global, int) SHIM_AT(__local, int) SHIM_AT(__global, long) SHIM_AT(__local, long)
#define atom_cmpxchg shim_cas
#define atomic_cmpxchg shim_cas
#define atom_xchg shim_xchg
#define atomic_xchg shim_xchg
#define atom_inc shim_inc
#define atomic_inc shim_inc
#define atomic_dec shim_dec
#define atomic_add shim_add
#define atom_add shim_add
#define atomic_sub shim_sub
#define atomic_or shim_or
#define atomic_and shim_and
#define atomic_min shim_min
#define atomic_max shim_max
#define SHIM_MM(T) T SHIM min(T a, T b) { return a < b ? a : b; } T SHIM max(T a, T b) { return a > b ? a : b; }
SHIM_MM(uint) SHIM_MM(int) SHIM_MM(ulong) SHIM_MM(long)
