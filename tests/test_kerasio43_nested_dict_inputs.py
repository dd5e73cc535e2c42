"""A functional model whose Inputs nest a list in a dict ({'p': [a, b], 'q': c}) or a dict in a list
([{'x': a}, b]) is called with the same structure of arrays: Keras 3 maps over the structure, so each
array is one input. tapeflow converted the inner list as one tensor ("Can't convert non-rectangular
Python sequence to Tensor.") and the list holding a dict as one ("... mixed types ...").
Values printed by TF 2.21 (progs/kerasio43/p1.py): all-ones inputs through Concatenate give ones."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

XA, XB, XC = np.ones((2, 3), 'float32'), np.ones((2, 2), 'float32'), np.ones((2, 1), 'float32')


def _inputs():
    return keras.Input((3,), name='a'), keras.Input((2,), name='b'), keras.Input((1,), name='c')


def test_dict_holding_a_list_of_arrays_is_one_input_per_array():
    a, b, c = _inputs()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')          # Keras's key-name warning ('q' maps to 'c')
        model = keras.Model({'p': [a, b], 'q': c}, keras.layers.Concatenate()([a, b, c]))
    # the Concatenate order follows the Inputs, not the call: column 3 and 4 come from b
    xb = np.full((2, 2), 2.0, 'float32')
    for call_inputs in ({'p': [XA, xb], 'q': XC}, {'p': (XA, xb), 'q': XC},
                        {'p': [tf.constant(XA), tf.constant(xb)], 'q': tf.constant(XC)}):
        out = model(call_inputs)
        assert out.shape == (2, 6)
        np.testing.assert_array_equal(out.numpy()[0], [1, 1, 1, 2, 2, 1])
    np.testing.assert_array_equal(model.predict({'p': [XA, xb], 'q': XC}, verbose=0)[1], [1, 1, 1, 2, 2, 1])


def test_dict_holding_a_list_trains_and_evaluates():
    a, b, c = _inputs()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        model = keras.Model({'p': [a, b], 'q': c},
                            keras.layers.Dense(1, kernel_initializer='ones')(keras.layers.Concatenate()([a, b, c])))
    model.compile('sgd', 'mse')
    x = {'p': [XA, XB], 'q': XC}
    # every output is 6 (six ones times kernel ones, bias 0): mse against ones is 25
    assert model.evaluate(x, np.ones((2, 1)), verbose=0) == 25.0
    assert model.fit(x, np.ones((2, 1)), verbose=0).history['loss'] == [25.0]


def test_list_holding_a_dict_of_arrays():
    a, b, _ = _inputs()
    model = keras.Model([{'x': a}, b], keras.layers.Concatenate()([a, b]))
    out = model([{'x': XA}, np.full((2, 2), 3.0, 'float32')])
    np.testing.assert_array_equal(out.numpy()[0], [1, 1, 1, 3, 3])



def test_nested_inputs_survive_keras_and_h5_files(tmp_path):
    # TF 2.21 (progs/kerasio43/p19.py): input_layers {'p': [['a', 0, 0], ['b', 0, 0]], 'q': ['c', 0, 0]} in the
    # config, and the reloaded model called with the same structure gives the saved model's output
    a, b, c = _inputs()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        model = keras.Model({'p': [a, b], 'q': c}, keras.layers.Dense(1)(keras.layers.Concatenate()([a, b, c])))
        x = {'p': [XA, np.full((2, 2), 2.0, 'float32')], 'q': XC}
        want = model(x).numpy()
        assert model.get_config()['input_layers'] == {'p': [['a', 0, 0], ['b', 0, 0]], 'q': ['c', 0, 0]}
        for name in ('m.keras', 'm.h5'):
            model.save(str(tmp_path / name))
            loaded = keras.models.load_model(str(tmp_path / name))
            np.testing.assert_array_equal(loaded(x).numpy(), want)
            np.testing.assert_array_equal(loaded.predict(x, verbose=0), want)


def test_another_number_of_arrays_in_a_nested_structure():
    # TF 2.21 (progs/kerasio43/p1.py, p2.py, p29.py): Keras zips the flat arrays with its Inputs; an extra array
    # goes unused, a missing one leaves the outputs needing it uncomputed, named by their path
    a, b, c = _inputs()
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        single = keras.Model({'p': [a, b], 'q': c}, keras.layers.Concatenate()([a, b, c]))
        assert single({'p': [XA, XB, XC], 'q': XC}).shape == (2, 6)
        with pytest.raises(ValueError, match='Output with path `` is not connected to `inputs`'):
            single({'p': [XA, XB]})
        pair = keras.Model({'p': [a, b], 'q': c}, [keras.layers.Dense(1)(a), keras.layers.Dense(1)(c)])
        with pytest.raises(ValueError, match='Output with path `1` is not connected to `inputs`'):
            pair({'p': [XA], 'q': XC})
