"""The batch length a layer's symbolic call needs when its ``call`` fixes the batch itself.

Keras 3 runs a layer's call on symbolic tensors whose batch axis is unknown, and TensorFlow's shape
inference lets ``tf.reshape(inputs, [tokens_per_batch, dim])`` fix it: the keras.io Switch Transformer
routes a whole batch of 200 tokens at once, and its layer's outputs are (10, 20, 16) on TF 2.21.
tapeflow's symbolic call runs ``call`` on zeros with a batch of 1, where that reshape fails (320 values
for 3,200), and the model could not be built. That failure gives the batch that fits: the zeros run
again with it, and the outputs keep it as their static batch, as TensorFlow's inferred shape does.
"""


def fitting_batch(error):
    """The batch length (above 1) that makes the failed Reshape in ``error``'s chain fit a batch-of-1
    run, or None for any other failure."""
    seen = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        sizes = getattr(error, 'reshape_sizes', None)       # set by ops.shapes' Reshape error
        if sizes is not None:
            values, requested = sizes
            return requested // values if 0 < values < requested and requested % values == 0 else None
        error = error.__cause__ or error.__context__
    return None
