"""fit / evaluate refuse array-only arguments for datasets, PyDatasets and generators in Keras 3's words.

Goldens: TF 2.21 + Keras 3.15 running /work/notes/progs/fithist/p09_input_errors.py (the same
model, data and calls); str(error) is compared whole. Keras raises these from get_data_adapter and
array_slicing.train_validation_split, the latter naming tf.data's class for the dataset.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.arange(60, dtype='float32').reshape(20, 3) / 60
Y = np.arange(20, dtype='float32').reshape(20, 1) / 20


def compiled_model():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


class Batches(keras.utils.PyDataset):
    def __len__(self):
        return 2

    def __getitem__(self, i):
        return X[i * 10:(i + 1) * 10], Y[i * 10:(i + 1) * 10]


def generator():
    while True:
        yield X[:10], Y[:10]


def dataset():
    return tf.data.Dataset.from_tensor_slices((X, Y)).batch(5)


def unsupported(kind, argument, words):
    return ('When providing `x` as a %s, `%s` should not be passed. Instead, %s should be included as part of '
            'the %s.' % (kind, argument, words, kind))


@pytest.mark.parametrize('call, message', [
    (lambda m: m.fit(dataset(), Y, verbose=0), unsupported('tf.data.Dataset', 'y', 'the targets')),
    (lambda m: m.fit(dataset(), sample_weight=Y[:, 0], verbose=0),
     unsupported('tf.data.Dataset', 'sample_weights', 'the sample weights')),
    (lambda m: m.fit(Batches(), Y, verbose=0), unsupported('PyDataset', 'y', 'the targets')),
    (lambda m: m.fit(Batches(), sample_weight=Y, verbose=0),
     unsupported('PyDataset', 'sample_weights', 'the sample weights')),
    (lambda m: m.fit(generator(), Y, steps_per_epoch=2, verbose=0), unsupported('generator', 'y', 'the targets')),
    (lambda m: m.fit(generator(), sample_weight=Y, steps_per_epoch=2, verbose=0),
     unsupported('generator', 'sample_weights', 'the sample weights')),
    (lambda m: m.fit(generator(), class_weight={0: 1.}, steps_per_epoch=2, verbose=0),
     'Argument `class_weight` is not supported for Python generator inputs. Received: class_weight={0: 1.0}'),
    (lambda m: m.evaluate(dataset(), Y, verbose=0), unsupported('tf.data.Dataset', 'y', 'the targets')),
    (lambda m: m.evaluate(Batches(), sample_weight=Y, verbose=0),
     unsupported('PyDataset', 'sample_weights', 'the sample weights')),
])
def test_array_only_arguments_are_refused_in_keras_words(call, message):
    with pytest.raises(ValueError) as info:
        call(compiled_model())
    assert str(info.value) == message


SPLIT = ('Argument `validation_split` is only supported for tensors or NumPy arrays.Found incompatible type in '
         'the input: [%s]')


@pytest.mark.parametrize('make_x, type_text', [
    (dataset, "<class 'tensorflow.python.data.ops.batch_op._BatchDataset'>"),
    (lambda: dataset().take(2), "<class 'tensorflow.python.data.ops.take_op._TakeDataset'>"),
    (lambda: dataset().map(lambda a, b: (a, b)), "<class 'tensorflow.python.data.ops.map_op._MapDataset'>"),
    (lambda: dataset().prefetch(1), "<class 'tensorflow.python.data.ops.prefetch_op._PrefetchDataset'>"),
    (lambda: tf.data.Dataset.from_tensor_slices((X, Y)),
     "<class 'tensorflow.python.data.ops.from_tensor_slices_op._TensorSliceDataset'>"),
    (Batches, "<class '%s.Batches'>" % __name__),
    (generator, "<class 'generator'>"),
])
def test_validation_split_names_the_type_it_cannot_slice(make_x, type_text):
    with pytest.raises(ValueError) as info:
        compiled_model().fit(make_x(), validation_split=0.2, steps_per_epoch=2, verbose=0)
    assert str(info.value) == SPLIT % type_text


def test_validation_split_is_ignored_beside_validation_data():
    history = compiled_model().fit(dataset(), validation_split=0.2, validation_data=dataset(), epochs=1, verbose=0)
    assert list(history.history) == ['loss', 'val_loss']


def test_a_dataset_takes_class_weight():
    labels = tf.data.Dataset.from_tensor_slices((X, (Y > 0.5).astype('int32'))).batch(5)
    history = compiled_model().fit(labels, class_weight={0: 1., 1: 2.}, epochs=1, verbose=0)
    assert list(history.history) == ['loss']
