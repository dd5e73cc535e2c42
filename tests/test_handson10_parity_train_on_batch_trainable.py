"""train_on_batch trains what its trace read, as fit's steps do.

Keras 3's train_on_batch runs the traced train function, which reads ``model.trainable_weights``
when it is traced. A discriminator made untrainable after its first train_on_batch (a GAN loop
without compiling again) is still trained by TF 2.21 while that trace serves its batches; a batch
of other shapes traces again and reads the frozen state (no training, and Keras's "The model does
not have any trainable weights." warning). tapeflow read the state at every call: the frozen
discriminator stopped training at once.

Goldens: /work/notes/progs/handson3/frozen_tob.py and frozen_tob2.py run with TF 2.21.
"""
import numpy as np
import pytest

import framework as tf

X = np.random.RandomState(0).rand(32, 8).astype(np.float32)
Y = np.array([[0.], [1.]] * 16, np.float32)


def _model(optimizer):
    tf.keras.utils.set_random_seed(42)
    model = tf.keras.Sequential([tf.keras.layers.Input([8]), tf.keras.layers.Dense(1, activation="sigmoid")])
    model.compile(loss="binary_crossentropy", optimizer=optimizer)
    return model


def test_frozen_after_the_trace_keeps_training_until_fit_traces_anew():
    model = _model("rmsprop")
    np.testing.assert_allclose(model.train_on_batch(X, Y), 0.6715619564056396, rtol=1e-6)
    model.trainable = False
    np.testing.assert_allclose([model.train_on_batch(X, Y), model.train_on_batch(X, Y)],
                               [0.6695255041122437, 0.6681041717529297], rtol=1e-6)
    np.testing.assert_allclose(model.get_weights()[1], [-0.00729235], rtol=1e-5)
    assert int(model.optimizer.iterations) == 3
    with pytest.warns(UserWarning, match="The model does not have any trainable weights."):
        model.fit(X, Y, verbose=0)          # fit's own trace reads the frozen state
    np.testing.assert_allclose(model.get_weights()[1], [-0.00729235], rtol=1e-5)
    assert int(model.optimizer.iterations) == 3
    model.trainable = True
    np.testing.assert_allclose(model.train_on_batch(X, Y), 0.6669468283653259, rtol=1e-6)
    np.testing.assert_allclose(model.get_weights()[1], [-0.00894171], rtol=1e-5)
    assert int(model.optimizer.iterations) == 4


def test_each_trace_keeps_its_own_set():
    model = _model("sgd")
    model.train_on_batch(X, Y)
    model.trainable = False
    model.train_on_batch(X[:16], Y[:16])        # traces anew (batch axis open): nothing to train
    np.testing.assert_allclose(model.get_weights()[1], [-0.00111875], rtol=1e-5)
    assert int(model.optimizer.iterations) == 1
    model.train_on_batch(X[:8], Y[:8])          # served by the open trace
    model.train_on_batch(X, Y)                  # served by the first trace: trained
    np.testing.assert_allclose(model.get_weights()[1], [-0.00222866], rtol=1e-5)
    assert int(model.optimizer.iterations) == 2


def test_fit_then_frozen_train_on_batch_traces_anew():
    model = _model("rmsprop")
    model.fit(X, Y, verbose=0, batch_size=16)
    model.trainable = False
    assert model.train_on_batch(X, Y) == model.train_on_batch(X, Y)
    np.testing.assert_allclose(model.get_weights()[1], [-0.00629494], rtol=1e-5)
    assert int(model.optimizer.iterations) == 2


def test_compile_again_traces_anew_and_run_eagerly_reads_each_call():
    model = _model("sgd")
    model.train_on_batch(X, Y)
    model.trainable = False
    model.compile(loss="binary_crossentropy", optimizer="sgd")
    model.train_on_batch(X, Y)          # the new trace reads the frozen state
    model.trainable = True
    model.train_on_batch(X, Y)          # and keeps it while it serves
    np.testing.assert_allclose(model.get_weights()[1], [-0.00111875], rtol=1e-5)
    assert int(model.optimizer.iterations) == 0
    tf.keras.utils.set_random_seed(42)
    eager = tf.keras.Sequential([tf.keras.layers.Input([8]), tf.keras.layers.Dense(1, activation="sigmoid")])
    eager.compile(loss="binary_crossentropy", optimizer="sgd", run_eagerly=True)
    eager.train_on_batch(X, Y)
    eager.trainable = False
    eager.train_on_batch(X, Y)
    np.testing.assert_allclose(eager.get_weights()[1], [-0.00111875], rtol=1e-5)
    assert int(eager.optimizer.iterations) == 1
