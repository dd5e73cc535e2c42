"""``tf.image.convert_image_dtype``: TensorFlow's rules for moving pixels between dtypes.

Floats hold [0, 1]; integers hold [0, dtype max]. Integer to integer shifts by
the ratio of the ranges; integer to float scales by 1 / max; float to integer
scales by max + 0.5 and truncates (saturating first when asked).
"""
import numpy as np

from ... import backend, dtypes
from ...tensor import Tensor
from ..arithmetic import floor_div, multiply
from ..operands import as_tensor
from ..shapes import cast
from ..operands import named_errors


def float_kind(dtype):
    """numpy's kind letter, with ml_dtypes' bfloat16 (kind 'V') counted as the float it is to TF."""
    return 'f' if dtype.name == 'bfloat16' else dtype.kind


def _kind(dtype, op, what):
    if float_kind(dtype) not in 'fiu':         # TF's class and words ('dtype' / 'image dtype'), tapeflow's as a note
        error = AttributeError('%s must be either floating point or integer'
                               % ('dtype' if what == 'dtype' else 'image dtype'))
        error.add_note('%s: %s must be an integer or floating dtype, got %s' % (op, what, dtype.name))
        raise error
    return float_kind(dtype)


def saturate_cast(x, dtype):
    """``x`` cast to ``dtype`` with values clipped into the dtype's range first."""
    dtype = np.dtype(dtype)
    data = x._data
    if data.dtype in (np.float32, np.float64) and dtype.kind in 'iu':
        # tf.saturate_cast's limits, as TF 2.21's convert_image_dtype calls it: compared in the promoted type, so
        # float32 / float64 to int64 clamp at 2**63, which the cast wraps to the int64 minimum
        from ..casting_extra import saturate_cast as tf_saturate_cast
        return tf_saturate_cast(x, dtype)
    source = float_kind(data.dtype)
    if dtype.kind in 'iu' and source in 'fiu':
        xp = backend.array_module(data)
        info = np.iinfo(dtype)
        low, high = max(info.min, np.iinfo(data.dtype).min if source in 'iu' else -np.inf), info.max
        if source == 'f':
            # The bounds as floats of x's dtype that do not round past the integer range (TF's
            # saturate_cast: float32 clamps int32 at 2147483520, the float below 2**31).
            high = np.asarray(high, data.dtype)
            if int(high) > info.max:
                high = np.nextafter(high, data.dtype.type(0))
            low = np.asarray(low, data.dtype)
        return Tensor(xp.clip(data, low, high).astype(dtype))
    return cast(x, dtype)


@named_errors('image.convert_image_dtype')
def convert_image_dtype(image, dtype, saturate=False, name=None):
    """``image`` in ``dtype``: integers span [0, max], floats [0, 1] (values are not clipped
    unless ``saturate``, so floats outside [0, 1] overflow an integer dtype as TF's cast does)."""
    op = 'image.convert_image_dtype'
    x = as_tensor(image, op)
    if dtype is None:       # tf.as_dtype's words
        raise TypeError('Cannot convert the argument `type_value`: None to a TensorFlow DType.')
    target = dtypes.numpy_dtype(dtype)
    if not isinstance(target, np.dtype):
        raise TypeError('%s: dtype must be an integer or floating dtype, got %r' % (op, dtype))
    source = x._data.dtype
    to_kind = _kind(target, op, 'dtype')          # (TF checks the dtype before the image)
    from_kind = _kind(source, op, 'image')
    if source == target:
        return x
    if from_kind in 'iu' and to_kind in 'iu':
        scale_in, scale_out = np.iinfo(source).max, np.iinfo(target).max
        if scale_in > scale_out:
            scaled = floor_div(x, source.type((scale_in + 1) // (scale_out + 1)))
            return saturate_cast(scaled, target) if saturate else cast(scaled, target)
        moved = saturate_cast(x, target) if saturate else cast(x, target)
        return multiply(moved, target.type((scale_out + 1) // (scale_in + 1)))
    if from_kind == 'f' and to_kind == 'f':
        return cast(x, target)
    if from_kind in 'iu':
        return multiply(cast(x, target), 1.0 / np.iinfo(source).max)
    scaled = multiply(x, float(np.iinfo(target).max) + 0.5)
    return saturate_cast(scaled, target) if saturate else cast(scaled, target)


def float32_image(image, op):
    """``image`` as float32 for ``op``, which converts it first as TensorFlow's does: an image of neither
    integer nor floating dtype is convert_image_dtype's AttributeError (TF's class), ``op`` named in a note."""
    try:
        return convert_image_dtype(image, 'float32')
    except AttributeError as error:     # (named_errors leaves AttributeError alone)
        error.add_note('raised inside %s' % op)
        raise
