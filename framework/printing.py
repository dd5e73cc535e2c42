"""``framework.print``: print tensors by value in ``tf.print``'s own format.

``tf.print`` does not use numpy's layout: elements are separated by one space
without padding (``[[1.5 2]\n [3.25 -4]]``), floats are written with the fewest
of 6 or 9 significant digits (15 or 17 for float64) that read back exactly,
booleans as 1 and 0, strings in double quotes and C-escaped (bytes of 0x80 and
above as they are), complex numbers as '?', and each dimension longer than
2 * summarize keeps its first and last ``summarize`` entries around '...'.

The line is built as TensorFlow's ``print_v2`` builds it: every input is
written with ``pprint`` with a placeholder for each tensor in it, the quotes
around a placeholder are dropped, and the placeholders are then replaced by
the tensors' text. So a SparseTensor reads ``'SparseTensor(indices=[[0 1]],
values=[5], shape=[2 2])'``, quotes included, and a RaggedTensor reads
``[[1, 2], [3]]`` (its flat values as ``tf.strings.as_string`` writes them).
A lone scalar string tensor is written as it is, without quotes.
"""
import collections
import pprint
import random
import sys

import numpy as np

from . import backend, graph_operations, nest, trace_prints
from .composite import CompositeTensor
from .tensor import Tensor, convert_to_tensor
from .tf_python_names import tf_named

_ESCAPES = {'\n': '\\n', '\r': '\\r', '\t': '\\t', '"': '\\"', "'": "\\'", '\\': '\\\\'}


def _c_escape(text):
    """absl's Utf8SafeCEscape, as TensorFlow quotes a string element: characters 0x80 and up pass."""
    return ''.join(_ESCAPES.get(c) or (c if ' ' <= c <= '~' or ord(c) >= 0x80 else '\\%03o' % ord(c))
                   for c in text)


def _as_text(value):
    # Bytes that are not UTF-8 survive as surrogates, so the write puts back the very bytes.
    return value.decode('utf-8', 'surrogateescape') if isinstance(value, bytes) else str(value)


def _format_float(x, dtype):
    if x != x:      # glibc's printf signs a NaN whose sign bit is set: '-nan' (Python's % writes 'nan')
        return '-nan' if np.signbit(x) else 'nan'
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
    if dtype.kind == 'f' or dtype.name == 'bfloat16':
        # float16 and bfloat16 print through float, as TensorFlow's kernels print them
        return _format_float(np.float32(x) if dtype.itemsize < 4 else x,
                             np.dtype(np.float32) if dtype.itemsize < 4 else dtype)
    if dtype.kind in 'SOU':
        return '"%s"' % _c_escape(_as_text(x))
    return '?'      # complex and other types TensorFlow's summarizer does not know


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


def _ragged_element(x, dtype):
    if dtype.kind in 'SOU':     # ragged_tensor_to_string: single quotes, only ' and \ escaped
        return "'%s'" % _as_text(x).replace('\\', '\\\\').replace("'", "\\'")
    if dtype.kind == 'b':
        return 'true' if x else 'false'
    if dtype.kind in 'iu':
        return '%d' % x
    if x != x:      # as_string's printf: '-nan' when the sign bit is set
        return '-nan' if np.signbit(x) else 'nan'
    return '%f' % float(x)     # tf.strings.as_string's default for floats


def format_ragged(ragged, summarize=3):
    """``ragged``'s value as TensorFlow's ``ragged_tensor_to_string`` writes it: '[[1, 2], [3]]'."""
    if summarize is not None and summarize != -1 and not (isinstance(summarize, int) and summarize > 0):
        raise ValueError('Expected summarize to be -1 or a positive int, got %r' % (summarize,))
    flat = np.asarray(backend.to_host(ragged.flat_values._data))

    def text(value):
        if not isinstance(value, list) and np.ndim(value) == 0:
            return _ragged_element(value, flat.dtype)
        pieces = [text(v) for v in value]
        if summarize not in (-1, None) and len(pieces) > 2 * summarize:
            pieces = pieces[:summarize] + ['...'] + pieces[-summarize:]
        return '[' + ', '.join(pieces) + ']'
    return text(_nested_rows(ragged, flat))


def _nested_rows(ragged, flat):
    """The ragged tensor as nested lists whose innermost items are rows of ``flat``'s values."""
    values = list(flat)
    for splits in reversed([np.asarray(backend.to_host(s._data)) for s in ragged.nested_row_splits]):
        values = [values[splits[i]:splits[i + 1]] for i in range(len(splits) - 1)]
    return values


def format_value(value, summarize=3):
    """A dense or ragged tensor's text inside a ``tf.print`` or ``tf.strings.format`` line."""
    if _is_ragged(value):
        return format_ragged(value, summarize)
    return format_tensor(convert_to_tensor(value), 3 if summarize is None else int(summarize))


def _is_ragged(value):
    return isinstance(value, CompositeTensor) and hasattr(value, 'nested_row_splits')


def _is_sparse(value):
    return isinstance(value, CompositeTensor) and hasattr(value, 'dense_shape')


def _is_tensor(value):
    return isinstance(value, (Tensor, CompositeTensor))


def _placeholder(text):
    """TensorFlow's _generate_placeholder_string: '{}', lengthened by seeded digits until not in ``text``."""
    placeholder, rng = '{}', random.Random(5)
    while placeholder in text:
        placeholder += str(rng.randint(0, 9))
    return placeholder


