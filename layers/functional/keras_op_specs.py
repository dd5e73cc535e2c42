"""keras.ops whose symbolic output Keras 3 states in its Operation's compute_output_spec instead of
deriving it from the op's run: tapeflow's stand-in runs would give the eager dtype (or fail) where Keras
answers a fixed spec. Each rule returns the KerasTensor Keras's spec gives, or None to run the stand-ins.
"""
from .keras_array_specs import ARRAY_SPECS
from .keras_block_specs import depth_to_space_spec, space_to_depth_spec
from .keras_fft_specs import FFT_SPECS
from .keras_linalg_specs import LINALG_OPERANDS, LINALG_SPECS
from .keras_tensor import KerasTensor


def _view_as_real(x, config):
    # Keras 3's ViewAsReal: KerasTensor(shape=x.shape + (2,), dtype="float32") whatever x's dtype (complex128,
    # int32 and bool Inputs alike); the eager op keeps the dtype of real(x)
    if type(x) is not KerasTensor:
        return None
    return KerasTensor(tuple(x.shape) + (2,), 'float32')


def _rot90(x, config):
    # Keras 3's Rot90: its checks, then x's shape with the two axes' lengths swapped whatever k is (k=2 and k=0
    # too, where the eager result keeps them); an axis past the rank is Python's IndexError on the shape list
    if type(x) is not KerasTensor:
        return None
    shape = list(x.shape)
    if len(shape) < 2:
        raise ValueError('Input array must have at least 2 dimensions. Received: array.shape=%s' % shape)
    axes = config.get('axes', (0, 1))
    if len(axes) != 2 or axes[0] == axes[1]:
        raise ValueError('Invalid axes: %s. Axes must be a tuple of two different dimensions.' % (axes,))
    shape[axes[0]], shape[axes[1]] = shape[axes[1]], shape[axes[0]]
    return KerasTensor(tuple(shape), x.dtype)


def _broadcast_to(x, config):
    # Keras 3's BroadcastTo: the shape asked for, as it is (its check, broadcast_shapes, ran before); a stand-in
    # run cannot give it where it holds None: ops.broadcast_to(mask, ops.shape(x)) on keras.Input((4, 3))
    if type(x) is not KerasTensor:
        return None
    return KerasTensor(tuple(config['shape']), x.dtype)


def _correlate(x1, x2, config):
    # Keras 3's Correlate: both operands 1-D (a Python number or list has the shape [], its message lacks a
    # space), the lengths by numpy's max / min whatever the mode (a None length is numpy's TypeError), then
    # the mode; int64 gives float64, bfloat16 / float16 / float64 stay, the rest float32. The eager op's
    # conv refuses 'valid' with x1 the shorter, which a stand-in run would meet
    if type(x1) is not KerasTensor and type(x2) is not KerasTensor:
        return None
    import numpy as np
    from framework.keras.backend import result_type
    shapes = [getattr(x, 'shape', []) for x in (x1, x2)]
    for name, shape in zip(('x1', 'x2'), shapes):
        if len(shape) != 1:
            raise ValueError('`%s` must be a 1-dimensional tensor, but receivedshape %s' % (name, tuple(shape) or []))
    n, m = shapes[0][0], shapes[1][0]
    length = np.maximum(n, m) - np.minimum(n, m) + 1
    mode = config.get('mode', 'valid')
    length = np.maximum(n, m) if mode == 'same' else n + m - 1 if mode == 'full' else length
    if mode not in ('valid', 'same', 'full'):
        raise ValueError('`mode` must be either `valid`, `same`, or `full`, butreceived: %s' % (mode,))
    dtype = result_type(*(getattr(x, 'dtype', type(x)) for x in (x1, x2)))
    dtype = 'float64' if dtype == 'int64' else dtype if dtype in ('bfloat16', 'float16', 'float64') else 'float32'
    return KerasTensor((int(length),), dtype)


_SPECS = {'view_as_real': _view_as_real, 'rot90': _rot90, 'broadcast_to': _broadcast_to, 'correlate': _correlate}
_OPERANDS = {'correlate': 2}       # the others take one tensor


def _as_input(x, config):
    # Keras 3's specs of these elementwise ops are KerasTensor(x.shape, dtype=x.dtype) whatever the dtype (TF 2.21:
    # sigmoid of an int8 Input is int8, negative of a bool Input bool), where the stand-in runs meet the kernels'
    # refusals of integers and bools; their axis checks (softmax, log_softmax, sparsemax) ran before
    if type(x) is not KerasTensor:
        return None
    return KerasTensor(tuple(x.shape), x.dtype)


def _float32_as_input(x, config):
    # Keras 3's Reciprocal and Normalize specs: KerasTensor(x.shape), the KerasTensor's default float32 whatever x's
    # dtype (float64 too); Normalize's axis check ran before
    if type(x) is not KerasTensor:
        return None
    return KerasTensor(tuple(x.shape), 'float32')


def _float32_reduction(x, config):
    # Keras 3's Logsumexp spec: reduce_shape(x.shape, axis, keepdims) in float32 whatever x's dtype; reduce_shape
    # deletes each axis in turn, so an axis given twice deletes two ((None, 3, 4) over (1, 1) is (None,))
    if type(x) is not KerasTensor:
        return None
    shape, axis = list(x.shape), config.get('axis')
    axes = range(len(shape)) if axis is None else [axis] if isinstance(axis, int) else axis
    axes = [a % len(shape) for a in axes]      # (the axis check ran before)
    for a in sorted(axes, reverse=True):
        if config.get('keepdims', False):
            shape[a] = 1
        else:
            del shape[a]
    return KerasTensor(tuple(shape), 'float32')


_SPECS.update(reciprocal=_float32_as_input, normalize=_float32_as_input, logsumexp=_float32_reduction)
_SPECS.update(depth_to_space=depth_to_space_spec, space_to_depth=space_to_depth_spec)
_SPECS.update(LINALG_SPECS)
_SPECS.update(ARRAY_SPECS)
_SPECS.update(FFT_SPECS)
_OPERANDS.update(LINALG_OPERANDS)
# (checked one by one against TF 2.21 over ten dtypes: /work/notes/progs/kerasops13/s2.py)
_SPECS.update(dict.fromkeys((
    'celu', 'conj', 'elu', 'erf', 'erfinv', 'gelu', 'hard_shrink', 'hard_sigmoid', 'hard_tanh', 'leaky_relu',
    'log_sigmoid', 'log_softmax', 'negative', 'real', 'relu', 'relu6', 'round', 'rsqrt', 'selu', 'sigmoid', 'sign',
    'silu', 'soft_shrink', 'softmax', 'softplus', 'softsign', 'sparse_plus', 'sparsemax', 'squareplus', 'swish',
    'tanh_shrink', 'bitwise_not'), _as_input))


def keras_op_spec(op, args, kwargs):
    """The KerasTensor Keras 3's compute_output_spec fixes for ``op`` on these arguments, or None."""
    rule = _SPECS.get(op.function_name)
    if rule is None or len(args) != _OPERANDS.get(op.function_name, 1) or kwargs:
        return None
    return rule(*args, op.config)
