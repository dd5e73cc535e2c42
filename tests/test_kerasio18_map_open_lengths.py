"""A Dataset.map function whose result's length depends on the data (a string split into its
characters, a boolean mask's rows) gives that length as None in the spec, as TensorFlow's spec
comes from the function's trace: the keras.io captcha OCR example maps
``tf.strings.unicode_split(label, ...)`` and batches the labels to ``(None, None)``, where tapeflow
read the first label's length (``(None, 5)``). In a tf.function the split prints as TF's graph
tensor, and ``set_shape`` there closes the lengths it names (the time-series tutorial's window).

Golden values: /work/notes/progs/kerasio18/golden18.py under /opt/tfref/bin/python (TF 2.21,
Keras 3.15.1), the same program with ``import framework as tf`` printing the same lines.
"""
import numpy as np

import framework as tf
from framework import keras
from framework.data.spec import TensorSpec


def _words():
    return tf.data.Dataset.from_tensor_slices(np.array(['ab', 'defg', 'x']))


def test_a_strings_characters_have_an_open_length_in_the_spec():
    chars = _words().map(lambda s: tf.strings.unicode_split(s, input_encoding='UTF-8'))
    assert chars.element_spec == TensorSpec((None,), tf.string)
    assert chars.batch(2).element_spec == TensorSpec((None, None), tf.string)
    # the values are the data's, padded per batch as before
    assert [b.numpy().tolist() for b in chars.padded_batch(2)] == [
        [[b'a', b'b', b'', b''], [b'd', b'e', b'f', b'g']], [[b'x']]]


def test_a_lookup_layer_keeps_the_characters_open_length():
    """The captcha OCR example's ``char_to_num(tf.strings.unicode_split(label, ...))``."""
    char_to_num = keras.layers.StringLookup(vocabulary=list('abdefgx'), mask_token=None)
    labels = _words().map(lambda s: char_to_num(tf.strings.unicode_split(s, input_encoding='UTF-8')))
    assert labels.element_spec == TensorSpec((None,), tf.int64)
    assert labels.padded_batch(3).element_spec == TensorSpec((None, None), tf.int64)
    assert [b.numpy().tolist() for b in labels.padded_batch(3)] == [[[1, 2, 0, 0], [3, 4, 5, 6], [7, 0, 0, 0]]]


def test_the_other_string_splits_have_an_open_length():
    words = _words()
    assert words.map(lambda s: tf.strings.bytes_split(s)).element_spec == TensorSpec((None,), tf.string)
    assert words.map(lambda s: tf.strings.split(s, 'e')).element_spec == TensorSpec((None,), tf.string)
    assert words.map(lambda s: tf.strings.unicode_decode(s, 'UTF-8')).element_spec == TensorSpec((None,), tf.int32)


def test_a_boolean_masks_rows_are_open_in_the_spec():
    rows = tf.data.Dataset.from_tensor_slices([[1, -1, 2], [3, 4, 5]])
    kept = rows.map(lambda v: tf.boolean_mask(v, v > 0))
    assert kept.element_spec == TensorSpec((None,), tf.int32)
    assert kept.padded_batch(2).element_spec == TensorSpec((None, None), tf.int32)
    assert [b.numpy().tolist() for b in kept.padded_batch(2)] == [[[1, 2, 0], [3, 4, 5]]]


def test_string_splits_print_as_tensorflows_graph_tensors(capsys):
    @tf.function
    def split(s):
        print(tf.strings.unicode_split(s, 'UTF-8'))
        print(tf.strings.bytes_split(s))
        print(tf.strings.split(s, 'b'))
        print(tf.strings.unicode_decode(s, 'UTF-8'))
        print(tf.strings.unicode_split(s, 'UTF-8'))
        return s
    split(tf.constant('abc'))
    assert capsys.readouterr().out.splitlines() == [
        'Tensor("UnicodeSplit/UnicodeEncode/UnicodeEncode/UnicodeEncode:0", shape=(None,), dtype=string)',
        'Tensor("StringsByteSplit/RaggedGetItem/strided_slice_5:0", shape=(None,), dtype=string)',
        'Tensor("StringSplit/RaggedGetItem/strided_slice_5:0", shape=(None,), dtype=string)',
        'Tensor("UnicodeDecode/UnicodeDecode:1", shape=(None,), dtype=int32)',
        'Tensor("UnicodeSplit_1/UnicodeEncode/UnicodeEncode/UnicodeEncode:0", shape=(None,), dtype=string)']


def test_set_shape_in_a_trace_closes_the_lengths_it_names(capsys):
    @tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
    def first_two(x):
        y = x[:, :2]
        y.set_shape([None, 2])
        print(y)
        return y
    assert first_two(tf.ones((3, 4))).shape == (3, 2)
    assert capsys.readouterr().out == 'Tensor("strided_slice:0", shape=(None, 2), dtype=float32)\n'