def _template(value, placeholder, tensors):
    """``value`` written by pprint with ``placeholder`` for each tensor, whose parts join ``tensors``."""
    slots = []
    for leaf in nest.flatten(value):
        if _is_sparse(leaf):
            tensors.extend([leaf.indices, leaf.values, leaf.dense_shape])
            slots.append('SparseTensor(indices={0}, values={0}, shape={0})'.format(placeholder))
        elif _is_tensor(leaf):
            tensors.append(leaf)
            slots.append(placeholder)
        else:
            slots.append(leaf)
    if isinstance(value, str):
        return value        # a plain string is its own template
    return pprint.pformat(nest.pack_sequence_as(value, slots))


def format_line(inputs, summarize=3, sep=' '):
    """The text ``tf.print(*inputs)`` writes, before its ``end``."""
    if len(inputs) == 1 and isinstance(inputs[0], Tensor) and inputs[0]._data.ndim == 0 \
            and inputs[0]._data.dtype.kind in 'SOU':
        return _as_text(np.asarray(backend.to_host(inputs[0]._data))[()])
    # The placeholder is chosen as TensorFlow chooses it: absent from the inputs printed without
    # their tensors, OrderedDicts sorted by key (the template itself keeps their order).
    sorted_inputs = [collections.OrderedDict(sorted(x.items())) if isinstance(x, collections.OrderedDict)
                     else x for x in inputs]
    free = ' '.join(pprint.pformat(nest.map_structure(lambda x: '' if _is_tensor(x) else x, x))
                    for x in sorted_inputs)
    placeholder = _placeholder(free)
    tensors = []
    template = sep.join(_template(x, placeholder, tensors) for x in inputs)
    pieces = template.replace("'" + placeholder + "'", placeholder).split(placeholder)
    return pieces[0] + ''.join(format_value(t, summarize) + piece for t, piece in zip(tensors, pieces[1:]))


@tf_named('print_v2')
def print_(*inputs, **kwargs):
    """Print values, tensors shown as their elements (``[1 2 3]``), like ``tf.print``. Keywords, as TF's
    print_v2 reads them: output_stream, summarize (3), sep (' '), end ('\n'), name.

    Raises:
        ValueError: ``output_stream`` is none of sys.stdout, sys.stderr, a tf.compat.v1.logging function
            or a 'file://<path>' string (TF's words; 'stdout' or an io.StringIO too), or another keyword
            is given (TF's words)."""
    output_stream = kwargs.pop('output_stream', None)
    name = kwargs.pop('name', None)
    summarize = kwargs.pop('summarize', 3)
    sep = kwargs.pop('sep', ' ')
    end = kwargs.pop('end', '\n')
    if kwargs:
        raise ValueError('Unrecognized keyword arguments for tf.print: %s' % kwargs)
    _check_stream(output_stream)
    text = format_line(inputs, summarize, sep) + end
    trace_prints.emit(lambda: _write(text, output_stream))
    return graph_operations.made(name or 'PrintV2', 'PrintV2')      # (None eagerly; a trace's PrintV2 op)


_LOG_LEVELS = ('info', 'warning', 'error')      # tf.compat.v1.logging's functions tf.print takes


def _check_stream(output_stream):
    if output_stream is None or output_stream is sys.stdout or output_stream is sys.stderr \
            or isinstance(output_stream, str) and output_stream.startswith('file://') \
            or _log_function(output_stream) is not None:
        return
    raise ValueError('Unsupported output stream, logging level, or file.%s. Supported streams are sys.stdout, '
                     'sys.stderr, tf.logging.info, tf.logging.warning, tf.logging.error. File needs to be in the '
                     "form of 'file://<filepath>'." % (output_stream,))


def _log_function(output_stream):
    """The level name of a tf.compat.v1.logging function given as a stream, or None."""
    from .compat import v1_logging      # (late: compat imports much of the package)
    name = getattr(output_stream, '__name__', None)
    if name in _LOG_LEVELS and getattr(v1_logging, name, None) is output_stream:
        return name
    return None


def _write(text, output_stream):
    if _log_function(output_stream) is not None:    # (logged at that level, without the line's end)
        output_stream(text[:-1] if text.endswith('\n') else text)
        return
    if isinstance(output_stream, str) and output_stream.startswith('file://'):
        with open(output_stream[len('file://'):], 'a', encoding='utf-8', errors='surrogateescape') as f:
            f.write(text)
        return
    if output_stream in (None, 'stderr', sys.stderr):
        stream = sys.stderr
    elif output_stream in ('stdout', sys.stdout):
        stream = sys.stdout
    else:
        stream = output_stream
    try:
        # (sys.stderr's 'backslashreplace' would write such bytes as '\\udcff' instead of failing)
        raw = getattr(stream, 'buffer', None) is not None and not text.isascii() and _has_surrogates(text)
        if not raw:
            stream.write(text)
    except UnicodeEncodeError:
        raw = True
    if raw:                         # string bytes that are not UTF-8: write them as TensorFlow does, raw
        stream.flush()
        stream.buffer.write(text.encode('utf-8', 'surrogateescape'))
        stream.buffer.flush()


def _has_surrogates(text):
    try:
        text.encode('utf-8')
    except UnicodeEncodeError:
        return True
    return False
