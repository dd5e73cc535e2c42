"""The truth of a layer call's ``training`` argument, as Keras 3's built-in layers test it.

Dropout, the noise layers and BatchNormalization test ``if training and ...`` in plain Python. Keras's
Layer.__call__ runs that unconverted inside a tf.function, so a ``training`` passed in as a tensor
argument (``step(x, tf.constant(True))``) is a graph tensor there, and TF 2.21 refuses its truth:
``OperatorNotAllowedInGraphError: Exception encountered when calling Dropout.call(). Using a symbolic
`tf.Tensor` as a Python `bool` is not allowed. ...``. tapeflow's tensors keep their values in a trace,
so these calls ask here instead of ``bool(training)``. An eager tensor (an eager call, or one made
outside the function and captured) has a truth, as there.
"""
from framework import trace_names
from framework.assert_statements import BOOL_REFUSAL
from framework.errors import OperatorNotAllowedInGraphError
from framework.tensor import Tensor


def training_is_on(training):
    """``bool(training)``, or TensorFlow's refusal for a graph tensor of the running trace."""
    if isinstance(training, Tensor) and trace_names.entry_of(training) is not None:
        raise OperatorNotAllowedInGraphError(BOOL_REFUSAL)
    return bool(training)
