"""StringLookup / IntegerLookup / Hashing constructor arguments refused with Keras 3's texts (TF 2.21's str(e):
the layer fuzzer's ctor rows, /work/notes/progs/fuzz6/lout_tf.txt); tapeflow's sentence is a note."""
import pytest

from framework import keras

L = keras.layers
MODES = "('int', 'one_hot', 'multi_hot', 'count', 'tf_idf')"


@pytest.mark.parametrize('make, text', [
    (lambda: L.IntegerLookup(max_tokens=-1),
     'If `max_tokens` is set for `IntegerLookup`, it must be greater than 1. Received: max_tokens=-1'),
    (lambda: L.StringLookup(max_tokens=-1), 'If set, `max_tokens` must be greater than 1. Received: max_tokens=-1'),
    (lambda: L.StringLookup(pad_to_max_tokens=True),
     'If pad_to_max_tokens is True, must set `max_tokens`. Received: max_tokens=None'),
    (lambda: L.IntegerLookup(num_oov_indices=-1),
     'The value of `num_oov_indices` argument for `IntegerLookup` must >= 0. Received: num_oov_indices=-1'),
    (lambda: L.StringLookup(num_oov_indices=-1),
     '`num_oov_indices` must be greater than or equal to 0. Received: num_oov_indices=-1'),
    (lambda: L.IntegerLookup(vocabulary_dtype='INT64'),
     "Only `vocabulary_dtype='int64'` is supported at this time. Received: vocabulary_dtype=INT64"),
    (lambda: L.IntegerLookup(oov_method='FLOORMOD'),
     "Unknown value for `oov_method` argument of IntegerLookup. Allowed values are: ('floormod', 'farmhash'). "
     "Received: oov_method=FLOORMOD"),
    (lambda: L.IntegerLookup(salt=1.5), "`salt` can only be used when `oov_method='farmhash'`. Received: "
                                        "oov_method=floormod"),
    (lambda: L.StringLookup(salt='bogus'), 'The `salt` argument for `IndexLookup` can only be a tuple of 2 integers, '
                                           'or a single integer. Received: salt=bogus.'),
    (lambda: L.StringLookup(output_mode=None), 'Unknown value for `output_mode` argument of StringLookup. Allowed '
                                               'values are: %s. Received: output_mode=None' % MODES),
    (lambda: L.StringLookup(sparse='yes'), "`sparse` may only be true if `output_mode` is `'one_hot'`, "
                                           "`'multi_hot'`, `'count'` or `'tf_idf'`. Received: sparse=yes and "
                                           "output_mode=int"),
    (lambda: L.IntegerLookup(idf_weights=1.5), "`idf_weights` should only be set if `output_mode` is `'tf_idf'`. "
                                               "Received: idf_weights=1.5 and output_mode=int"),
    (lambda: L.IntegerLookup(vocabulary=[1, 2, 3, 1, 1]), 'The passed vocabulary has at least one repeated term. '
                                                          'Please uniquify your dataset. The repeated terms are: '
                                                          '[np.int64(1)]'),
    (lambda: L.StringLookup(vocabulary=['a', 'b', '1', '1']), 'The passed vocabulary has at least one repeated term. '
                                                              'Please uniquify your dataset. The repeated terms are: '
                                                              "[np.str_('1')]"),
    (lambda: L.StringLookup(vocabulary='ab'), 'Vocabulary file ab does not exist.'),
    (lambda: L.Hashing(0), 'The `num_bins` for `Hashing` cannot be `None` or non-positive values. Received: '
                           'num_bins=0.'),
    (lambda: L.Hashing(None), 'The `num_bins` for `Hashing` cannot be `None` or non-positive values. Received: '
                              'num_bins=None.'),
    (lambda: L.Hashing(4, salt=1.5), 'The `salt` argument for `Hashing` can only be a tuple of size 2 integers, or '
                                     'a single integer. Received: salt=1.5.'),
    (lambda: L.Hashing(4, output_mode='INT'), "Invalid value for argument `output_mode`. Expected one of ('int', "
                                              "'one_hot', 'multi_hot', 'count'). Received: output_mode=INT"),
    (lambda: L.Hashing(4, sparse=2), '`sparse` may only be true if `output_mode` is `"one_hot"`, `"multi_hot"`, or '
                                     '`"count"`. Received: sparse=2 and output_mode=int')])
def test_lookup_arguments_keras_texts(make, text):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == text


def test_lookups_still_build():
    assert L.StringLookup(vocabulary=['a', 'b'])(['a', 'c']).numpy().tolist() == [1, 0]
    assert L.IntegerLookup(vocabulary=[1, 2, 3], max_tokens=5).vocabulary_size() == 4
    assert L.Hashing(4, salt=[1, 2]).salt == [1, 2]
