"""The imbalanced-data and overfitting tutorials fit on tf.data pipelines: Keras 3 weighs a
Dataset's batches by ``class_weight`` and says once that fit's default ``shuffle=True`` does not
apply to a Dataset. Expected values were printed by Keras 3 (TensorFlow 2.21) running the same code.
"""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.linspace(-1, 1, 24, dtype='float32').reshape(8, 3)
Y = (X[:, :1] > 0).astype('float32')
CLASS_WEIGHT = {0: 0.25, 1: 3.0}


def _model():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation='sigmoid', kernel_initializer='ones')])
    model.compile('sgd', 'binary_crossentropy', metrics=['accuracy'])
    return model


@pytest.mark.parametrize('labels', [Y, Y[:, 0]], ids=['labels_n_by_1', 'labels_n'])
def test_class_weight_weighs_a_datasets_batches_as_arrays_are_weighed(labels):
    history = _model().fit(tf.data.Dataset.from_tensor_slices((X, labels)).batch(4), epochs=2,
                           class_weight=CLASS_WEIGHT, shuffle=False, verbose=0)
    # Keras 3.15 / TF 2.21, the same fit on the arrays or on the dataset:
    # {'accuracy': [1.0, 1.0], 'loss': [0.39852795004844666, 0.39612293243408203]}
    np.testing.assert_allclose(history.history['loss'], [0.39852795004844666, 0.39612293243408203], rtol=1e-6)
    arrays = _model().fit(X, labels, batch_size=4, epochs=2, class_weight=CLASS_WEIGHT, shuffle=False, verbose=0)
    assert arrays.history == history.history


def test_class_weight_and_sample_weight_together_are_refused():
    dataset = tf.data.Dataset.from_tensor_slices((X, Y, np.ones(8, 'float32'))).batch(4)
    with pytest.raises(ValueError, match='^You cannot `class_weight` and `sample_weight` at the same time.$'):
        _model().fit(dataset, class_weight=CLASS_WEIGHT, shuffle=False, verbose=0)


@pytest.mark.parametrize('source, words', [
    (lambda: tf.data.Dataset.from_tensor_slices((X, Y)).batch(4),
     'a tf.data.Dataset. The Dataset is expected to already be shuffled (via `.shuffle(buffer_size)`).'),
    (lambda: ((X[i:i + 4], Y[i:i + 4]) for i in (0, 4)),
     'a generator. The generator is expected to yield already-shuffled data.'),
])
def test_fit_says_its_default_shuffle_does_not_apply_to_a_dataset_or_generator(source, words):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        _model().fit(source(), steps_per_epoch=2, verbose=0)                 # shuffle=True by default
        _model().fit(source(), steps_per_epoch=2, shuffle=False, verbose=0)
        _model().evaluate(source(), steps=2, verbose=0)
    said = [str(w.message) for w in caught if issubclass(w.category, UserWarning)]
    assert said == ['`shuffle=True` was passed, but will be ignored since the data `x` was provided as ' + words]


RAN_OUT = ('Your input ran out of data; interrupting training. Make sure that your dataset or generator can '
           'generate at least `steps_per_epoch * epochs` batches. You may need to use the `.repeat()` function '
           'when building your dataset.')


def test_a_dataset_of_unknown_length_warns_at_each_pass_end_as_keras():
    # The overfitting tutorial validates on packed_ds.take(n) after unbatch (unknown length): TF 2.21
    # prints this warning. Counts from Keras 3.15 under warnings 'always': fit 3 epochs -> 3,
    # evaluate -> 1, a known length -> 0, steps_per_epoch=3 on 2 batches for 2 epochs -> 2.
    known = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)
    unknown = known.filter(lambda a, b: True)
    model = _model()
    runs = [(lambda: model.fit(unknown, epochs=3, shuffle=False, verbose=0), 3),
            (lambda: model.evaluate(unknown, verbose=0), 1),
            (lambda: model.fit(known, epochs=2, shuffle=False, verbose=0, validation_data=known), 0),
            (lambda: model.fit(known, epochs=2, steps_per_epoch=3, shuffle=False, verbose=0), 2)]
    for run, count in runs:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter('always')
            run()
        assert [str(w.message) for w in caught if 'ran out' in str(w.message)] == [RAN_OUT] * count
