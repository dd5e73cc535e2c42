"""IntegerLookup's special tokens and a fractional num_oov_indices taken as Keras 3 on TF 2.21 takes them (probe
/work/notes/progs/errors47/c2.txt): the mask token is converted to int64 when made, the OOV token only by an
inverting lookup (and by adapt()); otherwise any OOV token is kept and compared as numpy compares it. tapeflow
refused them all when made (its own ValueError, or int('a')'s)."""
import numpy as np
import pytest

from framework import keras

layers = keras.layers


def test_word_oov_token_looks_up_and_lists_itself():
    layer = layers.IntegerLookup(oov_token='a', vocabulary=[1, 2])
    assert layer.oov_token == 'a'
    assert layer([1, 5]).numpy().tolist() == [1, 0]                    # TF 2.21: [1, 0]
    assert layer.get_vocabulary() == ['a', 1, 2]                       # TF 2.21: ['a', np.int64(1), np.int64(2)]
    with pytest.raises(ValueError, match=r"^invalid literal for int\(\) with base 10: 'a'$"):
        layer.get_config()
    # no special token at the front: the -1 is a token (TF 2.21: [2, 3, 0])
    assert layers.IntegerLookup(oov_token='a', vocabulary=[-1, 1, 2])([1, 2, 5]).numpy().tolist() == [2, 3, 0]
    multi_hot = layers.IntegerLookup(oov_token='a', vocabulary=[1, 2], output_mode='multi_hot')
    assert multi_hot([1, 5]).numpy().tolist() == [1, 1, 0]              # TF 2.21: [1, 1, 0]


@pytest.mark.parametrize('token, shown', [('a', "['a']"), (1.5, '[1.5]')])
def test_adapt_converts_the_oov_token(token, shown):
    layer = layers.IntegerLookup(oov_token=token)
    with pytest.raises(TypeError) as info:
        layer.adapt([1, 2, 2, 3])
    assert str(info.value) == 'Cannot convert %s to EagerTensor of dtype int64' % shown      # TF 2.21's


def test_fractional_oov_token():
    layer = layers.IntegerLookup(oov_token=1.5, vocabulary=[1, 2])
    assert layer([1, 5]).numpy().tolist() == [1, 0]                    # TF 2.21: [1, 0] [1.5, 1, 2], config 1
    assert layer.get_vocabulary() == [1.5, 1, 2]
    assert layer.get_config()['oov_token'] == 1
    assert layers.IntegerLookup(oov_token=[1], vocabulary=[1, 2])([1, 5]).numpy().tolist() == [1, 0]


def test_true_tokens_are_one():
    # TF 2.21: the vocabulary [1, 2] starts with the special tokens [True], so 2 is its only token
    inverse = layers.IntegerLookup(oov_token=True, vocabulary=[1, 2], invert=True)
    assert inverse([1, 5]).numpy().tolist() == [2, 1]
    forward = layers.IntegerLookup(oov_token=True, vocabulary=[1, 2])
    assert forward([1, 5]).numpy().tolist() == [0, 0]
    assert forward.get_vocabulary() == [True, 2] and forward.get_config()['oov_token'] == 1
    masked = layers.IntegerLookup(mask_token=True, vocabulary=[2, 3])
    assert masked([1, 2, 5]).numpy().tolist() == [0, 2, 1]             # TF 2.21: [0, 2, 1] [True, -1, 2, 3]
    assert masked.get_vocabulary() == [True, -1, 2, 3]


def test_whole_float_mask_token_is_refused_when_made():
    with pytest.raises(TypeError) as info:
        layers.IntegerLookup(mask_token=1.0, vocabulary=[1, 2])
    assert str(info.value) == 'Cannot convert 1.0 to EagerTensor of dtype int64'       # TF 2.21's


def test_inverting_lookup_without_oov_token_is_refused():
    with pytest.raises(ValueError) as info:
        layers.IntegerLookup(oov_token=None, vocabulary=[1, 2], invert=True)
    assert str(info.value) == ("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                               "Tensor.")       # TF 2.21's


@pytest.mark.parametrize('layer, count, text', [
    (layers.StringLookup, 1.5, 'Cannot convert 1.5 to EagerTensor of dtype int32'),
    (layers.IntegerLookup, 2.0, 'Cannot convert 2.0 to EagerTensor of dtype int32'),
    (layers.StringLookup, np.float64(1.0), "'numpy.float64' object cannot be interpreted as an integer")])
def test_fractional_num_oov_indices_without_vocabulary_is_kept(layer, count, text):
    made = layer(num_oov_indices=count)
    # TF 2.21: num_oov_indices, vocabulary_size() and the config all as given
    assert made.num_oov_indices == count and made.vocabulary_size() == count
    assert made.get_config()['num_oov_indices'] == count
    with pytest.raises(TypeError) as info:
        made.adapt(['a', 'b'] if layer is layers.StringLookup else [1, 2])
    assert str(info.value) == text          # TF 2.21's
    with pytest.raises(TypeError) as info:
        layer(num_oov_indices=count).set_vocabulary(['a'] if layer is layers.StringLookup else [1])
    assert str(info.value) == "can't multiply sequence by non-int of type '%s'" % (
        'float' if type(count) is float else 'numpy.float64')


def test_fractional_num_oov_indices_with_a_mask_token_adapts_from_its_sum():
    layer = layers.StringLookup(num_oov_indices=1.5, mask_token='')
    with pytest.raises(TypeError) as info:
        layer.adapt(['a', 'b'])
    assert str(info.value) == 'Cannot convert 2.5 to EagerTensor of dtype int32'       # TF 2.21's


def test_fractional_num_oov_indices_layer_is_uninitialized():
    layer = layers.StringLookup(num_oov_indices=1.5, output_mode='one_hot')
    assert layer.num_oov_indices == 1.5        # TF 2.21: made
