"""Layers built on a symbolic input whose weight axis is None: Keras 3.15's Variable refuses the first
weight's shape (BatchNormalization / LayerNormalization / Conv2DTranspose), and Conv1D / Conv2D fail on
their `channels % groups` check with Python's TypeError. Texts printed by TF 2.21 (progs/errors32/p_nonedim.py)."""
import pytest

from framework import keras

L = keras.layers
TEXT = "Shapes used to initialize variables must be fully-defined (no `None` dimensions). Received: shape=%s " \
       "for variable path='%s'"


@pytest.mark.parametrize('make, shape, expected', [
    (lambda: L.BatchNormalization(), (None,), TEXT % ('(None,)', 'batch_normalization/gamma')),
    (lambda: L.BatchNormalization(), (4, None), TEXT % ('(None,)', 'batch_normalization/gamma')),
    (lambda: L.BatchNormalization(axis=1), (None, 3), TEXT % ('(None,)', 'batch_normalization/gamma')),
    (lambda: L.LayerNormalization(), (None,), TEXT % ('(None,)', 'layer_normalization/gamma')),
    (lambda: L.Conv2DTranspose(2, 3), (6, 6, None), TEXT % ('(3, 3, 2, None)', 'conv2d_transpose/kernel'))])
def test_weight_with_a_none_axis_gets_keras_variable_text(make, shape, expected):
    keras.backend.clear_session()
    with pytest.raises(ValueError) as info:
        make()(keras.Input(shape))
    assert str(info.value) == expected
    assert info.value.__notes__       # tapeflow's note says which input axis was unknown


@pytest.mark.parametrize('make, shape', [(lambda: L.Conv2D(2, 3), (6, 6, None)), (lambda: L.Conv1D(2, 3), (6, None))])
def test_conv_with_unknown_channels_fails_as_keras_groups_check(make, shape):
    with pytest.raises(TypeError) as info:
        make()(keras.Input(shape))
    assert str(info.value) == "unsupported operand type(s) for %: 'NoneType' and 'int'"


def test_batch_normalization_without_scale_names_beta():
    keras.backend.clear_session()
    with pytest.raises(ValueError) as info:
        L.BatchNormalization(scale=False)(keras.Input((None,)))
    assert str(info.value) == TEXT % ('(None,)', 'batch_normalization/beta')
