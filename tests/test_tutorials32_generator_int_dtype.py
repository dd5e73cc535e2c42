"""Generator.normal / truncated_normal with a non-float dtype: TF 2.21 first converts the default mean
0.0 to it, so the error is the conversion's TypeError (tapeflow's own text stays as a note). Texts
printed by TF 2.21 (progs/tutorials32/rn2.py)."""
import pytest

import framework as tf


@pytest.mark.parametrize('op, dtype', [('normal', tf.int64), ('truncated_normal', tf.int32), ('normal', tf.bool),
                                       ('truncated_normal', tf.uint8), ('normal', tf.string)])
def test_non_float_dtype_is_the_mean_conversion_error(op, dtype):
    g = tf.random.Generator.from_seed(1)
    with pytest.raises(TypeError) as info:
        getattr(g, op)([2], dtype=dtype)
    assert str(info.value) == 'Cannot convert 0.0 to EagerTensor of dtype %s' % dtype.name
