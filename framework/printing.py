"""``framework.print``: print tensors by value in ``tf.print``'s own format.

``tf.print`` does not use numpy's layout: elements are separated by one space
without padding (``[[1.5 2]\n [3.25 -4]]``), floats are written with the fewest
of 6 or 9 significant digits (15 or 17 for float64) that read back exactly,
booleans as 1 and 0, strings in double quotes, and each dimension longer than
2 * summarize keeps its first and last ``summarize`` entries around '...'.
Other values are shown as ``pprint`` shows them, tensors inside lists and dicts
by value.
"""
import pprint
import sys

import numpy as np

from . import backend
from .tensor import Tensor


def _format_float(x, dtype):
    short, exact = (15, 17) if dtype == np.float64 else (6, 9)
    text = '%.*g' % (short, x)
    if dtype.type(float(text)) != x:    # as TensorFlow's FloatToBuffer: widen only when needed
        text = '%.*g' % (exact, x)
    return text


def _format_element(x, dtype):
    if dtype.kind == 'b':
        return '1' if x else '0'
    if dtype.kind in 'iu':
        return str(int(x))
    if dtype.kind == 'f':
        return _format_float(x, np.dtype(np.float32) if dtype.itemsize < 4 else dtype)
    if dtype.kind in 'SO':
        return '"%s"' % (x.decode() if isinstance(x, bytes) else x)
    if dtype.kind == 'U':
        return '"%s"' % x
    return str(x)


def _format_array(array, summarize, depth=1):
    if array.ndim == 0:
        return _format_element(array[()], array.dtype)
    n = array.shape[0]
    if summarize == 0 and n:
        # TensorFlow writes the spacing before '...' even when nothing precedes it.
        return '[' + (' ' if array.ndim == 1 else '\n' * (array.ndim - 1) + ' ' * depth) + '...]'
    if 0 <= summarize and 2 * summarize < n:
        rows = list(range(summarize)) + [None] + list(range(n - summarize, n))
    else:
        rows = range(n)
    if array.ndim == 1:
        return '[' + ' '.join('...' if i is None else _format_element(array[i], array.dtype) for i in rows) + ']'
    parts = ['...' if i is None else _format_array(array[i], summarize, depth + 1) for i in rows]
    return '[' + ('\n' * (array.ndim - 1) + ' ' * depth).join(parts) + ']'


def format_tensor(tensor, summarize=3):
    """``tensor``'s value as ``tf.print`` writes it."""
    array = np.asarray(backend.to_host(tensor._data))
    # TensorFlow keeps at most min(summarize, size) entries at each end: none for an
    # empty tensor, so tf.print(tf.zeros([2, 0])) writes '[\n ...]'.
    limit = array.size if summarize < 0 else min(summarize, array.size)
    return _format_array(array, limit)


class _Shown:
    """Stands in for a tensor inside a structure, so pprint writes its value."""

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


def _replace_tensors(value, summarize):
    if isinstance(value, Tensor):
        return _Shown(format_tensor(value, summarize))
    if isinstance(value, (list, tuple)) and type(value) in (list, tuple):
        return type(value)(_replace_tensors(v, summarize) for v in value)
    if isinstance(value, dict):
        return {k: _replace_tensors(v, summarize) for k, v in value.items()}
    return value


def print_(*inputs, output_stream=None, summarize=3, sep=' ', end='\n', name=None):
    """Print values, tensors shown as their elements (``[1 2 3]``), like ``tf.print``."""
    summarize = 3 if summarize is None else int(summarize)
    parts = []
    for value in inputs:
        if isinstance(value, Tensor):
            parts.append(format_tensor(value, summarize))
        elif isinstance(value, str):
            parts.append(value)
        else:
            parts.append(pprint.pformat(_replace_tensors(value, summarize)))
    stream = output_stream if output_stream not in (None, 'stderr') else sys.stderr
    if output_stream == 'stdout' or output_stream is sys.stdout:
        stream = sys.stdout
    stream.write(sep.join(parts) + end)
