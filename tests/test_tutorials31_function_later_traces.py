"""guide/function, "Creating tf.Variables" and recursion: TensorFlow 2.21 traces a function whose first call
made variables on with creation refused, so a later trace that makes one raises the singleton error in
autograph's words where it is made (tapeflow said 'Creating variables on a non-first call', TF's text for a
function whose first call made none). And a tf.function calling itself traces the inner calls into the
outer graph, which TF's frequent-retracing detector does not count: recursive_fn(5) logs no warning
(tapeflow warned '5 out of the last 5 calls'). Values: TF 2.21 (notes progs/tutorials31/q7.py, fn_known.py)."""
import logging

import pytest

import framework as tf

SINGLETON = ('ValueError: tf.function only supports singleton tf.Variables created on the first call. Make sure '
             'the tf.Variable is only created once or created outside tf.function.')
NON_FIRST = 'Creating variables on a non-first call to a function decorated with tf.function.'


def test_a_later_trace_after_a_first_that_made_variables_refuses_at_once():
    store = {}

    @tf.function
    def f(x, k):
        if k not in store:
            store[k] = tf.Variable(x)
        return store[k] + x
    assert float(f(1., 'a')) == 2.0
    with pytest.raises(ValueError) as caught:
        f(1., 'b')
    text = str(caught.value)
    assert text.startswith('in user code:') and SINGLETON in text and 'store[k] = tf.Variable(x)' in text


def test_a_later_trace_after_a_first_without_variables_says_non_first_call():
    store = {}

    @tf.function
    def g(x, k):
        if k == 'b' and k not in store:
            store[k] = tf.Variable(x)
        return x
    assert float(g(1., 'a')) == 1.0
    with pytest.raises(ValueError) as caught:
        g(1., 'b')
    assert str(caught.value) == NON_FIRST


def test_recursive_calls_are_not_counted_as_retracing(caplog):
    caplog.set_level(logging.WARNING, logger='tensorflow')

    @tf.function
    def recursive_fn(n):
        if n > 0:
            return recursive_fn(n - 1)
        else:
            return 1
    assert int(recursive_fn(5)) == 1
    assert not [r for r in caplog.records if 'triggered tf.function retracing' in r.getMessage()]


def test_eager_calls_that_retrace_still_warn(caplog):
    caplog.set_level(logging.WARNING, logger='tensorflow')

    @tf.function
    def f(x):
        return x
    for i in range(7):
        f(i)
    found = [r.getMessage() for r in caplog.records if 'triggered tf.function retracing' in r.getMessage()]
    assert [m.split(' calls')[0] for m in found] == ['5 out of the last 5', '6 out of the last 6']


def test_a_second_keras_optimizer_built_in_a_later_trace_is_refused():
    # guide/function, "Using with multiple Keras optimizers": TF 2.21 raises the singleton error, w keeps
    # opt1's one step (1.9900001)
    opt1 = tf.keras.optimizers.Adam(learning_rate=1e-2)
    opt2 = tf.keras.optimizers.Adam(learning_rate=1e-3)

    @tf.function
    def train_step(w, x, y, optimizer):
        with tf.GradientTape() as tape:
            L = tf.reduce_sum(tf.square(w * x - y))
        gradients = tape.gradient(L, [w])
        optimizer.apply_gradients(zip(gradients, [w]))
    w = tf.Variable(2.)
    x = tf.constant([-1.])
    y = tf.constant([2.])
    train_step(w, x, y, opt1)
    with pytest.raises(ValueError) as caught:
        train_step(w, x, y, opt2)
    assert SINGLETON in str(caught.value)
    assert w.numpy() == pytest.approx(1.9900001, abs=0)
    opt3 = tf.keras.optimizers.Adam(learning_rate=1e-3)
    opt3.build([w])         # built outside: its later trace makes nothing
    train_step(w, x, y, opt3)


def test_a_layer_built_in_a_later_trace_is_a_non_first_call():
    layer = tf.keras.layers.Dense(2)

    @tf.function
    def h(x, flag):
        if flag:
            return layer(x)
        return x
    h(tf.ones([1, 2]), False)
    with pytest.raises(ValueError) as caught:
        h(tf.ones([1, 2]), True)
    assert str(caught.value) == NON_FIRST


def test_keras_state_made_at_construction_is_not_made_again_in_later_traces():
    # Dropout / GaussianNoise / BatchNormalization / RandomFlip / a Generator made before the trace: later
    # traces that first use them make nothing (TF 2.21 runs them); a SeedGenerator made in a later trace
    # is creation (TF: 'Creating variables on a non-first call'). notes progs/tutorials31/q17.py
    drop = tf.keras.layers.Dropout(0.5, seed=1)
    noise = tf.keras.layers.GaussianNoise(0.1, seed=2)
    bn = tf.keras.layers.BatchNormalization()
    bn.build((None, 2))
    flip = tf.keras.layers.RandomFlip(seed=3)
    gen = tf.random.Generator.from_seed(1)

    @tf.function
    def f(x, k):
        if k == 1:
            return drop(x, training=True)
        if k == 2:
            return noise(x, training=True)
        if k == 3:
            return bn(x, training=True)
        if k == 4:
            return flip(tf.ones([1, 4, 4, 1]), training=True)
        if k == 5:
            return gen.normal([2])
        if k == 6:
            return tf.keras.random.normal([2], seed=tf.keras.random.SeedGenerator(4))
        return x
    assert f(tf.ones([2, 2]), 0).shape == (2, 2)
    assert [tuple(f(tf.ones([2, 2]), k).shape) for k in range(1, 6)] == [(2, 2), (2, 2), (2, 2), (1, 4, 4, 1), (2,)]
    with pytest.raises(ValueError) as caught:
        f(tf.ones([2, 2]), 6)
    assert str(caught.value) == NON_FIRST
