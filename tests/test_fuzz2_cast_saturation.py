"""tf.cast from floats to 8- and 16-bit integers, out-of-range values included, as TF 2.21's CPU kernel.

Whole packets (32 float32 / 16 float64 elements) saturate; the elements after them wrap, as C
(and numpy) convert one value. Goldens printed by TF 2.21: tf.cast(x.astype(src), dtype) of the
32-element VALUES (the first 16 shown: one or two whole packets) and of its first 16 elements alone
(float32: no whole packet, so all wrap; float64: one whole packet).
"""
import numpy as np
import pytest

import framework as tf

VALUES = np.array([-1.5, 255.5, 256, 300, 32767, 32768, 65535, 65536, 1e6, 2.0 ** 31, np.inf, np.nan, -np.inf,
                   -129, -32769, 127.9] * 2)

GOLDEN = {   # (src, dtype): (cast of all 32 values [:16], cast of the first 16 values)
    ('float32', 'uint8'): ([0, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 127],
                           [255, 255, 0, 44, 255, 0, 255, 0, 64, 0, 0, 0, 0, 127, 255, 127]),
    ('float32', 'int8'): ([-1, 127, 127, 127, 127, 127, 127, 127, 127, -128, -128, -128, -128, -128, -128, 127],
                          [-1, -1, 0, 44, -1, 0, -1, 0, 64, 0, 0, 0, 0, 127, -1, 127]),
    ('float32', 'uint16'): ([0, 255, 256, 300, 32767, 32768, 65535, 65535, 65535, 0, 0, 0, 0, 0, 0, 127],
                            [65535, 255, 256, 300, 32767, 32768, 65535, 0, 16960, 0, 0, 0, 0, 65407, 32767, 127]),
    ('float32', 'int16'): ([-1, 255, 256, 300, 32767, 32767, 32767, 32767, 32767, -32768, -32768, -32768, -32768,
                            -129, -32768, 127],
                           [-1, 255, 256, 300, 32767, -32768, -1, 0, 16960, 0, 0, 0, 0, -129, 32767, 127]),
    # float64 -> uint8 passes through uint16 read back as signed: 32768 and above become 0
    ('float64', 'uint8'): ([0, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 127],) * 2,
    ('float64', 'int8'): ([-1, 127, 127, 127, 127, 127, 127, 127, 127, -128, -128, -128, -128, -128, -128, 127],) * 2,
    ('float64', 'uint16'): ([0, 255, 256, 300, 32767, 32768, 65535, 65535, 65535, 0, 0, 0, 0, 0, 0, 127],) * 2,
    ('float64', 'int16'): ([-1, 255, 256, 300, 32767, 32767, 32767, 32767, 32767, -32768, -32768, -32768, -32768,
                            -129, -32768, 127],) * 2,
}


@pytest.mark.parametrize('src, dtype', sorted(GOLDEN))
def test_out_of_range_floats_cast_as_tensorflow(src, dtype):
    with np.errstate(all='ignore'):
        values = VALUES.astype(src)
        whole, head = GOLDEN[src, dtype]
        assert tf.cast(values, dtype).numpy()[:16].tolist() == whole
        assert tf.cast(values[:16], dtype).numpy().tolist() == head


def test_packets_follow_row_major_order_in_any_shape():
    values = np.full((4, 10), 300.7, 'float32')        # 40 elements: one packet of 32, a tail of 8
    out = tf.cast(values, 'uint8').numpy().ravel()
    assert out[:32].tolist() == [255] * 32 and out[32:].tolist() == [44] * 8


def test_in_range_values_and_other_targets_are_unchanged():
    values = np.linspace(-100, 100, 64).astype('float32')
    np.testing.assert_array_equal(tf.cast(values, 'int8').numpy(), values.astype('int8'))
    np.testing.assert_array_equal(tf.cast(values, 'int32').numpy(), values.astype('int32'))
