"""An MNIST-shaped MLP trains to TF's bytes in the exact-math mode (Flatten(784) -> Dense: a
product deeper than 384, and sparse softmax cross-entropy from logits).

Golden: TF 2.21 + Keras 3.15 on the project's AVX-512 Xeon (oneDNN on), the same program with
``import tensorflow as tf; import keras`` (probe /work/notes/progs/deepdense/fitgold_tf.py).
Before deepdense's depth blocks and cross-entropy sums, the second epoch's loss and the
predictions differed in the last bits.
"""
import numpy as np
import pytest

from framework import keras, onednn_policy


@pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow would not run oneDNN on this CPU')
def test_two_epochs_of_adam_give_tf_history_and_predictions(exact_math):
    rng = np.random.RandomState(3)
    x = (rng.randint(0, 256, (96, 28, 28)) / 255.0).astype('float32')
    y = rng.randint(0, 3, 96).astype('int64')
    keras.utils.set_random_seed(2)
    model = keras.Sequential([keras.Input((28, 28)), keras.layers.Flatten(), keras.layers.Dense(8, activation='relu'),
                              keras.layers.Dense(3)])
    model.compile(optimizer='adam', loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    history = model.fit(x, y, batch_size=32, epochs=2, verbose=0, shuffle=False)
    assert [float(v).hex() for v in history.history['loss']] == ['0x1.35dce60000000p+0', '0x1.21b4360000000p+0']
    assert model.predict(x[:2], verbose=0).tobytes().hex() == '3446513e0feb22bd85322a3ee234af3ca943db3d95c15b3e'
