"""R2Score(num_regressors=p > 0).result() inside a tf.function fails as in TF 2.21.

Keras 3.15's result() compares ``self.num_regressors > self.num_samples - 1`` in Python; traced,
the right side is a symbolic tensor (notes progs/metrics6/r2trace.py, r2trace2.py):

    r2 = keras.metrics.R2Score(num_regressors=2)
    @tf.function
    def step(a, b):
        r2.update_state(a, b)
        return r2.result()
    step(y, y * 0.9)   # OperatorNotAllowedInGraphError: in user code: ... Using a symbolic `tf.Tensor` as a Python `bool` ...

Eagerly, and with num_regressors=0 (no comparison), it computes.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import OperatorNotAllowedInGraphError


def _labels():
    return np.random.default_rng(0).normal(size=(64, 1)).astype(np.float32)


def test_adjusted_result_in_a_tf_function_is_refused():
    y = _labels()
    r2 = keras.metrics.R2Score(num_regressors=2)

    @tf.function
    def step(a, b):
        r2.update_state(a, b)
        return r2.result()

    with pytest.raises(OperatorNotAllowedInGraphError) as info:
        step(tf.constant(y), tf.constant(y * 0.9))
    text = str(info.value)
    assert text.startswith('in user code:')
    assert 'return r2.result()' in text
    assert 'Using a symbolic `tf.Tensor` as a Python `bool` is not allowed.' in text


def test_update_in_a_tf_function_and_result_eagerly_computes():
    y = _labels()
    r2 = keras.metrics.R2Score(num_regressors=2)

    @tf.function
    def update(a, b):
        r2.update_state(a, b)

    update(tf.constant(y), tf.constant(y * 0.9))
    assert float(r2.result()) == 0.9896167516708374        # TF 2.21 (progs/metrics6/r2trace3.py)


def test_unadjusted_result_in_a_tf_function_computes():
    y = _labels()
    r2 = keras.metrics.R2Score()

    @tf.function
    def step(a, b):
        r2.update_state(a, b)
        return r2.result()

    assert float(step(tf.constant(y), tf.constant(y * 0.9))) == 0.9899463653564453     # TF 2.21 (r2trace3.py)


def _compiled_model(**compile_kwargs):
    model = keras.models.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    model.set_weights([np.full((4, 1), 0.1, np.float32), np.zeros(1, np.float32)])
    model.compile(optimizer='sgd', loss='mse', metrics=['mae', keras.metrics.R2Score(num_regressors=2)],
                  **compile_kwargs)
    return model


def _regression_data():
    x = np.random.default_rng(0).normal(size=(64, 4)).astype(np.float32)
    return x, x[:, :1] * 2 + 1


@pytest.mark.parametrize('run', [lambda m, x, y: m.fit(x, y, epochs=1, verbose=0, batch_size=16),
                                 lambda m, x, y: m.evaluate(x, y, verbose=0, batch_size=16),
                                 lambda m, x, y: m.train_on_batch(x, y),
                                 lambda m, x, y: m.test_on_batch(x, y)])
def test_compiled_adjusted_r2_fails_in_the_traced_step(run):
    # TF 2.21 (progs/metrics6/r2trace.py, r2fit.py): the step's trace reads every result and fails, with the
    # bare refusal (Keras's step is not autograph-converted), before any weight or the iterations change
    x, y = _regression_data()
    model = _compiled_model()
    with pytest.raises(OperatorNotAllowedInGraphError) as info:
        run(model, x, y)
    assert str(info.value).startswith('Using a symbolic `tf.Tensor` as a Python `bool` is not allowed.')
    assert model.get_weights()[0].ravel().tolist() == [np.float32(0.1)] * 4
    assert int(model.optimizer.iterations.numpy()) == 0


def test_compiled_adjusted_r2_computes_when_run_eagerly():
    x, y = _regression_data()
    loss, r2 = _compiled_model(run_eagerly=True).evaluate(x, y, verbose=0)[::2]
    assert (loss, r2) == (4.2215752601623535, -0.24619483947753906)     # TF 2.21 (r2fit.py)
