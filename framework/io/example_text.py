"""Protobuf's text format for the values of tf.train.Example messages, as ``print(example)`` shows
TensorFlow's (the upb encoder behind protobuf's Python messages): floats in the fewest of 6 or 9
significant digits that give the float32 back, strings double-quoted with C escapes (bytes fields
escape every byte outside printable ASCII as octal; string fields keep UTF-8 text)."""
import numpy as np

_ESCAPES = {ord('\n'): '\\n', ord('\r'): '\\r', ord('\t'): '\\t', ord('"'): '\\"', ord("'"): "\\'",
            ord('\\'): '\\\\'}


def quoted(data, is_bytes):
    """``data`` (bytes) as a text-format string literal."""
    out = bytearray(b'"')
    for byte in data:
        if byte in _ESCAPES:
            out += _ESCAPES[byte].encode()
        elif (is_bytes or byte < 0x80) and not 0x20 <= byte < 0x7f:
            out += b'\\%03o' % byte
        else:
            out.append(byte)
    return (out + b'"').decode('utf-8', 'backslashreplace')


def float32_text(value):
    """upb's round-trip float: '%.6g', or '%.9g' where six digits do not give the float32 back."""
    value = np.float32(value)
    if np.isnan(value):
        return 'nan'
    if np.isinf(value):
        return 'inf' if value > 0 else '-inf'
    text = '%.6g' % value
    return text if np.float32(float(text)) == value else '%.9g' % value
