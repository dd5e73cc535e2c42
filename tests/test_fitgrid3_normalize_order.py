"""keras.utils.normalize (a list or tensor goes through keras.ops.normalize) and keras.ops.normalize check
`order` as Keras 3.15 does: its text, str() of the value, and True passing as order 1 (TF 2.21, probe
/work/notes/progs/fitgrid3/ut/v01.py; tapeflow said 'keras.ops.normalize: order must be an int >= 1, got 0'
and refused True)."""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('order, shown', [(0, '0'), (-1, '-1'), (1.5, '1.5'), (2.0, '2.0'), (float('inf'), 'inf'),
                                          ('2', '2'), (None, 'None')])
def test_a_bad_order_is_kerass_value_error(order, shown):
    with pytest.raises(ValueError) as caught:
        keras.ops.normalize(np.array([[1., 2.]], 'float32'), order=order)
    assert str(caught.value) == 'Argument `order` must be an int >= 1. Received: order=%s' % shown


def test_utils_normalize_of_a_list_words_it_the_same():
    with pytest.raises(ValueError) as caught:
        keras.utils.normalize([[1., 2.], [2., 1.]], order=0)
    assert str(caught.value) == 'Argument `order` must be an int >= 1. Received: order=0'


def test_true_is_order_one():
    out = keras.ops.normalize(np.array([[1., 2.]], 'float32'), order=True)
    np.testing.assert_allclose(np.asarray(out), [[1 / 3, 2 / 3]], rtol=1e-4)
