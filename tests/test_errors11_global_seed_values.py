"""tf.random.set_seed keeps its seed as TensorFlow 2.21 does: negative, float, bool, numpy and past-64-bit
seeds draw TF's values (ops take the seed modulo 2**31 - 1), a string seed is refused by the first random
op with TF's TypeError, a list by set_seed itself. Literals: TF 2.21's output of
/work/notes/progs/errors11/p/d2.py (d2_tf.txt), rounded to 4 places as printed there."""
import numpy as np
import pytest

import framework as tf


@pytest.fixture(autouse=True)
def _clear_seed():
    yield
    tf.random.set_seed(None)


# seed -> (normal([2]), normal([2], seed=3), uniform([2])), drawn in that order after set_seed
TF_VALUES = [
    (1.5, [-1.3411, 0.5016], [-0.6709, 0.2236], [0.949, 0.9414]),
    (-1, [-0.174, 1.2724], [-0.0789, 1.2572], [0.3669, 0.6922]),
    (2 ** 64 + 5, [-0.922, -0.8752], [-1.7141, -1.4778], [0.042, 0.9847]),
    (np.int64(-3), [0.7137, 0.5221], [0.5674, 0.0885], [0.3563, 0.5544]),
    (True, [-1.1012, 1.5458], [-0.6709, 0.2236], [0.5101, 0.4435]),
]


@pytest.mark.parametrize('seed, normal, normal_op, uniform', TF_VALUES)
def test_unusual_global_seeds_draw_tensorflows_values(seed, normal, normal_op, uniform):
    tf.random.set_seed(seed)
    np.testing.assert_allclose(tf.random.normal([2]).numpy(), normal, atol=1e-4)
    np.testing.assert_allclose(tf.random.normal([2], seed=3).numpy(), normal_op, atol=1e-4)
    np.testing.assert_allclose(tf.random.uniform([2]).numpy(), uniform, atol=1e-4)


def test_negative_and_float_op_seeds():
    tf.random.set_seed(1)
    np.testing.assert_allclose(tf.random.normal([2], seed=-1).numpy(), [0.715, 0.2095], atol=1e-4)
    np.testing.assert_allclose(tf.random.normal([2], seed=2.5).numpy(), [-1.0468, 0.8397], atol=1e-4)


def test_a_string_seed_is_refused_when_an_op_draws():
    tf.random.set_seed('a')     # TF takes it
    with pytest.raises(TypeError, match='^not all arguments converted during string formatting$'):
        tf.random.normal([2])


def test_a_list_seed_is_refused_by_set_seed():
    with pytest.raises(TypeError, match='^only 0-dimensional arrays can be converted to Python scalars$'):
        tf.random.set_seed([1, 2])


def test_shuffle_runs_under_a_negative_seed():
    tf.random.set_seed(-1)
    assert sorted(tf.random.shuffle(tf.range(5)).numpy().tolist()) == [0, 1, 2, 3, 4]
