"""tf.linspace (TensorFlow 2's linspace_nd): evenly spaced values between ``start`` and ``stop``, which
may be tensors of any broadcastable shapes; the new axis of ``num`` points goes at ``axis``.

Written with the framework's ops in TensorFlow's order, so the float32 points are TensorFlow's
(delta = (stop - start) / max(num - 1, 1), then start + delta * k, with start and stop themselves at
the ends: linspace(-10., 10., 201)[96] is -0.39999962) and gradients reach ``start`` and ``stop``
as TensorFlow's do.
"""
import numpy as np

from ..errors import kernel_error
from ..tensor import Tensor, convert_to_tensor
from .integer_arguments import refuse_non_integer
from .operands import named_errors
from ..tf_python_names import tf_named


@tf_named('linspace_nd')
@named_errors('linspace')
def linspace(start, stop, num, name=None, axis=0):
    """``num`` points from ``start`` to ``stop`` (both included) along a new axis ``axis``.

    Raises:
        TypeError: ``stop`` does not convert to ``start``'s dtype (linspace(0, 2.5, 3)), or ``num``
            is not an integer.
        InvalidArgumentError: ``start`` and ``stop`` do not broadcast, ``axis`` is outside
            [-rank - 1, rank], or ``num`` is negative.
    """
    from .arithmetic import add, divide, multiply, subtract
    from .indexing import slice as slice_
    from .shapes import broadcast_to, cast, concat, expand_dims, reshape
    from .broadcast_shapes import broadcast_dynamic_shape
    if num is None:         # TF converts num to a tensor first
        raise ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                         "Tensor.")
    refuse_non_integer(num, 'num', 'linspace')       # int(5.5) would cut it
    n = int(num.numpy() if isinstance(num, Tensor) else num)
    start = convert_to_tensor(start)
    stop = convert_to_tensor(stop, dtype=start.dtype, name='stop')     # (TF names it in its conversion error)
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
        raise TypeError('linspace: axis must be an integer, got %r' % (axis,))
    shape = broadcast_dynamic_shape(*(convert_to_tensor(list(t.shape), dtype='int32') for t in (start, stop)))
    start, stop = expand_dims(broadcast_to(start, shape), axis), expand_dims(broadcast_to(stop, shape), axis)
    ndims = start.ndim
    axis = int(axis) % ndims
    if n < 0:        # TF runs Range(1, -1) here: its error
        raise kernel_error('Range', 'Requires start <= limit when delta > 0: 1/-1', named=True,
                           note='linspace: num must be >= 0, got %d' % n)
    steps = max(n - 1, 1)
    delta = divide(subtract(stop, start), cast(steps, stop.dtype))      # int32 / int32 is float64, as in TF
    start, stop = cast(start, delta.dtype), cast(stop, delta.dtype)
    ks = np.arange(1, steps, dtype=np.int64).astype(delta.dtype.as_numpy_dtype)
    ks = reshape(convert_to_tensor(ks), [max(n - 2, 0) if i == axis else 1 for i in range(ndims)])
    points = concat([start, add(start, multiply(delta, ks)), stop], axis)
    size = [n if i == axis else d for i, d in enumerate(start.shape)]
    return slice_(points, [0] * ndims, size)
