"""tf.extract_volume_patches: TensorFlow's values, gradient and errors (printed by the same program under
/opt/tfref/bin/python); the gradient is also checked against central differences in float64."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError, UnimplementedError

X = np.arange(2 * 3 * 4 * 4 * 2, dtype=np.float32).reshape(2, 3, 4, 4, 2)
COVERED_HERE = {'extract_volume_patches'}       # test_op_gradients' sweep: gradient checked below
SWEEP_CALLS = {'extract_volume_patches': ((X[:1, :2, :2, :2], [1, 1, 2, 2, 1], [1, 1, 1, 1, 1], 'VALID'), {})}


def test_values_are_tensorflows():
    valid = tf.extract_volume_patches(X, [1, 2, 2, 2, 1], [1, 1, 2, 2, 1], 'VALID')
    assert valid.shape == (2, 2, 2, 2, 16)
    assert float(tf.reduce_sum(valid * tf.cast(tf.range(16), tf.float32))) == 202112.0
    assert valid[0, 0, 0, 0].numpy().tolist() == [0, 1, 2, 3, 8, 9, 10, 11, 32, 33, 34, 35, 40, 41, 42, 43]
    same = tf.extract_volume_patches(X, [1, 2, 3, 3, 1], [1, 2, 2, 1, 1], 'SAME')
    assert same.shape == (2, 2, 2, 4, 36) and float(tf.reduce_sum(same)) == 57780.0
    assert same[1, 1, 1, 3].numpy().tolist() == [180, 181, 182, 183, 0, 0, 188, 189, 190, 191] + [0] * 26


def test_gradient_is_tensorflows():
    v = tf.Variable(X)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.extract_volume_patches(v, [1, 2, 3, 3, 1], [1, 2, 2, 1, 1], 'SAME') ** 2)
    grad = tape.gradient(loss, v)
    assert float(tf.reduce_sum(grad)) == 115560.0
    assert grad[1, 2, 3].numpy().tolist() == [[736, 740], [1116, 1122], [1128, 1134], [760, 764]]


@pytest.mark.parametrize('padding', ['SAME', 'VALID'])
def test_gradient_matches_central_differences(padding):
    x = np.random.RandomState(1).randn(1, 3, 3, 2, 2)
    theoretical, numerical = tf.test.compute_gradient(
        lambda t: tf.extract_volume_patches(t, [1, 2, 2, 1, 1], [1, 1, 2, 1, 1], padding), [tf.constant(x)])
    np.testing.assert_allclose(theoretical[0], numerical[0], rtol=1e-7, atol=1e-7)


@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.extract_volume_patches(X, [2, 2, 2, 2, 1], [1, 1, 1, 1, 1], 'VALID'), UnimplementedError,
     'Only support ksizes across space. [Op:ExtractVolumePatches] name: '),
    (lambda: tf.extract_volume_patches(X, [1, 2, 2, 2, 1], [1, 1, 1, 1, 2], 'VALID'), UnimplementedError,
     'Only support strides across space. [Op:ExtractVolumePatches] name: '),
    (lambda: tf.extract_volume_patches(X[0], [1, 2, 2, 2, 1], [1, 1, 1, 1, 1], 'VALID'), InvalidArgumentError,
     'input must be 5-dimensional[3,4,4,2] [Op:ExtractVolumePatches] name: '),
    (lambda: tf.extract_volume_patches(X, [1, 5, 2, 2, 1], [1, 1, 1, 1, 1], 'VALID'), InvalidArgumentError,
     'Computed output size would be negative: -1 [input_size: 3, effective_filter_size: 5, stride: 1] '
     '[Op:ExtractVolumePatches] name: '),
])
def test_bad_arguments_raise_tensorflows_errors(call, error, text):
    with pytest.raises(error) as info:
        call()
    assert str(info.value).endswith(text)


def test_padding_must_be_same_or_valid():
    with pytest.raises(InvalidArgumentError, match='Value for attr \'padding\' of "FULL" is not in the list of allowed '
                                                   'values: "SAME", "VALID"'):
        tf.extract_volume_patches(X, [1, 2, 2, 2, 1], [1, 1, 1, 1, 1], 'FULL')
