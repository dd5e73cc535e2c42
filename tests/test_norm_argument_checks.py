"""tf.norm's own checks of axis and ord, in TF 2.21's order and words (progs/me19/normax.py and
ordchk.py ran every case below under TF 2.21 and tapeflow; the texts are TF's)."""
import numpy as np
import pytest

import framework as tf

X = tf.constant(np.arange(12.0).reshape(2, 2, 3), tf.float32)
AXIS_TEXT = "'axis' must be None, an integer, or a tuple of 2 unique integers, got %s"


@pytest.mark.parametrize('axis, shown', [([0], '[0]'), ((1,), '(1,)'), ([0, 1, 2], '[0, 1, 2]'), ([0, 0], '(0, 0)'),
                                         (np.int64(1), '1'), (tf.constant(1), '1'), ([np.int64(0), 1], '(np.int64(0), 1)'),
                                         (1.0, '1.0'), ('a', 'a')])
@pytest.mark.parametrize('ord_', ['euclidean', 1, 'fro'])
def test_axis_must_be_a_python_int_or_a_pair_of_them(axis, shown, ord_):
    with pytest.raises(ValueError) as caught:
        tf.norm(X, ord=ord_, axis=axis)
    assert str(caught.value) == AXIS_TEXT % shown


@pytest.mark.parametrize('ord_', ['fro', 0, -1, 'nuc'])
def test_vector_norm_ord_refusals(ord_):
    with pytest.raises(ValueError) as caught:
        tf.norm(X, ord=ord_, axis=0)
    assert str(caught.value) == "'ord' must be a supported vector norm, got %s" % (ord_,)


@pytest.mark.parametrize('ord_', [0, -1, 0.5, 3, 'nuc'])
def test_matrix_norm_ord_refusals(ord_):
    with pytest.raises(ValueError) as caught:
        tf.norm(X, ord=ord_, axis=(0, 1))
    assert str(caught.value) == ("'ord' must be a supported matrix norm in ['euclidean', 'fro', 1, 2, inf], got %s"
                                 % (ord_,))


def test_numpy_orders_and_bool_axis_work_as_in_tf():
    x = tf.constant(np.arange(6.0).reshape(2, 3), tf.float32)
    np.testing.assert_allclose(tf.norm(x, ord=np.float32(3)).numpy(), 6.0822, atol=1e-4)
    np.testing.assert_allclose(tf.norm(x, ord=np.float32(3), axis=0).numpy(), [3.0, 4.0207, 5.1045], atol=1e-4)
    np.testing.assert_allclose(tf.norm(x, ord=np.float32(3), axis=True).numpy(), [2.0801, 6.0], atol=1e-4)
    with pytest.raises(TypeError) as caught:
        tf.norm(x, ord=None)
    assert str(caught.value) == "'<=' not supported between instances of 'NoneType' and 'int'"
