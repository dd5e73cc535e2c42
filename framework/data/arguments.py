"""Checks of tf.data stage arguments, raising the class TensorFlow raises.

TensorFlow's dataset kernels answer a batch, buffer or window size that is not
positive with InvalidArgumentError; tapeflow's is also a ValueError and a
TypeError (TensorFlow's class for a size that is not an integer at all).
"""
import numpy as np

from ..errors import InvalidArgumentError, kernel_error, noted
from ..tensor import ConversionError, Tensor


def positive_int(value, what, stage, kernel=None):
    """``value`` as a Python int > 0 (a scalar integer tensor, such as a cardinality, works too).

    ``kernel``: (TensorFlow's dataset kernel, its sentence[, the node name it prints]) for an integer
    that is not positive."""
    if isinstance(value, Tensor):
        value = _int64_count(value, what)
    if isinstance(value, (bool, np.bool_)):     # TF converts True / False to int64 1 / 0
        value = int(value)
    if not isinstance(value, (int, np.integer)) or value <= 0:
        note = '%s: %s must be positive (an integer), got %r' % (stage, what, value)
        if not isinstance(value, (int, np.integer)):
            raise _not_int64(value, note)
        if kernel is not None:
            raise kernel_error(*kernel[:2], named=True, note=note, node=kernel[2] if len(kernel) > 2 else None)
        raise InvalidArgumentError(note)
    return int(value)


def _int64_count(tensor, what):
    """A scalar int64 tensor's value; TF converts a count to int64 and refuses a tensor of any other
    dtype (an int32 tf.constant(2) included) with its conversion ValueError, prefixed by the argument's
    name. Other int64 tensors (rank 1) go on to the caller's checks."""
    if tensor.dtype.name != 'int64':
        from ..variable import Variable
        if isinstance(tensor, Variable):
            from ..keras_operands import variable_conversion_error
            error = variable_conversion_error(tensor, np.dtype('int64'))
        else:
            error = ValueError('%s: Tensor conversion requested dtype int64 for Tensor with dtype %s: %r'
                               % (what, tensor.dtype.name, tensor))
        error.add_note('tf.data: %s must be a Python int or an int64 tensor; cast it with tf.cast(x, tf.int64)'
                       % what)
        raise error
    return tensor.numpy().item() if tensor.ndim == 0 else tensor


def _not_int64(value, note):
    """TF's class and words for a count it cannot convert to an int64 tensor: its TypeError, or
    ValueError for None (a ConversionError, also the TypeError tapeflow raised before); tapeflow's
    ``note`` says which argument."""
    if value is None:
        error = ConversionError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                                "to a Tensor.")
    elif isinstance(value, (str, bytes, float, np.floating, complex)):
        error = TypeError('Cannot convert %r to EagerTensor of dtype int64' % (value,))
    else:               # tensors and sequences fail otherwise in TF (dtype or rank): tapeflow's words only
        return InvalidArgumentError(note)
    error.add_note(note)
    return error


def integer(value, what, stage):
    """``value`` as a Python int (a scalar integer tensor works too). TensorFlow converts a count to an
    int64 tensor, which refuses 1.5 and 'a' (TypeError) and None (ValueError): int() would take 1.5
    as 1, so this raises InvalidArgumentError, which is both."""
    if isinstance(value, Tensor):
        value = _int64_count(value, what)
    if isinstance(value, (bool, np.bool_)):     # TF converts True / False to int64 1 / 0
        value = int(value)
    if not isinstance(value, (int, np.integer)):
        raise _not_int64(value, '%s: %s must be an integer, got %r (of type %s)'
                         % (stage, what, value, type(value).__name__))
    return int(value)


def function_argument(fn, what, stage):
    """``fn`` if it can be called; TensorFlow checks this when the stage is made, not on iteration, in
    words every stage shares (its StructuredFunctionWrapper's), tapeflow's naming the stage in a note."""
    if not callable(fn):
        error = ValueError('Argument `func` must be a callable. Received func=%s (of type %s)' % (fn, type(fn)))
        error.add_note('%s: %s must be a callable, got %r (of type %s)' % (stage, what, fn, type(fn).__name__))
        raise error
    return fn


def boolean(value, what, stage):
    """``value`` as a Python bool: TensorFlow converts such a flag to a bool tensor, which refuses 1
    and 'yes' (TypeError 'Cannot convert 1 to EagerTensor of dtype bool') where bool() takes them."""
    if isinstance(value, Tensor) and value.ndim == 0 and value._data.dtype.kind == 'b':
        value = value.numpy().item()
    if value is None:
        raise _not_int64(None, '%s: %s must be a bool, got None' % (stage, what))
    if not isinstance(value, (bool, np.bool_)):
        raise noted(TypeError('Cannot convert %r to EagerTensor of dtype bool' % (value,)),      # TF's words
                    '%s: %s must be a bool, got %r (of type %s)' % (stage, what, value, type(value).__name__))
    return bool(value)


def dataset_name(name):
    """A stage's ``name=`` checked as TensorFlow checks it when the stage's dataset op is made
    (dataset_ops._validate_and_encode, reached only for a truthy name): a str must be an identifier
    (its ValueError below); any other truthy value fails as ``name.isidentifier()`` does, with
    Python's AttributeError ("'int' object has no attribute 'isidentifier'"). '' and None pass."""
    if name and not name.isidentifier():
        raise ValueError('Invalid `name`. The argument `name` needs to be a valid identifier. Value is considered a '
                         'valid identifier if it only contains alphanumeric characters (a-z), (A-Z), and (0-9), or '
                         'underscores (_). A valid identifier cannot start with a number, or contain any spaces.')


def int64_argument(value, what, stage):
    """``value`` as TF's ``convert_to_tensor(value, tf.int64, name=what)`` makes a dataset op's size
    argument: a Python int, or a numpy array where that tensor would have a rank (the op's kernel then
    refuses it as not a scalar: the caller words that). Refuses 2.5 / '2' (TypeError), an int32 tensor
    (ValueError naming ``what``) and None as TF's conversion does."""
    if isinstance(value, Tensor):
        value = _int64_count(value, what)
        return value.numpy() if isinstance(value, Tensor) else value
    if isinstance(value, (list, tuple, np.ndarray)):
        array = np.asarray(value)
        if array.dtype.kind in 'iub':
            return array if array.ndim else int(array)
        if array.ndim:
            raise _not_int64(value if array.dtype.kind == 'f' else str(value),
                             '%s: %s must be an integer' % (stage, what))
    return integer(value, what, stage)
