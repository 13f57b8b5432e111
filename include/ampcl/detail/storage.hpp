// The memory behind array and array_view (lib/memory/storage.hpp). Opaque here:
// templates create storage over host data or on a view, reach its host copy, ask
// for its buffer and copy between storages; the library keeps the host and device
// copies coherent. Sections share their parent's storage.
#pragma once

#include <ampcl/accelerator.hpp>
#include <ampcl/cl.hpp>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace ampcl::detail {

class storage;

// Over memory the user owns (a std::vector, a raw pointer). The host copy is current.
std::shared_ptr<storage> storage_over_host(void* host, std::size_t bytes);
// Device-resident (array): a buffer on `view`'s context, no host copy yet.
std::shared_ptr<storage> storage_on_device(const accelerator_view& view, std::size_t bytes);
// Host-visible (arrays with CPU access, staging arrays): one page-aligned host
// allocation that the device uses in place where it shares memory with the host.
std::shared_ptr<storage> storage_host_visible(const accelerator_view& view, std::size_t bytes);
// The CPU access an array asked for becomes on `view`: resolves access_type_auto
// and throws unsupported_feature for CPU access on a device without shared memory.
access_type resolve_cpu_access(const accelerator_view& view, access_type requested);
// Whether two views are queues of one device (a copy between them stays there).
bool same_device(const accelerator_view& a, const accelerator_view& b);
// No data source (array_view(extent)): allocated wherever it is first used.
std::shared_ptr<storage> storage_without_source(std::size_t bytes);

// Host memory holding current data (copied back from the device if needed).
// `will_write` makes the host copy the only current one.
void* host_data(storage& s, bool will_write);
// The buffer on `view`'s context. `will_read` makes its contents current;
// `will_write` makes it the only current copy.
cl_mem device_buffer(storage& s, const accelerator_view& view, bool will_read, bool will_write);
// copy()'s shortcut past the host copy: device bytes straight out when only the
// device copy is current (false otherwise; callers fall back to host_data).
bool read_from_device_directly(storage& s, void* dst, std::size_t offset, std::size_t bytes);

// copy() into and out of storage, for both host APIs. A copy into a view is as if
// written through the view to its data source (C++ AMP, Visual C++): the user's
// memory behind a view over host data takes the bytes, so refresh() afterwards
// keeps them; a copy out of a view leaves its data source as it was until
// synchronize(). lib/memory/storage.cpp has the rule; neither moves more than
// the range copied when the data need not move.
//
// Bytes [offset, offset + bytes) take src's bytes.
void copy_into(storage& s, std::size_t offset, std::size_t bytes, const void* src);
// Elements scattered over [offset, offset + bytes) (a strided section):
// fill(ctx, span) gets an image of the range holding its current bytes and stores
// the copy's elements among them. It may be called twice (the host copy and the
// device copy) and must store the same bytes each time.
using span_filler = void (*)(void* ctx, unsigned char* span);
void copy_into(storage& s, std::size_t offset, std::size_t bytes, span_filler fill, void* ctx);
template <class F>
void copy_into_scattered(storage& s, std::size_t offset, std::size_t bytes, F& fill) {
  copy_into(
      s, offset, bytes, [](void* f, unsigned char* span) { (*static_cast<F*>(f))(span); }, &fill);
}
// Bytes [offset, offset + bytes) of the current data: the host copy itself when it
// is current, else read from the device into `scratch`.
const unsigned char* bytes_for_copy(storage& s, std::size_t offset, std::size_t bytes,
                                    std::vector<unsigned char>& scratch);
// discard_data(): neither copy needs to be kept current.
void discard(storage& s);
// refresh(): the user changed the host memory directly; it is the truth. Storage
// that is not over the user's memory (an array's, one without a data source) has
// nothing outside it to change, and is left as it is.
void host_changed(storage& s);
// synchronize(): the current data reaches the host; both copies stay current.
void synchronize_to_host(storage& s);
// Where the data source lives: an array's view, else the CPU accelerator's default
// view. Throws for storage without a data source; `what` names the view ("this
// array_view of extent(4)") in the message.
accelerator_view source_accelerator_view(const storage& s, const std::string& what);

// Copies src's bytes into dst on `view`'s queue (both end up with buffers there),
// ordered on the queue like a launch; the _async form returns the copy's future.
void copy_device_to_device(storage& src, storage& dst, const accelerator_view& view);
completion_future copy_device_to_device_async(storage& src, storage& dst,
                                              const accelerator_view& view);

}  // namespace ampcl::detail
