"""keras.Model(inputs, outputs) whose outputs depend on an Input not given AND whose layers share a name:
Keras 3.15's map_graph walks past the foreign Input and checks names before Function checks that the
outputs are connected, so TF 2.21 raises the duplicate-name error (counting the foreign InputLayer);
tapeflow raised 'Output with path ... is not connected to `inputs`' first.

Golden texts printed by TF 2.21 with the snippets below (tf: `from tensorflow import keras`).
"""
import pytest

from framework import keras


def _refusal(build):
    keras.backend.clear_session()
    with pytest.raises(ValueError) as info:
        build()
    return str(info.value)


def test_foreign_input_counts_among_duplicate_names():
    def build():
        a1, a2, foreign = (keras.Input((1,), name='q') for _ in range(3))
        keras.Model([a1, a2], keras.layers.concatenate([foreign, foreign]))
    assert _refusal(build) == 'The name "q" is used 3 times in the model. All operation names should be unique.'


def test_foreign_input_named_like_a_layer():
    def build():
        b, c = keras.Input((2,), name='b'), keras.Input((2,), name='c')
        keras.Model(b, [keras.layers.Dense(2, name='d')(b), keras.layers.Dense(2, name='c')(c)])
    assert _refusal(build) == 'The name "c" is used 2 times in the model. All operation names should be unique.'


def test_dict_outputs_with_a_foreign_input_of_a_declared_name():
    def build():
        b, c = keras.Input((2,), name='b'), keras.Input((2,), name='c')
        keras.Model(b, {'o1': keras.layers.Dense(1, name='o1')(c),
                        'o2': keras.layers.Dense(1, name='o2')(keras.Input((2,), name='b'))})
    assert _refusal(build) == 'The name "b" is used 2 times in the model. All operation names should be unique.'


def test_unique_names_still_get_the_connectivity_error():
    def build():
        b, c = keras.Input((2,), name='b'), keras.Input((2,), name='c')
        keras.Model(b, [keras.layers.Dense(1, name='x1')(b), keras.layers.Dense(1, name='x2')(c)])
    # TF 2.21: the first output the inputs do not reach, by its path
    assert _refusal(build) == 'Output with path `1` is not connected to `inputs`'
