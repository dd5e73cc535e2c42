"""Preprocessing layers' adapt() given empty, tuple, None or text data, and TextVectorization's ngrams, as Keras 3.
Lookups adapted on no tokens keep only the special tokens and an uninitialized table ('Table not initialized.').
Goldens: the same programs under TF 2.21 / Keras 3 (/work/notes/progs/apifuzz7/p/{e1,a1,n1}.py, cases3.py)."""
import re

import numpy as np
import pytest

import framework as tf
from framework import keras

_NOT_INITIALIZED = ('{{function_node __wrapped__LookupTableFindV2_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
                    ' Table not initialized. [Op:LookupTableFindV2] name: ')
_EMPTY = np.array([], dtype=str)


@pytest.mark.parametrize('make, data, vocabulary, probe', [
    (lambda: keras.layers.StringLookup(), _EMPTY, ['[UNK]'], np.array(['a', 'b'])),
    (lambda: keras.layers.StringLookup(), np.zeros((0, 2), str), ['[UNK]'], np.array(['a', 'b'])),
    (lambda: keras.layers.IntegerLookup(), np.array([], dtype='int64'), [-1], np.array([1, 2])),
    (lambda: keras.layers.TextVectorization(), _EMPTY, ['', '[UNK]'], np.array(['a', 'b'])),
    (lambda: keras.layers.TextVectorization(output_mode='multi_hot'), _EMPTY, ['[UNK]'], np.array(['a', 'b'])),
    (lambda: keras.layers.TextVectorization(), tf.data.Dataset.from_tensor_slices(_EMPTY).batch(2), ['', '[UNK]'],
     np.array(['a', 'b'])),
])
def test_adapt_on_no_tokens_leaves_the_table_uninitialized(make, data, vocabulary, probe):
    layer = make()
    layer.adapt(data)
    assert layer.get_vocabulary() == vocabulary
    assert layer.vocabulary_size() == len(vocabulary)
    with pytest.raises(tf.errors.FailedPreconditionError) as caught:
        layer(probe)
    assert _NOT_INITIALIZED in str(caught.value)


def test_adapt_on_no_tokens_keeps_an_earlier_vocabulary():
    # Keras 3's finalize_state returns before touching the table when it counted nothing
    layer = keras.layers.StringLookup()
    layer.adapt(np.array(['b', 'a', 'b']))
    layer.adapt(_EMPTY)
    assert layer.get_vocabulary() == ['[UNK]', 'b', 'a']
    assert layer(np.array(['a', 'z'])).numpy().tolist() == [2, 0]


def test_an_unadapted_lookup_raises_tf_text_with_the_reason_as_a_note():
    layer = keras.layers.StringLookup()
    with pytest.raises(tf.errors.FailedPreconditionError) as caught:
        layer(np.array(['a']))
    assert _NOT_INITIALIZED in str(caught.value)
    assert any('has no vocabulary; call adapt()' in note for note in caught.value.__notes__)


# adapt on a dataset of (x, y) tuples: Keras 3 converts each tuple as one value (p/a1.py under TF 2.21)
_TXT = np.array(['the cat sat', 'the dog ran', 'a cat ran'])
_X = np.random.RandomState(0).rand(8, 3).astype('float32')


@pytest.mark.parametrize('make, components', [
    (lambda: keras.layers.TextVectorization(), (_TXT, np.arange(3))),
    (lambda: keras.layers.StringLookup(), (_TXT, np.arange(3))),
])
def test_lookups_refuse_tuples_of_two_dtypes_with_tf_pack_error(make, components):
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'^cannot compute Pack as input #1\(zero-based\) was '
                                                             r'expected to be a string tensor but is a int64 tensor '
                                                             r'\[Op:Pack\] name: packed'):
        make().adapt(tf.data.Dataset.from_tensor_slices(components).batch(2))


def test_a_string_lookup_adapts_on_both_components_of_a_string_pair():
    layer = keras.layers.StringLookup()
    layer.adapt(tf.data.Dataset.from_tensor_slices((np.array(['a', 'b']), np.array(['c', 'c']))))
    assert layer.get_vocabulary() == ['[UNK]', 'c', 'b', 'a']


def test_text_vectorization_refuses_the_stacked_pair_with_keras_rank_text():
    with pytest.raises(ValueError, match=r'^When using `TextVectorization` to tokenize strings, the input rank must be '
                                         r'1 or the last shape dimension must be 1. Received: inputs.shape=\(2, 2\) '
                                         r'with rank=2'):
        keras.layers.TextVectorization().adapt(tf.data.Dataset.from_tensor_slices((_TXT, _TXT[::-1])).batch(2))


