"""``tf.config.threading``: thread-pool sizes. tapeflow's ops run in numpy (or cupy) on the calling
thread, so the sizes are recorded and read back (0: let the system choose, TensorFlow's default)."""
import os

_threads = {'inter': 0, 'intra': 0}


def _count(value, what):
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError('%s: num_threads must be a non-negative int (0: the system chooses), got %r'
                         % (what, value))
    return value


def set_inter_op_parallelism_threads(num_threads):
    _threads['inter'] = _count(num_threads, 'set_inter_op_parallelism_threads')


def get_inter_op_parallelism_threads():
    return _threads['inter']


def set_intra_op_parallelism_threads(num_threads):
    _threads['intra'] = _count(num_threads, 'set_intra_op_parallelism_threads')


def get_intra_op_parallelism_threads():
    return _threads['intra']


def intra_op_pool_size():
    """The threads TensorFlow's intra-op pool would have here: the configured number, else the CPUs
    this process may run on (TF's default). Some CPU kernels split their sums by it (a conv bias
    gradient, a large reduce_sum), so their last bits follow it."""
    return _threads['intra'] or _schedulable_cpus()


def _schedulable_cpus(found=[]):         # noqa: B006  (read once: a process's CPU set rarely changes)
    if not found:
        try:
            found.append(len(os.sched_getaffinity(0)))
        except (AttributeError, OSError):
            found.append(os.cpu_count() or 1)
    return found[0]
