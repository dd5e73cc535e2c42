"""Targets that do not match the model's outputs raise Keras 3's 'different structures' ValueError.

Keras shows y_true and y_pred with '*' leaves; its data adapter has made fit's / evaluate's lists
tuples, so ``fit(x, [y1])`` shows ``('*',)``. tapeflow's count of outputs and arrays stays as a note.
Goldens: /work/notes/progs/kguides4/g8.py under TF 2.21 / Keras 3.
"""
import numpy as np
import pytest

from framework import keras

rng = np.random.RandomState(7)
X = rng.normal(size=(8, 6)).astype('float32')
Y1 = rng.normal(size=(8, 1)).astype('float32')
Y2 = rng.randint(0, 3, size=(8,))


def models():
    inp = keras.Input((6,), name='inp')
    hidden = keras.layers.Dense(8, name='hidden')(inp)
    o1, o2 = keras.layers.Dense(1, name='reg')(hidden), keras.layers.Dense(3, activation='softmax', name='cls')(hidden)
    listed = keras.Model(inp, [o1, o2])
    listed.compile('sgd', loss=['mse', 'sparse_categorical_crossentropy'])
    keyed = keras.Model(inp, {'reg': o1, 'cls': o2})
    keyed.compile('sgd', loss={'reg': 'mse', 'cls': 'sparse_categorical_crossentropy'})
    single = keras.Model(inp, o1)
    single.compile('sgd', 'mse')
    return {'listed': listed, 'keyed': keyed, 'single': single}


@pytest.mark.parametrize('which, call, y_true, y_pred', [
    ('listed', lambda m: m.fit(X, [Y1], verbose=0), "('*',)", "['*', '*']"),
    ('listed', lambda m: m.fit(X, (Y1, Y2, Y2), verbose=0), "('*', '*', '*')", "['*', '*']"),
    ('listed', lambda m: m.fit(X, Y1, verbose=0), '*', "['*', '*']"),
    ('keyed', lambda m: m.fit(X, [Y1], verbose=0), "('*',)", "{'reg': '*', 'cls': '*'}"),
    ('single', lambda m: m.fit(X, [Y1, Y1], verbose=0), "('*', '*')", '*'),
    ('listed', lambda m: m.evaluate(X, [Y1], verbose=0), "('*',)", "['*', '*']"),
])
def test_keras_text(which, call, y_true, y_pred):
    with pytest.raises(ValueError) as info:
        call(models()[which])
    assert str(info.value) == 'y_true and y_pred have different structures.\ny_true: %s\ny_pred: %s\n' % (y_true, y_pred)
