"""numpy's and Python's global random draws inside a tf.data function happen once, at TensorFlow's
trace, and every element sees those numbers (keras.io PointNet's augment: np.random.uniform picks
one rotation angle for all clouds). tapeflow re-ran the Python per element: each element drew a
new angle and the global generators moved once per element. Golden values from TF 2.21
(notes/progs/kerasio16/d4.py, d5.py, d6.py). tf.function replays draw the same way.
"""
import random

import numpy as np

import framework as tf


def _rounded(ds):
    return [round(float(v), 6) for v in ds]


def test_map_sees_the_trace_draws_and_moves_the_generators_once():
    np.random.seed(0)
    random.seed(1)

    def f(x):
        return x * np.random.uniform(-1, 1) + random.random()

    ds = tf.data.Dataset.from_tensor_slices(np.arange(1, 5, dtype='float64')).map(f)
    golden = [0.231991, 0.329618, 0.427245, 0.524872]      # TF 2.21: theta = 0.097627, random() = 0.134364
    assert _rounded(ds) == golden
    assert _rounded(ds) == golden                            # a second pass replays the same graph
    # the generators moved by the one trace only: the next draws are the seeds' second numbers
    assert (round(np.random.uniform(), 6), round(random.random(), 6)) == (0.715189, 0.847434)
    np.random.seed(None)
    random.seed(None)


def test_filter_predicate_draws_once():
    np.random.seed(2)
    ds = tf.data.Dataset.range(6).filter(lambda x: x % 2 == int(np.random.randint(0, 2)))
    assert list(ds.as_numpy_iterator()) == [0, 2, 4]
    assert np.random.randint(0, 100) == 15                   # TF 2.21
    np.random.seed(None)


def test_a_function_without_host_draws_leaves_the_generators_alone():
    np.random.seed(3)
    ds = tf.data.Dataset.range(3).map(lambda x: x + 1)
    assert list(ds.as_numpy_iterator()) == [1, 2, 3]
    assert np.random.randint(0, 100) == 24                   # TF 2.21: the seed's first draw
    np.random.seed(None)


def test_draws_outside_the_function_between_elements_are_not_replayed():
    # the replay puts the generator back as it found it: a draw in the loop goes on from there
    np.random.seed(0)
    ds = tf.data.Dataset.range(3).map(lambda x: tf.cast(x, 'float64') + np.random.uniform())
    outside = []
    inside = []
    for v in ds:
        inside.append(float(v) - int(float(v)))
        outside.append(np.random.uniform())
    np.random.seed(0)
    expected = np.random.uniform(size=4)
    np.testing.assert_allclose(inside, [expected[0]] * 3, rtol=1e-12)
    np.testing.assert_allclose(outside, expected[1:], rtol=1e-12)
    np.random.seed(None)


def test_tf_function_replays_pythons_random_draws_too():
    # tf.function already replayed numpy's draws; Python's random.random() drew anew on each call
    np.random.seed(0)
    random.seed(1)

    @tf.function
    def f(x):
        return x * np.random.uniform(-1, 1) + random.random()

    assert [round(float(f(tf.constant(float(i)))), 6) for i in range(1, 4)] == [0.231991, 0.329618, 0.427245]
    assert (round(np.random.uniform(), 6), round(random.random(), 6)) == (0.715189, 0.847434)
    assert round(float(f(tf.constant(2.0, tf.float64))), 6) == 1.174828     # a new trace draws anew (TF 2.21)
    assert round(np.random.uniform(), 6) == 0.544883
    np.random.seed(None)
    random.seed(None)
