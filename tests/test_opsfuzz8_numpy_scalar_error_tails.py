"""Kernel errors of floordiv / floormod / pow end as TF 2.21's eager paths word them: ' name: ' for tensors and
Python numbers (and np.float64, a Python float), none beside a numpy integer / float32 scalar, a Python complex
or a list (TF's slow path).

Texts printed by TF 2.21 (/work/notes/progs/opsfuzz8/p01_promo.py), e.g.
    tf.constant([1, 2], tf.int8) // np.complex64(1j)     (the divisor converts to 0)
    tf.constant([1, 2], tf.uint8) ** np.int8(3)
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_DIV = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} Integer division by zero [Op:%s]'


@pytest.mark.parametrize('divisor, tail', [(0, ' name: '), (np.int32(0), ''), (np.float32(0.), ''),
                                           (np.float64(0.), ' name: '), ([0, 0], ''), (tf.constant([0, 0], tf.int8), ' name: ')])
def test_integer_division_by_zero_tails(divisor, tail):
    x = tf.constant([1, 2], tf.int8)
    for op, kernel in ((tf.math.floordiv, 'FloorDiv'), (tf.math.floormod, 'FloorMod')):
        with pytest.raises(InvalidArgumentError) as info:
            op(x, divisor)
        assert str(info.value) == _DIV % (kernel, kernel) + tail


@pytest.mark.parametrize('exponent, tail', [(3, ' name: '), (np.int8(3), ''), (np.float64(3.), ' name: ')])
def test_unsigned_pow_refusal_tails(exponent, tail):
    with pytest.raises(InvalidArgumentError) as info:
        tf.constant([1, 2], tf.uint8) ** exponent
    assert str(info.value).startswith("Value for attr 'T' of uint8 is not in the list of allowed values: bfloat16, ")
    assert str(info.value).endswith('DT_COMPLEX64, DT_COMPLEX128]> [Op:Pow]' + tail)


def test_complex_floormod_beside_a_python_complex_has_no_tail():
    with pytest.raises(InvalidArgumentError) as info:
        tf.constant([1 + 0j, 2], tf.complex64) % (1 + 2j)
    assert str(info.value).endswith('[Op:FloorMod]')
    with pytest.raises(InvalidArgumentError) as info:
        tf.constant([1 + 0j, 2], tf.complex64) % 2.
    assert str(info.value).endswith('[Op:FloorMod] name: ')
