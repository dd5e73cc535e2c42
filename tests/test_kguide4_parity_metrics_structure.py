"""Metrics that do not match a multi-output model's outputs raise Keras 3's ValueError text.

Keras maps the metrics over the outputs with its tree library and prefixes that library's
complaint ('tuple arity mismatch; ...' for a list of another length, 'Expected an instance of
dict, ...' for a list given to a dict-output model), then shows the outputs' structure with X
leaves. Goldens: /work/notes/progs/kguides4/g7.py under TF 2.21 / Keras 3.
"""
import numpy as np
import pytest

from framework import keras

rng = np.random.RandomState(7)
X = rng.normal(size=(8, 6)).astype('float32')
Y1 = rng.normal(size=(8, 1)).astype('float32')
Y2 = rng.randint(0, 3, size=(8,))
TAIL = ("should contain metrics objects and either be a dict or a list matching the output names of the "
        "functional model ['reg', 'cls'] or match the output structure of the model: ['X', 'X'].\n")


def make(as_dict=False):
    inp = keras.Input((6,), name='inp')
    hidden = keras.layers.Dense(8, name='hidden')(inp)
    o1, o2 = keras.layers.Dense(1, name='reg')(hidden), keras.layers.Dense(3, activation='softmax', name='cls')(hidden)
    return keras.Model(inp, {'reg': o1, 'cls': o2} if as_dict else [o1, o2])


@pytest.mark.parametrize('kwargs, message', [
    (dict(metrics=['mae']), "tuple arity mismatch; expected: 2, got: 1; tuple: ('mae',).\nInvalid `metrics`. "
                            "`metrics` " + TAIL + "Received: metrics=['mae']"),
    (dict(metrics=['mae', 'mse', 'acc']), "tuple arity mismatch; expected: 2, got: 3; tuple: ('mae', 'mse', 'acc')."
                                          "\nInvalid `metrics`. `metrics` " + TAIL
                                          + "Received: metrics=['mae', 'mse', 'acc']"),
    (dict(weighted_metrics=['mae']), "tuple arity mismatch; expected: 2, got: 1; tuple: ('mae',).\nInvalid "
                                     "`weighted_metrics`. `weighted_metrics` " + TAIL
                                     + "Received: weighted_metrics=['mae']"),
    (dict(metrics=[['mae'], ['acc'], ['mse']]), "tuple arity mismatch; expected: 2, got: 3; tuple: (('mae',), "
                                                "('acc',), ('mse',)).\nInvalid `metrics`. `metrics` " + TAIL
                                                + "Received: metrics=[['mae'], ['acc'], ['mse']]"),
])
def test_list_outputs(kwargs, message):
    model = make()
    model.compile('sgd', loss=['mse', 'sparse_categorical_crossentropy'], **kwargs)
    with pytest.raises(ValueError) as info:
        model.fit(X, [Y1, Y2], verbose=0)
    assert str(info.value) == message


def test_dict_outputs_given_a_list():
    model = make(as_dict=True)
    model.compile('sgd', loss={'reg': 'mse', 'cls': 'sparse_categorical_crossentropy'}, metrics=['mae'])
    with pytest.raises(ValueError) as info:
        model.fit(X, {'reg': Y1, 'cls': Y2}, verbose=0)
    assert str(info.value) == (
        "Expected an instance of dict, collections.OrderedDict, or collections.defaultdict, got ('mae',).\n"
        "Invalid `metrics`. `metrics` should contain metrics objects and either be a dict or a list matching the "
        "output names of the functional model ['cls', 'reg'] or match the output structure of the model: "
        "{'reg': 'X', 'cls': 'X'}.\nReceived: metrics=['mae']")
