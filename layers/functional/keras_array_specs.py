"""Keras 3's compute_output_spec of diag, glu, unstack, unique, ndim, ptp and i0 for keras.ops on KerasTensors.
Keras states these shapes and dtypes where a run on stand-ins gives other ones: unique's length is unknown (None,
where a stand-in of ones has one value), unstack takes ``num`` as given (or refuses a None axis: "Cannot infer
argument `num` ..."), glu / ptp / i0 keep dtypes their kernels refuse (a bool glu, an int8 ptp, a bfloat16 i0),
ndim is Keras's KerasTensor of shape (rank,), and diag / glu raise in Keras's words on the KerasTensor's shape.
Each rule takes the op's tensor and its config.
"""
import numpy as np

from framework.keras.ops_shape_inference import canonical_axis

from .keras_linalg_specs import reduce_shape
from .keras_tensor import KerasTensor


def _diag(x, config):
    # Keras's Diag: a vector's matrix is k longer each way, a matrix's k-th diagonal by numpy's min / max (None
    # sides give None); a float k takes part as it is (its abs truncated for a vector)
    k, shape = config.get('k', 0), x.shape
    if len(shape) == 1:
        out = [None, None] if shape[0] is None else [shape[0] + int(np.abs(k))] * 2
    elif len(shape) == 2:
        if None in shape:
            out = [None]
        else:
            remaining = shape[1] - k if k > 0 else shape[0] + k
            out = [int(np.maximum(0, np.minimum(remaining, np.minimum(shape[0], shape[1]))))]
    else:
        raise ValueError('`x` must be 1-D or 2-D, but received shape %s.' % (shape,))
    return KerasTensor(out, x.dtype)


def _glu(x, config):
    # Keras's Glu: the axis indexes the shape list as it is (past the rank: Python's IndexError), a known length
    # must be even and halves, a None one stays; x's dtype whatever it is
    shape, axis = list(x.shape), config.get('axis', -1)
    if shape[axis] is not None:
        if shape[axis] % 2 != 0:
            raise ValueError('axis size must be divisible by 2. Received: x.shape=%s with axis=%s' % (x.shape, axis))
        shape[axis] = shape[axis] // 2
    return KerasTensor(shape, x.dtype)


def _unstack(x, config):
    # Keras's Unstack: ``num`` tensors as given (none for 0), else the axis' length, which must be known
    axis = canonical_axis(config.get('axis', 0), len(x.shape))
    num = config.get('num')
    num = x.shape[axis] if num is None else num
    if num is None:
        raise ValueError('Cannot infer argument `num` from shape %s. Either provide a tensor with a concrete shape in '
                         'the `axis` dimension or explicitly pass the `num` argument.' % (x.shape,))
    return [KerasTensor(x.shape[:axis] + x.shape[axis + 1:], x.dtype) for _ in range(num)]


def _unique(x, config):
    # Keras's Unique: the values' length is ``size`` or unknown, along ``axis`` or flattened; the index, inverse
    # and count outputs int32 as asked, a lone values tensor when none is
    size, axis = config.get('size'), config.get('axis')
    if axis is None:
        values = (size,)
    else:
        axis = canonical_axis(axis, len(x.shape))
        values = x.shape[:axis] + (size,) + x.shape[axis + 1:]
    outputs = [KerasTensor(values, x.dtype)]
    if config.get('return_index'):
        outputs.append(KerasTensor((size,), 'int32'))
    if config.get('return_inverse'):
        outputs.append(KerasTensor(x.shape if axis is None else (x.shape[axis],), 'int32'))
    if config.get('return_counts'):
        outputs.append(KerasTensor((size,), 'int32'))
    return outputs[0] if len(outputs) == 1 else tuple(outputs)


def _ndim(x, config):
    # Keras's Ndim: KerasTensor([len(x.shape)]), a float32 vector as long as the rank (the eager op is an int)
    return KerasTensor((len(x.shape),))


def _ptp(x, config):
    # Keras's Ptp: reduce_shape in x's dtype, bool too (its axis check ran before)
    return KerasTensor(reduce_shape(x.shape, config.get('axis'), config.get('keepdims', False)), x.dtype)


def _i0(x, config):
    # Keras's I0: int64 and float64 give float64, the half floats stay (bfloat16, where TF has no kernel), the
    # rest floatx
    from framework.keras.backend import floatx
    dtype = 'float64' if x.dtype in ('int64', 'float64') else x.dtype if x.dtype in ('bfloat16', 'float16') \
        else floatx()
    return KerasTensor(x.shape, dtype)


def _on_a_keras_tensor(rule):
    def spec(x, config):
        return rule(x, config) if type(x) is KerasTensor else None
    return spec


ARRAY_SPECS = {name: _on_a_keras_tensor(rule) for name, rule in (
    ('diag', _diag), ('glu', _glu), ('unstack', _unstack), ('unique', _unique), ('ndim', _ndim), ('ptp', _ptp),
    ('i0', _i0))}
