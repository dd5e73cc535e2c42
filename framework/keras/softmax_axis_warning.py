"""Keras 3's warning for a softmax over an axis of size 1 (keras.ops.softmax, and so
keras.activations.softmax, the Softmax and Activation layers, a Dense(1, activation='softmax'),
Attention and MultiHeadAttention's weights when it computes them itself): every output is 1, which
is rarely meant. tf.nn.softmax does not warn, nor MultiHeadAttention's fused path (Keras hands that
to dot_product_attention), nor a symbolic call (Keras reads the layer's output shape instead)."""
import contextlib
import warnings

from framework import trace_names

_silenced = [0]


def warn_if_one_class(x, axis):
    """Warn in Keras's words when ``axis`` (an int, as Keras checks) of ``x`` has size 1."""
    if _silenced[0] or not isinstance(axis, int):
        return
    shape = tuple(x.shape)
    if -len(shape) <= axis < len(shape) and shape[axis] == 1:
        from layers.call_context import builds_for_any_batch, probing      # (layers imports this module)
        from framework.function import is_replaying
        traced = _traced_shape(x, shape)
        if probing():
            # a functional call's run on zeros, whose unknown axes stand in with made-up lengths: Keras reads
            # a built-in layer's output shape there, no softmax runs (Attention between two GRUs' (None,
            # None, 8) outputs); a user's layer's call it runs on placeholders, whose unknown axes stay None
            # (a second run, with other stand-in lengths, finds the output axes that follow them: not Keras's)
            if traced is None or traced[axis] != 1 or is_replaying() or not _call_run_by_keras():
                return
            shape = traced
        elif shape and builds_for_any_batch():      # a fit / evaluate step Keras traces for any batch size
            shape = (None,) + shape[1:]
        elif traced is not None:
            shape = traced      # a trace's open lengths (predict's retrace on a shorter last batch: (None, 1))
        warnings.warn('You are using a softmax over axis %s of a tensor of shape %s. This axis has size 1. The '
                      'softmax operation will always return the value 1, which is likely not what you intended. '
                      'Did you mean to use a sigmoid instead?' % (axis, shape), stacklevel=1)


def _traced_shape(x, shape):
    """``x``'s shape in the trace or symbolic run going on (None for its open lengths), or None."""
    if not trace_names.ACTIVE:
        return None
    traced = trace_names.entry_of(x)
    if traced is None or traced[1] is None or len(traced[1]) != len(shape):
        return None
    return tuple(traced[1])


def _call_run_by_keras():
    """Whether Keras's symbolic call runs the code going on: the call of a user's layer without a
    compute_output_shape / compute_output_spec of its own, and what that call calls (keras.io's endpoint
    layer pattern, whose LogisticEndpoint returns ops.softmax of a (None, 1) logit, warns as its model is made)."""
    from layers.call_context import state
    from layers.layer_output_shapes import LayerOutputShapes
    for entry in state().stack:
        cls = type(entry[0])
        if not cls.__module__.startswith(('layers.', 'framework.', 'optim.')) and \
                cls.compute_output_shape is LayerOutputShapes.compute_output_shape and \
                getattr(cls.compute_output_spec, 'keras_default', False):
            return True
    return False


@contextlib.contextmanager
def silenced():
    """A block whose softmaxes do not warn (MultiHeadAttention's fused path)."""
    _silenced[0] += 1
    try:
        yield
    finally:
        _silenced[0] -= 1
