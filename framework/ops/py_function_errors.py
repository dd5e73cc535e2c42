"""What an exception raised by a ``tf.py_function``'s Python becomes, as TensorFlow's EagerPyFunc kernel
reports it (py_func.cc): the Python error's class picks the status code, and the message is the kernel's
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
    text = '%s: %s' % (type(err).__name__, err)
    frames = [f for f in traceback.extract_tb(err.__traceback__) if not f.filename.startswith(_PACKAGE)]
    formatted = ''.join(entry + '\n' for entry in traceback.format_list(frames))
    message = ('{{function_node __wrapped__EagerPyFunc_Tin_%d_Tout_%d_device_%s}} %s\nTraceback (most recent call '
               'last):\n\n%s%s\n\n [Op:EagerPyFunc] name: ' % (n_inputs, n_outputs, _DEVICE, text, formatted, text))
    return _status_class(err)(None, None, message)
