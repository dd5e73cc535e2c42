"""tf.clip_by_norm of integer and bool tensors, tf.clip_by_global_norm's use_norm and mixed dtypes, and
tf.nn.moments of float16 (computed in float32), as TF 2.21. Golden values printed by TF 2.21
(/work/notes/progs/opsfuzz6/p08_sparse_nn.py and the t16 snippet quoted here)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

V = [[3., 4.], [0., 0.]]


def _error(cls, fn):
    with pytest.raises(cls) as caught:
        fn()
    return str(caught.value)


@pytest.mark.parametrize('dtype', ['int32', 'uint8', 'int64'])
def test_clip_by_norm_of_integers_is_sqrts_registry_error(dtype):
    # TF 2.21: tf.clip_by_norm(tf.constant([3, 4]), 1) -> "Value for attr 'T' of int32 is not in the list of allowed
    # values: bfloat16, half, float, double, complex64, complex128\n\t; NodeDef: {{node Sqrt}}; ... [Op:Sqrt] name: "
    text = _error(InvalidArgumentError, lambda: tf.clip_by_norm(tf.constant([3, 4], dtype), 1))
    assert text.startswith("Value for attr 'T' of %s is not in the list of allowed values: bfloat16, half, float, "
                           "double, complex64, complex128\n\t; NodeDef: {{node Sqrt}}" % dtype)
    assert text.endswith('[Op:Sqrt] name: ')


def test_clip_by_norm_of_bools_is_sums_registry_error():
    # TF 2.21: tf.clip_by_norm(tf.constant([True]), 1) -> "Value for attr 'T' of bool ... {{node Sum}} ... [Op:Sum] name: "
    text = _error(InvalidArgumentError, lambda: tf.clip_by_norm(tf.constant([True]), 1))
    assert text.startswith("Value for attr 'T' of bool is not in the list of allowed values: float, double, int32")
    assert '{{node Sum}}' in text and text.endswith('[Op:Sum] name: ')


def test_global_norm_of_mixed_dtypes_is_packs_input_error():
    v = tf.constant(V)
    # TF 2.21: tf.linalg.global_norm([v, tf.constant([1.], tf.float64)]) -> 'cannot compute Pack as input
    # #1(zero-based) was expected to be a float tensor but is a double tensor [Op:Pack] name: stack'
    assert _error(InvalidArgumentError, lambda: tf.linalg.global_norm([v, tf.constant([1.], tf.float64)])) == (
        'cannot compute Pack as input #1(zero-based) was expected to be a float tensor but is a double tensor '
        '[Op:Pack] name: stack')
    # tf.clip_by_global_norm([v, v, tf.constant([1.], tf.float16)], 1.) -> '... input #2(zero-based) ... half ...'
    assert _error(InvalidArgumentError, lambda: tf.clip_by_global_norm([v, v, tf.constant([1.], tf.float16)], 1.)) \
        == ('cannot compute Pack as input #2(zero-based) was expected to be a float tensor but is a half tensor '
            '[Op:Pack] name: stack')


def test_clip_by_global_norm_use_norm_needs_a_dtype_and_comes_back_as_given():
    v = tf.constant(V)
    # TF 2.21: tf.clip_by_global_norm([v], 1., use_norm=2.) -> AttributeError "'float' object has no attribute 'dtype'"
    assert _error(AttributeError, lambda: tf.clip_by_global_norm([v], 1., use_norm=2.)) == \
        "'float' object has no attribute 'dtype'"
    assert _error(AttributeError, lambda: tf.clip_by_global_norm([v], 1., use_norm=2)) == \
        "'int' object has no attribute 'dtype'"
    # use_norm=np.float32(2.) -> ([[[1.5, 2.], [0., 0.]]], np.float32(2.0)): the norm is use_norm itself
    clipped, norm = tf.clip_by_global_norm([v], 1., use_norm=np.float32(2.))
    assert clipped[0].numpy().tolist() == [[1.5, 2.], [0., 0.]]
    assert type(norm) is np.float32 and norm == 2.


def test_float16_moments_are_computed_in_float32():
    # TF 2.21: tf.nn.moments(tf.constant([1., 2., 4.], tf.float16), axes=[0]) -> (2.333984375, 1.5556640625) float16
    # (float16 arithmetic gives the variance 1.5546875)
    mean, variance = tf.nn.moments(tf.constant([1., 2., 4.], tf.float16), axes=[0])
    assert mean.dtype == tf.float16 and float(mean) == 2.333984375
    assert variance.dtype == tf.float16 and float(variance) == 1.5556640625
    # [[1., 2.5, 4.], [0.1, 7., 3.]] float16 over axis 1 (keepdims): variance [[1.5], [8.]]
    _, variance = tf.nn.moments(tf.constant([[1., 2.5, 4.], [0.1, 7., 3.]], tf.float16), axes=[1], keepdims=True)
    assert variance.numpy().tolist() == [[1.5], [8.]]
    # bfloat16 stays in bfloat16: moments([1., 2., 4.] bfloat16) -> (2.32812, 1.55469)
    mean, variance = tf.nn.moments(tf.constant([1., 2., 4.], tf.bfloat16), axes=[0])
    assert mean.dtype == tf.bfloat16 and float(mean) == 2.328125 and float(variance) == 1.5546875
