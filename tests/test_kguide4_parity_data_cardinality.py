"""fit's array checks for several inputs / outputs raise Keras 3's ValueError texts.

'Data cardinality is ambiguous' lists every array's length per part (Keras flattens x, y and
sample_weight; one sample_weight array for two outputs is copied onto each first, so it shows
twice), also when two inputs disagree with each other (tapeflow used to say 'x: the arrays hold
different numbers of samples'); and one sample_weight array of shape (n, 3) for a two-output model
is Keras's 'one scalar score per sample' error (tapeflow failed later, in the loss, with
InvalidArgumentError). Goldens: /work/notes/progs/kguides4/g6.py under TF 2.21 / Keras 3.
"""
import numpy as np
import pytest

from framework import keras

rng = np.random.RandomState(7)
X = rng.normal(size=(60, 6)).astype('float32')
Y1 = rng.normal(size=(60, 1)).astype('float32')
Y2 = rng.randint(0, 3, size=(60,))
HEAD = 'Data cardinality is ambiguous. Make sure all arrays contain the same number of samples.'


def two_outputs():
    inp = keras.Input((6,), name='inp')
    hidden = keras.layers.Dense(8, name='hidden')(inp)
    model = keras.Model(inp, [keras.layers.Dense(1, name='reg')(hidden),
                              keras.layers.Dense(3, activation='softmax', name='cls')(hidden)])
    model.compile('sgd', loss=['mse', 'sparse_categorical_crossentropy'])
    return model


def two_inputs():
    a, b = keras.Input((2,)), keras.Input((3,))
    model = keras.Model([a, b], keras.layers.Dense(1)(keras.layers.concatenate([a, b])))
    model.compile('sgd', 'mse')
    return model


@pytest.mark.parametrize('make, fit, message', [
    (two_outputs, dict(x=X, y=[Y1, Y2], sample_weight=np.ones((60, 3))),
     'For a model with multiple outputs, when providing a single `sample_weight` array, it should only have one '
     'scalar score per sample (i.e. shape `(num_samples,)`). If you want to use non-scalar sample weights, pass a '
     '`sample_weight` argument with one array per model output.'),
    (two_outputs, dict(x=X[:50], y=[Y1, Y2]), HEAD + "'x' sizes: 50\n'y' sizes: 60, 60\n"),
    (two_outputs, dict(x=X, y=[Y1, Y2], sample_weight=np.ones(50)),
     HEAD + "'x' sizes: 60\n'y' sizes: 60, 60\n'sample_weight' sizes: 50, 50\n"),
    (two_outputs, dict(x=X, y=[Y1, Y2[:50]]), HEAD + "'x' sizes: 60\n'y' sizes: 60, 50\n"),
    (two_inputs, dict(x=[np.ones((50, 2)), np.ones((60, 3))], y=np.ones(60)), HEAD + "'x' sizes: 50, 60\n'y' sizes: 60\n"),
    (two_inputs, dict(x=[np.ones((60, 2)), np.ones((60, 3))], y=np.ones(60), sample_weight=np.ones(40)),
     HEAD + "'x' sizes: 60, 60\n'y' sizes: 60\n'sample_weight' sizes: 40\n"),
])
def test_keras_messages(make, fit, message):
    with pytest.raises(ValueError) as info:
        make().fit(epochs=1, verbose=0, **fit)
    assert str(info.value) == message
