"""Keras 3 runs predict's step as a tf.function (TF 2.21): user code in a layer's call sees graph mode
(tf.executing_eagerly() False, tf.inside_function() True), and its stateful random ops draw from the
trace's own kernels, numbered as that graph numbers them, so the eager stream after predict is where it
was (progs/predicteager/p1_rand.py, t_eager_rand.py; tapeflow drew them from the eager stream)."""
import numpy as np

import framework as tf
from framework import keras


class Noise(keras.layers.Layer):
    """Adds tf.random.uniform noise (``seed``: the op seed) and notes how TensorFlow runs the call."""

    def __init__(self, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.seed, self.modes = seed, []

    def call(self, x):
        self.modes.append((tf.executing_eagerly(), tf.inside_function()))
        return x + tf.random.uniform(tf.shape(x), seed=self.seed)


def _model(layer):
    return keras.Sequential([keras.layers.Input((2,)), layer])


def test_predict_steps_draw_from_their_traces_kernels_and_leave_the_eager_stream():
    keras.utils.set_random_seed(1)
    noise = Noise()
    model = _model(noise)
    # batches of 2, 2, 1: the last traces again (reduce_retracing), a graph of fresh kernels
    got = model.predict(np.zeros((5, 2)), batch_size=2, verbose=0)
    np.testing.assert_allclose(got, [[0.8127, 0.07857], [0.89169, 0.16926], [0.37807, 0.34213],
                                     [0.20609, 0.46209], [0.8127, 0.07857]], atol=1e-5)
    # the (2, 2) trace serves this call: its kernel carries on
    np.testing.assert_allclose(model.predict(np.zeros((2, 2)), verbose=0),
                               [[0.57166, 0.47524], [0.83382, 0.47265]], atol=1e-5)
    # the eager stream is where set_random_seed(1) left it
    np.testing.assert_allclose(tf.random.uniform((2,)), [0.16513, 0.90148], atol=1e-5)
    assert noise.modes[1:] == [(False, True)] * (len(noise.modes) - 1)


def test_an_op_seeded_draw_in_predict_leaves_the_eager_kernel_fresh():
    x = np.zeros((1, 2))
    keras.utils.set_random_seed(1)
    model = _model(Noise(seed=3))
    model.predict(np.zeros((3, 2)), verbose=0)
    # TF 2.21: the eager kernel of (1, 3) has drawn nothing yet; tapeflow gave [[0.04311, 0.41554]]
    np.testing.assert_allclose(model(x), [[0.7787856, 0.80119777]], rtol=1e-6)


def test_predict_run_eagerly_stays_eager():
    keras.utils.set_random_seed(1)
    noise = Noise()
    model = _model(noise)
    model.compile(loss='mse', run_eagerly=True)
    model.predict(np.zeros((2, 2)), verbose=0)
    assert noise.modes[-1] == (True, False)


def test_mc_dropout_through_predict_draws_as_tf():
    class AlwaysDropout(keras.layers.Layer):
        def __init__(self):
            super().__init__()
            self.dropout = keras.layers.Dropout(0.5)

        def call(self, x):
            return self.dropout(x, training=True)

    keras.utils.set_random_seed(2)
    model = keras.Sequential([keras.layers.Input((4,)), keras.layers.Dense(3, kernel_initializer='ones'),
                              AlwaysDropout()])
    x = np.ones((6, 4), 'float32')
    first = model.predict(x, verbose=0)
    second = model.predict(x, verbose=0)
    np.testing.assert_array_equal(first, [[8, 0, 8], [8, 8, 8], [8, 0, 0], [0, 8, 0], [8, 8, 0], [8, 8, 0]])
    np.testing.assert_array_equal(second, [[8, 0, 0], [0, 8, 0], [8, 8, 8], [8, 8, 0], [8, 0, 0], [0, 8, 8]])
    np.testing.assert_array_equal(model(x[:2]), [[8, 8, 8], [8, 8, 8]])


def test_a_steps_per_execution_group_is_one_graph_and_a_shorter_last_group_another():
    keras.utils.set_random_seed(3)
    model = _model(Noise())
    model.compile(loss='mse', steps_per_execution=2)
    # the group's second step makes the graph's next random op; the lone third step is a new trace
    got = model.predict(np.zeros((6, 2)), batch_size=2, verbose=0)
    np.testing.assert_allclose(got, [[0.1274, 0.8147], [0.8978, 0.7981], [0.7781, 0.5053], [0.625, 0.1518],
                                     [0.1274, 0.8147], [0.8978, 0.7981]], atol=1e-4)


def test_a_tf_function_and_a_cond_in_a_predict_step_are_graphs_of_their_own():
    @tf.function
    def noise(x):
        return tf.random.uniform(tf.shape(x))

    class Three(keras.layers.Layer):
        def call(self, x):
            branch = tf.cond(tf.reduce_sum(x) >= 0, lambda: tf.random.uniform(tf.shape(x)), lambda: x)
            return tf.concat([noise(x), branch, tf.random.uniform(tf.shape(x))], -1)

    keras.utils.set_random_seed(5)
    model = keras.Sequential([keras.layers.Input((1,)), Three()])
    # each is its graph's first unseeded op: one seed, three kernels, each carrying on in the second step
    got = model.predict(np.zeros((4, 1)), batch_size=2, verbose=0)
    np.testing.assert_allclose(got, np.repeat([[0.1829], [0.69], [0.9364], [0.6513]], 3, axis=1), atol=1e-4)
    # the function called on its own has its own kernel, which predict's inlined copy left fresh
    np.testing.assert_allclose(noise(tf.zeros((2, 1))), [[0.1829], [0.69]], atol=1e-4)
    np.testing.assert_allclose(tf.random.uniform((2,)), [0.6264, 0.5298], atol=1e-4)


def test_a_python_if_or_loop_on_a_tensor_in_call_is_refused_in_predict_as_keras_does_not_convert_it():
    class Branchy(keras.Model):
        def __init__(self, mode):
            super().__init__()
            self.mode = mode

        def call(self, x):
            if self.mode == 'iter':
                return tf.stack([row for row in x])
            if tf.reduce_sum(x) > 0:
                return x
            return -x

    x = np.ones((2, 2), 'float32')
    for mode, words in (('if', 'Using a symbolic `tf.Tensor` as a Python `bool` is not allowed.'),
                        ('iter', 'Iterating over a symbolic `tf.Tensor` is not allowed.')):
        np.testing.assert_array_equal(Branchy(mode)(x), x)      # eager: Python decides
        try:
            Branchy(mode).predict(x, verbose=0)
        except tf.errors.OperatorNotAllowedInGraphError as error:
            assert str(error).startswith('Exception encountered when calling Branchy.call().\n\n\x1b[1m' + words)
        else:
            raise AssertionError('predict ran a Python branch on a graph tensor')


def test_evaluate_refuses_a_python_if_on_a_tensor_too():
    class Branchy(keras.Model):
        def call(self, x):
            if tf.reduce_sum(x) > 0:
                return x
            return -x

    model = Branchy()
    model.compile(loss='mse')
    x = np.ones((2, 2), 'float32')
    try:
        model.evaluate(x, x, verbose=0)
    except tf.errors.OperatorNotAllowedInGraphError as error:
        assert 'Using a symbolic `tf.Tensor` as a Python `bool` is not allowed.' in str(error)
    else:
        raise AssertionError('evaluate ran a Python branch on a graph tensor')
    model.compile(loss='mse', run_eagerly=True)
    assert model.evaluate(x, x, verbose=0) == 0.0       # run eagerly, Python decides (TF 2.21 too)
