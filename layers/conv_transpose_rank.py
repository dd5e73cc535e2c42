"""Transposed convolutions on inputs of a higher rank than theirs, as Keras 3 runs them on TF 2.21.

Keras's InputSpec asks for a minimum rank only, its build reads the channels from the last (or first) axis,
and the layer fails when it works out the output shape: its compute_conv_transpose_output_shape indexes the
kernel's sizes by the input's spatial axes (IndexError 'tuple index out of range', symbolically always), while
an eager call first meets the TF backend's rank check ('Input rank not supported: 6. Expected values are
[3, 4, 5]') for more than 5 axes. Measured for Conv1D/2D/3DTranspose on ranks 4-7 (notes progs/layers18/ct.py).
"""
from .failed_build import keep_build


def refuse_higher_rank(layer, ndim, symbolic):
    """Raise Keras's error when ``ndim`` exceeds ``layer``'s rank + 2; ``symbolic``: a symbolic call (or
    compute_output_shape), which never reaches the backend's rank check. Keras built the layer before: it stays
    built (keep_build)."""
    if ndim <= layer.rank + 2:
        return
    if not symbolic and ndim > 5:
        raise keep_build(ValueError('Input rank not supported: %d. Expected values are [3, 4, 5]' % ndim))
    raise keep_build(IndexError('tuple index out of range'))