def test_discretization_reads_a_tuple_as_numpy_does():
    with pytest.raises(ValueError, match=r'inhomogeneous shape after 2 dimensions. The detected shape was \(2, 4\)'):
        keras.layers.Discretization(num_bins=3).adapt(
            tf.data.Dataset.from_tensor_slices((_X, _X[:, :1])).batch(4))
    layer = keras.layers.Discretization(num_bins=3)
    layer.adapt(tf.data.Dataset.from_tensor_slices((_X, _X * 2)).batch(4))
    assert np.round(layer.bin_boundaries, 4).tolist() == [0.6459, 1.0578]      # TF 2.21's boundaries


# what adapt() takes besides arrays and datasets, as Keras 3 (cases tv|sl|il|nm|dc adapt_* under TF 2.21)
@pytest.mark.parametrize('make', [keras.layers.TextVectorization, keras.layers.StringLookup,
                                  keras.layers.IntegerLookup])
def test_adapt_on_none_raises_tf_conversion_error(make):
    with pytest.raises(ValueError) as caught:
        make().adapt(None)
    assert str(caught.value) == ("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                                 "to a Tensor.")


def test_normalization_adapt_on_none_raises_keras_text():
    with pytest.raises(TypeError, match=r"^Unsupported data type: <class 'NoneType'>. `adapt` supports `np.ndarray`, "
                                        r"backend tensors, `tf.data.Dataset`, `keras.utils.PyDataset`, and iterables "
                                        r"of batches \(e.g. list, generator\).$"):
        keras.layers.Normalization().adapt(None)


def test_text_vectorization_adapts_on_one_python_string():
    layer = keras.layers.TextVectorization()
    layer.adapt('a b c')
    assert layer.get_vocabulary() == ['', '[UNK]', 'c', 'b', 'a']


def test_steps_is_ignored_for_arrays_and_a_negative_one_takes_every_batch():
    on_array = keras.layers.TextVectorization()
    on_array.adapt(_TXT, steps=-1)
    on_dataset = keras.layers.TextVectorization()
    on_dataset.adapt(tf.data.Dataset.from_tensor_slices(_TXT).batch(1), steps=-1)     # Keras: data.take(-1)
    expected = ['', '[UNK]', 'the', 'ran', 'cat', 'sat', 'dog', 'a']
    assert on_array.get_vocabulary() == on_dataset.get_vocabulary() == expected
    first_only = keras.layers.TextVectorization()
    first_only.adapt(tf.data.Dataset.from_tensor_slices(_TXT).batch(1), steps=1)
    assert first_only.get_vocabulary() == ['', '[UNK]', 'the', 'sat', 'cat']


def test_text_where_numbers_are_wanted_raises_value_error_as_keras():
    with pytest.raises(ValueError, match="could not convert string to float"):
        keras.layers.Discretization(num_bins=3).adapt(_TXT)
    with pytest.raises(ValueError, match='expected integer inputs'):       # Keras: int('the cat sat') fails
        keras.layers.IntegerLookup().adapt(_TXT)


# TextVectorization's ngrams as Keras 3 checks them: types at construction, widths when strings are split (p/n1.py)
@pytest.mark.parametrize('ngrams', [0, -1, ()])
def test_ngrams_of_no_width_learn_nothing(ngrams):
    layer = keras.layers.TextVectorization(ngrams=ngrams)
    layer.adapt(_TXT)
    assert layer.get_vocabulary() == ['', '[UNK]']
    with pytest.raises(tf.errors.FailedPreconditionError):
        layer(_TXT)


def test_a_width_below_one_fails_when_splitting_with_tf_text():
    layer = keras.layers.TextVectorization(ngrams=(0,))
    with pytest.raises(ValueError, match='^All ngram_widths must be greater than 0. Got 0'):
        layer.adapt(_TXT)
    with pytest.raises(TypeError, match='not all arguments converted during string formatting'):   # TF's own slip
        keras.layers.TextVectorization(ngrams=(1, 0)).adapt(_TXT)


@pytest.mark.parametrize('ngrams', ['a', (1.5,)])
def test_ngrams_of_another_type_are_refused_with_keras_text(ngrams):
    with pytest.raises(ValueError, match=r'^`ngrams` must be None, an integer, or a tuple of integers. Received: '
                                         r'ngrams=%s' % re.escape(str(ngrams))):
        keras.layers.TextVectorization(ngrams=ngrams)
