"""A built LayerNormalization called on an input unlike the one it was built on, as Keras 3 calls
ops.layer_normalization on each input (its axis, as written, read against that input)."""
import numpy as np

from framework.ops import reshape


def axes_of_call(axis, shape):
    """The normalized axes and gamma's broadcast shape (None: gamma as it is) for an input of ``shape``
    whose rank differs from the build's: axis=-1 is the last axis of any rank."""
    ndim = len(shape)
    axes = sorted(a % ndim if -ndim <= a < ndim else a for a in axis)
    return axes, None if axes == [ndim - 1] else [shape[a] if a in axes else 1 for a in range(ndim)]


def refuse_other_sizes(layer, inputs, weight):
    """A built LayerNormalization called on an input whose normalized axes have other sizes: Keras 3's
    ops.layer_normalization reshapes gamma (beta) to the input's broadcast shape unless ``axis`` is the
    list [ndim - 1] as written (axis=-1, the default, is reshaped), so TF 2.21 fails in Reshape ('Input to
    reshape is a tensor with 4 values, but the requested shape has 5'); where it is not reshaped, the
    Mul of the broadcast fails later, as here."""
    shape = list(inputs._data.shape)
    ndim = len(shape)
    if layer.axis == [ndim - 1] or len(weight._data.shape) == ndim:
        return
    broadcast = [1] * ndim
    for dim in layer.axis:
        broadcast[dim] = shape[dim]
    if int(np.prod(broadcast)) != weight._data.size:
        try:
            reshape(weight, broadcast)      # the Reshape kernel's own error
        except Exception as error:
            error.add_note('LayerNormalization %r was built for normalized axes of sizes %s, got an input of shape %s'
                           % (layer.name, tuple(weight._data.shape), tuple(shape)))
            raise
