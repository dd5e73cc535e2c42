"""keras.ops whose symbolic output Keras 3 states in its Operation's compute_output_spec instead of
deriving it from the op's run: tapeflow's stand-in runs would give the eager dtype (or fail) where Keras
answers a fixed spec. Each rule returns the KerasTensor Keras's spec gives, or None to run the stand-ins.
"""
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


_SPECS = {'view_as_real': _view_as_real, 'rot90': _rot90}


def keras_op_spec(op, args, kwargs):
    """The KerasTensor Keras 3's compute_output_spec fixes for ``op`` on these arguments, or None."""
    rule = _SPECS.get(op.function_name)
    if rule is None or len(args) != 1 or kwargs:
        return None
    return rule(args[0], op.config)
