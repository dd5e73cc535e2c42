"""TensorFlow's C++ log lines, which its kernels write to stderr through absl's logging.

Before a program calls ``absl::InitializeLog`` (Python programs never do), absl writes each line as
``W0000 00:00:1796683640.932202   32527 cache_dataset_ops.cc:912] <text>``: the severity letter, a
zero date and hour, the time in seconds since the epoch, the OS thread id in 7 places, then the
kernel's source file and line. The clock and the thread differ from run to run, as TF's do.
"""
import sys
import threading
import time


def warning(source, text):
    """Write ``text`` as TensorFlow's C++ LOG(WARNING) at ``source`` ('file.cc:line') does."""
    now = time.time()
    sys.stderr.write('W0000 00:00:%d.%06d %7d %s] %s\n'
                     % (int(now), int(now % 1 * 1e6), threading.get_native_id(), source, text))
    sys.stderr.flush()
