"""``framework.debugging``: assertions on tensor values."""
import numpy as np


def check_numerics(tensor, message, name=None):
    """Raise if ``tensor`` holds NaN or Inf; return it unchanged otherwise."""
    values = np.asarray(tensor)
    if not np.all(np.isfinite(values)):
        raise ValueError('%s : Tensor had %s values' % (message, 'NaN' if np.isnan(values).any() else 'Inf'))
    return tensor
