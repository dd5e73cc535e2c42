"""A Python or numpy value as a numpy array, for ops that convert such values to their kernel's default
dtype before making a tensor (fft's complex64, rfft's and lrn's float32, rgb_to_hsv's float32).

numpy refuses a nested list that is not a rectangle with its own words ('setting an array element with a
sequence. The requested array has an inhomogeneous shape ...'); TF 2.21 converts the value first and says
"Can't convert non-rectangular Python sequence to Tensor." (or "... with mixed types ..."). Such a value is
handed to tapeflow's converter, which raises TF's words."""
import numpy as np


def python_value_array(value, dtype=None):
    """``np.asarray(value, dtype)``, but a ragged nested list raises TF's conversion error."""
    try:
        return np.asarray(value, dtype)
    except ValueError:
        if not isinstance(value, (list, tuple)):
            raise
        from ..tensor_conversion import convert_to_tensor
        convert_to_tensor(value)        # raises TF's 'non-rectangular' / 'mixed types' ValueError
        raise
