"""Keras 3.15's own texts (and classes) for bad layer arguments, with tapeflow's explanation as a note.

Golden texts from /work/notes/progs/errors12 (cases.py rows layer.Bidirectional|interp|*,
layer.CategoryEncoding|interp|*, layer.Concatenate|axis|*) run under TF 2.21 + Keras 3.15. Concatenate
keeps any axis until build, where Keras computes ``axis % rank`` and indexes a list with it."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
X3 = np.linspace(0, 1, 24, dtype='float32').reshape(2, 4, 3)


@pytest.mark.parametrize('mode', ['bogus', 'constant', 1])
def test_bidirectional_merge_mode_text(mode):
    with pytest.raises(ValueError) as info:
        L.Bidirectional(L.LSTM(2), merge_mode=mode)
    assert str(info.value) == ('Invalid merge mode. Received: %s. Merge mode should be one of {"sum", "mul", "ave", '
                               '"concat", None}' % mode)


@pytest.mark.parametrize('mode', ['bogus', None, 'tf_idf', 'concat'])
def test_category_encoding_output_mode_text(mode):
    with pytest.raises(ValueError) as info:
        L.CategoryEncoding(5, output_mode=mode)
    assert str(info.value) == 'Unknown arg for output_mode: %s' % (mode,)


@pytest.mark.parametrize('axis, text', [
    (1.5, 'list indices must be integers or slices, not float'),
    ('1', 'not all arguments converted during string formatting'),
    (None, "unsupported operand type(s) for %: 'NoneType' and 'int'"),
    ([1, 1], "unsupported operand type(s) for %: 'TrackedList' and 'int'"),
    ((1, 2), "unsupported operand type(s) for %: 'tuple' and 'int'")])
def test_concatenate_axis_is_refused_at_build_in_pythons_words(axis, text):
    layer = L.Concatenate(axis=axis)          # Keras keeps it until build
    with pytest.raises(TypeError) as info:
        layer([X3, X3])
    assert str(info.value) == text


def test_size_texts_show_a_tensors_value_as_kerass_f_strings_do():
    import framework as tf
    with pytest.raises(ValueError) as info:
        L.Dense(tf.constant(3))
    assert str(info.value) == 'Received an invalid value for `units`, expected a positive integer. Received: units=3'
    with pytest.raises(ValueError) as info:
        L.GroupNormalization(tf.constant(3))
    assert str(info.value).endswith('Received: groups=3')


@pytest.mark.parametrize('l1, l2', [(None, 0.01), (0.01, None), (None, None)])
def test_activity_regularization_takes_none_as_zero(l1, l2):
    layer = L.ActivityRegularization(l1=l1, l2=l2)
    assert layer(X3).shape == (2, 4, 3)
    assert (layer.l1, layer.l2) == (l1, l2)        # kept as given, as Keras 3's layer keeps them


@pytest.mark.parametrize('value, shown', [('a', 'a'), ([0.1], '[0.1]'), (-1.0, '-1.0')])
def test_activity_regularization_refusal_is_l1l2s(value, shown):
    with pytest.raises(ValueError) as info:
        L.ActivityRegularization(l1=value)
    assert str(info.value) == 'Invalid value for argument l1: expected a non-negative float.Received: l1=%s' % shown


def test_masking_takes_a_list_mask_value_as_keras_broadcasts_it():
    # TF 2.21 + Keras 3.15: step 1 of the first sequence (all 0.1) is masked; the config keeps the list
    x = np.linspace(0, 1, 24, dtype='float32').reshape(2, 4, 3)
    x[0, 1] = 0.1
    layer = L.Masking([0.1])
    assert layer(x).shape == (2, 4, 3)
    assert layer.compute_mask(x).numpy().tolist() == [[True, False, True, True], [True, True, True, True]]
    assert layer.get_config()['mask_value'] == [0.1]


@pytest.mark.parametrize('alpha, want', [
    ([0.1], [-0.06321205943822861, -0.04511883854866028, -0.018126923590898514, 0.2, 0.6, 1.0]),
    ([0.1, 0.2, 0.3], [-0.06321205943822861, -0.09023767709732056, -0.05438077077269554, 0.2, 0.6, 1.0])])
def test_elu_list_alpha_broadcasts_as_keras(alpha, want):
    # TF 2.21 + Keras 3.15 (p/e1.py): alpha is kept as given and broadcast over the negative side
    x = np.linspace(-1, 1, 6, dtype='float32').reshape(2, 3)
    layer = L.ELU(alpha=alpha)
    np.testing.assert_array_equal(layer(x).numpy().ravel(), np.float32(want))
    assert layer.get_config()['alpha'] == alpha


@pytest.mark.parametrize('alpha, cls, text', [
    ('a', TypeError, "Cannot convert 'a' to EagerTensor of dtype float"),
    (None, ValueError, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor.")])
def test_elu_alpha_that_is_no_number_fails_in_the_call(alpha, cls, text):
    layer = L.ELU(alpha=alpha)          # Keras keeps it until the call converts it
    with pytest.raises(cls) as info:
        layer(np.ones((2, 3), 'float32'))
    assert text in str(info.value)
