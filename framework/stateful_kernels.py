"""The stateful kernels a dataset iterator's functions ran, which TensorFlow will not checkpoint.

tf.data serializes an iterator (``tf.train.Checkpoint(it=iter(ds)).save``) only if every function
of its dataset is free of stateful ops: a ``tf.random.uniform`` in a ``map``, a ``shuffle`` made
inside an ``interleave`` / ``flat_map`` function (its DummySeedGenerator), a generator's PyFunc make
SerializeIterator fail with FailedPreconditionError '<kernel> is stateful.'. TF finds them in the
traced graphs; tapeflow runs the functions, so an iterator notes the kernels they run while it
makes its elements (``recording``) and refuses at the save (dataset_iterator.py).
"""
import threading

from .errors import FailedPreconditionError, kernel_error

_STATE = threading.local()


class recording:
    """``with recording(found):`` the stateful kernels run inside are appended to ``found``."""
    __slots__ = ('_found',)

    def __init__(self, found):
        self._found = found

    def __enter__(self):
        stack = getattr(_STATE, 'stack', None)
        if stack is None:
            stack = _STATE.stack = []
        stack.append(self._found)
        return self

    def __exit__(self, *exc):
        _STATE.stack.pop()
        return False


def note(kernel):
    """A stateful kernel ``kernel`` ('RandomUniform') runs in the graph of a dataset's function."""
    stack = getattr(_STATE, 'stack', None)
    if stack:
        stack[-1].append(kernel)


def serialize_refusal(kernel):
    """TF 2.21's error for checkpointing an iterator whose functions hold ``kernel``."""
    return kernel_error('SerializeIterator', '%s is stateful.' % kernel, named=True,
                        error_class=FailedPreconditionError,
                        note='tf.train.Checkpoint: an iterator whose dataset functions hold a stateful op (%s) '
                             'cannot be saved; use stateless random ops (tf.random.stateless_uniform) or '
                             'checkpoint the model and optimizer only' % kernel)
