"""CRC-32C (Castagnoli), the checksum of LevelDB blocks and TensorFlow's checkpoint tensors.

Small inputs go through the byte table in a Python loop. Large ones are cut
into many equal lanes whose CRCs numpy advances together, four bytes of every
lane per step (slicing-by-4 tables); the lane CRCs are then chained. That works because the CRC
without its pre/post inversion is linear: the CRC of ``A + B`` is the CRC of
``A`` pushed through ``len(B)`` zero bytes, xor the CRC of ``B`` (from zero).
Pushing through ``n`` zero bytes is itself linear in the 32 state bits, so it
is four 256-entry tables, built once per lane length.
"""
import numpy as np

_POLY = 0x82F63B78          # the Castagnoli polynomial, bit-reflected
_LOOP_LIMIT = 1 << 16       # bytes below which the plain loop is faster than the lanes
_LANES = 1 << 14


def _byte_table():
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ (_POLY if crc & 1 else 0)
        table.append(crc)
    return table


_TABLE = _byte_table()
_NP_TABLE = np.array(_TABLE, dtype=np.uint32)


def _raw_loop(data, crc):
    table = _TABLE
    for byte in data:
        crc = table[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc


def _slice_tables():
    """Slicing-by-4 tables: ``_SLICES[k][b]`` is byte ``b`` pushed through ``k`` further zero bytes."""
    tables = [_NP_TABLE]
    for _ in range(3):
        previous = tables[-1]
        tables.append((previous >> 8) ^ _NP_TABLE[previous & 0xFF])
    return tables


_SLICES = _slice_tables()


def _raw_lanes(words):
    """Raw CRCs (from zero) of every row of ``words`` (little-endian uint32 words, 4 bytes a step)."""
    t0, t1, t2, t3 = _SLICES
    crc = np.zeros(words.shape[0], dtype=np.uint32)
    for column in np.ascontiguousarray(words.T):     # contiguous columns: one fast gather per table
        crc ^= column
        crc = t3[crc & 0xFF] ^ t2[(crc >> 8) & 0xFF] ^ t1[(crc >> 16) & 0xFF] ^ t0[crc >> 24]
    return crc


def _zero_shift_tables(length):
    """Four tables whose xor of lookups (one per state byte) pushes a state through ``length`` zero bytes."""
    bits = (np.uint32(1) << np.arange(32, dtype=np.uint32)).astype(np.uint32)
    for _ in range(length):
        bits = _NP_TABLE[bits & 0xFF] ^ (bits >> 8)
    tables = []
    for part in range(4):
        entries = np.arange(256)
        table = np.zeros(256, dtype=np.uint32)
        for bit in range(8):
            table ^= np.where(entries >> bit & 1, bits[8 * part + bit], 0).astype(np.uint32)
        tables.append([int(v) for v in table])
    return tables


def _raw(data, crc):
    if len(data) < _LOOP_LIMIT:
        return _raw_loop(data, crc)
    lane_length = len(data) // _LANES // 4 * 4
    body = np.frombuffer(data, dtype='<u4', count=lane_length * _LANES // 4).reshape(_LANES, lane_length // 4)
    t0, t1, t2, t3 = _zero_shift_tables(lane_length)
    for lane_crc in _raw_lanes(body).tolist():
        crc = t0[crc & 0xFF] ^ t1[crc >> 8 & 0xFF] ^ t2[crc >> 16 & 0xFF] ^ t3[crc >> 24] ^ lane_crc
    return _raw_loop(memoryview(data)[lane_length * _LANES:], crc)


def extend(crc, data):
    """The CRC-32C of the bytes whose CRC is ``crc`` followed by ``data``."""
    return _raw(memoryview(data).cast('B'), crc ^ 0xFFFFFFFF) ^ 0xFFFFFFFF


def value(data):
    """The CRC-32C of ``data`` (bytes-like)."""
    return extend(0, data)


def mask(crc):
    """LevelDB's masked form (a CRC stored next to data that is itself CRC'd)."""
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def unmask(masked):
    rotated = (masked - 0xA282EAD8) & 0xFFFFFFFF
    return ((rotated >> 17) | (rotated << 15)) & 0xFFFFFFFF
