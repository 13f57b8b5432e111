// completion_future::to_task() returns a Windows PPL task: a clear error.
#include <ampcl_amp/completion_future.h>

int main() {
  concurrency::completion_future done;
  done.to_task();
}
