"""Preprocessing layers' argument errors in Keras 3.15's words and classes (TF 2.21 texts)."""
import pytest

from framework import keras

layers = keras.layers


def test_discretization_sparse_int_is_refused():
    # tapeflow took it (and gave dense ints)
    with pytest.raises(ValueError, match=r"^`sparse=True` may only be used if `output_mode` is `'one_hot'`, "
                                         r"`'multi_hot'`, or `'count'`. Received: sparse=True and output_mode=int$"):
        layers.Discretization(num_bins=3, sparse=True)


def test_discretization_negative_bins_text():
    with pytest.raises(ValueError, match=r'^`num_bins` must be greater than or equal to 0. Received: `num_bins=-1`$'):
        layers.Discretization(num_bins=-1)


def test_hashed_crossing_output_mode_text():
    with pytest.raises(ValueError, match=r"^Unknown value for `output_mode` argument of HashedCrossing. Allowed values "
                                         r"are: \('int', 'one_hot'\). Received: output_mode=count$"):
        layers.HashedCrossing(num_bins=3, output_mode='count')


def test_center_crop_missing_width_names_center_crop():
    with pytest.raises(TypeError, match=r"^CenterCrop.__init__\(\) missing 1 required positional argument: 'width'$"):
        layers.CenterCrop(3)


@pytest.mark.parametrize('mask_token', ['', 'a', 1.5, b'x'])
def test_integer_lookup_text_mask_token_is_tf_conversion_error(mask_token):
    keras.backend.clear_session()
    with pytest.raises(TypeError, match='^Cannot convert %s to EagerTensor of dtype int64'
                                        % repr(mask_token).replace('.', r'\.')):
        layers.IntegerLookup(mask_token=mask_token)
    assert layers.IntegerLookup().name == 'integer_lookup_1'    # TF 2.21: the refused one was named


def test_integer_lookup_word_oov_token():
    # TF 2.21 makes it (a lookup that does not invert never converts its OOV token): get_config's int() fails
    layer = layers.IntegerLookup(oov_token='a')
    with pytest.raises(ValueError, match=r"^invalid literal for int\(\) with base 10: 'a'$"):
        layer.get_config()
