"""TensorFlow's CPU Cast from floats to 8- and 16-bit integers, out of range included.

Eigen converts whole packets through int32 (truncated; NaN, infinities and values
past int32's range all become int32's minimum, as x86's cvttps2dq gives) and then
saturates into the target (so 300.7 becomes uint8's 255, +inf its 0), and the elements after
the last whole packet one at a time, as C's conversion does (which wraps:
numpy's astype gives the same). A packet is 32 float32 elements, or 16
float64 / float16 ones, in row-major order. From float64 and float16, uint8
goes through a uint16 step read back as signed (32768 and above become 0).
Measured on TF 2.21 for every pair below, sizes 5 to 200, with NaN, infinities
and values past each range; in-range values are unaffected, so only inputs
holding out-of-range values see a difference from a plain astype.
"""
import numpy as np

_SATURATING_TARGETS = ('int8', 'uint8', 'int16', 'uint16')
_PACKET = {'float32': 32, 'float64': 16, 'float16': 16}


def packet_length(source, target):
    """Elements per saturating packet for this float -> small-integer cast, or None."""
    if target.name not in _SATURATING_TARGETS:
        return None
    return _PACKET.get(source.name)


def cast_float_to_small_int(data, target, packet):
    """``data`` (a float array) as ``target``: TF's saturated whole packets, wrapped remainder."""
    out = data.astype(target)
    whole = data.size // packet * packet
    if whole:
        limits = np.iinfo(target)
        flat = out.reshape(-1)                       # a view: astype returned a fresh C-ordered array
        head = np.trunc(data.reshape(-1)[:whole].astype(np.float64))
        with np.errstate(invalid='ignore'):
            in_int32 = (head >= -2.0 ** 31) & (head < 2.0 ** 31)      # False for NaN
        head = np.where(in_int32, head, -2.0 ** 31)
        if target == np.uint8 and packet == 16:          # float64 / float16: via uint16, then signed 16 bits
            head = np.clip(head, 0, 65535).astype(np.uint16).view(np.int16)
        flat[:whole] = np.clip(head, limits.min, limits.max).astype(target)
    return out
