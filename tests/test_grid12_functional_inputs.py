"""A functional model's inputs checked by name and count as Keras 3's InputSpec does (before call()).

Golden texts from TF 2.21 + Keras 3 (grid12 xerr.py / xerr3.py: the same model and data under both).
tapeflow fed a dict with a wrong key by sorted position (a dict model given {'a', 'c'} trained, 'c' as
Input 'b'), and wrapped its own texts in 'Exception encountered when calling Functional.call()'.
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers
XA = np.random.RandomState(0).rand(16, 5).astype('float32')
XB = np.random.RandomState(1).rand(16, 3).astype('float32')
Y = np.ones((16, 1), 'float32')


def _model(kind, name):
    a, b = keras.Input((5,), name='a'), keras.Input((3,), name='b')
    out = L.Dense(1)(L.Concatenate()([a, b]))
    model = keras.Model({'a': a, 'b': b} if kind == 'dict' else [a, b], out, name=name)
    model.compile('adam', 'mse')
    return model


RUNS = {'fit': lambda m, x: m.fit(x, Y, epochs=1, verbose=0), 'predict': lambda m, x: m.predict(x, verbose=0),
        'call': lambda m, x: m(x)}


@pytest.mark.parametrize('kind', ['list', 'dict'])
@pytest.mark.parametrize('run', sorted(RUNS))
def test_dict_without_an_input_name_is_missing_data(kind, run):
    with pytest.raises(ValueError) as caught:
        RUNS[run](_model(kind, 'm'), {'a': XA, 'c': XB})
    assert str(caught.value) == ('Missing data for input "b". You passed a data dictionary with keys [\'a\', \'c\']. '
                                 "Expected the following keys: ['a', 'b']")


@pytest.mark.parametrize('kind', ['list', 'dict'])
@pytest.mark.parametrize('run', sorted(RUNS))
@pytest.mark.parametrize('x, count', [(lambda: [XA, XB, XB], 3), (lambda: XA, 1), (lambda: [XA], 1)])
def test_other_input_counts_name_the_expected_keys(kind, run, x, count):
    with pytest.raises(ValueError) as caught:
        RUNS[run](_model(kind, 'm_' + kind), x())
    assert str(caught.value) == ('Layer "m_%s" expects 2 named input(s) with keys [\'a\', \'b\'], but it received %d '
                                 "input tensors. Pass inputs as a dict, e.g. `layer({'a': ..., 'b': ...})`."
                                 % (kind, count))


def test_dict_with_extra_keys_still_runs():
    model = _model('dict', 'm')
    np.testing.assert_array_equal(model.predict({'a': XA, 'b': XB, 'c': XB}, verbose=0),
                                  model.predict({'a': XA, 'b': XB}, verbose=0))


@pytest.mark.parametrize('run, found', [
    (lambda m: m.fit([XB, XA], Y, verbose=0), '(None, 3)'),          # 16 samples in batches of 32: free batch
    (lambda m: m.fit([np.tile(XB, (4, 1)), np.tile(XA, (4, 1))], np.tile(Y, (4, 1)), batch_size=32, verbose=0),
     '(32, 3)'),                                                      # 64 = 2 x 32: Keras's trace is static
    (lambda m: m.predict([XB, XA], verbose=0), '(16, 3)'),
    (lambda m: m([XB, XA]), '(16, 3)')])
def test_incompatible_input_shows_the_traced_batch(run, found):
    # TF 2.21: a fit step traced over batches of any size reports the batch axis as None
    with pytest.raises(ValueError) as caught:
        run(_model('list', 'mm'))
    assert str(caught.value) == ("Input 0 with name 'a' of layer 'mm' is incompatible with the layer: expected "
                                 'shape=(None, 5), found shape=%s' % found)
