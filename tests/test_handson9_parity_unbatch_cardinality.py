"""Dataset.unbatch keeps a known count when its input's batch axis is static, as tf.data's
UnbatchDataset does (TF 2.21): n batches whose first axis is k long give n * k elements. Géron
ch. 16's windows unbatched and batched again then have a length, and Keras's fit on them ends
each epoch without the extra batchless step of a dataset of unknown length, so its logged loss
is TF's. Golden values printed by TF 2.21 (/opt/tfref) for the same programs."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

# TF 2.21's bits on the AVX-512 Xeon the goldens were printed on (oneDNN's kernels and 16-lane vectors)
pytestmark = pytest.mark.usefixtures('xeon_cpu')

X = np.zeros((4, 3, 5))
Y = np.zeros((4, 3))
_slices = tf.data.Dataset.from_tensor_slices


@pytest.mark.parametrize('make, count', [
    (lambda: _slices((X, Y)).unbatch(), 12),
    (lambda: _slices(X).unbatch().batch(2), 6),
    (lambda: _slices(X).unbatch().batch(5, drop_remainder=True), 2),
    (lambda: _slices(X).batch(3).unbatch(), -2),                     # batch axis None
    (lambda: _slices(X).batch(3, drop_remainder=True).unbatch(), 3),
    (lambda: tf.data.Dataset.range(8).batch(4, drop_remainder=True).unbatch(), 8),
    (lambda: _slices(X).repeat().unbatch(), -1),
    (lambda: _slices(X).map(lambda x: x[:2]).unbatch(), 8),
    (lambda: _slices(X).filter(lambda x: True).unbatch(), -2),
    (lambda: _slices({'a': X, 'b': Y}).unbatch(), 12),
    (lambda: _slices(X).unbatch().unbatch(), 60),
    (lambda: _slices(X).map(lambda x: tf.reshape(x, [-1])).unbatch(), 60),
    (lambda: _slices(np.zeros((4, 0, 2))).unbatch(), -2),           # an axis of 0: unknown
    (lambda: _slices(X).take(0).unbatch(), 0),
    (lambda: _slices(X).batch(2).take(0).unbatch(), -2),
    (lambda: _slices(X).repeat().batch(2).unbatch(), -1),
    (lambda: _slices(X).unbatch().take(5), 5),
    # the first known first axis counts: (None, 2) beside (2,)
    (lambda: _slices((np.zeros((4, 2)), np.zeros(4))).batch(2).map(lambda a, b: (a, tf.reshape(b, [2]))).unbatch(), 4),
    (lambda: _slices(tf.ragged.constant([[1], [2, 3], [4], [5]])).batch(2, drop_remainder=True).unbatch(), 4),
    (lambda: _slices(tf.sparse.from_dense(np.eye(4))).batch(2, drop_remainder=True).unbatch(), -2),
])
def test_unbatch_cardinality_as_tf(make, count):
    assert int(make().cardinality()) == count


def test_len_of_unbatched_static_batches():
    assert len(_slices(X).unbatch()) == 12


def test_unbatch_refuses_components_of_different_static_batch_sizes():
    with pytest.raises(ValueError) as info:
        _slices((X, np.zeros((4, 2)))).unbatch()
    assert str(info.value).startswith('`unbatch()` is only supported for datasets of elements whose components '
                                      'have a matching leading dimension. Encountered both 3 and 2.')


def test_fit_on_unbatched_drop_remainder_batches_logs_tf_loss():
    rs = np.random.RandomState(0)
    x = rs.rand(4, 1, 3).astype(np.float32)
    y = rs.rand(4, 1, 1).astype(np.float32)
    ds = _slices((x, y)).unbatch().batch(1, drop_remainder=True)
    keras.utils.set_random_seed(42)
    model = keras.Sequential([keras.layers.Input(shape=(3,)), keras.layers.Dense(1)])
    model.compile(loss='mse', optimizer='sgd', metrics=['mae'])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        history = model.fit(ds, epochs=2, verbose=0).history
    assert history == {'loss': [0.13182410597801208, 0.12974801659584045],
                       'mae': [0.31341952085494995, 0.3126574158668518]}
    assert not [w for w in caught if 'ran out of data' in str(w.message)]
    assert model.evaluate(ds, verbose=0) == [0.12359659373760223, 0.3046523630619049]
