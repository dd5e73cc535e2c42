"""The word2vec tutorial (tensorflow.org, text/word2vec) fits its subclassed Word2Vec on
``from_tensor_slices(...).shuffle(..).batch(64, drop_remainder=True)``; with few skip-grams that
dataset has no batch, and on TF 2.21 the model still ends built: Keras traces its train function
before the iterator fails, the trace calls the model on the element spec and builds the optimizer,
and the step count advances once per epoch (the batchless call of layers/training/unfed_step.py,
which Keras also makes for a known cardinality of 0). tapeflow left the model unbuilt, so the
tutorial's ``get_layer('w2v_embedding').get_weights()[0]`` raised IndexError.

Golden values printed by TF 2.21 (/opt/tfref) for the same program
(/work/notes/progs/tftutorials10/probe_empty.py)."""
import numpy as np

import framework as tf
from framework import keras


class TwoDense(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(3)
        self.o = keras.layers.Dense(2)

    def call(self, x):
        return self.o(self.d(x))


class Pair(keras.Model):
    """word2vec's shape: a tuple input, an einsum of two embeddings."""
    def __init__(self):
        super().__init__()
        self.target_embedding = keras.layers.Embedding(17, 4, name='w2v_embedding')
        self.context_embedding = keras.layers.Embedding(17, 4)

    def call(self, pair):
        target, context = pair
        return tf.einsum('be,bce->bc', self.target_embedding(target), self.context_embedding(context))


def _data(n):
    return tf.data.Dataset.from_tensor_slices(
        (np.ones((n, 4), 'float32'), np.zeros((n, 2), 'float32'))).batch(8, drop_remainder=True)


def _sums(model):
    return [float(v.numpy().sum()) for v in model.weights]


def _compiled(model, **kwargs):
    model.compile('adam', 'mse', **kwargs)
    return model


def teardown_function():
    tf.random.set_seed(None)


def test_fit_without_a_batch_builds_the_model_and_the_optimizer():
    keras.utils.set_random_seed(1)
    model = _compiled(TwoDense())
    assert model.fit(_data(5), epochs=2, verbose=0).history == {}
    assert model.built and model.d.built
    assert _sums(model) == [-1.9340589046478271, 0.0, 0.4345245361328125, 0.0]    # TF: drawn, not trained
    assert model.optimizer.built and len(model.optimizer.variables) == 10
    assert int(model.optimizer.iterations.numpy()) == 2       # TF: one batchless call per epoch
    assert model.count_params() == 23


def test_a_dataset_of_unknown_length_without_a_batch_builds_too():
    keras.utils.set_random_seed(1)
    model = _compiled(TwoDense())
    model.fit(_data(20).filter(lambda x, y: False), epochs=2, verbose=0)
    assert _sums(model) == [-1.9340589046478271, 0.0, 0.4345245361328125, 0.0]
    assert int(model.optimizer.iterations.numpy()) == 2


def test_evaluate_without_a_batch_builds_the_model_only():
    keras.utils.set_random_seed(1)
    model = _compiled(TwoDense())
    assert model.evaluate(_data(5), verbose=0) == []
    assert model.built and not model.optimizer.built
    assert _sums(model) == [-1.9340589046478271, 0.0, 0.4345245361328125, 0.0]


def test_run_eagerly_asks_for_the_batch_first_and_builds_nothing():
    model = _compiled(TwoDense(), run_eagerly=True)
    model.fit(_data(5), epochs=2, verbose=0)
    assert not model.built and not model.d.built
    assert int(model.optimizer.iterations.numpy()) == 0


def test_a_sequential_counts_the_batchless_calls_on_an_empty_dataset():
    model = _compiled(keras.Sequential([keras.layers.Dense(2)]))
    model.fit(_data(5), epochs=2, verbose=0)
    assert model.built and int(model.optimizer.iterations.numpy()) == 2


def test_a_tuple_input_builds_both_embeddings_and_hands_out_no_keras_tensor_name():
    before = keras.Input((1,)).name
    data = tf.data.Dataset.from_tensor_slices(((np.zeros(5, 'int64'), np.zeros((5, 5), 'int64')),
                                               np.zeros((5, 5), 'float32'))).batch(64, drop_remainder=True)
    model = Pair()
    model.compile('adam', keras.losses.CategoricalCrossentropy(from_logits=True), metrics=['accuracy'])
    model.fit(data, epochs=1, verbose=0)
    assert model.get_layer('w2v_embedding').get_weights()[0].shape == (17, 4)
    assert model.count_params() == 136
    after = keras.Input((1,)).name
    number = lambda name: int(name.rsplit('_', 1)[1]) if name != 'keras_tensor' else 0
    assert number(after) == number(before) + 1
