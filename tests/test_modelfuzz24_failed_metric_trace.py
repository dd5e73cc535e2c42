"""A traced train step whose compiled metrics fail to build changes nothing, call after call, as TF 2.21.

Keras 3 builds the compiled metrics inside the traced train function; TF 2.21 keeps no trace that
raised, so each fit / train_on_batch traces again and raises again before any weight, the optimizer's
iterations or the loss tracker moves. tapeflow's first traced step already updated the metrics before
applying, but it recorded the trace's trainable set before the step ran, so the second call took the
replay path (apply, then metrics) and trained the weights before raising. run_eagerly=True trains,
then raises, on both. Golden: /work/notes/progs/modelfuzz24/b4.py (ONE=1) and b1.py (TF 2.21).
"""
import numpy as np
import pytest

from framework import keras

BAD = 'Could not interpret metric identifier: logcosh'      # TF 2.21's text ('logcosh' is no metric name)


def _model(run_eagerly):
    rng = np.random.default_rng(1)
    x = rng.normal(size=(8, 4)).astype('float32')
    y = rng.normal(size=(8, 2)).astype('float32')
    keras.utils.set_random_seed(1)
    inp = keras.Input((4,))
    model = keras.Model(inp, keras.layers.Dense(2, name='o')(inp))
    model.compile(keras.optimizers.SGD(0.1), 'mse', metrics=['logcosh'], run_eagerly=run_eagerly)
    return model, x, y


def _calls(model, x, y):
    return [lambda: model.fit(x, y, batch_size=4, epochs=2, verbose=0),
            lambda: model.fit(x, y, batch_size=4, epochs=2, verbose=0),
            lambda: model.train_on_batch(x, y), lambda: model.train_on_batch(x, y)]


def _state(model, before):
    same = [bool(np.array_equal(a, b)) for a, b in zip(before, model.get_weights())]
    tracker = [float(v.numpy()) for v in model.metrics[0].variables]
    return same, int(model.optimizer.iterations.numpy()), tracker


def test_traced_steps_raise_each_time_before_training():
    model, x, y = _model(run_eagerly=False)
    before = model.get_weights()
    for call in _calls(model, x, y):
        with pytest.raises(ValueError, match=BAD):
            call()
        # TF 2.21: [True, True] 0 [0.0, 0.0] after every call
        assert _state(model, before) == ([True, True], 0, [0.0, 0.0])


@pytest.mark.parametrize('order', [('tob', 'fit', 'tob'), ('fit', 'tob', 'tob')])
def test_fit_and_train_on_batch_in_any_order(order):
    model, x, y = _model(run_eagerly=False)
    before = model.get_weights()
    for kind in order:
        with pytest.raises(ValueError, match=BAD):
            model.fit(x, y, batch_size=4, epochs=1, verbose=0) if kind == 'fit' else model.train_on_batch(x, y)
    assert _state(model, before)[:2] == ([True, True], 0)


def test_run_eagerly_trains_then_raises():
    model, x, y = _model(run_eagerly=True)
    before = model.get_weights()
    seen = []
    for call in _calls(model, x, y):
        with pytest.raises(ValueError, match=BAD):
            call()
        same, iterations, tracker = _state(model, before)
        seen.append((same, iterations, tracker[1]))
    # TF 2.21: the eager step applies the first batch's update and counts its loss before the metrics fail
    assert seen == [([False, False], 1, 4.0), ([False, False], 2, 4.0), ([False, False], 3, 8.0),
                    ([False, False], 4, 8.0)]
