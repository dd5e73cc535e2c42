"""predict on a batch of another rank after a first predict: TF 2.21's predict step retraces with the rank
left unknown (reduce_retracing), and Keras's Sequential then fails on len(x.shape). Texts printed by
TF 2.21 for /work/notes/progs/fitlogs3/p54.py."""
import numpy as np
import pytest

from framework import keras


def _fitted():
    keras.utils.set_random_seed(0)
    x = np.random.rand(70, 4).astype('float32')
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation='relu'), keras.layers.Dense(1)])
    model.compile('adam', 'mse')
    model.fit(x, x.sum(1, keepdims=True), epochs=1, verbose=0)
    return model, x


def test_a_first_predict_of_another_rank_names_the_shapes():
    model, x = _fitted()
    with pytest.raises(ValueError) as caught:
        model.predict(x[0], verbose=0)
    assert 'Expected shape (None, 4), but input has incompatible shape (4,)' in str(caught.value)
    assert 'inputs=tf.Tensor(shape=(4,), dtype=float32)' in str(caught.value)


@pytest.mark.parametrize('bad', [lambda x: x[0], lambda x: x[None]])
def test_predict_of_another_rank_after_a_predict_fails_on_the_unknown_rank(bad):
    model, x = _fitted()
    assert model.predict(x, verbose=0).shape == (70, 1)
    with pytest.raises(ValueError) as caught:
        model.predict(bad(x), verbose=0)
    text = str(caught.value)
    assert 'Exception encountered when calling Sequential.call()' in text
    assert 'Cannot take the length of shape with unknown rank.' in text
    assert 'inputs=tf.Tensor(shape=<unknown>, dtype=float32)' in text
    assert model.predict(x, verbose=0).shape == (70, 1)     # the batch's own rank still predicts
