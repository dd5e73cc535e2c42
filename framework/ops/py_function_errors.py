"""What an exception raised by a ``tf.py_function``'s Python (or a ``Dataset.from_generator`` generator, which
TensorFlow runs in a PyFunc) becomes, as TensorFlow's kernel reports it (py_func.cc): the Python error's class picks the status code, and the message is the kernel's
``{{function_node ...}} AttributeError: ...`` line, the traceback, and the op's tail.

The tfrecord tutorial's py_function (a numpy bool given to Int64List) prints UnknownError on TF 2.21;
tapeflow let the AttributeError through.
"""
import os
import traceback

from .. import errors

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep    # tapeflow's own frames
_DEVICE = '/job:localhost/replica:0/task:0/device:CPU:0'


def _status_class(err):
    """py_func.cc's mapping: ValueError / TypeError are INVALID_ARGUMENT, StopIteration OUT_OF_RANGE,
    MemoryError RESOURCE_EXHAUSTED, NotImplementedError UNIMPLEMENTED, anything else (an OpError too) UNKNOWN."""
    if isinstance(err, errors.OpError):         # (tapeflow's InvalidArgumentError is also a ValueError)
        return errors.UnknownError
    for python, status in ((ValueError, errors.InvalidArgumentError), (TypeError, errors.InvalidArgumentError),
                           (StopIteration, errors.OutOfRangeError), (MemoryError, errors.ResourceExhaustedError),
                           (NotImplementedError, errors.UnimplementedError)):
        if isinstance(err, python):
            return status
    return errors.UnknownError


def kernel_error(err, n_inputs, n_outputs):
    """The OpError TensorFlow raises for ``err`` from a py_function of ``n_inputs`` inputs and ``n_outputs``
    Tout dtypes. The traceback lists the user's frames (TensorFlow's own script_ops frames come first there)."""
    return _status_error(err, 'EagerPyFunc_Tin_%d_Tout_%d' % (n_inputs, n_outputs), '\n\n [Op:EagerPyFunc] name: ')


def generator_error(err, components):
    """The OpError TensorFlow's iterator raises for ``err`` from a ``Dataset.from_generator`` generator (its
    PyFunc node; the IteratorGetNext kernel is named after the ``components`` of an element)."""
    return _status_error(err, 'IteratorGetNext_output_types_%d' % components,
                         '\n\n\n\t [[{{node PyFunc}}]] [Op:IteratorGetNext] name: ')


def _status_error(err, kernel, tail):
    text = '%s: %s' % (type(err).__name__, err)
    frames = [f for f in traceback.extract_tb(err.__traceback__) if not f.filename.startswith(_PACKAGE)]
    formatted = ''.join(entry + '\n' for entry in traceback.format_list(frames))
    message = ('{{function_node __wrapped__%s_device_%s}} %s\nTraceback (most recent call last):\n\n%s%s%s'
               % (kernel, _DEVICE, text, formatted, text, tail))
    return _status_class(err)(None, None, message)
