"""Keras 3's warning for a softmax over an axis of size 1 (keras.ops.softmax, and so
keras.activations.softmax, the Softmax and Activation layers, a Dense(1, activation='softmax'),
Attention and MultiHeadAttention's weights when it computes them itself): every output is 1, which
is rarely meant. tf.nn.softmax does not warn, nor MultiHeadAttention's fused path (Keras hands that
to dot_product_attention), nor a symbolic call (Keras reads the layer's output shape instead)."""
import contextlib
import warnings

_silenced = [0]


def warn_if_one_class(x, axis):
    """Warn in Keras's words when ``axis`` (an int, as Keras checks) of ``x`` has size 1."""
    if _silenced[0] or not isinstance(axis, int):
        return
    shape = tuple(x.shape)
    if -len(shape) <= axis < len(shape) and shape[axis] == 1:
        from layers.call_context import builds_for_any_batch, probing      # (layers imports this module)
        if probing():
            # a functional call's run on zeros, whose unknown axes are 1 long: Keras reads the output
            # shape there, no softmax runs (Attention between two GRUs' (None, None, 8) outputs)
            return
        if shape and builds_for_any_batch():      # a fit / evaluate step Keras traces for any batch size
            shape = (None,) + shape[1:]
        warnings.warn('You are using a softmax over axis %s of a tensor of shape %s. This axis has size 1. The '
                      'softmax operation will always return the value 1, which is likely not what you intended. '
                      'Did you mean to use a sigmoid instead?' % (axis, shape), stacklevel=1)


@contextlib.contextmanager
def silenced():
    """A block whose softmaxes do not warn (MultiHeadAttention's fused path)."""
    _silenced[0] += 1
    try:
        yield
    finally:
        _silenced[0] -= 1
