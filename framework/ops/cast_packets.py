"""TensorFlow's CPU Cast from floats (and bfloat16) to integers, out of range included.

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

bfloat16 goes through float32 in packets of 8 (so bfloat16 -129 as int8 is -128
in a whole packet, 127 after it; ml_dtypes' own astype gives 0 for both).
To uint32, whole packets of 8 take the compiler's vector unsigned conversion
(cvttps2dq of x and of x - 2**31, merged where the first is negative: NaN,
infinities and values past uint32 give 2**31, -1 wraps to 4294967295) and the
rest a 64-bit conversion's low half (4.3e9 gives 5032960, NaN 0). To uint64,
every element takes the scalar form of that merge (NaN and infinities 2**63,
-2.7 wraps to 2**64 - 2), where numpy gives 0 for them. Measured on TF 2.21
(sizes 1 to 257, every float source).
"""
import numpy as np

_SATURATING_TARGETS = ('int8', 'uint8', 'int16', 'uint16')
_PACKET = {'float32': 32, 'float64': 16, 'float16': 16, 'bfloat16': 8}


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


def cast_float_to_int(data, target):
    """``data`` (a float or bfloat16 numpy array) as the integer dtype ``target``, as TF's CPU Cast
    gives it (see the module's docstring); in-range values as a plain astype."""
    packet = packet_length(data.dtype, target)
    if data.dtype.name == 'bfloat16':
        data = data.astype(np.float32)      # exact; TF's kernel converts through float too
    with np.errstate(invalid='ignore'):
        if packet is not None and data.size >= packet:
            return cast_float_to_small_int(data, target, packet)
        if target == np.uint32:
            return _to_uint32(data)
        if target == np.uint64:
            return _merged_unsigned(data, 64).view(np.uint64)
        return data.astype(target)


def _truncated(data, bits):
    """x86's cvtt conversion to a ``bits``-bit integer (as int64): NaN and values past the range
    give the range's minimum."""
    t = np.trunc(data.astype(np.float64))
    inside = (t >= -2.0 ** (bits - 1)) & (t < 2.0 ** (bits - 1))        # False for NaN
    return np.where(inside, t, -2.0 ** (bits - 1)).astype(np.int64)


def _merged_unsigned(data, bits):
    """The compiler's branch-free unsigned conversion: cvtt(x), and where that reads negative (NaN,
    x >= 2**(bits-1) or below 0) its bits or'ed with cvtt(x - 2**(bits-1))'s; as int64 bit patterns."""
    low = _truncated(data, bits)
    high = _truncated(data.astype(np.float64) - 2.0 ** (bits - 1), bits)     # exact where it is used
    if bits == 32:
        low, high = low & 0xFFFFFFFF, high & 0xFFFFFFFF
        return low | (high & np.where(low >= 2 ** 31, 0xFFFFFFFF, 0))
    return low | (high & (low >> 63))


def _to_uint32(data):
    flat = data.reshape(-1)
    whole = flat.size // 8 * 8
    out = np.empty(flat.size, np.uint32)
    out[:whole] = _merged_unsigned(flat[:whole], 32)
    out[whole:] = _truncated(flat[whole:], 64) & 0xFFFFFFFF     # one at a time: a 64-bit conversion's low half
    return out.reshape(data.shape)
