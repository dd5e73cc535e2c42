"""Keras 3's refusals of a pooling layer's arguments when shapes are inferred: a padding other than 'valid' or
'same' as written, a VALID pooling layer whose output would be empty.

A pooling layer placed after a ``keras.Input`` (or asked for ``compute_output_shape``) checks
its output size as Keras's ``compute_pooling_output_shape`` does. Called eagerly, the layer
leaves the matter to the op (an empty average pool, TF's errors otherwise; see
framework/ops/pool_window_sizes.py), as Keras does.
"""


def check_pooled_sizes(sizes, input_shape, pool_size, strides, padding):
    """Raise Keras's ValueError when VALID pooling leaves a known spatial size at zero or below."""
    if padding != 'valid' or all(size is None or size > 0 for size in sizes):
        return
    error = ValueError('Computed output size would be zero or negative. Received: `inputs.shape=[%s]`, '
                       '`pool_size=[%s]`, `strides=%s`, `padding=valid`.'
                       % (' '.join(str(d) for d in input_shape), ' '.join(str(k) for k in pool_size),
                          tuple(strides)))
    error.add_note("The pooling window is larger than the input: use padding='same' or a smaller pool_size.")
    error.graph_refused = True      # (a Sequential's build raises it from its symbolic call, as Keras's does)
    raise error


def check_pooling_padding(padding):
    """Keras 3 keeps a pooling layer's padding as given and compares it with 'valid' and 'same' as written where
    the output shape is worked out (a Sequential's or functional build): 'SAME', 'Valid' or 'full' fail there
    (TF 2.21), while an eager call of the layer takes 'SAME' and 'Valid' (keras.ops lower-cases them)."""
    if padding in ('valid', 'same'):
        return
    error = ValueError("Argument `padding` must be either 'valid' or 'same'. Received: padding=%s" % (padding,))
    error.graph_refused = True      # (a Sequential's build raises it from its symbolic call, as Keras's does)
    raise error
