"""The seed's custom training loop (seed 002, 12.3.9) on tapeflow.

Its step is checked against the hand-written numpy step of
bench/bench_custom_loop.py (forward, backward, l2 terms and Keras 3's Nadam
written out), and a few epochs of it must lower the loss.
"""
import importlib.util
import pathlib

import numpy as np
import pytest

import framework as tf
from framework import keras

_BENCH = pathlib.Path(__file__).resolve().parents[1] / 'bench' / 'bench_custom_loop.py'


@pytest.fixture(scope='module')
def bench():
    spec = importlib.util.spec_from_file_location('bench_custom_loop', _BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_seed_step_matches_the_hand_written_numpy_step(bench):
    X, y = bench.make_data(256)
    ours, reference = bench.TapeflowLoop(bench.initial_weights()), bench.NumpyStep(bench.initial_weights())
    rng = np.random.default_rng(3)
    for _ in range(5):
        idx = rng.integers(len(X), size=32)
        loss = ours.step(X[idx], y[idx])
        expected = reference.step(X[idx], y[idx])
        assert float(loss) == pytest.approx(float(expected), rel=1e-5)
    for a, b in zip(ours.weights(), reference.weights()):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-6)
    assert float(ours.mean_loss.result()) == pytest.approx(reference.loss_total / reference.loss_count, rel=1e-5)
    assert float(ours.metrics[0].result()) == pytest.approx(reference.mae_total / reference.mae_count, rel=1e-5)


def test_seed_loop_lowers_the_loss_epoch_after_epoch(bench):
    X_train, y_train = bench.make_data(512)
    np.random.seed(0)
    tf.random.set_seed(0)
    loop = bench.TapeflowLoop(bench.initial_weights())
    epoch_losses = []
    for epoch in range(4):
        for step in range(len(X_train) // 32):
            loop.step(*bench.random_batch(X_train, y_train))
        epoch_losses.append(float(loop.mean_loss.result()))
        for metric in [loop.mean_loss] + loop.metrics:
            metric.reset_states()
        assert float(loop.mean_loss.result()) == 0.0
    assert epoch_losses == sorted(epoch_losses, reverse=True) and epoch_losses[-1] < 0.5 * epoch_losses[0]


def test_seed_optimizer_spelling_with_lr_still_trains():
    # The seed writes Nadam(lr=.01): accepted (with a deprecation warning) as learning_rate.
    with pytest.warns(DeprecationWarning, match='lr'):
        optimizer = keras.optimizers.Nadam(lr=.01)
    assert float(optimizer.learning_rate) == pytest.approx(0.01)
