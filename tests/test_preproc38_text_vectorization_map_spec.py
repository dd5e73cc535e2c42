"""Dataset.map(TextVectorization) specs as TF 2.21: the token axis is open when no
output_sequence_length fixes it, and a ragged map's batch axis is open too.

tapeflow read the spec from the first batch: (None, 5) for TF's (None, None), and
RaggedTensorSpec([2, None]) for TF's [None, None] (tf.strings.split of a batch as well).
"""
import pytest

import framework as tf
from framework import keras

CORPUS = ["The quick brown fox.", "Jumped over the LAZY dog!", "the dog, the fox; the end", "Ünïcode Straße ok"]


def _vectorizer(**kwargs):
    layer = keras.layers.TextVectorization(**kwargs)
    layer.adapt(CORPUS)
    return layer


@pytest.mark.parametrize('kwargs, batch, expected', [
    (dict(), None, (None,)),
    (dict(), 2, (None, None)),
    (dict(split='character'), 2, (None, None)),
    (dict(ngrams=2), 2, (None, None)),
    (dict(output_sequence_length=3), 2, (None, 3)),
    (dict(output_mode='multi_hot'), 2, (None, 13)),
])
def test_token_axis_spec(kwargs, batch, expected):
    ds = tf.data.Dataset.from_tensor_slices(CORPUS)
    ds = ds if batch is None else ds.batch(batch)
    spec = ds.map(_vectorizer(**kwargs)).element_spec
    assert tuple(spec.shape) == expected
    assert spec.dtype == tf.int64        # multi_hot too: TF 2.21 gives int64 here


def test_column_of_strings_and_labels():
    layer = _vectorizer()
    ds = tf.data.Dataset.from_tensor_slices(([[c] for c in CORPUS], [0, 1, 0, 1])).batch(2)
    spec = ds.map(lambda x, y: (layer(x), y)).element_spec
    assert tuple(spec[0].shape) == (None, None) and tuple(spec[1].shape) == (None,)
    # the values are still padded to each batch's longest string
    assert [tuple(x.shape) for x, _ in ds.map(lambda x, y: (layer(x), y))] == [(2, 5), (2, 6)]


def test_ragged_specs_open_the_batch():
    spec = tf.data.Dataset.from_tensor_slices(CORPUS).batch(2).map(_vectorizer(ragged=True)).element_spec
    assert repr(spec) == 'RaggedTensorSpec(TensorShape([None, None]), tf.int64, 1, tf.int64)'
    spec = tf.data.Dataset.from_tensor_slices(CORPUS).batch(2).map(lambda x: tf.strings.split(x)).element_spec
    assert repr(spec) == 'RaggedTensorSpec(TensorShape([None, None]), tf.string, 1, tf.int64)'
