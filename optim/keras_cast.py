"""``keras_cast``: a hyper-parameter in a variable's dtype, as Keras 3's ``ops.cast`` gives it."""
import numpy as np


def keras_cast(value, dtype):
    """``ops.cast(value, dtype)`` as Keras 3 on TensorFlow computes it: a Python float
    becomes a float32 tensor first (so in float64, momentum 0.7 is float32(0.7)
    widened), and a float cast to an integer dtype is truncated (0.5 -> 0). A numpy
    scalar keeps its own precision, as TensorFlow converts it in its own dtype.
    Used exactly where Keras casts; where Keras does Python arithmetic with the
    value (``1 - self.beta_1`` in Adam) the value enters at full precision."""
    if type(value) is float:
        value = np.float32(value)
    return np.asarray(value).astype(dtype)[()]
