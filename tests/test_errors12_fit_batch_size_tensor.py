"""fit / evaluate / predict with a scalar tensor batch_size, which TF 2.21 + Keras 3.15 takes.

Golden values from /work/notes/progs/errors12/p/b1.py run under TF 2.21 (seed 1, SGD, mse): the losses are
those of batch_size=4; a rank-1 tensor stays a TypeError."""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.linspace(0, 1, 24, dtype='float32').reshape(8, 3)
Y = np.linspace(0, 1, 16, dtype='float32').reshape(8, 2)


def _model():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse')
    return model


@pytest.mark.parametrize('size', [tf.constant(4), tf.constant(4, tf.int64), tf.constant(4.0)])
def test_scalar_tensor_batch_size(size):
    try:
        model = _model()
        losses = model.fit(X, Y, batch_size=size, epochs=2, verbose=0, shuffle=False).history['loss']
        np.testing.assert_allclose(losses, [0.83266, 0.77513], atol=1e-5)
        assert round(model.evaluate(X, Y, batch_size=size, verbose=0), 5) == 0.72876
        assert model.predict(X, batch_size=size, verbose=0).shape == (8, 2)
    finally:
        tf.random.set_seed(None)
        keras.backend.clear_session()


def test_vector_tensor_batch_size_is_a_type_error():
    with pytest.raises(TypeError):
        _model().fit(X, Y, batch_size=tf.constant([4]), verbose=0)
    tf.random.set_seed(None)
