"""Traced shape rules of elementwise, reducing and contracting ops: broadcasting, reductions and arg-reductions,
matmul / einsum / tensordot, segment ops, diagonals, cumulative and shifting ops; the open lengths (None) of
the inputs carried to the output as TF 2.21's shape inference carries them."""
import numbers

from . import keras_einsum_shapes, keras_median_names, keras_take_along_names, trace_names
from .tensor import Tensor
from .traced_shape_reads import input_shape, length_product, traced_shape


def broadcast(parameters, shapes, result):
    if any(s is None for s in shapes):
        return None
    rank = max((len(s) for s in shapes), default=0)
    out = []
    for axis in range(-rank, 0):
        dims = [s[axis] for s in shapes if len(s) >= -axis]
        known = [d for d in dims if d is not None and d != 1]
        if known:
            out.append(known[0])
        elif None in dims:
            out.append(None)
        else:
            out.append(1)
    return tuple(out)


def _same(parameters, shapes, result):
    return shapes[0] if shapes else None


def _axes(axis, rank):
    if isinstance(axis, Tensor):
        axis = axis.numpy().tolist()
    if axis is None:
        return set(range(rank))
    if isinstance(axis, numbers.Integral):
        axis = [axis]
    return {int(a) % rank for a in axis}


def _reduce(parameters, shapes, result):
    shape = shapes[0] if shapes else None
    if shape is None:       # (over every axis, a scalar even of a tensor of unknown rank)
        return () if parameters.get('axis') is None and not parameters.get('keepdims') and not result._data.ndim \
            else None
    axes = _axes(parameters.get('axis'), len(shape))
    if parameters.get('keepdims'):
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def _last_axis(parameters, shapes, result):
    """A Keras loss of (y_true, y_pred): one value per sample, the last axis averaged away."""
    shape = broadcast(parameters, shapes, result)
    return None if shape is None else shape[:-1]


def _argreduce(parameters, shapes, result):
    shape = shapes[0] if shapes else None
    axis = parameters.get('axis')
    if axis is None and 'x' in parameters:
        return ()       # (keras.ops.argmax / argmin: of x flattened; tf.argmax's None is axis 0)
    if shape is None or isinstance(axis, Tensor):
        return None
    axis = int(axis or 0) % len(shape)
    return shape[:axis] + shape[axis + 1:]


def _diagonal(parameters, shapes, result):
    """keras.ops.diag: a vector's matrix (its length plus |k| each way, open where the vector's is); a
    matrix's main diagonal (open where either length is)."""
    shape = shapes[0] if shapes else None
    if shape is None:
        return None
    if len(shape) == 1:
        n = None if shape[0] is None else shape[0] + abs(int(parameters.get('k', 0)))
        return (n, n)
    return (None,) if None in shape else (min(shape),)


def _outer(parameters, shapes, result):
    """keras.ops.outer: (size of x1, size of x2), each open where a length of that input is."""
    if len(shapes) != 2 or None in shapes:
        return None
    return tuple(None if None in s else int(length_product(s)) for s in shapes)


def inner(parameters, shapes, result):
    """keras.ops.inner: the shape both branches of Keras 3's tf.cond over the ranks fit, x1 * x2's broadcast and
    the tensordot's x1[:-1] + x2[:-1], each length where they agree; of two ranks (two vectors, a matrix and a
    vector) an unknown one. TF 2.21: (None, None) for two (None, 4), (2, None) for two (2, 4), (None, 3, None) for
    (None, 3, 4) and (3, 4) (notes/progs/kerasops9/inner.py)."""
    if len(shapes) != 2 or None in shapes or not shapes[0] or not shapes[1]:
        return None
    a, b = shapes
    product, dot = broadcast(parameters, shapes, result), tuple(a[:-1]) + tuple(b[:-1])
    if len(product) != len(dot):
        return None
    return tuple(p if p == d else None for p, d in zip(product, dot))


