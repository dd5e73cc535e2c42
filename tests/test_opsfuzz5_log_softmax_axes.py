"""keras.ops.log_softmax over a tuple of axes (or None: all), and softmax / log_softmax axis errors, as Keras 3 on
TF 2.21 (values printed by TF 2.21: /work/notes/progs/opsfuzz5/p11_lsm.py, p12_lsm2.py)."""
import numpy as np
import pytest

from framework import keras

ops = keras.ops
X = np.arange(24, dtype='float32').reshape(2, 3, 4) / 7


def test_log_softmax_over_a_tuple_of_axes():
    # TF 2.21: ops.log_softmax(X, axis=(0, 2)).numpy()[:, 0, :2]
    out = ops.log_softmax(X, axis=(0, 2)).numpy()
    np.testing.assert_array_equal(out[:, 0, :2], np.array([[-3.4931769371032715, -3.3503196239471436],
                                                          [-1.7788910865783691, -1.6360340118408203]], 'float32'))
    # it is the log of softmax over the same axes
    np.testing.assert_allclose(np.exp(out), ops.softmax(X, axis=(0, 2)).numpy(), rtol=1e-6)


def test_log_softmax_over_every_axis():
    # TF 2.21: ops.log_softmax(X, axis=None).numpy()[0, 0, :3]
    out = ops.log_softmax(X, axis=None).numpy()
    assert out.shape == (2, 3, 4)
    np.testing.assert_array_equal(out[0, 0, :3], np.array([-5.269231796264648, -5.1263747215271, -4.983517646789551],
                                                          'float32'))


@pytest.mark.parametrize('fn', [ops.softmax, ops.log_softmax])
@pytest.mark.parametrize('axis, error, text', [
    ((-1,), ValueError, '`axes` must be a valid permutation of the input dimensions (no duplicates). Received: '
                        'axes=[0, 1, 2, 2] for input of rank 3.'),
    ((0, 5), ValueError, 'axis 5 is out of bounds for an array with dimension 3.'),
    ((0, 1.0), TypeError, "'float' object cannot be interpreted as an integer"),
])
def test_tuple_axes_errors(fn, axis, error, text):
    # TF 2.21: ops.softmax(X, axis=(-1,)) -> ValueError '`axes` must be a valid permutation ...' (Keras keeps
    # the negative axis out of its 'axes to keep' test, so the last axis comes twice)
    with pytest.raises(error) as info:
        fn(X, axis=axis)
    assert str(info.value) == text
