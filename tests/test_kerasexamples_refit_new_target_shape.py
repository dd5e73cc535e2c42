"""A second fit / evaluate on targets of other shapes is a new trace in TF 2.21, so its loss errors
show the batch axis as None, as the first fit's do (kerasexamples3/q08_after_fit.py: a notebook
re-running fit with one-hot labels after a fit with integer labels)."""
import numpy as np
import pytest

from framework import keras
from framework.keras import layers


def _model():
    keras.utils.set_random_seed(11)
    model = keras.Sequential([keras.Input((8, 8, 1)), layers.Conv2D(2, 3), layers.Flatten(),
                              layers.Dense(10, activation='softmax')])
    model.compile('adam', 'sparse_categorical_crossentropy', metrics=['accuracy'])
    return model


def _data():
    rng = np.random.RandomState(0)
    return rng.rand(20, 8, 8, 1).astype('float32'), rng.randint(0, 10, 20)


def test_fit_with_one_hot_labels_after_a_fit_words_the_new_trace():
    x, y = _data()
    model = _model()
    model.fit(x, y, epochs=1, verbose=0)
    with pytest.raises(ValueError) as info:
        model.fit(x, keras.utils.to_categorical(y, 10), epochs=1, verbose=0)
    assert str(info.value) == ('Argument `output` must have rank (ndim) `target.ndim - 1`. Received: '
                               'target.shape=(None, 10), output.shape=(None, 10)')


def test_evaluate_on_images_after_an_evaluate_words_the_new_trace():
    x, y = _data()
    model = _model()
    model.evaluate(x, y, verbose=0)
    with pytest.raises(ValueError) as info:
        model.evaluate(x, x, verbose=0)
    assert str(info.value) == ('Argument `output` must have rank (ndim) `target.ndim - 1`. Received: '
                               'target.shape=(None, 8, 8, 1), output.shape=(None, 10)')


def test_fit_after_a_validation_split_fit_on_two_samples():
    # the first fit's batches hold one sample (a fixed batch of 1 then): TF still words the next trace with None
    x, y = _data()
    model = _model()
    model.fit(x[:2], y[:2], validation_split=0.2, epochs=1, verbose=0)
    with pytest.raises(ValueError) as info:
        model.fit(x, x, epochs=1, verbose=0)
    assert str(info.value) == ('Argument `output` must have rank (ndim) `target.ndim - 1`. Received: '
                               'target.shape=(None, 8, 8, 1), output.shape=(None, 10)')


class _Shout(layers.Layer):
    def call(self, x):
        print('traced', x.shape)
        return x


def test_a_trace_prints_again_only_for_other_shapes_or_dtypes(capsys):
    # TF 2.21 (kerasexamples3/q12_trace_prints.py): the model's build prints once, the first fit traces
    # twice (it makes the optimizer's variables), a fit on the same arrays replays, labels cast to
    # float32 trace again, float64 inputs (cast to float32 by Keras) do not, a first sample_weight does
    keras.utils.set_random_seed(11)
    rng = np.random.RandomState(0)
    x, y = rng.rand(20, 4).astype('float32'), rng.randint(0, 3, 20)
    model = keras.Sequential([keras.Input((4,)), _Shout(), layers.Dense(3, activation='softmax')])
    model.compile('adam', 'sparse_categorical_crossentropy')
    runs = [('fit1', x, y, None), ('fit2', x, y, None), ('y float', x, y.astype('float32'), None),
            ('x64', x.astype('float64'), y, None), ('x32', x, y, None), ('sw', x, y, np.ones(20)),
            ('sw32', x, y, np.ones(20, 'float32'))]
    for name, xs, ys, weights in runs:
        print(name)
        model.fit(xs, ys, sample_weight=weights, epochs=1, verbose=0)
    assert capsys.readouterr().out == ('traced (None, 4)\nfit1\ntraced (None, 4)\ntraced (None, 4)\nfit2\n'
                                       'y float\ntraced (None, 4)\nx64\nx32\nsw\ntraced (None, 4)\nsw32\n')
