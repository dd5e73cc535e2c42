"""``tf.errors``: TensorFlow's exception classes, for programs that catch them by name.

Ops raise ``InvalidArgumentError`` where TensorFlow does (shapes that do not
broadcast or reshape, mismatched dtypes, indices out of range). It is also a
ValueError, TypeError and IndexError, the classes tapeflow raised for these cases
before, so ``except ValueError`` (or TypeError, IndexError) still catches them.
"""
import numpy as np

OK = 0
CANCELLED = 1
UNKNOWN = 2
INVALID_ARGUMENT = 3
DEADLINE_EXCEEDED = 4
NOT_FOUND = 5
ALREADY_EXISTS = 6
PERMISSION_DENIED = 7
RESOURCE_EXHAUSTED = 8
FAILED_PRECONDITION = 9
ABORTED = 10
OUT_OF_RANGE = 11
UNIMPLEMENTED = 12
INTERNAL = 13
UNAVAILABLE = 14
DATA_LOSS = 15
UNAUTHENTICATED = 16


def shown_as(cls, shown):
    """Make exception class ``cls`` print as ``shown`` (TensorFlow's or Keras's class for the same error):
    ``type(e).__name__`` and an uncaught traceback's last line name ``shown``, while ``except`` clauses
    still catch ``cls`` by every class it derives from."""
    cls.__name__ = cls.__qualname__ = shown.__name__
    cls.__module__ = shown.__module__


# TensorFlow's module for its op errors: an uncaught one ends a traceback as
# 'tensorflow.python.framework.errors_impl.InvalidArgumentError: ...', and tapeflow's classes print
# the same module (pickle still finds them here, through OpError.__reduce__)
_TF_MODULE = 'tensorflow.python.framework.errors_impl'


_OP_ERRORS_MADE = [0]       # (read by get_concrete_function's early trace: concrete_function_trace.py)


def op_errors_made():
    """How many OpErrors were made so far: a difference tells whether a kernel failed in between."""
    return _OP_ERRORS_MADE[0]


class OpError(Exception):
    """An op failed. Built as ``OpError(message)`` or, as in TensorFlow,
    ``OpError(node_def, op, message[, error_code])``."""
    __module__ = _TF_MODULE
    code = UNKNOWN

    def __init__(self, *args):
        _OP_ERRORS_MADE[0] += 1
        if len(args) >= 3:
            self.node_def, self.op, self.message = args[:3]
            if len(args) > 3:
                self.code = args[3]
        else:
            self.node_def, self.op = None, None
            self.message = args[0] if args else ''
        super().__init__(self.message)

    @property
    def error_code(self):
        return self.code

    def __reduce__(self):
        kind = type(self)
        if kind.__module__ == _TF_MODULE and globals().get(kind.__name__) is kind:
            return _rebuilt, (kind.__name__, self.node_def, self.op, self.message, self.code), self.__dict__
        return super().__reduce__()


def _rebuilt(name, node_def, op, message, code):
    """An unpickled op error: its class found by name in this module (its shown module is TF's)."""
    return globals()[name](node_def, op, message, code)


def _error(name, code, *bases):
    return type(name, (OpError,) + bases, {'code': code, '__module__': _TF_MODULE,
                                          '__doc__': 'TensorFlow\'s %s (error code %d).' % (name, code)})


CancelledError = _error('CancelledError', CANCELLED)
UnknownError = _error('UnknownError', UNKNOWN)
InvalidArgumentError = _error('InvalidArgumentError', INVALID_ARGUMENT, ValueError, TypeError, IndexError)
DeadlineExceededError = _error('DeadlineExceededError', DEADLINE_EXCEEDED)
NotFoundError = _error('NotFoundError', NOT_FOUND)
AlreadyExistsError = _error('AlreadyExistsError', ALREADY_EXISTS)
PermissionDeniedError = _error('PermissionDeniedError', PERMISSION_DENIED)
ResourceExhaustedError = _error('ResourceExhaustedError', RESOURCE_EXHAUSTED)
FailedPreconditionError = _error('FailedPreconditionError', FAILED_PRECONDITION)
AbortedError = _error('AbortedError', ABORTED)
OutOfRangeError = _error('OutOfRangeError', OUT_OF_RANGE)
UnimplementedError = _error('UnimplementedError', UNIMPLEMENTED)
InternalError = _error('InternalError', INTERNAL)
UnavailableError = _error('UnavailableError', UNAVAILABLE)
DataLossError = _error('DataLossError', DATA_LOSS)


