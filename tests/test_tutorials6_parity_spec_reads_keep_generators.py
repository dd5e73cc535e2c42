"""Reading a mapped Dataset's element_spec moves no tf.random.Generator: TensorFlow traces the
map function for the spec and never runs it, so the data augmentation tutorial's
``rng.make_seeds(2)[0]`` per element starts at the generator's first seeds. tapeflow reads the spec
by mapping the first element and drew one seed pair there. Golden values from TF 2.21
(progs/tutorials6/probe_gen2.py)."""
import numpy as np

import framework as tf


def test_element_spec_read_spends_no_generator_state():
    rng = tf.random.Generator.from_seed(123, alg='philox')

    def with_seed(x):
        return x, rng.make_seeds(1)[:, 0]
    ds = tf.data.Dataset.range(4).map(with_seed)
    assert ds.element_spec[1].shape == (2,)
    seeds = [s.numpy()[0] for _, s in ds.batch(2).prefetch(2).unbatch()]
    assert seeds == [5919633356954535739, 95213998067280893, -453839084984763860, -3615338972395879271]
    np.testing.assert_array_equal(rng.state.numpy(), [1147, 0, 0])     # TF 2.21 after four draws


def test_element_spec_read_spends_no_keras_seed_generator():
    flip = tf.keras.layers.RandomFlip('horizontal', seed=1)
    ds = tf.data.Dataset.from_tensor_slices(np.ones((8, 1, 2, 1), 'float32')).batch(4).map(
        lambda a: flip(a, training=True))
    _ = ds.element_spec
    assert flip.generator.state.numpy().tolist() == [1, 0]      # TF 2.21: [1, 0] before and after the spec


def test_element_spec_reads_run_the_map_function_once():
    # TF 2.21 traces map_func once and never runs it for the spec; tapeflow reads the spec from the
    # first element, and fit asks for the spec twice: it ran a map function with side effects
    # (a tf.Variable counter) twice before the first batch. Now once, and kept.
    calls = []

    def counted(x):
        calls.append(1)
        return x * 2
    ds = tf.data.Dataset.range(5).batch(2).map(counted)
    assert ds.element_spec.shape.as_list() == [None]
    assert ds.element_spec.shape.as_list() == [None]
    assert len(calls) == 1
    assert [v.tolist() for v in ds.as_numpy_iterator()] == [[0, 2], [4, 6], [8]]


def test_variable_writes_in_a_spec_read_are_dropped():
    # TF 2.21 (progs/tutorials6/probe_fit1.py): a map function's counter.assign_add(1) is 0 after
    # element_spec and 3 after a fit of 2 steps (2 batches and the one read ahead); tapeflow's spec
    # read ran the function: 1 and 6
    counter = tf.Variable(0, dtype=tf.int64)

    def counted(x, y):
        counter.assign_add(1)
        return x, y
    x = np.arange(64).reshape(32, 2).astype('float32')
    y = np.arange(32).astype('float32')
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(4).repeat().map(counted)
    assert ds.element_spec[0].shape.as_list() == [None, 2]
    assert int(counter.numpy()) == 0
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    model.fit(ds, steps_per_epoch=2, epochs=1, verbose=0)
    assert int(counter.numpy()) == 3
