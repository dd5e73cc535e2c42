"""A compiled model whose first train / test step trace raised, as TF 2.21 leaves it (failed_first_trace).

Keras 3 builds the optimizer's slots and the compiled metrics inside the step function's first
trace; tf.function counts a first call whose trace raised as the first, so the next trace's
variables are refused. Expectations printed by TF 2.21 / Keras 3.15 with the programs below
(x = ones((10, 3)), y = ones((10, 1)), keras.utils.set_random_seed(71) before each model).
"""
import numpy as np
import pytest

from framework import keras

NON_FIRST = 'Creating variables on a non-first call to a function decorated with tf.function.'
NO_LOGS = "Attr 'Toutput_types' of 'OptionalFromValue' Op passed list of length 0 less than minimum 1."
X = np.ones((10, 3), 'float32')
Y = np.ones((10, 1), 'float32')


def _model(optimizer, metrics=None):
    keras.utils.set_random_seed(71)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile(optimizer, 'mse', metrics=metrics)
    return model


def _fails_on_narrow_inputs(call):
    with pytest.raises(ValueError, match='is incompatible with the layer'):
        call(X[:, :2], Y)


def _message(call):
    with pytest.raises(ValueError) as info:
        call()
    return str(info.value)


def test_adam_fit_after_a_failed_first_fit_is_refused_until_compiled_again():
    model = _model('adam')
    _fails_on_narrow_inputs(lambda x, y: model.fit(x, y, verbose=0))
    weights = [w.copy() for w in model.get_weights()]
    assert _message(lambda: model.fit(X, Y, verbose=0)) == NON_FIRST
    assert _message(lambda: model.fit(X, Y, verbose=0)) == NO_LOGS
    assert all(np.array_equal(a, b) for a, b in zip(weights, model.get_weights()))    # nothing trained
    assert model.train_on_batch(X, Y) == []
    assert model.evaluate(X, Y, verbose=0) == pytest.approx(3.331521511077881, rel=1e-6)    # TF 2.21
    model.compile('adam', 'mse')
    assert model.fit(X, Y, verbose=0).history['loss'] == pytest.approx([3.331521511077881], rel=1e-6)


def test_plain_sgd_without_metrics_builds_nothing_in_the_trace_and_trains():
    model = _model('sgd')
    _fails_on_narrow_inputs(lambda x, y: model.fit(x, y, verbose=0))
    # TF 2.21: {'loss': [3.331521511077881]} then [2.8198001384735107]
    assert model.fit(X, Y, verbose=0).history['loss'] == pytest.approx([3.331521511077881], rel=1e-6)
    assert model.fit(X, Y, verbose=0).history['loss'] == pytest.approx([2.8198001384735107], rel=1e-6)


def test_compiled_metrics_break_the_test_function_too():
    model = _model('sgd', metrics=['mae'])
    _fails_on_narrow_inputs(lambda x, y: model.evaluate(x, y, verbose=0))
    assert _message(lambda: model.evaluate(X, Y, verbose=0)) == NON_FIRST
    assert _message(lambda: model.evaluate(X, Y, verbose=0)) == NO_LOGS
    # the train function is another: its first trace builds the metrics as usual (TF 2.21's values)
    history = model.fit(X, Y, verbose=0).history
    assert history['loss'] == pytest.approx([3.331521511077881], rel=1e-6)
    assert history['mae'] == pytest.approx([1.8252456188201904], rel=1e-6)


def test_train_on_batch_runs_its_step_before_refusing_then_logs_nothing():
    model = _model('adam', metrics=['mae'])
    _fails_on_narrow_inputs(model.train_on_batch)
    assert _message(lambda: model.train_on_batch(X, Y)) == NON_FIRST
    assert model.train_on_batch(X, Y, return_dict=True) == {}
    assert model.train_on_batch(X, Y) == []
    assert int(model.optimizer.iterations.numpy()) == 1      # TF 2.21: the refused call's step ran once
    # TF 2.21: [3.3169357776641846, 1.821245551109314]
    assert model.test_on_batch(X, Y) == pytest.approx([3.3169357776641846, 1.821245551109314], rel=1e-6)
    assert _message(lambda: model.fit(X, Y, verbose=0)) == NO_LOGS


def test_a_failed_validation_after_the_first_epoch_leaves_evaluate_working():
    model = _model('adam', metrics=['mae'])
    with pytest.raises(ValueError, match='is incompatible with the layer'):
        model.fit(X, Y, validation_data=(X[:, :2], Y), verbose=0)
    # TF 2.21: [3.3169357776641846, 1.821245551109314] (the train trace built the metrics; one step ran)
    assert model.evaluate(X, Y, verbose=0) == pytest.approx([3.3169357776641846, 1.821245551109314], rel=1e-6)


def test_run_eagerly_has_no_step_function_to_break():
    keras.utils.set_random_seed(71)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('adam', 'mse', run_eagerly=True)
    _fails_on_narrow_inputs(lambda x, y: model.fit(x, y, verbose=0))
    assert len(model.fit(X, Y, verbose=0).history['loss']) == 1
