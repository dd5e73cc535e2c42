"""Tapes and threads: a tape records only the ops of the thread that opened it.

Two threads training at once (each its own model, tape and optimizer) must
get, step for step, the gradients a single-threaded run gets. The thread
switch interval is shortened so that threads interleave inside the tape's
bookkeeping, where races between pushing, popping and recording would show.
"""
import sys
import threading
import time

import numpy as np
import pytest

import framework as tf
from framework import tape as tape_module
from framework import keras


@pytest.fixture
def eager_switching():
    """Make the interpreter switch threads every microsecond for the test."""
    previous = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(previous)


def run_in_threads(*targets):
    """Start one thread per callable, join them, and re-raise the first error."""
    errors = []

    def guarded(fn):
        def run():
            try:
                fn()
            except BaseException as err:      # reported in the main thread below
                errors.append(err)
        return run

    threads = [threading.Thread(target=guarded(fn)) for fn in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not any(t.is_alive() for t in threads), 'a training thread did not finish'
    if errors:
        raise errors[0]


def test_a_tape_does_not_record_another_threads_ops():
    x = tf.Variable([1., 2.])
    from_worker = {}

    def worker():
        with tf.GradientTape() as own:
            y = x * 3.
        from_worker['y'] = y
        from_worker['own_grad'] = own.gradient(y, x)

    with tf.GradientTape() as tape:
        tape.watch(x)
        run_in_threads(worker)
        here = x * 2.
    grads = tape.gradient([here, from_worker['y']], x)
    np.testing.assert_array_equal(grads.numpy(), [2., 2.])      # only this thread's x * 2
    np.testing.assert_array_equal(from_worker['own_grad'].numpy(), [3., 3.])


def test_paused_in_one_thread_leaves_other_threads_recording():
    x = tf.Variable(2.)
    started, release = threading.Event(), threading.Event()
    result = {}

    def pausing_thread():
        with tf.GradientTape() as mine:
            with tape_module.paused():
                started.set()
                release.wait(10)
                result['paused'] = x * 5.
        result['paused_grad'] = mine.gradient(result['paused'], x, unconnected_gradients='zero')

    with tf.GradientTape() as tape:
        thread = threading.Thread(target=pausing_thread)
        thread.start()
        assert started.wait(10)
        y = x * x
        release.set()
        thread.join(10)
    assert tape.gradient(y, x).numpy() == 4.
    assert result['paused_grad'].numpy() == 0.


def seed_model(initial_weights):
    """Seed 002's model: Dense(30, elu, he_normal, l2(0.05)) then Dense(1, l2(0.05))."""
    l2 = keras.regularizers.l2(0.05)
    model = keras.models.Sequential([
        keras.layers.Dense(30, activation='elu', kernel_initializer='he_normal', kernel_regularizer=l2),
        keras.layers.Dense(1, kernel_regularizer=l2)])
    model.build((None, 8))
    model.set_weights(initial_weights)
    return model


def custom_loop(model, data, steps, record):
    """Seed 002's custom training loop, recording every step's gradients."""
    optimizer = keras.optimizers.Nadam(learning_rate=0.01)
    x_all, y_all = data
    for step in range(steps):
        rows = slice((step * 32) % 256, (step * 32) % 256 + 32)
        with tf.GradientTape() as tape:
            y_pred = model(x_all[rows], training=True)
            main_loss = tf.reduce_mean(keras.losses.mean_squared_error(y_all[rows], y_pred))
            loss = tf.add_n([main_loss] + model.losses)
        gradients = tape.gradient(loss, model.trainable_variables)
        record.append([g.numpy().copy() for g in gradients])
        optimizer.apply_gradients(zip(gradients, model.trainable_variables))


def problem(seed):
    rng = np.random.default_rng(seed)
    weights = [rng.normal(0, 0.3, (8, 30)).astype(np.float32), np.zeros(30, np.float32),
               rng.normal(0, 0.3, (30, 1)).astype(np.float32), np.zeros(1, np.float32)]
    x = rng.normal(size=(256, 8)).astype(np.float32)
    y = (x @ rng.normal(size=(8, 1)) + 0.1 * rng.normal(size=(256, 1))).astype(np.float32)
    return weights, (x, y)


def test_two_threads_training_at_once_match_single_threaded_runs(eager_switching):
    steps = 40
    problems = [problem(1), problem(2)]
    expected = []
    for weights, data in problems:
        record = []
        custom_loop(seed_model(weights), data, steps, record)
        expected.append(record)

    models = [seed_model(weights) for weights, _ in problems]
    records = [[], []]
    run_in_threads(*[(lambda k=k: custom_loop(models[k], problems[k][1], steps, records[k])) for k in (0, 1)])
    for k in (0, 1):
        assert len(records[k]) == steps
        for step, (got, want) in enumerate(zip(records[k], expected[k])):
            for g, w in zip(got, want):
                np.testing.assert_allclose(g, w, rtol=1e-6, atol=1e-7,
                                           err_msg='thread %d, step %d' % (k, step))


def test_recording_survives_other_threads_opening_and_closing_tapes(eager_switching):
    # Other threads push and pop tapes on the shared list of active tapes while
    # this one records; none of this thread's ops may be lost or doubled.
    stop = threading.Event()

    def churn():
        while not stop.is_set():
            with tf.GradientTape():
                pass

    churners = [threading.Thread(target=churn) for _ in range(2)]
    for t in churners:
        t.start()
    wrong = []
    x = tf.Variable(1.0)
    deadline = time.perf_counter() + 1.5
    try:
        while time.perf_counter() < deadline:
            with tf.GradientTape() as tape:
                y = x
                for _ in range(20):
                    y = y * 2.0      # powers of two: exact in float32
            g = tape.gradient(y, x)
            if g is None or float(g) != 2.0 ** 20:
                wrong.append(g)
    finally:
        stop.set()
        for t in churners:
            t.join(10)
    assert wrong == []
    assert not any(isinstance(t, tf.GradientTape) for t in tape_module.ACTIVE)
