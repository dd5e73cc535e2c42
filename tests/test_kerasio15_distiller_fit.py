"""fit with a custom train_step and compiled metrics, and a Dataset kept across epochs, as Keras 3.

keras.io's keras_recipes/better_knowledge_distillation compiles its Distiller with
``metrics=[SparseCategoricalAccuracy()]`` but its train_step never updates them: on TF 2.21 fit
fails at the first epoch's end, when it reads the metric results ("Cannot get result() since the
metric has not yet been built."); tapeflow trained on. With ``steps_per_epoch`` equal to the
Dataset's batch count, Keras 3 makes a new iterator when a pass has read every batch, so each
epoch trains; tapeflow's second epoch ran dry. And a model compiled with metrics but no loss
fails evaluate with Keras's words, ``compile()`` in backticks.

Goldens: TF 2.21 + Keras 3 probe /work/notes/progs/kerasio15/d10.py (steps per epoch, 'ran out of
data' warnings), d11.py (losses), p4_distill.py / p4b_distill.py (the errors).
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras


def setup_function(_):
    keras.utils.set_random_seed(1)


def teardown_function(_):
    tf.random.set_seed(None)
    keras.backend.clear_session()


def _model():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse', metrics=['mae'])
    return model


def _dataset():
    return tf.data.Dataset.from_tensor_slices((np.arange(20.).reshape(10, 2), np.ones((10, 1)))).batch(2)


class _Counter(keras.callbacks.Callback):
    def on_train_begin(self, logs=None):
        self.steps = []

    def on_epoch_begin(self, epoch, logs=None):
        self.steps.append(0)

    def on_train_batch_end(self, batch, logs=None):
        self.steps[-1] += 1


def _fit(steps_per_epoch):
    model, counter = _model(), _Counter()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        history = model.fit(_dataset(), steps_per_epoch=steps_per_epoch, epochs=3, verbose=0, callbacks=[counter])
    dry = sum('ran out of data' in str(w.message) for w in caught)
    return counter.steps, dry, history.history['loss']


def test_steps_per_epoch_equal_to_the_batch_count_trains_every_epoch():
    steps, dry, losses = _fit(5)
    assert steps == [5, 5, 5] and dry == 0
    # TF 2.21 (probe d11.py): [77.82666015625, 153132.171875, 304248192.0]
    assert losses == pytest.approx([77.82666015625, 153132.171875, 304248192.0], rel=1e-6)


@pytest.mark.parametrize('steps_per_epoch, steps, dry', [(3, [3, 2, 3], 1), (10, [5, 5, 5], 3), (7, [5, 5, 5], 3)])
def test_kept_iterator_restarts_when_a_pass_reads_every_batch(steps_per_epoch, steps, dry):
    assert _fit(steps_per_epoch)[:2] == (steps, dry)


def test_metric_results_before_any_update_raise():
    with pytest.raises(ValueError, match=r'^Cannot get result\(\) since the metric has not yet been built\.$'):
        _model().get_metrics_result()


class _OwnStep(keras.Model):
    """A train_step that reports its own tracker and never updates the compiled metrics."""

    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(3)
        self.tracker = keras.metrics.Mean(name='own_loss')

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, _ = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x, training=True)))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.tracker.update_state(loss)
        return {'own_loss': self.tracker.result()}


def test_custom_step_leaving_compiled_metrics_unbuilt_fails_at_epoch_end():
    model = _OwnStep()
    model.compile(optimizer='adam', metrics=[keras.metrics.SparseCategoricalAccuracy()])
    with pytest.raises(ValueError, match='metric has not yet been built'):
        model.fit(np.ones((8, 2), 'float32'), np.zeros((8,)), batch_size=4, epochs=1, verbose=0)


def test_custom_step_without_compiled_metrics_trains():
    model = _OwnStep()
    model.compile(optimizer='adam')
    history = model.fit(np.ones((8, 2), 'float32'), np.zeros((8,)), batch_size=4, epochs=1, verbose=0)
    assert list(history.history) == ['own_loss']


def test_evaluate_without_a_loss_names_compile_in_backticks():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(metrics=['accuracy'])
    with pytest.raises(ValueError) as info:
        model.evaluate(np.ones((4, 2)), np.ones((4, 1)), verbose=0)
    assert str(info.value) == 'No loss to compute. Provide a `loss` argument in `compile()`.'