def _segments(parameters, shapes, result):
    """keras.ops.segment_sum, tf.math.unsorted_segment_sum (max, min, prod, mean) and
    tf.strings.unsorted_segment_join with num_segments: that many rows, the data's lengths past the ids' rank."""
    data = parameters['data'] if 'data' in parameters else parameters.get('inputs')
    data = traced_shape(data, True) if isinstance(data, Tensor) else None
    ids = parameters.get('segment_ids')
    rank = ids._data.ndim if isinstance(ids, Tensor) else 1
    count = parameters.get('num_segments')
    return None if data is None or type(count) is not int else (count,) + tuple(data[rank:])


def _bitcast(parameters, shapes, result):
    """tf.bitcast: the input's lengths; a narrower type adds the ratio as a last axis, a wider one drops
    the last axis (its length the ratio)."""
    shape = shapes[0] if shapes else None
    if shape is None:
        return None
    before, after = parameters['input']._data.dtype.itemsize, result._data.dtype.itemsize
    if before == after:
        return shape
    return shape + (before // after,) if before > after else shape[:-1]


def _polynomial(parameters, shapes, result):
    """tf.math.polyval: its one coefficient itself, else the coefficients broadcast with x."""
    coeffs = parameters.get('coeffs')
    if type(coeffs) in (list, tuple) and len(coeffs) == 1:
        return input_shape(coeffs[0], trace_names.current())
    return broadcast(parameters, shapes, result)


def _matrix_trace(parameters, shapes, result):
    """tf.linalg.trace: the batch lengths (each matrix's diagonal summed)."""
    return None if not shapes or shapes[0] is None else shapes[0][:-2]


def _diagonal_matrix(parameters, shapes, result):
    """tf.linalg.diag of the main diagonal (k=0, sizes not given): each vector a square matrix of its
    length (open where the vector's is)."""
    shape = shapes[0] if shapes else None
    return None if shape is None or not shape else shape + shape[-1:]


def _matrix_diagonal(parameters, shapes, result):
    """tf.linalg.diag_part (k=0): the batch lengths, then the shorter side (open where either is)."""
    shape = shapes[0] if shapes else None
    if shape is None or len(shape) < 2:
        return None
    rows, columns = shape[-2:]
    return shape[:-2] + (None if rows is None or columns is None else min(rows, columns),)


def _differenced(parameters, shapes, result):
    """keras.ops.diff (n=1): the axis one shorter (open where it is)."""
    shape = shapes[0] if shapes else None
    if shape is None:
        return None
    axis = int(parameters.get('axis', -1)) % len(shape)
    return shape[:axis] + (None if shape[axis] is None else shape[axis] - 1,) + shape[axis + 1:]


def _halved(parameters, shapes, result):
    """keras.ops / keras.activations glu: x's shape, the axis halved (open where it is). keras.ops' call
    takes its settings as ``*args`` / ``**kwargs`` (ops_nn_extra's closures): the axis is read from them too."""
    shape = shapes[0] if shapes else None
    if shape is None:
        return None
    args, kwargs = parameters.get('args') or (), parameters.get('kwargs') or {}
    axis = args[0] if args else kwargs.get('axis', parameters.get('axis', -1))
    axis = int(axis) % len(shape)
    return shape[:axis] + (None if shape[axis] is None else shape[axis] // 2,) + shape[axis + 1:]


def _rotated(parameters, shapes, result):
    """keras.ops.rot90: x's shape, the lengths of its two axes swapped for an odd number of quarter turns."""
    shape = shapes[0] if shapes else None
    if shape is None:
        return None
    if int(parameters.get('k', 1)) % 2 == 0:
        return shape
    first, second = (int(a) % len(shape) for a in parameters.get('axes', (0, 1)))
    rotated = list(shape)
    rotated[first], rotated[second] = shape[second], shape[first]
    return tuple(rotated)


def _flattened(parameters, shapes, result):
    """keras.ops.ravel: one axis, as long as x's size (open where a length is)."""
    shape = shapes[0] if shapes else None
    return None if shape is None else (None,) if None in shape else (int(length_product(shape)),)


def _cumulative(parameters, shapes, result):
    """keras.ops.cumsum / cumprod: x's shape, or x flattened for axis=None."""
    return _flattened(parameters, shapes, result) if parameters.get('axis') is None else _same(parameters, shapes, result)


def einsum_rule(parameters, shapes, result):
    """keras.ops.einsum: keras_einsum_shapes (each output letter's length from the first operand that knows it)."""
    return keras_einsum_shapes.output_shape(parameters.get('subscripts'), shapes)


def tf_einsum_shape(parameters, trace, result):
    """tf.einsum's traced shape (TF 2.21's Einsum shape function): each letter's length from the operands that
    know it, an implicit output the letters used once in sorted order (numpy's, not Keras's renamed one) after
    the broadcast '...' lengths; the array's where every operand's length is known but the form is not read
    here (an ellipsis inside a term); None where neither (an operand of unknown shape)."""
    equation, operands = parameters.get('equation'), parameters.get('inputs') or ()
    if not isinstance(equation, str):
        return None
    shapes = [input_shape(t, trace) for t in operands]
    inputs, arrow, output = equation.replace(' ', '').partition('->')
    if not arrow:
        letters = inputs.replace('.', '').replace(',', '')
        output = ('...' if '...' in inputs else '') + ''.join(sorted(c for c in set(letters) if letters.count(c) == 1))
    shape = keras_einsum_shapes.output_shape(inputs + '->' + output, shapes)
    if shape is None and all(s is not None and None not in s for s in shapes):
        return tuple(result._data.shape)
    return shape


def _dotted(parameters, shapes, result):
    """keras.ops.dot: tf.tensordot of x1's last axis with x2's second-to-last (its only one for a vector)."""
    if len(shapes) != 2 or None in shapes:
        return None
    a, b = shapes
    return tuple(a[:-1]) + (tuple(b[:-2]) + tuple(b[-1:]) if len(b) > 1 else ())


def _matmul(parameters, shapes, result):
    if len(shapes) != 2 or None in shapes:
        return None
    a, b = shapes
    if 'x1' in parameters and (len(a) == 1 or len(b) == 1):
        # keras.ops.matmul of a vector (numpy's rule, Keras's tensordot): the vector's axis goes, an open batch stays
        if len(a) == 1 and len(b) == 1:
            return ()
        return a[:-1] if len(b) == 1 else b[:-2] + b[-1:]
    if len(a) < 2 or len(b) < 2:
        return None
    flip_a = parameters.get('transpose_a') or parameters.get('adjoint_a')
    flip_b = parameters.get('transpose_b') or parameters.get('adjoint_b')
    rows = a[-1] if flip_a else a[-2]
    cols = b[-2] if flip_b else b[-1]
    batch = broadcast(None, [a[:-2], b[:-2]], None)
    return batch + (rows, cols)


RULES = {
    'broadcast': broadcast, 'same': _same, 'reduce': _reduce, 'reduced': _reduce, 'matmul': _matmul,
    'argreduce': _argreduce, 'last_axis': _last_axis, 'diagonal': _diagonal, 'outer': _outer,
    'segments': _segments, 'dotted': _dotted, 'einsum': einsum_rule, 'differenced': _differenced,
    'halved': _halved, 'rotated': _rotated, 'cumulative': _cumulative,
    'along': lambda p, s, r: keras_take_along_names.output_shape(p),
    'median': lambda p, s, r: keras_median_names.output_shape(p, s),
    'flattened': _flattened, 'bitcast': _bitcast, 'polynomial': _polynomial, 'matrix_trace': _matrix_trace,
    'diagonal_matrix': _diagonal_matrix, 'matrix_diagonal': _matrix_diagonal,
}
