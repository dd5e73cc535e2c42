"""A functional model called, in a trace, on an input whose rank the trace leaves unknown.

predict's step is a ``tf.function`` with ``reduce_retracing``: a batch whose rank differs from
the latest trace's (``predict`` on x of shape (1, 16, 8), then on (4, 16, 8, 1), as keras.io's
3D image classification example feeds one scan without its channel axis) retraces on an input
of unknown rank. Keras 3's input-spec check (``standardize_shape`` calls ``shape.as_list()``)
then raises TensorFlow's ValueError before the model runs: TF 2.21 fails that second predict.
"""
from framework import trace_names


def refuse_unknown_rank(x):
    """Raise TensorFlow's ValueError when ``x`` is a traced tensor of unknown rank."""
    entry = trace_names.entry_of(x)
    if entry is not None and entry[1] is None:
        raise ValueError('as_list() is not defined on an unknown TensorShape.')

