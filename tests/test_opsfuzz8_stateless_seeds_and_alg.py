"""Seeds and algorithms of tf.random's stateless ops and Generator.from_seed, as TF 2.21.

Values and texts printed by TF 2.21 (/work/notes/progs/opsfuzz8/p19_seeds.py), e.g.
    tf.random.stateless_uniform([2], seed=np.array([1.7, 2.2]))
    tf.random.create_rng_state(np.int64(5), 1)
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_AT_1_2 = [0.8440604, 0.19204533]


@pytest.mark.parametrize('seed, expected', [
    (np.array([1.7, 2.2]), _AT_1_2),                          # numpy seeds are cast to int64
    (np.array([1, 2], np.uint32), _AT_1_2),
    (np.array([2 ** 40, 2], np.uint64), [0.74858856, 0.71487963]),
    (np.array([-1, 2], np.int8), [0.4135995, 0.6200979]),
])
def test_numpy_seeds_are_cast_to_int64(seed, expected):
    np.testing.assert_array_equal(tf.random.stateless_uniform([2], seed=seed).numpy(), np.array(expected, np.float32))


def test_tensor_seeds_other_than_int32_int64_are_the_kernels_attr_error():
    for seed, kind in ((tf.constant([1, 2], tf.uint32), 'uint32'), (tf.constant([1., 2.]), 'float')):
        with pytest.raises(InvalidArgumentError) as info:
            tf.random.stateless_uniform([2], seed=seed)
        assert str(info.value).startswith("Value for attr 'Tseed' of %s is not in the list of allowed values: int32, "
                                          "int64\n\t; NodeDef: {{node StatelessRandomGetKeyCounter}}" % kind)
        assert str(info.value).endswith('[Op:StatelessRandomGetKeyCounter] name: ')
    with pytest.raises(InvalidArgumentError) as info:        # a list: no tail
        tf.random.stateless_uniform([2], seed=[1., 2.])
    assert str(info.value).endswith('[Op:StatelessRandomGetKeyCounter]')


@pytest.mark.parametrize('seed', [[1, 2 ** 64], [2 ** 63, 1], [1, -2 ** 63 - 1]])
def test_list_seeds_beyond_int64_fail_to_convert(seed):
    with pytest.raises(ValueError) as info:
        tf.random.stateless_uniform([2], seed=seed)
    assert str(info.value) == "Can't convert Python sequence with out-of-range integer to Tensor."


def test_unsupported_and_default_algorithms():
    for alg in (0, 4):
        with pytest.raises(ValueError) as info:
            tf.random.stateless_normal([2], seed=[1, 2], alg=alg)
        assert str(info.value) == ('Argument `alg` got unsupported value %d. Supported values are 1 for the Philox '
                                   'algorithm, 2 for the ThreeFry algorithm, and 3 for auto-selection.' % alg)
    np.testing.assert_array_equal(tf.random.stateless_normal([2], seed=[1, 2], alg=None).numpy(),
                                  np.array([0.5441101, 0.20738031], np.float32))


def test_a_numpy_integer_seed_is_a_one_word_state_padded_on_the_left():
    assert tf.random.create_rng_state(np.int64(5), 1).numpy().tolist() == [0, 0, 5]
    assert tf.random.create_rng_state(np.uint64(2 ** 64 - 1), 1).numpy().tolist() == [0, 0, -1]
    assert tf.random.create_rng_state(5, 1).numpy().tolist() == [5, 0, 0]
    g = tf.random.Generator.from_seed(np.int64(5))
    assert g.state.numpy().tolist() == [0, 0, 5]


@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.random.gamma([2], alpha=1., dtype=tf.int32), TypeError, 'Cannot convert 1.0 to EagerTensor of dtype int32'),
    (lambda: tf.random.gamma([2], alpha=1, beta=2.5, dtype=tf.int32), TypeError,
     'Cannot convert 2.5 to EagerTensor of dtype int32'),
    (lambda: tf.random.stateless_gamma([2], seed=[1, 2], alpha=1.5, dtype=tf.int64), TypeError,
     'Cannot convert 1.5 to EagerTensor of dtype int64'),
    (lambda: tf.random.gamma([2], alpha=tf.constant(1.), dtype=tf.int32), ValueError,
     'alpha: Tensor conversion requested dtype int32 for Tensor with dtype float32: '
     '<tf.Tensor: shape=(), dtype=float32, numpy=1.0>'),
])
def test_gamma_of_an_integer_dtype_fails_converting_alpha_then_beta(call, error, text):
    # TF 2.21's gamma converts alpha and beta to the dtype before anything else
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == text
