"""What tf.strings ops make of their operands: string tensors as numpy object arrays of bytes, and
TensorFlow 2.21's error for anything else, per op (its Python's conversion, or its kernel's refusal),
with tapeflow's sentence as a note. Texts: /work/notes/progs/errors9 (cases.py, p/s1.py)."""
import numpy as np

from . import backend
from .errors import kernel_error
from .ops.graph_input_errors import eager_input_error, fixed_type_mismatch
from .tensor import Tensor, convert_to_tensor

# TF 2.21's kernel behind each op: a tensor of another dtype is its 'cannot compute ...' error
_KERNELS = {'length': 'StringLength', 'lower': 'StringLower', 'upper': 'StringUpper', 'strip': 'StringStrip',
            'join': 'StringJoin', 'reduce_join': 'ReduceJoin', 'substr': 'Substr', 'to_number': 'StringToNumber',
            'regex_replace': 'StaticRegexReplace', 'regex_full_match': 'StaticRegexFullMatch',
            'to_hash_bucket_fast': 'StringToHashBucketFast', 'to_hash_bucket_strong': 'StringToHashBucketStrong',
            'unicode_decode': 'UnicodeDecode', 'unicode_split': 'UnicodeDecode', 'unicode_transcode': 'UnicodeTranscode',
            'unicode_decode_with_offsets': 'UnicodeDecodeWithOffsets',
            'unicode_split_with_offsets': 'UnicodeDecodeWithOffsets', 'to_hash_bucket': 'StringToHashBucket'}
# ops whose Python converts the input to a string tensor first (the prefix: the argument TF names)
_CONVERTS = {'split': 'input: ', 'bytes_split': '', 'ngrams': 'data: ', 'unsorted_segment_join': ''}
# ops that convert a Python number without a dtype first, so a 3 reaches the kernel as an int32 tensor
_CONVERT_PLAIN = frozenset(('reduce_join', 'unicode_decode', 'unicode_split', 'bytes_split',
                            'unicode_decode_with_offsets', 'unicode_split_with_offsets'))
# In a tf.function op_def_library refuses a tensor of numbers as the graph op is added, naming the op's input:
# TF 2.21's "Input 'input' of 'StringLength' Op has type int32 that does not match expected type of string."
# (a TypeError, not the eager kernel's InvalidArgumentError); the input's name where it is not 'input'
_INPUT_NAMES = {'StringToNumber': 'string_tensor', 'StringToHashBucket': 'string_tensor', 'ReduceJoin': 'inputs',
                'UnsortedSegmentJoin': 'inputs'}
# ops whose Python converts eagerly (a ValueError) but hands a graph tensor to the op as it is: their kernel
_GRAPH_KERNELS = {'bytes_split': 'StringSplit', 'unsorted_segment_join': 'UnsortedSegmentJoin'}


def string_values(x, op, kernel=None, position=0):
    """x as a numpy object array of bytes, or TensorFlow's error for ``op``: a conversion error as TF's
    (a Python number is 'Cannot convert 3 to EagerTensor of dtype string'), a tensor of another dtype the
    kernel's 'cannot compute' error or the Python conversion's ValueError; tapeflow's sentence a note."""
    note = '%s: expected a string tensor, got %s; use tf.strings.as_string to format numbers'
    kernel = kernel or _KERNELS.get(op)
    if (kernel or op in _CONVERTS) and op not in _CONVERT_PLAIN and isinstance(x, (bool, int, float)):
        error = TypeError('Cannot convert %r to EagerTensor of dtype string' % (x,))
        error.add_note(note % (op, repr(x)))
        raise error
    try:
        t = convert_to_tensor(x)
    except (TypeError, ValueError) as err:
        err.add_note(note % (op, repr(x)))
        raise
    if t.dtype != np.dtype(object):
        if not isinstance(x, Tensor) and op not in _CONVERT_PLAIN and not t._data.size:
            # TF 2.21 converts x with dtype=string: an empty list or numpy array holds no value to refuse,
            # so it is an empty string tensor (tf.strings.length([]) is an int32 [] of shape (0,))
            return np.empty(t._data.shape, dtype=object)
        raise _not_strings(x, t, op, kernel, position, note % (op, 'dtype ' + t.dtype.name))
    return np.asarray(backend.to_host(t._data), dtype=object)


def _not_strings(x, t, op, kernel, position, note):
    """TensorFlow's error for ``x`` (converted: ``t``) of another dtype than string, given to ``op``."""
    typed = (kernel or op in _CONVERTS) and op not in _CONVERT_PLAIN     # TF converts x with dtype=string
    error = TypeError(note)
    if typed and isinstance(x, (list, tuple)):
        error = TypeError('Cannot convert %r to EagerTensor of dtype string' % (x,))
    elif typed and isinstance(x, np.ndarray):
        error = ValueError('Failed to convert a NumPy array to a Tensor (Unsupported object type %s).'
                           % type(x.reshape(-1)[:1].tolist()[0] if x.size else 0.0).__name__)
    elif isinstance(x, Tensor) or op in _CONVERT_PLAIN:
        if op in _CONVERTS or kernel in _SCALARS and _SCALARS[kernel][2]:
            error = ValueError('%sTensor conversion requested dtype string for Tensor with dtype %s: %r'
                               % (_CONVERTS.get(op, ''), t.dtype.name, t))
        elif kernel:
            error = eager_input_error(kernel, position, 'string', t.dtype)
        kernel = _GRAPH_KERNELS.get(op, kernel)
        if kernel and kernel != 'StringJoin':       # (StringJoin's list input: strings_join.py)
            error = fixed_type_mismatch(error, kernel, _INPUT_NAMES.get(kernel, 'input'), 'string', t.dtype)
    if error.args[0] != note:
        error.add_note(note)
    return error


# kernels taking a scalar string operand: (its text for another shape, ' name: ' tail, whether TF's Python
# converts the operand first: a tensor of numbers is then a ValueError, else the kernel's 'cannot compute')
_SCALARS = {'RegexReplace': ('Pattern must be scalar, but received [%s]', False, True),
            'RegexFullMatch': ('Pattern must be scalar, but received [%s]', True, False),
            'StringSplitV2': ('sep must be a scalar, got shape: [%s]', True, True)}


def scalar_string(value, kernel, op, what='pattern', position=1):
    """A pattern, rewrite or separator as bytes; other values meet TF's conversion to a scalar string tensor."""
    if isinstance(value, (str, bytes)):
        return value.encode() if isinstance(value, str) else value
    note = '%s: the %s must be a string, got %r' % (op, what, value)
    if isinstance(value, (bool, int, float)):
        error = TypeError('Cannot convert %r to EagerTensor of dtype string' % (value,))
        error.add_note(note)
        raise error
    try:
        t = convert_to_tensor(value)
    except (TypeError, ValueError) as err:
        err.add_note(note)
        raise
    shape_text, named, converts = _SCALARS[kernel]
    if t.dtype != np.dtype(object):
        if converts:
            error = ValueError('Tensor conversion requested dtype string for Tensor with dtype %s: %r'
                               % (t.dtype.name, t))
        else:
            error = eager_input_error(kernel, position, 'string', t.dtype)
        if kernel in ('RegexReplace', 'RegexFullMatch'):      # a graph's op_def_library names the input
            error = fixed_type_mismatch(error, kernel, what, 'string', t.dtype)
        error.add_note(note)
        raise error
    if t.ndim:
        raise kernel_error(kernel, shape_text % ','.join(map(str, t.shape)), named=named, note=note)
    return np.asarray(backend.to_host(t._data), dtype=object).item()
