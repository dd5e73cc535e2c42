"""Keras 3's own shape checks (keras/src/ops/operation_utils.py) that its TensorFlow backend runs before
an op's kernel, so that keras.ops fails with Keras's ValueError where Keras does, not with the kernel's.
"""
import operator


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


def canonical_axis(axis, ndim):
    """Keras's canonicalize_axis: ``operator.index(axis)`` (Python's TypeError for a float), then numpy's
    words for an axis outside [-ndim, ndim)."""
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise ValueError('axis %d is out of bounds for an array with dimension %d.' % (axis, ndim))
    return axis + ndim if axis < 0 else axis


def matmul_shape(shape1, shape2):
    """Keras's compute_matmul_output_shape: a vector is a (1, n) or (n, 1) matrix, the inner sizes must
    agree (None agrees with any), the leading axes broadcast. A shape given as a list stays one: Keras reads
    [] for an operand without a shape (a Python list), whose [-2] is Python's 'list index out of range'."""
    shape1, shape2 = [s if isinstance(s, list) else tuple(s) for s in (shape1, shape2)]
    first_is_vector, second_is_vector = len(shape1) == 1, len(shape2) == 1
    if first_is_vector:
        shape1 = (1, shape1[0])
    if second_is_vector:
        shape2 = (shape2[0], 1)
    if shape1[-1] is not None and shape2[-2] is not None and shape1[-1] != shape2[-2]:
        raise ValueError('Inner dimensions (`x1.shape[-1]` and `x2.shape[-2]`) must be equal, but received '
                         '`x1.shape=%s` and `x2.shape=%s`.' % (shape1, shape2))
    out = broadcast_shapes(shape1[:-2], shape2[:-2]) + [shape1[-2], shape2[-1]]
    if first_is_vector:
        del out[-2]
    if second_is_vector:
        del out[-1]
    return tuple(out)


def concatenate_shape(shapes, axis):
    """Keras's Concatenate.compute_output_spec: every shape the first's but on ``axis`` (None agrees with
    any size; another rank differs)."""
    first = tuple(shapes[0])
    axis = canonical_axis(axis, len(first))
    total = 0
    for shape in shapes:
        shape = tuple(shape)
        if len(shape) != len(first) or any(a is not None and b is not None and a != b
                                           for i, (a, b) in enumerate(zip(shape, first)) if i != axis):
            raise ValueError("Every value in `xs` must have the same shape except on the `axis` dim. But found "
                             "element of shape %s, which is different from the first element's shape %s."
                             % (shape, first))
        total = None if total is None or shape[axis] is None else total + shape[axis]
    return first[:axis] + (total,) + first[axis + 1:]


def take_shape(x_shape, indices_shape, axis):
    """Keras's Take.compute_output_spec: the indices' shape in place of ``axis`` (all of x when None)."""
    if axis is None:
        return tuple(indices_shape)
    x_shape = tuple(x_shape)
    axis = canonical_axis(axis, len(x_shape))
    return x_shape[:axis] + tuple(indices_shape) + x_shape[axis + 1:]
