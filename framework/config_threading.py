"""``tf.config.threading``: thread-pool sizes. tapeflow's ops run in numpy (or cupy) on the calling
thread, so the sizes are recorded and read back (0: let the system choose, TensorFlow's default)."""
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