class OperatorNotAllowedInGraphError(TypeError):
    """TensorFlow's error for a Python operation on a graph tensor (``if tensor:`` in a graph)."""
    __module__ = _TF_MODULE

    def __reduce__(self):
        return _rebuilt_plain, (type(self).__name__, self.args), self.__dict__


def _rebuilt_plain(name, args):
    """An unpickled error of this module that is no OpError (see OpError.__reduce__)."""
    return globals()[name](*args)


UnauthenticatedError = _error('UnauthenticatedError', UNAUTHENTICATED)


# Where TensorFlow's eager kernels say they ran; tapeflow's ops run on the host.
_EAGER_CPU = '/job:localhost/replica:0/task:0/device:CPU:0'


def kernel_error(op_type, text, named=False, note=None, node=None, error_class=None):
    """An InvalidArgumentError worded as TensorFlow's eager kernel ``op_type`` words it, so a program
    that prints a caught error (the guides' ``print(f"{type(e).__name__}: {e}")``) prints the same.

    Args:
        op_type: TensorFlow's kernel name ('Reshape', 'AddV2', 'GatherV2').
        text: the kernel's own sentence, which names the sizes involved.
        named: whether TensorFlow's Python wrapper adds its ' name: ' tail (operators and tf.add do);
            a string is the name that tail gives ('strided_slice/' for x[i]).
        note: tapeflow's explanation (the op, the shapes, what to do), attached as a PEP 678 note:
            tracebacks show it under the message, ``str(error)`` stays TensorFlow's.
        node: the kernel that ran, where it is not ``op_type`` (oneDNN's '__MklMatMul' for MatMul).
        error_class: the kernel's class where it is not InvalidArgumentError (Cross's FailedPreconditionError).
    """
    if isinstance(named, str) and named.endswith('/'):
        # a name scope the op's wrapper opened (x[i]'s 'strided_slice/'), inside the user's tf.name_scope
        from .name_scopes import current
        named = current() + named
    error = (error_class or InvalidArgumentError)('{{function_node __wrapped__%s_device_%s}} %s [Op:%s]%s'
                                 % (node or op_type, _EAGER_CPU, text, op_type,
                                    ' name: ' + (named if isinstance(named, str) else '') if named else ''))
    if note:
        error.add_note(note)
    return error


def fast_path(*inputs):
    """Whether TensorFlow's eager fast path takes an op's ``inputs`` (tensors, arrays, numbers), so that
    its kernel errors end in ' name: '; a Python list or tuple among them sends the call through the
    slow path (so does a Python string, a numpy scalar, and a Keras variable: keras_operands), whose errors end
    at '[Op:Equal]' (TF 2.21: tf.nn.depth_to_space('abc', 2), tf.squeeze('abc', 0))."""
    return not any(isinstance(value, (list, tuple, np.generic, str, bytes)) or getattr(value, '_path', None) is not None
                   and _keras_variable(value) for value in inputs)


def _keras_variable(value):
    from .keras_operands import is_keras_variable      # (keras_operands imports variable, which imports this)
    return is_keras_variable(value)


def noted(error, note):
    """``error`` (TensorFlow's class and words) with tapeflow's ``note`` attached (PEP 678), to raise."""
    error.add_note(note)
    return error


def without_name_tail(error):
    """``error`` (a kernel error worded as the fast path words it, ending in ' name: ') as the slow path
    (a Python list among the op's arguments) words it, ending at '[Op:GatherV2]'; its class and notes kept."""
    text = str(error)
    if not text.endswith(' name: '):        # (the slow path's words already: a list or Keras variable operand)
        return error
    plain = type(error)(text[:-len(' name: ')])
    for note in getattr(error, '__notes__', ()):
        plain.add_note(note)
    return plain


def with_name_tail(error):
    """``error`` (a kernel error raised as the slow path words it, ending at '[Op:SelectV2]') as the fast
    path words it, with its ' name: ' tail; its class and notes kept."""
    if str(error).endswith(' name: '):
        return error
    named = type(error)(str(error) + ' name: ')
    for note in getattr(error, '__notes__', ()):
        named.add_note(note)
    return named
