"""Layer calls with arguments the first fuzz did not try, as TF 2.21 / Keras 3.15 answer (fuzz2).

Outcomes printed by TF 2.21 for the same calls (progs/fuzz2/cases_calls2.py).
"""
import numpy as np
import pytest

from framework import keras

X = np.random.RandomState(0).rand(4, 6).astype('float32')


def test_dropout_rate_one_drops_everything_while_training():
    # Keras 3: 0 <= rate <= 1; its TF backend returns zeros for rate 1 (no seed drawn)
    layer = keras.layers.Dropout(1.0)
    assert not np.any(layer(X, training=True).numpy())
    np.testing.assert_array_equal(layer(X).numpy(), X)
    assert not np.any(keras.random.dropout(X, 1.0).numpy())
    with pytest.raises(ValueError, match='Expected a float value between 0 and 1'):
        keras.layers.Dropout(1.5)


def test_category_encoding_truncates_float_ids():
    out = keras.layers.CategoryEncoding(3, output_mode='one_hot')(np.array([1.5, 0.0]))
    assert out.numpy().tolist() == [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]


def test_an_empty_sequential_cannot_be_built():
    # Keras 3's words (tapeflow hit an IndexError calling it on data)
    for call in (lambda m: m(X), lambda m: m.build((None, 6))):
        with pytest.raises(ValueError, match='cannot be built because it has no layers. Call `model.add'):
            call(keras.Sequential())


class _DictIn(keras.layers.Layer):
    def call(self, inputs):
        return inputs['a'] * 2.0


def test_python_errors_inside_call_name_the_layer_as_keras():
    # TF 2.21: KeyError "Exception encountered when calling DictIn.call().\n\n\x1b[1ma\x1b[0m\n\n
    # Arguments received by DictIn.call():\n  • inputs={'b': ...}" (the class is kept)
    with pytest.raises(KeyError, match='Exception encountered when calling _DictIn.call'):
        _DictIn()({'b': X})
    assert _DictIn()({'a': X}).shape == (4, 6)


@pytest.mark.parametrize('call', [
    lambda: keras.layers.LSTM(3)(np.zeros((4, 0, 6), 'float32')),                                   # no steps
    lambda: keras.layers.GRU(3)(np.zeros((4, 5, 6), 'float32'), initial_state=[np.zeros((2, 3), 'float32')]),
    lambda: keras.layers.Attention()([np.zeros((4, 5, 6), 'float32'), np.zeros((4, 5, 7), 'float32')]),
    lambda: keras.layers.GlobalAveragePooling1D()(np.zeros((4, 5, 6), 'float32'), mask=np.ones((4, 4), bool)),
])
def test_shape_errors_tf_kernels_raise_are_invalid_argument_errors(call):
    # TF 2.21 raises these from its kernels (StridedSlice, AddV2, BatchMatMul, SelectV2); they stay ValueErrors here
    from framework.errors import InvalidArgumentError
    with pytest.raises(InvalidArgumentError):
        call()


def test_a_single_input_layer_given_several_tensors_uses_keras_words():
    # TF 2.21: ValueError 'Layer "dense" expects 1 input(s), but it received 2 input tensors. Inputs received: [...]'
    keras.backend.clear_session()
    with pytest.raises(ValueError, match=r'Layer "dense" expects 1 input\(s\), but it received 2 input tensors'):
        keras.layers.Dense(2)([X, X])


def test_a_progbar_without_a_positive_target_draws_an_unknown_count(capsys):
    # Keras 3 draws the count and bar for a positive target only (Progbar(-1): '1/Unknown'; tapeflow
    # raised 'math domain error')
    keras.utils.Progbar(-1).update(1)
    assert '1/Unknown' in capsys.readouterr().out
