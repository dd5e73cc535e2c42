"""Size arguments of preprocessing layers (num_bins, num_tokens, height, width) as Keras 3 takes them.

Keras compares the value with a bound (``num_bins <= 0``, ``num_tokens < 1``) and uses it as it is:
True is a size of 1, a scalar integer tensor a size, and a string or tuple fails the comparison with
Python's TypeError. tapeflow keeps sizes as Python ints.
"""
import operator

import numpy as np

from framework.tensor import Tensor


def below(value, bound, strict, who, arg):
    """Keras's comparison ``value < bound`` (``strict``) or ``value <= bound``, with its TypeError for a
    value that is no number (and tapeflow's note)."""
    try:
        return bool((operator.lt if strict else operator.le)(value, bound))
    except TypeError as error:
        error.add_note('%s: %s must be a positive int, got %r' % (who, arg, value))
        raise


def as_size(value):
    """``value`` as a Python int where Keras would use it as a size (ints, bools, numpy integers, integer
    scalar tensors), else None."""
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, Tensor) and value.dtype.is_integer and not value.shape:
        return int(value)
    return None
