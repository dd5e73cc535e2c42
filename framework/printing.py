"""``framework.print``: print tensors by value, as ``tf.print`` does."""
import sys

import numpy as np

from . import backend
from .tensor import Tensor


def print_(*inputs, output_stream=None, summarize=3, sep=' ', end='\n', name=None):
    """Print values, tensors shown as their elements (``[1 2 3]``), like ``tf.print``."""
    parts = []
    for value in inputs:
        if isinstance(value, Tensor):
            array = np.asarray(backend.to_host(value._data))
            with np.printoptions(threshold=max(2 * summarize, 1) if summarize >= 0 else sys.maxsize,
                                 edgeitems=summarize if summarize > 0 else 3):
                parts.append(str(array))
        else:
            parts.append(str(value))
    stream = output_stream if output_stream not in (None, 'stderr') else sys.stderr
    if output_stream == 'stdout' or output_stream is sys.stdout:
        stream = sys.stdout
    stream.write(sep.join(parts) + end)
