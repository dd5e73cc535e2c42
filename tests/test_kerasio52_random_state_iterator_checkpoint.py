"""tf.train.Checkpoint refuses a dataset iterator whose functions read a random state, as TF 2.21's
SerializeIterator does: a tf.random.Generator's draw is its stateful 'RngReadAndSkip' ('StatefulRandomBinomial'
for binomial), a Keras seed generator's draw (RandomFlip / RandomRotation / RandomZoom / RandomContrast, a
Dropout in training, keras.random.* without an int seed, SeedGenerator.next) reads its state variable:
'ReadVariableOp'. TF names the first stateful op the function made. tapeflow saved them all (probes
/work/notes/progs/kerasio52/p4.py, kerasio51/p11.py). Every expected value below is TF 2.21's."""
import os

import pytest

import framework as tf
from framework import keras

PREFIX = '{{function_node __wrapped__SerializeIterator_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _images():
    return tf.data.Dataset.range(3).map(lambda i: tf.fill((2, 2, 1), tf.cast(i, tf.float32)))


def _generator_case(draw):
    g = tf.random.Generator.from_seed(1)
    return lambda: tf.data.Dataset.range(3).map(lambda i: draw(g))


def _flip_case(order):
    flip = keras.layers.RandomFlip('horizontal', seed=1)
    if order == 'flip first':
        return lambda: _images().map(lambda x: (flip(x), tf.random.uniform(())))
    return lambda: _images().map(lambda x: (tf.random.uniform(()), flip(x)))


def _seed_generator_case(draw):
    generator = keras.random.SeedGenerator(5)
    return lambda: tf.data.Dataset.range(3).map(lambda i: draw(generator))


def _dropout_case(training):
    dropout = keras.layers.Dropout(0.5, seed=1)
    return lambda: _images().map(lambda x: dropout(x, training=training))


CASES = [
    ('RngReadAndSkip', _generator_case(lambda g: g.uniform(()))),
    ('RngReadAndSkip', _generator_case(lambda g: g.normal((2,)))),
    ('RngReadAndSkip', _generator_case(lambda g: g.uniform((), 0, 5, dtype=tf.int32))),
    ('RngReadAndSkip', _generator_case(lambda g: g.make_seeds(1))),
    ('StatefulRandomBinomial', _generator_case(lambda g: g.binomial((2,), counts=[5., 5.], probs=[.5, .5]))),
    ('RandomUniform', _generator_case(lambda g: (tf.random.uniform(()), g.normal(())))),
    ('RngReadAndSkip', _generator_case(lambda g: (g.normal(()), tf.random.uniform(())))),
    ('ReadVariableOp', lambda: tf.data.Dataset.range(3).map(lambda i: keras.random.uniform(()))),
    ('ReadVariableOp', lambda: _images().map(keras.layers.RandomFlip('horizontal', seed=1))),
    ('ReadVariableOp', lambda: _images().map(keras.layers.RandomRotation(0.2))),
    ('ReadVariableOp', lambda: _images().map(keras.layers.RandomZoom(0.2, seed=2))),
    ('ReadVariableOp', lambda: _images().map(keras.layers.RandomContrast(0.2, seed=2))),
    ('ReadVariableOp', _dropout_case(True)),
    ('ReadVariableOp', _flip_case('flip first')),
    ('RandomUniform', _flip_case('uniform first')),
    ('ReadVariableOp', _seed_generator_case(lambda sg: sg.next())),
    ('ReadVariableOp', _seed_generator_case(lambda sg: keras.random.dropout(tf.ones((2, 2)), 0.5, seed=sg))),
    ('ReadVariableOp', _seed_generator_case(lambda sg: keras.random.shuffle(tf.range(3), seed=sg))),
]


@pytest.mark.parametrize('kernel, make', CASES)
def test_a_random_state_read_refuses_the_save(tmp_path, kernel, make):
    it = iter(make())
    next(it)
    ck = tf.train.Checkpoint(it=it)
    with pytest.raises(tf.errors.FailedPreconditionError) as raised:
        ck.save(str(tmp_path / 'c' / 'c'))
    assert str(raised.value) == PREFIX + '%s is stateful. [Op:SerializeIterator] name: ' % kernel
    assert int(ck.save_counter.numpy()) == 1
    assert os.listdir(str(tmp_path / 'c')) == []


def _flip_inference():
    flip = keras.layers.RandomFlip('horizontal', seed=1)
    return _images().map(lambda x: flip(x, training=False))


@pytest.mark.parametrize('make', [
    lambda: tf.data.Dataset.range(3).map(lambda i: keras.random.uniform((), seed=3)),
    _flip_inference,
    _dropout_case(None),
])
def test_no_random_state_read_saves(tmp_path, make):
    it = iter(make())
    next(it)
    assert tf.train.Checkpoint(it=it).save(str(tmp_path / 'c' / 'c')).endswith('c-1')
