"""tf.range in bfloat16 arithmetic, tf.math.reduce_euclidean_norm of integers summed in their dtype, and
tf.linspace's stop conversion error, as TF 2.21. Golden values printed by TF 2.21
(/work/notes/progs/opsfuzz6/p10_misc.py and the t17 / t18 snippets quoted here)."""
import pytest

import framework as tf


def test_bfloat16_range_is_start_plus_i_times_delta_in_bfloat16():
    # TF 2.21: tf.range(0., 1., 0.3, dtype=tf.bfloat16) -> [0 0.300781 0.601562 0.902344]
    assert tf.range(0., 1., 0.3, dtype=tf.bfloat16).numpy().astype('float32').tolist() == \
        [0.0, 0.30078125, 0.6015625, 0.90234375]
    # tf.range(1., 50., 3.7, dtype=tf.bfloat16)[-1] -> 49.25 (float32 steps cast would give 49)
    assert float(tf.range(1., 50., 3.7, dtype=tf.bfloat16)[-1]) == 49.25
    # tf.range(0., 300., 1., dtype=tf.bfloat16)[256:260] -> [256, 256, 258, 260] (i itself rounds to bfloat16)
    assert tf.range(0., 300., 1., dtype=tf.bfloat16).numpy()[256:260].astype('float32').tolist() == \
        [256., 256., 258., 260.]


@pytest.mark.parametrize('values, dtype, expected', [
    ([100, 100], 'int8', 5),            # 100 * 100 wraps to 16 in int8: sqrt(32)
    ([200, 100], 'uint8', 8),           # 64 + 16
    ([50000, 50000], 'int32', 26552),   # the int32 sum wraps to 705032704
    ([-3, -4], 'int64', 5),
])
def test_integer_euclidean_norm_sums_squares_in_the_dtype(values, dtype, expected):
    # TF 2.21: tf.math.reduce_euclidean_norm(tf.constant([100, 100], tf.int8)) -> int8 5
    out = tf.math.reduce_euclidean_norm(tf.constant(values, dtype))
    assert out.dtype.name == dtype and int(out) == expected


def test_linspace_names_stop_in_its_conversion_error():
    # TF 2.21: tf.linspace(tf.constant(0.), tf.constant(1., tf.float64), 3) -> ValueError 'stop: Tensor conversion
    # requested dtype float32 for Tensor with dtype float64: <tf.Tensor: shape=(), dtype=float64, numpy=1.0>'
    with pytest.raises(ValueError) as caught:
        tf.linspace(tf.constant(0.), tf.constant(1., tf.float64), 3)
    assert str(caught.value) == ('stop: Tensor conversion requested dtype float32 for Tensor with dtype float64: '
                                 '<tf.Tensor: shape=(), dtype=float64, numpy=1.0>')
