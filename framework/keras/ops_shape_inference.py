"""Keras 3's own shape checks (keras/src/ops/operation_utils.py) that its TensorFlow backend runs before
an op's kernel, so that keras.ops fails with Keras's ValueError where Keras does, not with the kernel's.
"""


def broadcast_shapes(shape1, shape2):
    """Keras's broadcast_shapes: numpy's rule, in Keras's words when two sizes meet that do not broadcast."""
    first, second = list(shape1), list(shape2)
    width = max(len(first), len(second))
    left = [1] * (width - len(first)) + first
    right = [1] * (width - len(second)) + second
    out = []
    for a, b in zip(left, right):
        if a == 1 or a is None:
            out.append(b if a == 1 or b != 1 else None)
        elif b == 1 or b is None or b == a:
            out.append(a)
        else:
            raise ValueError('Cannot broadcast shape, the failure dim has value %s, which cannot be broadcasted to '
                             '%s. Input shapes are: %s and %s.' % (a, b, first, second))
    return out


def take_along_axis_shape(input_shape, indices_shape, axis):
    """Keras's compute_take_along_axis_output_shape for a canonical ``axis``: the ranks must agree, and
    every axis but ``axis`` must broadcast (the input's ``axis`` is the indices' in the message)."""
    input_shape, indices_shape = list(input_shape), list(indices_shape)
    if len(input_shape) != len(indices_shape):
        raise ValueError('`x` and `indices` must have the same number of dimensions, but receive shape %s and %s.'
                         % (input_shape, indices_shape))
    input_shape[axis] = indices_shape[axis]
    return broadcast_shapes(input_shape, indices_shape)
